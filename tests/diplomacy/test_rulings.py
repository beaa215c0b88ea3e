"""The rulings of RULINGS.md that the DATC cases do not already check, one test each."""

from __future__ import annotations

from typing import Any

from pbem.rulesets.diplomacy.core import board_of
from pbem.rulesets.diplomacy.positions import adjudicate_position
from pbem.rulesets.diplomacy.variant import load_variant


def results(position: dict[str, Any]) -> list[tuple[str, str | None]]:
    return [(r["result"], r.get("reason")) for r in adjudicate_position(position)["order_results"]]


def test_support_of_an_empty_province_is_illegal() -> None:
    position = {
        "phase": "S1901M",
        "units": {"France": ["A PAR"]},
        "orders": {"France": ["A PAR S A BUR"]},
    }
    assert results(position) == [("failure", "illegal")]


def test_the_last_order_for_a_unit_counts() -> None:
    position = {
        "phase": "S1901M",
        "units": {"France": ["A PAR"]},
        "orders": {"France": ["A PAR - BUR", "A PAR - PIC"]},
    }
    outcome = adjudicate_position(position)
    assert [(r["result"], r.get("reason")) for r in outcome["order_results"]] == [
        ("failure", "replaced"),
        ("success", None),
    ]
    assert outcome["units_after"] == {"France": ["A PIC"]}


def test_a_wrong_unit_letter_is_ignored_like_a_wrong_coast() -> None:
    position = {
        "phase": "S1901M",
        "units": {"France": ["A PAR"]},
        "orders": {"France": ["F PAR - BUR"]},
    }
    assert adjudicate_position(position)["units_after"] == {"France": ["A BUR"]}


def test_orders_for_other_powers_units_and_empty_provinces() -> None:
    position = {
        "phase": "S1901M",
        "units": {"England": ["F LON"]},
        "orders": {"Germany": ["F LON - NTH", "A MUN H"]},
    }
    assert results(position) == [("failure", "not own unit"), ("failure", "no such unit")]


def test_a_move_in_the_retreat_phase_is_a_retreat() -> None:
    position = {
        "phase": "S1901R",
        "units": {"Germany": ["A HOL"]},
        "dislodged": [{"power": "England", "unit": "A HOL", "attacker_from": "RUH"}],
        "orders": {"England": ["A HOL - BEL"]},
    }
    outcome = adjudicate_position(position)
    assert results(position) == [("success", None)]
    assert outcome["units_after"]["England"] == ["A BEL"]


def test_builds_and_removals_when_none_are_due() -> None:
    position = {
        "phase": "W1901A",
        "units": {"France": ["A PAR", "A MAR"]},
        "supply_centers": {"France": ["PAR", "MAR", "BRE"]},
        "orders": {"France": ["A PAR D", "A BRE B", "WAIVE"]},
    }
    assert results(position) == [
        ("failure", "no removals due"),
        ("success", None),
        ("failure", "too many builds"),
    ]


def test_an_army_built_with_a_coast_stands_in_the_province() -> None:
    position = {
        "phase": "W1901A",
        "units": {"Russia": ["A MOS"]},
        "supply_centers": {"Russia": ["MOS", "STP"]},
        "orders": {"Russia": ["A STP/NC B"]},
    }
    assert adjudicate_position(position)["units_after"] == {"Russia": ["A MOS", "A STP"]}


def test_a_power_without_centres_loses_every_unit() -> None:
    position = {
        "phase": "W1901A",
        "units": {"France": ["A PAR", "F BRE"]},
        "supply_centers": {"Germany": ["PAR"]},
        "orders": {},
    }
    outcome = adjudicate_position(position)
    assert outcome["units_after"] == {}
    assert sorted(outcome["civil_disorder_disbands"]["France"]) == ["A PAR", "F BRE"]


def test_civil_disorder_breaks_ties_by_the_provinces_full_name() -> None:
    # Both fleets are four moves from Edinburgh. By abbreviation the Gulf of Bothnia (BOT) comes
    # first; by name Gascony does, and Gascony is removed.
    position = {
        "phase": "W1901A",
        "units": {"England": ["F BOT", "F GAS"]},
        "supply_centers": {"England": ["EDI"]},
        "orders": {},
    }
    assert adjudicate_position(position)["civil_disorder_disbands"] == {"England": ["F GAS"]}


def test_no_winner_while_two_powers_share_the_lead() -> None:
    variant = load_variant("standard")
    centres = dict.fromkeys(variant.map.supply_centres[:17], "France")
    centres.update(dict.fromkeys(variant.map.supply_centres[17:34], "Germany"))
    board = board_of([], centres)
    assert variant.winner(board) is None
    centres[variant.map.supply_centres[17]] = "France"
    assert variant.winner(board_of([], centres)) == "France"


def test_a_unit_cannot_support_its_own_move() -> None:
    position = {
        "phase": "S1901M",
        "units": {"France": ["A PAR"], "Germany": ["A BUR"]},
        "orders": {"France": ["A PAR S A PAR - BUR", "A PAR - BUR"]},
    }
    assert results(position)[0] == ("failure", "replaced")
    position["orders"] = {"France": ["A PAR S A PAR - BUR"]}
    assert results(position) == [("failure", "illegal")]
