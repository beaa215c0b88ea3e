"""Reading Mandate of Heaven orders in mail: powers named like provinces (Wei, Han, Sung) or with
apostrophes (Ch'in), and Wade-Giles names with the pinyin a player may know them by: the rows of
tests/data/wordings/mandate.yaml, read by tests/test_wordings.py; here, the hint a slip gets."""

from __future__ import annotations

from .games import ruleset, spring_368


def test_a_misspelt_province_gets_a_suggestion_from_this_map() -> None:
    [line] = ruleset.parse_orders(spring_368(), "Ch'in", "A YUY - Hsianyan")
    assert line.error and line.hint and "Hsianyang (HSY)" in line.hint
