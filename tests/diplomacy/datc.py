"""The DATC cases of data/datc_cases.json, and how to check an outcome against what a case asserts.

A case's ``expected`` asserts only some keys of each order result (a support's
result only where the DATC states it), so only the keys present are compared.
Unit lists are compared per power as sets; powers with no units are ignored.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

CASES_FILE = Path(__file__).parent / "data" / "datc_cases.json"
CASES: list[dict[str, Any]] = json.loads(CASES_FILE.read_text(encoding="utf-8"))
UNIT_KEYS = ("units_after", "dislodged", "disbanded", "civil_disorder_disbands")


def positions(case: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
    """The positions a case adjudicates: its own, and its retreat phase if it has one."""
    found: list[tuple[str, Mapping[str, Any]]] = [(case["id"], case)]
    if "retreat_phase" in case:
        found.append((f"{case['id']} retreats", case["retreat_phase"]))
    return found


def mismatches(expected: Mapping[str, Any], got: Mapping[str, Any]) -> list[str]:
    """Every way ``got`` differs from what ``expected`` asserts; empty when it agrees."""
    problems = _order_results(expected["order_results"], got["order_results"])
    for key in UNIT_KEYS:
        if key in expected and _by_power(expected[key]) != _by_power(got.get(key, {})):
            problems.append(f"{key}: expected {expected[key]}, got {got.get(key)}")
    if "standoff_provinces" in expected and sorted(expected["standoff_provinces"]) != sorted(
        got.get("standoff_provinces", [])
    ):
        problems.append(
            f"standoff_provinces: expected {expected['standoff_provinces']}, "
            f"got {got.get('standoff_provinces')}"
        )
    details = {(d["power"], d["unit"]): d for d in got.get("dislodged_detail", [])}
    for wanted in expected.get("dislodged_detail", []):
        detail = details.get((wanted["power"], wanted["unit"]))
        if detail is None:
            problems.append(f"dislodged_detail: no entry for {wanted['power']} {wanted['unit']}")
            continue
        for key, value in wanted.items():
            if detail.get(key) != value:
                problems.append(
                    f"dislodged_detail {wanted['unit']}: {key} expected {value!r}, got {detail.get(key)!r}"
                )
    for check in expected.get("retreat_checks", []):
        detail = details.get((check["power"], check["unit"]))
        options = detail["retreats"] if detail else []
        allowed = any(_fits(option, check["to"]) for option in options)
        if allowed != check["allowed"]:
            problems.append(
                f"retreat of {check['unit']} to {check['to']}: "
                f"expected allowed={check['allowed']}, options {options}"
            )
    return problems


def _fits(option: str, target: str) -> bool:
    return option == target if "/" in target else option.partition("/")[0] == target


def _by_power(units: Mapping[str, Any]) -> dict[str, set[str]]:
    return {power: set(listed) for power, listed in units.items() if listed}


def _order_results(expected: list[Mapping[str, Any]], got: list[Mapping[str, Any]]) -> list[str]:
    problems = []
    unused = list(got)
    for wanted in expected:
        match = next(
            (r for r in unused if r["power"] == wanted["power"] and r["order"] == wanted["order"]),
            None,
        )
        if match is None:
            problems.append(f"no result for {wanted['power']}: {wanted['order']}")
            continue
        unused.remove(match)
        for key, value in wanted.items():
            if key != "note" and match.get(key) != value:
                problems.append(
                    f"{wanted['power']}: {wanted['order']}: {key} expected {value!r}, got {match.get(key)!r}"
                )
    return problems
