"""DATC 3.0 cases beyond the shared file, written from the DATC's own text (section 6).

The shared file holds 112 of the 165 cases; data/datc_more.yaml holds more of the others,
each with the outcome the DATC gives under its preferences (Szykman rule, 2023 convoy
and retreat rules, illegal orders ignored). Each entry: the orders (every
ordered unit stands where its order says), the results asserted, and the units
dislodged.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from pbem.rulesets.diplomacy.positions import adjudicate_position


def adjudicate(text: str) -> dict[str, Any]:
    units: dict[str, list[str]] = {}
    orders: dict[str, list[str]] = {}
    for line in text.strip().splitlines():
        power, order = (part.strip() for part in line.split(":", 1))
        unit_type, location = order.split()[:2]
        units.setdefault(power, []).append(f"{unit_type} {location}")
        orders.setdefault(power, []).append(order)
    return adjudicate_position({"phase": "S1901M", "units": units, "orders": orders})


def result_of(outcome: dict[str, Any], order: str) -> str:
    return next(r["result"] for r in outcome["order_results"] if r["order"] == order)


CASES_FILE = Path(__file__).parent / "data" / "datc_more.yaml"
#: case id -> (the orders, "Power: order" a line; the results asserted; the units dislodged)
CASES: dict[str, tuple[str, dict[str, str], dict[str, list[str]]]] = {
    case_id: (case["orders"], case["results"], case.get("dislodged", {}))
    for case_id, case in yaml.safe_load(CASES_FILE.read_text(encoding="utf-8")).items()
}


@pytest.mark.parametrize("case_id", list(CASES))
def test_datc_case(case_id: str) -> None:
    text, results, dislodged = CASES[case_id]
    outcome = adjudicate(text)
    assert {order: result_of(outcome, order) for order in results} == results
    assert {p: sorted(u) for p, u in outcome["dislodged"].items()} == {
        p: sorted(u) for p, u in dislodged.items()
    }


def retreats_of(outcome: dict[str, Any], unit: str) -> list[str]:
    return next(d["retreats"] for d in outcome["dislodged_detail"] if d["unit"] == unit)


def test_6_h_6_no_retreat_to_a_contested_area() -> None:
    assert "BOH" not in retreats_of(adjudicate(CASES["6.H.6"][0]), "A VIE")


def test_6_h_9_dislodged_unit_does_not_make_attackers_area_contested() -> None:
    assert "BER" in retreats_of(adjudicate(CASES["6.H.9"][0]), "F KIE")


def test_6_h_12_may_retreat_where_a_convoyed_attacker_came_from() -> None:
    assert "EDI" in retreats_of(adjudicate(CASES["6.H.12"][0]), "A LVP")


def test_6_h_15_no_coastal_crawl_in_retreat() -> None:
    assert retreats_of(adjudicate(CASES["6.H.15"][0]), "F POR") == []


def test_6_h_3_no_convoy_during_retreat() -> None:
    outcome = adjudicate_position(
        {
            "phase": "S1901R",
            "units": {"England": ["F NTH"], "Germany": ["A HOL", "F KIE"]},
            "dislodged": [{"power": "England", "unit": "A HOL", "attacker_from": "RUH"}],
            "orders": {"England": ["A HOL R YOR", "F NTH C A HOL - YOR"]},
        }
    )
    assert [r["result"] for r in outcome["order_results"]] == ["failure", "failure"]
    assert outcome["disbanded"] == {"England": ["A HOL"]}
