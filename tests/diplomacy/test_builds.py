"""Builds as players expect: a later build for a province replaces the earlier one, a build,
removal or waive can be taken back (CANCEL), and over-builds are answered at once."""

from __future__ import annotations

from dataclasses import replace

from pbem.ruleset import get_ruleset
from pbem.rulesets.diplomacy.core import PhaseKind, Season, Turn, Unit, UnitType, board_of
from pbem.rulesets.diplomacy.state import GameState
from pbem.turns.orders import merge_orders

ruleset = get_ruleset("diplomacy")
POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


def winter(units: list[Unit], centres: dict[str, str]) -> GameState:
    return GameState(
        "standard", Turn(1901, Season.WINTER, PhaseKind.ADJUSTMENTS), board_of(units, centres), POWERS
    )


RUSSIA_TWO_BUILDS = winter(
    [Unit("Russia", UnitType.ARMY, "WAR"), Unit("Russia", UnitType.ARMY, "UKR")],
    {"MOS": "Russia", "SEV": "Russia", "STP": "Russia", "WAR": "Russia"},
)


def mails(state: GameState, power: str, *texts: str) -> list[str]:
    """The orders kept after each mail in turn, as the service keeps them (merge by key)."""
    kept: list[dict[str, str]] = []
    for text in texts:
        kept, _ = merge_orders(kept, ruleset.parse_orders(state, power, text))
    return [entry["order"] for entry in kept]


def built(state: GameState, orders: list[str], power: str = "Russia") -> list[str]:
    after = ruleset.adjudicate(state, {power: orders}, 0).state
    return sorted(str(u) for u in after.board.units_of(power))


def test_a_later_build_for_a_province_replaces_the_earlier_one_in_the_same_mail() -> None:
    lines = ruleset.parse_orders(RUSSIA_TWO_BUILDS, "Russia", "Build A STP\nBuild F STP/NC\n")
    assert [line.order for line in lines] == [None, "F STP/NC B"]
    assert "line 2" in str(lines[0].error) and "line 1" in str(lines[1].note)
    assert built(RUSSIA_TWO_BUILDS, mails(RUSSIA_TWO_BUILDS, "Russia", "Build A STP\nBuild F STP/NC")) == [
        "A UKR",
        "A WAR",
        "F STP/NC",
    ]


def test_a_later_build_for_a_province_replaces_the_earlier_one_from_an_earlier_mail() -> None:
    kept = mails(
        RUSSIA_TWO_BUILDS, "Russia", "Build A STP\nBuild A MOS", "Build fleet at St. Petersburg (North Coast)"
    )
    assert sorted(kept) == ["A MOS B", "F STP/NC B"]
    assert built(RUSSIA_TWO_BUILDS, kept) == ["A MOS", "A UKR", "A WAR", "F STP/NC"]


def test_a_build_is_withdrawn_by_cancel_in_a_later_mail() -> None:
    kept = mails(RUSSIA_TWO_BUILDS, "Russia", "Build A MOS\nBuild A SEV", "CANCEL BUILD A MOS")
    assert built(RUSSIA_TWO_BUILDS, kept) == ["A SEV", "A UKR", "A WAR"]
    [line] = ruleset.parse_orders(RUSSIA_TWO_BUILDS, "Russia", "Withdraw Build A MOS")
    assert line.order == "CANCEL A MOS B" and "earlier mail" in str(line.note)


def test_a_withdrawn_build_frees_its_place_for_another_in_the_same_mail() -> None:
    lines = ruleset.parse_orders(
        RUSSIA_TWO_BUILDS, "Russia", "Build A MOS\nBuild A SEV\ncancel build a mos\nBuild F STP/SC"
    )
    assert [line.error is None for line in lines] == [False, True, True, True]
    assert built(
        RUSSIA_TWO_BUILDS,
        mails(RUSSIA_TWO_BUILDS, "Russia", "Build A MOS\nBuild A SEV\ncancel build a mos\nBuild F STP/SC"),
    ) == ["A SEV", "A UKR", "A WAR", "F STP/SC"]


def test_a_waive_is_withdrawn_by_cancel() -> None:
    kept = mails(RUSSIA_TWO_BUILDS, "Russia", "WAIVE\nBuild A MOS", "cancel waive\nBuild A SEV")
    assert built(RUSSIA_TWO_BUILDS, kept) == ["A MOS", "A SEV", "A UKR", "A WAR"]
    lines = ruleset.parse_orders(RUSSIA_TWO_BUILDS, "Russia", "waive\nwaive\ncancel waive\nBuild A MOS")
    assert [line.error is None for line in lines] == [True, False, True, True]


def test_a_removal_is_withdrawn_by_cancel() -> None:
    state = winter(
        [Unit("France", UnitType.ARMY, "PAR"), Unit("France", UnitType.ARMY, "PIC")], {"PAR": "France"}
    )
    kept = mails(state, "France", "Remove A PAR", "Cancel remove A PAR\nRemove A PIC")
    assert built(state, kept, "France") == ["A PAR"]


def test_over_builds_are_answered_at_once_saying_which_stand_and_why() -> None:
    lines = ruleset.parse_orders(RUSSIA_TWO_BUILDS, "Russia", "Build A MOS\nWAIVE\nBuild F SEV")
    third = lines[2]
    assert third.order is None
    assert "2 builds this winter" in str(third.error)
    assert "the first sent stand: A MOS B, WAIVE" in str(third.error)
    assert third.hint and "CANCEL" in third.hint


def test_cancel_is_only_for_builds_removals_and_waives() -> None:
    spring = replace(RUSSIA_TWO_BUILDS, turn=Turn(1901, Season.SPRING, PhaseKind.MOVEMENT))
    [line] = ruleset.parse_orders(spring, "Russia", "cancel A WAR - GAL")
    assert line.order is None and "Only a build, a removal or a waive" in str(line.error)


def test_over_builds_across_mails_are_answered_at_once_saying_which_stand() -> None:
    kept = mails(RUSSIA_TWO_BUILDS, "Russia", "Build A MOS\nBuild A SEV", "Build F STP/NC")
    [status] = ruleset.missing(RUSSIA_TWO_BUILDS, "Russia", kept)
    assert status.startswith("no more builds: you sent 3 for 2; A MOS B, A SEV B stand (the first sent)")
    assert "F STP/NC B will fail" in status and "CANCEL" in status
    assert built(RUSSIA_TWO_BUILDS, kept) == ["A MOS", "A SEV", "A UKR", "A WAR"]  # as the answer said
    assert ruleset.missing(RUSSIA_TWO_BUILDS, "Russia", kept[:2]) == []
