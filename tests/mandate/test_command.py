"""``pbem adjudicate --variant mandate_of_heaven``: a position in, its outcome out, with the players'
votes for neutral units in ``neutral_votes``."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from pbem.cli import main

#: Ch'in (3 units), Ch'u and Han (1 each): two players with three of five units carry a vote
POSITION: dict[str, Any] = {
    "phase": "S368BCM",
    "units": {"Ch'in": ["A YUY", "A HSY", "A HAC"], "Ch'u": ["A CHE"], "Han": ["A HAN"], "Sung": ["A SUN"]},
    "orders": {"Ch'in": ["A YUY - WEI"]},
    "neutral_votes": {"Ch'in": ["A SUN - TYI"], "Ch'u": ["A SUN H"], "Han": ["A SUN - TYI"]},
}


def run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], data: Any, *args: str
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(data)))
    status = main(["adjudicate", "--variant", "mandate_of_heaven", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_votes_are_counted_and_the_carried_order_is_carried_out(monkeypatch, capsys) -> None:
    status, out, _ = run(monkeypatch, capsys, POSITION)
    assert status == 0
    outcome = json.loads(out)
    assert outcome["units_after"]["Sung"] == ["A TYI"] and outcome["units_after"]["Ch'in"][-1] == "A WEI"
    [ballot] = outcome["neutral_votes"]
    assert ballot["carried"] == "A SUN - TYI"
    assert {"power": "Sung", "order": "A SUN - TYI", "result": "success", "dislodged": False} in outcome[
        "order_results"
    ]


def test_players_decides_who_counts(monkeypatch, capsys) -> None:
    # With all eight players in the game, two votes are far from a majority.
    data = {**POSITION, "players": ["Ch'in", "Ch'u", "Ch'i", "Yen", "Chao", "Wei", "Han", "Hsiung-Nu"]}
    _, out, _ = run(monkeypatch, capsys, data)
    assert json.loads(out)["units_after"]["Sung"] == ["A SUN"]


def test_raw_votes_are_read_as_players_write_them(monkeypatch, capsys) -> None:
    data = {**POSITION, "raw_orders": {"Ch'in": ["Yueyang -> Wei"]}}
    data["neutral_votes"] = {"Ch'in": ["Sung - Tung Ying"], "Han": ["a sung to tyi"]}
    status, out, _ = run(monkeypatch, capsys, data, "--raw")
    assert status == 0 and json.loads(out)["units_after"]["Sung"] == ["A TYI"]


def test_extra_carries_the_melted_nomad_armies(monkeypatch, capsys) -> None:
    data = {
        "phase": "W366BCA",
        "units": {"Hsiung-Nu": ["A HHS", "A NHS"]},
        "orders": {"Hsiung-Nu": ["A HHS D"]},
        "extra": {"melted": 2},  # no centre, two armies melted: one army left
    }
    _, out, _ = run(monkeypatch, capsys, data)
    assert json.loads(out)["units_after"] == {"Hsiung-Nu": ["A NHS"]}


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"neutral_votes": {"Ch'in": ["A HAN - CHE"]}}, "'A HAN - CHE' is not an order for a neutral unit"),
        ({"players": ["Atlantis"]}, "players must list powers of the map"),
        ({"extra": [1]}, "extra must be an object"),
        ({"phase": "S1901M"}, "S368BCM"),
    ],
    ids=["vote-for-a-players-unit", "unknown-player", "bad-extra", "standard-phase"],
)
def test_bad_input_is_one_line_and_status_2(monkeypatch, capsys, change: dict[str, Any], words: str) -> None:
    status, out, err = run(monkeypatch, capsys, {**POSITION, **change})
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err


def test_the_standard_map_has_no_neutral_votes(monkeypatch, capsys) -> None:
    data = {
        "phase": "S1901M",
        "units": {"England": ["A LON"]},
        "orders": {},
        "neutral_votes": {"England": ["A LON H"]},
    }
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(data)))
    assert main(["adjudicate"]) == 2
    assert "not an order for a neutral unit" in capsys.readouterr().err


def test_the_help_documents_neutral_votes(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["adjudicate", "--help"])
    out = capsys.readouterr().out
    assert "neutral_votes" in out and "mandate_of_heaven" in out


def test_orders_under_a_neutrals_own_name_are_its_orders(monkeypatch, capsys) -> None:
    data = {**POSITION, "orders": {"Sung": ["A SUN - NTS"]}}
    del data["neutral_votes"]
    _, out, _ = run(monkeypatch, capsys, data)
    assert json.loads(out)["units_after"]["Sung"] == ["A NTS"]
