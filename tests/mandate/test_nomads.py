"""Rules 1 and 2 through the engine: builds in any owned centre; the Hsiung-Nu's placement, their
schedule of units by centres, building beyond six, and melting away after the second, third and
fourth years."""

from __future__ import annotations

import pytest

from .games import events_of, opening, position, results, rules, ruleset, units

HOMES = {
    "Ch'in": ["A YUY", "A HSY", "A HAC"],
    "Han": ["A HAN", "A CHC", "A HHA"],
}


def test_the_nomads_place_three_armies_in_vacant_placement_provinces() -> None:
    state = opening()
    lines = ruleset.parse_orders(state, "Hsiung-Nu", "Build A Hsi Hsienpi\nbuild a TTU\nBUILD A Nan Hsienpi")
    assert [line.order for line in lines] == ["A HHS B", "A TTU B", "A NHS B"]
    done = ruleset.adjudicate(state, {"Hsiung-Nu": [line.order for line in lines if line.order]}, 1)
    assert units(done.state)["Hsiung-Nu"] == ["A HHS", "A NHS", "A TTU"]


def test_the_nomads_cannot_place_outside_the_steppe_and_desert_nor_place_a_fourth() -> None:
    state = opening()
    [outside, fleet, *_, fourth] = ruleset.parse_orders(
        state, "Hsiung-Nu", "Build A Wuyuan\nBuild F HHS\nBuild A HHS\nBuild A HTU\nBuild A NTU\nBuild A HCH"
    )
    assert outside.error and "steppe and desert" in outside.error
    assert outside.hint and "HHS" in outside.hint
    assert fleet.error and "fleet" in fleet.error.lower()
    assert fourth.error and "3 builds" in fourth.error


def test_the_placement_winter_is_the_nomads_alone_and_missing_placements_are_waived() -> None:
    state = opening()
    [line] = ruleset.parse_orders(state, "Ch'in", "Remove A YUY")
    assert line.error and "remove 0 units" in line.error
    done = ruleset.adjudicate(state, {"Ch'in": ["A YUY D"], "Hsiung-Nu": ["A HHS B"]}, 1)
    assert results(done, "Ch'in") == {"A YUY D": "failure (no removals due)"}
    assert units(done.state)["Hsiung-Nu"] == ["A HHS"]
    assert events_of(done, "adjustments")[0]["waived"] == {"Hsiung-Nu": 2}


@pytest.mark.parametrize(
    ("centres", "allowance"),
    [(0, 3), (1, 3), (2, 4), (3, 4), (4, 5), (5, 5), (6, 6), (7, 7), (9, 9)],
)
def test_the_nomads_keep_units_by_the_schedule_of_their_centres(centres: int, allowance: int) -> None:
    owned = ["SHG", "YUB", "HSP", "CHG", "TCY", "CHY", "HAD", "PCS", "CSN"][:centres]
    state = position("W368BCA", {"Hsiung-Nu": ["A HHS"]}, {"Hsiung-Nu": owned})
    assert rules.for_game(state).adjustment("Hsiung-Nu", state.board) == allowance - 1


def test_below_six_units_the_nomads_build_in_the_placement_area_not_their_centres() -> None:
    state = position(
        "W368BCA", {"Hsiung-Nu": ["A SHG", "A YUB"], **HOMES}, {"Hsiung-Nu": ["SHG", "YUB"], **_homes()}
    )
    phase = ruleset.phase(state)
    assert "Hsiung-Nu" in phase.acting
    [home, steppe, third] = ruleset.parse_orders(state, "Hsiung-Nu", "Build A SHG\nBuild A THS\nBuild A HHS")
    assert home.error and "steppe" in home.error  # vacant and owned, but not where nomads build yet
    assert steppe.order == "A THS B"
    assert third.order == "A HHS B"  # 2 centres: 4 units, so two builds


def test_from_six_units_the_nomads_build_like_a_chinese_power_in_owned_centres() -> None:
    owned = ["SHG", "YUB", "HSP", "CHG", "TCY", "CHY", "HAD"]
    state = position(
        "W366BCA",
        {"Hsiung-Nu": ["A SHG", "A YUB", "A HSP", "A CHG", "A TCY", "A CHY"]},
        {"Hsiung-Nu": owned},
    )
    [steppe, centre] = ruleset.parse_orders(state, "Hsiung-Nu", "Build A HHS\nBuild A HAD")
    assert steppe.error and centre.order == "A HAD B"


