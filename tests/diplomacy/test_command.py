"""``pbem adjudicate`` on bad input: a one-line error and exit status 2, and what --jsonl keeps."""

from __future__ import annotations

import io
import json

import pytest

from pbem.cli import main

GOOD = {"phase": "S1901M", "units": {"England": ["A LON"]}, "orders": {"England": ["A LON - WAL"]}}


def run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], stdin: str, *args: str
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(["adjudicate", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_position_prints_its_outcome(monkeypatch, capsys) -> None:
    status, out, _ = run(monkeypatch, capsys, json.dumps(GOOD))
    assert status == 0
    assert json.loads(out)["units_after"] == {"England": ["A WAL"]}


@pytest.mark.parametrize(
    ("stdin", "words"),
    [
        ("{not json", "bad JSON"),
        (json.dumps({"phase": "S1901M", "units": {"England": ["A XYZ"]}, "orders": {}}), "XYZ"),
        (json.dumps({**GOOD, "orders": {"England": ["A LON - QQQ"]}}), "QQQ"),
        (json.dumps({**GOOD, "phase": "Spring"}), "phase"),
        (json.dumps({"phase": "S1901M", "units": {"England": ["F MUN"]}, "orders": {}}), "MUN"),
        (json.dumps(["a list"]), "object"),
        (json.dumps({"phase": "S1901M", "units": {"England": [["A LON"]]}, "orders": {}}), "as text"),
    ],
    ids=[
        "bad-json",
        "unknown-unit-province",
        "unknown-order-province",
        "bad-phase",
        "fleet-inland",
        "not-an-object",
        "unit-not-text",
    ],
)
def test_bad_input_is_one_line_and_status_2(monkeypatch, capsys, stdin: str, words: str) -> None:
    status, out, err = run(monkeypatch, capsys, stdin)
    assert status == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert words in err


def test_unknown_variant_is_status_2(monkeypatch, capsys) -> None:
    status, _, err = run(monkeypatch, capsys, json.dumps(GOOD), "--variant", "atlantis")
    assert status == 2
    assert "standard" in err  # the error lists the variants there are


def test_jsonl_answers_every_line_and_marks_bad_ones(monkeypatch, capsys) -> None:
    stdin = json.dumps(GOOD) + "\n{oops\n\n" + json.dumps(GOOD) + "\n"
    status, out, err = run(monkeypatch, capsys, stdin, "--jsonl")
    results = [json.loads(line) for line in out.splitlines()]
    assert status == 2
    assert [("error" in r) for r in results] == [False, True, False]
    assert "line 2" in err


def test_raw_reads_orders_as_players_write_them(monkeypatch, capsys) -> None:
    raw = {**GOOD, "raw_orders": {"England": ["army london moves to wales"]}}
    status, out, _ = run(monkeypatch, capsys, json.dumps(raw), "--raw")
    assert status == 0
    assert json.loads(out)["order_results"][0]["order"] == "A LON - WAL"


def test_raw_jsonl_reads_a_missing_unit_letter_by_each_positions_board(monkeypatch, capsys) -> None:
    # The same line in two positions: read by the board of each, not remembered from the first.
    army = {"phase": "S1901M", "units": {"France": ["A BRE"]}, "raw_orders": {"France": ["BRE - ENG"]}}
    fleet = {**army, "units": {"France": ["F BRE"]}}
    stdin = json.dumps(army) + "\n" + json.dumps(fleet) + "\n"
    status, out, _ = run(monkeypatch, capsys, stdin, "--jsonl", "--raw")
    first, second = (json.loads(line)["order_results"][0] for line in out.splitlines())
    assert status == 0
    assert (first["order"], first["result"], first["reason"]) == ("A BRE - ENG", "failure", "illegal")
    assert (second["order"], second["result"]) == ("F BRE - ENG", "success")


def test_raw_orders_fare_as_the_same_orders_in_canonical_notation(monkeypatch, capsys) -> None:
    # Replaced, another power's unit, no unit, not a movement order, illegal, and plain orders.
    units = {"England": ["A LON", "F NTH", "F EDI"], "France": ["A PAR", "A MAR"]}
    canonical = {
        "England": ["A LON - YOR", "A LON - WAL", "A PAR H", "A BEL H", "F EDI B", "F NTH - MUN"],
        "France": ["A PAR - BUR", "A MAR S A PAR - BUR"],
    }
    raw = {
        "England": ["army london to york", "A Lon-Wal", "A PAR H", "a bel hold", "F EDI B", "f nth - mun"],
        "France": ["Paris -> Burgundy", "A MAR S A PAR - BUR"],
    }
    stdin = json.dumps({"phase": "S1901M", "units": units, "orders": canonical})
    _, expected, _ = run(monkeypatch, capsys, stdin)
    stdin = json.dumps({"phase": "S1901M", "units": units, "raw_orders": raw})
    status, out, _ = run(monkeypatch, capsys, stdin, "--raw")
    assert status == 0
    assert json.loads(out) == json.loads(expected)
    reasons = [r.get("reason") for r in json.loads(out)["order_results"]]
    assert reasons == ["replaced", None, "not own unit", "no such unit", "illegal", "illegal", None, None]


def test_raw_line_that_is_no_text_is_read_as_its_text(monkeypatch, capsys) -> None:
    raw = {**GOOD, "raw_orders": {"England": [["A LON - WAL"]]}}
    status, out, _ = run(monkeypatch, capsys, json.dumps(raw), "--raw")
    assert status == 0
    assert json.loads(out)["order_results"][0]["order"] == "A LON - WAL"
