"""``pbem adjudicate --jsonl --raw`` over the crosschecked positions (tests/diplomacy/data/crosschecked.json):
the one-pass reader and its fast paths give what the plain API and the other engine give, line for line."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from pbem.cli import main
from pbem.rulesets.diplomacy.core import board_of, parse_unit
from pbem.rulesets.diplomacy.movement import adjudicate_movement
from pbem.rulesets.diplomacy.variant import load_variant

from .helpers import POSITIONS

VARIANT = load_variant("standard")
#: the command refuses a position whose orders name no province of the map (random play's
#: blunders into Switzerland), so these are the positions it reads
READABLE = [
    p
    for p in POSITIONS
    if not any(
        VARIANT.map.provinces.get(word, None) is not None and VARIANT.map.provinces[word].type == "impassable"
        for texts in p["orders"].values()
        for text in texts
        for word in text.split()
    )
]


def _command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], key: str, *args: str
) -> list[dict[str, Any]]:
    stdin = "".join(
        json.dumps({"phase": "F1905M", "units": p["units"], key: p["orders"]}) + "\n" for p in READABLE
    )
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    assert main(["adjudicate", "--jsonl", *args]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_jsonl_raw_gives_the_outcome_of_the_api_and_of_the_other_engine(monkeypatch, capsys) -> None:
    raw = _command(monkeypatch, capsys, "raw_orders", "--raw")
    assert len(raw) == len(READABLE) >= 150
    for position, result in zip(READABLE, raw, strict=True):
        units = position["units"].items()
        board = board_of([parse_unit(power, text) for power, texts in units for text in texts])
        outcome = adjudicate_movement(VARIANT, board, position["orders"])
        assert result["order_results"] == [r.as_dict() for r in outcome.results]
        after = result["units_after"]
        assert list(after) == sorted(after)  # powers in order, each one's units by location
        assert all(texts == sorted(texts, key=lambda text: text[2:]) for texts in after.values())
        assert (
            sorted(f"{power} {unit}" for power, texts in after.items() for unit in texts)
            == position["units_after"]
        )
        gone = result["dislodged"].items()
        dislodged = sorted(f"{power} {unit}" for power, texts in gone for unit in texts)
        assert dislodged == position["dislodged"]
        assert [d["unit"] for d in result["dislodged_detail"]] == [str(d.unit) for d in outcome.dislodged]
        assert result["standoff_provinces"] == list(outcome.standoffs)


def test_jsonl_raw_and_canonical_orders_give_the_same_lines(monkeypatch, capsys) -> None:
    assert _command(monkeypatch, capsys, "raw_orders", "--raw") == _command(monkeypatch, capsys, "orders")
