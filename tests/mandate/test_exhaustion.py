"""Rule 2 to the end: the nomads' exhaustion at six centres, where a seventh nomad unit goes,
no free rebuilds with no centre or one, and a game of the seven Chinese powers with the nomads
neutral."""

from __future__ import annotations

from .games import PLAYERS, TO_EXHAUSTION, events_of, opening, played, position, rules, ruleset, units

CHINESE = [power for power in PLAYERS if power != "Hsiung-Nu"]
SIX = ["SHG", "YUB", "HSP", "CHG", "TCY", "CHY"]


def test_six_centres_exhaust_the_nomads_for_good() -> None:
    fall = position(
        "F366BCM",
        {"Hsiung-Nu": ["A SHG", "A YUB", "A HSP", "A CHG", "A TCY", "A CHY"]},
        {"Hsiung-Nu": SIX[:5]},
    )
    done = ruleset.adjudicate(fall, {}, 1)  # the army in Chinyang takes its sixth centre
    assert events_of(done, "exhausted") == [{"type": "exhausted", "power": "Hsiung-Nu", "year": "366 B.C."}]
    assert ruleset.dump_state(done.state)["extra"]["exhausted"] is True
    # Down to four centres later: one unit per centre, not the schedule's five.
    six_units = {"Hsiung-Nu": ["A SHG", "A YUB", "A HSP", "A CHG", "A TCY", "A CHY"]}
    later = position("W364BCA", six_units, {"Hsiung-Nu": SIX[:4]}, extra={"exhausted": True})
    assert rules.for_game(later).adjustment("Hsiung-Nu", later.board) == -2
    fresh = position("W364BCA", six_units, {"Hsiung-Nu": SIX[:4]})
    assert rules.for_game(fresh).adjustment("Hsiung-Nu", fresh.board) == -1  # not exhausted: schedule


def test_a_seventh_nomad_unit_goes_in_an_owned_centre_even_in_the_winter_of_the_sixth() -> None:
    state = position(
        "W366BCA",
        {"Hsiung-Nu": ["A SHG", "A YUB", "A HSP", "A CHG", "A TCY"]},
        {"Hsiung-Nu": [*SIX, "HAD"]},
    )
    [sixth, seventh] = ruleset.parse_orders(state, "Hsiung-Nu", "Build A THS\nBuild A HHS")
    assert sixth.order == "A THS B"
    assert seventh.error and "supply cent" in seventh.error.lower()
    [sixth, seventh] = ruleset.parse_orders(state, "Hsiung-Nu", "Build A THS\nBuild A HAD")
    assert (sixth.order, seventh.order) == ("A THS B", "A HAD B")
    done = ruleset.adjudicate(state, {"Hsiung-Nu": ["A THS B", "A HHS B", "A HAD B"]}, 1)
    assert {"A THS", "A HAD"} <= set(units(done.state)["Hsiung-Nu"])
    assert "A HHS" not in units(done.state)["Hsiung-Nu"]


def test_no_free_rebuild_for_nomads_with_no_centre_or_one() -> None:
    lost = position("W366BCA", {"Hsiung-Nu": ["A HHS"]}, {"Hsiung-Nu": ["PCS"]}, extra={"placed": 3})
    assert rules.for_game(lost).adjustment("Hsiung-Nu", lost.board) == 0
    late = position("W366BCA", {"Hsiung-Nu": ["A HHS"]}, {}, extra={"placed": 1})
    assert rules.for_game(late).adjustment("Hsiung-Nu", late.board) == 2  # two never placed (ruling 8)
    two = position("W366BCA", {"Hsiung-Nu": ["A HHS"]}, {"Hsiung-Nu": ["PCS", "SHG"]}, extra={"placed": 3})
    assert rules.for_game(two).adjustment("Hsiung-Nu", two.board) == 3  # two centres: four units


def test_the_placements_are_counted_as_the_game_goes() -> None:
    done = ruleset.adjudicate(opening(), {"Hsiung-Nu": ["A HHS B", "A NHS B"]}, 1)
    assert ruleset.dump_state(done.state)["extra"]["placed"] == 2


def test_seven_chinese_players_with_the_nomads_neutral() -> None:
    state = ruleset.start("mandate_of_heaven", CHINESE, {}, 1)
    phase = ruleset.phase(state)
    assert phase.id == "W369BCA"
    assert phase.acting == () and set(phase.may_order) == set(CHINESE)
    [vote] = ruleset.parse_orders(state, "Ch'in", "Build A HHS")
    assert vote.order == "A HHS B" and "vote" in str(vote.note)
    orders = {power: ["A HHS B", "A NHS B"] for power in CHINESE[:4]}
    done = ruleset.adjudicate(state, orders, 1)
    assert units(done.state)["Hsiung-Nu"] == ["A HHS", "A NHS"]
    spring = ruleset.phase(done.state)
    assert spring.id == "S368BCM" and "Hsiung-Nu" not in spring.acting


def test_exhausted_nomads_who_lost_a_unit_rebuild_in_a_vacant_owned_centre_not_the_steppe() -> None:
    """Issue 30: after 6/6 and a lost unit, the steppe was offered and the owned centre refused."""
    state = position(
        "W365BCA",
        {"Hsiung-Nu": ["A SHG", "A YUB", "A HSP", "A CHG", "A TCY"]},
        {"Hsiung-Nu": SIX},
        extra={"exhausted": True, "placed": 6},
    )
    assert rules.for_game(state).build_sites("Hsiung-Nu", state.board) == sorted(SIX)
    [steppe] = ruleset.parse_orders(state, "Hsiung-Nu", "Build A HHS")
    assert steppe.error and "supply cent" in steppe.error.lower()
    [centre] = ruleset.parse_orders(state, "Hsiung-Nu", "Build A Chinyang")
    assert centre.order == "A CHY B"
    due = ruleset.view(state, [], "Hsiung-Nu")["adjustments_due"]
    assert [row["sites"] for row in due if row["power"] == "Hsiung-Nu"] == [["CHY"]]
    done = ruleset.adjudicate(state, {"Hsiung-Nu": ["A HHS B", "A CHY B"]}, 1)
    assert "A CHY" in units(done.state)["Hsiung-Nu"] and "A HHS" not in units(done.state)["Hsiung-Nu"]


def test_nomads_played_to_six_centres_are_exhausted_and_build_in_an_owned_centre() -> None:
    """From the opening, by the orders of TO_EXHAUSTION: the sixth centre exhausts the nomads when
    it is taken, with five units, and their sixth unit may not go in the steppe (ruling 36)."""
    steps = list(played(TO_EXHAUSTION))
    told = [(s.turn, e) for s, _, a in steps for e in a.events if e["type"] == "exhausted"]
    assert [e for _, e in told] == [{"type": "exhausted", "power": "Hsiung-Nu", "year": "366 B.C."}]
    winter, _, built = steps[-1]
    assert len(winter.board.centres_of("Hsiung-Nu")) == 6 and len(winter.board.units_of("Hsiung-Nu")) == 5
    [steppe] = ruleset.parse_orders(winter, "Hsiung-Nu", "Build A HHS")
    assert steppe.error and not steppe.order
    assert events_of(built, "adjustments")[0]["built"] == [{"power": "Hsiung-Nu", "unit": "A YUB"}]
