"""Every DATC case of the shared file, through the Python API and through ``pbem adjudicate``.

Each case is checked on everything its ``expected`` asserts: order results,
units after, dislodged units and their details, standoffs, retreat checks, and
for cases with a retreat phase, that phase too. The command is run once for all
cases (``--jsonl``), once more reading ``raw_orders`` (``--raw``), and a few
times on single positions through a real process.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pbem.rulesets.diplomacy.core import PhaseKind
from pbem.rulesets.diplomacy.parser import read_order
from pbem.rulesets.diplomacy.positions import adjudicate_position, read_board
from pbem.rulesets.diplomacy.variant import load_variant
from tests.harness import run_pbem

from .datc import CASES, mismatches, positions

POSITIONS = [(name, position) for case in CASES for name, position in positions(case)]
NAMES = [name for name, _ in POSITIONS]


@pytest.mark.parametrize(("name", "position"), POSITIONS, ids=NAMES)
def test_case_through_the_python_api(name: str, position: dict[str, Any]) -> None:
    assert mismatches(position["expected"], adjudicate_position(position)) == []


@pytest.mark.parametrize(("name", "position"), POSITIONS, ids=NAMES)
def test_raw_orders_read_as_the_case_writes_them(name: str, position: dict[str, Any]) -> None:
    variant = load_variant("standard")
    kind = variant.parse_phase_id(position["phase"]).kind
    board = read_board(variant, position, kind)
    read = {
        power: [str(read_order(variant, text, kind, board)) for text in texts]
        for power, texts in position["raw_orders"].items()
    }
    assert read == {power: list(texts) for power, texts in position["orders"].items()}


@pytest.fixture(scope="module")
def command_results() -> dict[str, list[dict[str, Any]]]:
    """All positions through one ``pbem adjudicate --jsonl`` process, with orders and raw."""
    lines = "".join(json.dumps(position) + "\n" for _, position in POSITIONS)
    results = {}
    for mode in ("orders", "raw"):
        done = run_pbem("adjudicate", "--jsonl", *(["--raw"] if mode == "raw" else []), stdin=lines)
        assert done.returncode == 0, done.stderr
        results[mode] = [json.loads(line) for line in done.stdout.splitlines()]
        assert len(results[mode]) == len(POSITIONS)
    return results


@pytest.mark.parametrize("mode", ["orders", "raw"])
def test_every_case_through_pbem_adjudicate(
    command_results: dict[str, list[dict[str, Any]]], mode: str
) -> None:
    failures = {
        name: problems
        for (name, position), got in zip(POSITIONS, command_results[mode], strict=True)
        if (problems := mismatches(position["expected"], got))
    }
    assert failures == {}


@pytest.mark.parametrize("case_id", ["6.F.14", "6.H.1", "6.J.2"])
def test_single_positions_through_a_real_process(case_id: str) -> None:
    case = next(c for c in CASES if c["id"] == case_id)
    for _, position in positions(case):
        done = run_pbem("adjudicate", stdin=json.dumps(position))
        assert done.returncode == 0, done.stderr
        assert mismatches(position["expected"], json.loads(done.stdout)) == []


def test_every_phase_kind_is_covered() -> None:
    kinds = {load_variant("standard").parse_phase_id(p["phase"]).kind for _, p in POSITIONS}
    assert kinds == set(PhaseKind)
