"""Diplomacy behind the pbem Ruleset interface: set-up, phases, skipping, centres, victory."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pbem.ruleset import REGISTRY, SetupError

from .games import POWERS, SEVENTEEN, position, ruleset


def events_of(adjudication, kind: str) -> list[dict[str, Any]]:
    return [e for e in adjudication.events if e["type"] == kind]


def test_registered_under_its_name() -> None:
    assert REGISTRY["diplomacy"] == "pbem.rulesets.diplomacy:ruleset"
    assert ruleset.name == "diplomacy"
    assert "standard" in ruleset.variants()


@pytest.mark.parametrize(
    ("powers", "words"),
    [
        (POWERS[:-1], "missing Turkey"),
        ([*POWERS, "Spain"], "not powers of this map: Spain"),
        ([*POWERS[:-1], "Austria"], "missing Turkey"),
    ],
)
def test_start_wants_exactly_the_maps_powers(powers: list[str], words: str) -> None:
    with pytest.raises(SetupError, match=words):
        ruleset.start("standard", powers, {}, 1)


def test_start_refuses_an_unknown_variant() -> None:
    with pytest.raises(SetupError, match="atlantis"):
        ruleset.start("atlantis", POWERS, {}, 1)


def test_the_game_opens_in_spring_1901() -> None:
    state = ruleset.start("standard", POWERS, {}, 1)
    phase = ruleset.phase(state)
    assert (phase.id, phase.label, phase.kind) == ("S1901M", "Spring 1901 movement", "movement")
    assert phase.acting == tuple(POWERS) == phase.may_order
    assert not phase.over
    view = ruleset.view(state, [], "PUBLIC")
    assert sum(p["unit_count"] for p in view["powers"]) == 22
    assert sum(p["centre_count"] for p in view["powers"]) == 22


def test_no_orders_means_every_unit_holds_and_the_empty_retreat_phase_is_skipped() -> None:
    state = ruleset.start("standard", POWERS, {}, 1)
    done = ruleset.adjudicate(state, {}, 7)
    assert ruleset.phase(done.state).id == "F1901M"
    assert ruleset.dump_state(done.state)["units"] == ruleset.dump_state(state)["units"]
    [skipped] = events_of(done, "skipped")
    assert skipped["phase"] == "S1901R"


def test_centres_change_hands_after_the_fall_not_the_spring() -> None:
    state = ruleset.start("standard", POWERS, {}, 1)
    spring = ruleset.adjudicate(state, {"Germany": ["F KIE - DEN"]}, 1)
    assert "DEN" not in ruleset.dump_state(spring.state)["supply_centres"].get("Germany", [])
    fall = ruleset.adjudicate(spring.state, {}, 2)
    assert "DEN" in ruleset.dump_state(fall.state)["supply_centres"]["Germany"]
    [centres] = events_of(fall, "centres")
    assert centres["changes"] == [{"province": "DEN", "from": None, "to": "Germany"}]
    phase = ruleset.phase(fall.state)
    assert (phase.id, phase.kind, phase.acting) == ("W1901A", "adjustments", ("Germany",))


def test_an_adjustment_phase_nobody_acts_in_is_skipped() -> None:
    fall = position("F1901M", {"France": ["A PAR"]}, {"France": ["PAR"]})
    done = ruleset.adjudicate(fall, {}, 1)
    assert ruleset.phase(done.state).id == "S1902M"
    assert [e["phase"] for e in events_of(done, "skipped")] == ["F1901R", "W1901A"]


def test_a_dislodged_unit_retreats_in_its_own_phase() -> None:
    spring = position("S1901M", {"France": ["A BUR"], "Germany": ["A MUN", "A RUH"]})
    moved = ruleset.adjudicate(spring, {"Germany": ["A MUN - BUR", "A RUH S A MUN - BUR"]}, 1)
    phase = ruleset.phase(moved.state)
    assert (phase.id, phase.acting) == ("S1901R", ("France",))
    [due] = ruleset.view(moved.state, moved.events, "France")["retreats_due"]
    assert due["unit"] == "A BUR" and "PAR" in due["retreats"] and "MUN" not in due["retreats"]
    [line] = ruleset.parse_orders(moved.state, "France", "Burgundy - Paris")
    assert line.order == "A BUR R PAR"
    retreated = ruleset.adjudicate(moved.state, {"France": [line.order]}, 2)
    assert ruleset.phase(retreated.state).id == "F1901M"
    assert ruleset.dump_state(retreated.state)["units"]["France"] == ["A PAR"]


def test_an_unordered_dislodged_unit_disbands() -> None:
    spring = position("S1901M", {"France": ["A BUR"], "Germany": ["A MUN", "A RUH"]})
    moved = ruleset.adjudicate(spring, {"Germany": ["A MUN - BUR", "A RUH S A MUN - BUR"]}, 1)
    retreated = ruleset.adjudicate(moved.state, {}, 2)
    assert "France" not in ruleset.dump_state(retreated.state)["units"]
    [event] = events_of(retreated, "retreats")
    assert event["disbanded"] == [{"power": "France", "unit": "A BUR"}]


def test_a_unit_with_nowhere_to_go_is_disbanded_at_once() -> None:
    # DATC 6.H.15: the fleet in Portugal has no retreat, so there is no retreat phase.
    spring = position("S1901M", {"England": ["F POR"], "France": ["F SPA/SC", "F MAO"]})
    moved = ruleset.adjudicate(spring, {"France": ["F SPA/SC - POR", "F MAO S F SPA/SC - POR"]}, 1)
    assert ruleset.phase(moved.state).id == "F1901M"
    [event] = events_of(moved, "movement")
    assert event["disbanded"] == [{"power": "England", "unit": "F POR"}]


def test_missing_removals_are_made_by_civil_disorder() -> None:
    winter = position("W1901A", {"France": ["A PAR", "A PIC", "A MAR"]}, {"France": ["PAR"]})
    assert ruleset.phase(winter).acting == ("France",)
    done = ruleset.adjudicate(winter, {}, 1)
    [event] = events_of(done, "adjustments")
    # Marseilles is two moves from Paris, Picardy one: both go, farthest first.
    assert event["civil_disorder"] == [
        {"power": "France", "unit": "A MAR"},
        {"power": "France", "unit": "A PIC"},
    ]
    assert ruleset.dump_state(done.state)["units"] == {"France": ["A PAR"]}


def test_builds_and_waives_in_the_winter() -> None:
    winter = position("W1901A", {"Russia": ["A WAR"]}, {"Russia": ["MOS", "SEV", "STP", "WAR"]})
    done = ruleset.adjudicate(winter, {"Russia": ["A MOS B", "WAIVE", "F STP/NC B", "A SEV B"]}, 1)
    [event] = events_of(done, "adjustments")
    assert [r["result"] for r in event["results"]] == ["success", "success", "success", "failure"]
    assert event["results"][3]["reason"] == "too many builds"
    assert sorted(ruleset.dump_state(done.state)["units"]["Russia"]) == [
        "A MOS",
        "A WAR",
        "F STP/NC",
    ]


def test_victory_ends_the_game_and_names_the_winner() -> None:
    fall = position(
        "F1905M",
        {"Germany": ["A RUH"], "France": ["A PIC"]},
        {"Germany": SEVENTEEN, "France": ["SPA"]},
    )
    done = ruleset.adjudicate(fall, {"Germany": ["A RUH - BEL"]}, 1)
    phase = ruleset.phase(done.state)
    assert phase.over
    assert phase.winners == ("Germany",)
    assert "Germany" in phase.result and "18" in phase.result
    assert any("Germany" in notice for notice in done.notices)
    assert phase.acting == ()
    assert all(line.error for line in ruleset.parse_orders(done.state, "France", "A PIC H"))
    with pytest.raises(ValueError, match="over"):
        ruleset.adjudicate(done.state, {}, 2)


def test_state_survives_the_archive() -> None:
    spring = position("S1901M", {"France": ["A BUR"], "Germany": ["A MUN", "A RUH"]})
    moved = ruleset.adjudicate(spring, {"Germany": ["A MUN - BUR", "A RUH S A MUN - BUR"]}, 1)
    dumped = ruleset.dump_state(moved.state)
    again = ruleset.load_state(json.loads(json.dumps(dumped)))
    assert ruleset.dump_state(again) == dumped
    assert ruleset.phase(again) == ruleset.phase(moved.state)


def test_events_and_views_are_json() -> None:
    state = ruleset.start("standard", POWERS, {}, 1)
    done = ruleset.adjudicate(state, {"France": ["A PAR - BUR", "A MAR - BUR"]}, 1)
    json.dumps(done.events)
    view = ruleset.view(done.state, done.events, "England")
    json.dumps(view)
    [phase] = view["phases"]
    [france] = [group for group in phase["orders"] if group["power"] == "France"]
    assert [(o["order"], o["note"]) for o in france["orders"]] == [
        ("A PAR - BUR", "bounced"),
        ("A MAR - BUR", "bounced"),
    ]
    assert phase["standoffs"] == ["BUR"]


def test_missing_names_what_is_still_to_order() -> None:
    state = ruleset.start("standard", POWERS, {}, 1)
    assert ruleset.missing(state, "France", ["A PAR - BUR"]) == ["A MAR", "F BRE"]
    assert ruleset.missing(state, "France", ["A PAR - BUR", "A MAR H", "F BRE H"]) == []
    winter = position("W1901A", {"Russia": ["A WAR"]}, {"Russia": ["MOS", "SEV", "STP", "WAR"]})
    assert ruleset.missing(winter, "Russia", ["A MOS B"]) == ["2 builds (or WAIVE)"]
    assert ruleset.missing(winter, "Russia", ["A MOS B", "WAIVE", "WAIVE"]) == []
    short = position("W1901A", {"France": ["A PAR", "A PIC", "A MAR"]}, {"France": ["PAR"]})
    assert ruleset.missing(short, "France", ["A PIC D"]) == ["1 removal"]


def test_nothing_is_hidden_and_nothing_is_ordered_by_default() -> None:
    state = ruleset.start("standard", POWERS, {}, 1)
    assert ruleset.hidden_facts(state, [], "France") == []
    assert ruleset.default_orders(state, "France") == []
    assert ruleset.view(state, [], "France") == ruleset.view(state, [], "PUBLIC")
