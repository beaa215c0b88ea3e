"""Reading Mandate of Heaven orders in mail: powers named like provinces (Wei, Han, Sung) or with
apostrophes (Ch'in), and Wade-Giles names with the pinyin a player may know them by."""

from __future__ import annotations

import pytest

from .games import ruleset, spring_368


@pytest.mark.parametrize(
    ("power", "text", "order"),
    [
        ("Wei", "Wei - Chou", "A WEI - COU"),  # the province Wei, not the power
        ("Wei", "Wei: A Wei - Chou", "A WEI - COU"),  # the power, then its order
        ("Wei", "Wei A WEI H", "A WEI H"),
        ("Han", "Han: Han holds", "A HAN H"),
        ("Ch'in", "Ch'in: A Yueyang - Wei", "A YUY - WEI"),
        ("Ch'in", "CH'IN: A YUY H", "A YUY H"),
        ("Hsiung-Nu", "Hsiung-Nu: A Hsi Hsienpi - Wuyuan", "A HHS - WUY"),
        ("Hsiung-Nu", "Hsiung Nu A HHS - WUY", "A HHS - WUY"),
        ("Ch'in", "A Xianyang - Changan", "A HSY - CHA"),
        ("Ch'in", "A Hsianyang - Chang'an", "A HSY - CHA"),
        ("Ch'u", "F Ying - Pengli", "F YIN - PEN"),
    ],
)
def test_orders_are_read_whatever_the_powers_and_places_are_called(power: str, text: str, order: str) -> None:
    [line] = ruleset.parse_orders(spring_368(), power, text)
    assert line.order == order, line


def test_a_misspelt_province_gets_a_suggestion_from_this_map() -> None:
    [line] = ruleset.parse_orders(spring_368(), "Ch'in", "A YUY - Hsianyan")
    assert line.error and line.hint and "Hsianyang (HSY)" in line.hint
