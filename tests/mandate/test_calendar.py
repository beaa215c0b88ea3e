"""The calendar: Winter 369 B.C. opens the game, years count down, and each has its zodiac sign."""

from __future__ import annotations

import pytest

from pbem.rulesets.diplomacy.core import PhaseKind, Season, Turn

from .games import opening, rules, ruleset, spring_368


def test_the_game_opens_in_winter_369_bc_with_only_the_nomads_to_order() -> None:
    phase = ruleset.phase(opening())
    assert (phase.id, phase.label, phase.kind) == ("W369BCA", "Winter 369 B.C. adjustments", "adjustments")
    assert phase.acting == phase.may_order == ("Hsiung-Nu",)


def test_after_the_placement_comes_spring_368_bc_the_first_full_year() -> None:
    phase = ruleset.phase(spring_368())
    assert (phase.id, phase.label) == ("S368BCM", "Spring 368 B.C. movement")


def test_years_count_down_across_the_winter() -> None:
    fall = Turn(-368, Season.FALL, PhaseKind.RETREATS)
    winter = rules.next_turn(fall)
    assert rules.phase_label(winter) == "Winter 368 B.C. adjustments"
    assert rules.phase_id(rules.next_turn(winter)) == "S367BCM"


@pytest.mark.parametrize("text", ["S368BCM", "s368bcm", "S 368 B.C. M", "S368B.C.M"])
def test_phase_ids_are_read_however_a_referee_writes_them(text: str) -> None:
    assert rules.parse_phase_id(text) == Turn(-368, Season.SPRING, PhaseKind.MOVEMENT)


@pytest.mark.parametrize("text", ["S1901M", "S0BCM", "Spring 368"])
def test_a_phase_id_without_a_year_bc_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="S368BCM"):
        rules.parse_phase_id(text)


@pytest.mark.parametrize(
    ("year_bc", "sign"),
    [(369, "Rat"), (368, "Ox"), (367, "Tiger"), (364, "Snake"), (358, "Pig"), (357, "Rat"), (345, "Rat")],
)
def test_369_bc_is_the_rat_and_the_signs_follow_in_a_twelve_year_cycle(year_bc: int, sign: str) -> None:
    assert rules.calendar.sign(-year_bc) == sign


def test_the_reports_view_carries_the_sign_of_each_phase() -> None:
    done = ruleset.adjudicate(spring_368(), {}, 1)
    mandate = ruleset.view(done.state, done.events, "PUBLIC")["mandate"]
    assert mandate["zodiac"]["S368BCM"] == "Ox" and mandate["sign"] == "Ox"


def test_after_1_bc_comes_ad_1() -> None:
    assert [rules.year_name(year) for year in (-2, -1, 0)] == ["2 B.C.", "1 B.C.", "A.D. 1"]