def test_a_player_builds_in_any_owned_centre_not_only_at_home() -> None:
    state = position(
        "W368BCA", {"Ch'in": ["A YUY", "A HSY", "A HAC"]}, {"Ch'in": ["YUY", "HSY", "HAC", "BA"]}
    )
    [ba] = ruleset.parse_orders(state, "Ch'in", "Build A Ba")
    assert ba.order == "A BA B"
    done = ruleset.adjudicate(state, {"Ch'in": ["A BA B"]}, 1)
    assert "A BA" in units(done.state)["Ch'in"]


def _homes() -> dict[str, list[str]]:
    return {power: [unit.split()[1] for unit in us] for power, us in HOMES.items()}


def _fall(year_bc: int, nomad_centres: list[str], nomads: list[str], melted: int = 0):
    """The Fall of ``year_bc`` with the nomads holding ``nomad_centres`` (already theirs) and
    ``nomads`` units, and Ch'in and Han at home."""
    return position(
        f"F{year_bc}BCM",
        {"Hsiung-Nu": nomads, **HOMES},
        {"Hsiung-Nu": nomad_centres, **_homes()},
        extra={"melted": melted} if melted else None,
    )


def test_the_first_year_ends_without_melting() -> None:
    done = ruleset.adjudicate(_fall(368, [], ["A HHS", "A NHS", "A TTU"]), {}, 1)
    assert not events_of(done, "melting")
    assert ruleset.phase(done.state).id == "S367BCM"  # nothing to adjust: the winter is skipped


def test_an_army_melts_at_the_end_of_the_second_year_367_bc_without_two_centres() -> None:
    done = ruleset.adjudicate(_fall(367, ["PCS"], ["A HHS", "A NHS", "A PCS"]), {}, 1)
    [melting] = events_of(done, "melting")
    assert melting == {"type": "melting", "power": "Hsiung-Nu", "year": "367 B.C.", "centres": 1, "melted": 1}
    assert ruleset.dump_state(done.state)["extra"] == {"melted": 1}
    phase = ruleset.phase(done.state)
    assert phase.id == "W367BCA" and phase.acting == ("Hsiung-Nu",)
    view = ruleset.view(done.state, done.events, "PUBLIC")
    melt = {"power": "Hsiung-Nu", "action": "remove", "count": 1, "due": 1, "sites": []}
    assert melt in view["adjustments_due"]


def test_two_centres_at_the_end_of_the_second_year_save_the_army() -> None:
    done = ruleset.adjudicate(_fall(367, ["PCS", "SHG"], ["A HHS", "A NHS", "A PCS", "A SHG"]), {}, 1)
    assert not events_of(done, "melting")


def test_a_second_army_melts_after_the_third_year_only_with_no_centre() -> None:
    kept = ruleset.adjudicate(_fall(366, ["PCS"], ["A HHS", "A PCS"], melted=1), {}, 1)
    assert not events_of(kept, "melting")
    lost = ruleset.adjudicate(_fall(366, [], ["A HHS", "A NHS"], melted=1), {}, 1)
    [melting] = events_of(lost, "melting")
    assert melting["melted"] == 2
    assert rules.for_game(lost.state).adjustment("Hsiung-Nu", lost.state.board) == -1


def test_the_last_army_melts_after_the_fourth_year_and_the_nomads_are_out() -> None:
    done = ruleset.adjudicate(_fall(365, [], ["A HHS"], melted=2), {"Hsiung-Nu": ["A HHS H"]}, 1)
    assert events_of(done, "melting")[0]["melted"] == 3
    winter = ruleset.adjudicate(done.state, {}, 1)  # no removal ordered: civil disorder takes it
    assert "Hsiung-Nu" not in units(winter.state)
    assert "Hsiung-Nu" not in ruleset.phase(winter.state).survivors


def test_melted_armies_stay_gone_in_later_winters() -> None:
    state = position(
        "W364BCA", {"Hsiung-Nu": ["A HHS", "A PCS"]}, {"Hsiung-Nu": ["PCS"]}, extra={"melted": 1}
    )
    assert rules.for_game(state).adjustment("Hsiung-Nu", state.board) == 0  # 1 centre: 3 - 1 melted
    grown = position(
        "W364BCA", {"Hsiung-Nu": ["A HHS", "A PCS"]}, {"Hsiung-Nu": ["PCS", "SHG"]}, extra={"melted": 1}
    )
    assert rules.for_game(grown).adjustment("Hsiung-Nu", grown.board) == 1  # 2 centres: 4 - 1 melted


def test_nomads_with_no_units_do_not_melt() -> None:
    done = ruleset.adjudicate(_fall(367, [], []), {}, 1)
    assert not events_of(done, "melting")
    assert "Hsiung-Nu" in ruleset.phase(done.state).survivors  # they may still place their armies
