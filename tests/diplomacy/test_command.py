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
    ],
    ids=[
        "bad-json",
        "unknown-unit-province",
        "unknown-order-province",
        "bad-phase",
        "fleet-inland",
        "not-an-object",
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
