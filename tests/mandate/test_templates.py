"""The report and how-to templates with Mandate of Heaven views: the zodiac, the B.C. calendar,
the centres that do not count, and neutral votes as each viewer may see them."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.ruleset import PUBLIC, REFEREE

from .games import position, ruleset, spring_368, sung_grown
from .helpers import GAME, report, templates


@pytest.fixture(scope="module")
def voted() -> tuple[Any, Any]:
    state = spring_368()
    orders = {power: ["A SUN - NTS"] for power in ("Ch'in", "Ch'u", "Ch'i", "Yen", "Chao")}
    orders["Wei"] = ["A SUN H"]
    return state, ruleset.adjudicate(state, orders, 1)


def test_a_voters_report_shows_their_vote_and_the_outcome_only(voted: tuple[Any, Any]) -> None:
    text, html = report(*voted, "Wei")
    assert "Spring 368 B.C. movement has been adjudicated. The year of the Ox." in text
    assert "== Neutral votes: yours (the others' are secret) ==" in text
    assert "Sung A SUN: A SUN - NTS carried." in text and "You voted A SUN H: not carried." in text
    assert "voted A SUN - NTS" not in text and "voted A SUN - NTS" not in html
    assert "<td>A SUN H: not carried</td>" in html


def test_the_referees_report_shows_every_vote_and_the_tally(voted: tuple[Any, Any]) -> None:
    text, html = report(*voted, REFEREE)
    assert "Ch'in voted A SUN - NTS" in text and "Wei voted A SUN H" in text
    assert "Needed: 5 of 8 players, with 13 of 24 units." in text
    assert "A SUN - NTS: 5 players with 15 units; A SUN H: 1 player with 3 units" in text
    assert "Wei voted A SUN H" in html


def test_the_public_report_shows_the_neutrals_orders_but_no_votes(voted: tuple[Any, Any]) -> None:
    text, _ = report(*voted, PUBLIC)
    assert "Neutral votes" not in text and "voted" not in text
    assert "Sung:\n  A SUN - NTS" in text


def test_the_chart_names_the_centres_that_do_not_count_and_the_neutrals(voted: tuple[Any, Any]) -> None:
    text, html = report(*voted, PUBLIC)
    assert "(14 to win, not counting Choson (CSN), Pei Choushi (PCS), Tung Yueh (TYU))" in text
    assert "  (neutral)" in text and "Next: Fall 368 B.C. movement, the year of the Ox." in text
    assert "not counting Choson (CSN)" in html


def test_melting_and_activation_are_announced_to_all() -> None:
    state = sung_grown("F367BCM", {"Hsiung-Nu": ["A HHS"]})
    done = ruleset.adjudicate(state, {}, 1)
    text, html = report(state, done, "Ch'in")
    assert (
        "At the end of 367 B.C. the Hsiung-Nu hold 0 supply centres: an army melts away (1 so far)." in text
    )
    assert "Sung has grown to 3 supply centres and is activated" in text
    assert "Sung has grown to 3 supply centres and is activated" in html


def test_the_how_to_explains_votes_placement_and_the_calendar() -> None:
    state = spring_368()
    text = templates.text(
        "diplomacy/orders.txt.j2", game=GAME, power="Ch'in", view=ruleset.view(state, [], "Ch'in")
    )
    assert "each is your vote" in " ".join(text.split())
    assert "HCH, HHS, HTU, NHS, NTU, TCC, THS, TTU" in text
    assert "S368BCM (Spring 368 B.C." in text
    assert "Now: Spring 368 B.C. movement." in text


def test_the_chart_of_a_retreat_phase_counts_dislodged_units_and_shows_no_adjustments() -> None:
    state = position(
        "S366BCM",
        {"Wei": ["A DAI", "F PDA"], "Ch'i": ["A LU", "F NCS"], "Chao": ["A HAD"]},
        {"Wei": ["DAI"], "Ch'i": ["LU"]},
    )
    done = ruleset.adjudicate(state, {"Ch'i": ["A LU - PDA"], "Chao": ["A HAD S A LU - PDA"]}, 1)
    assert ruleset.phase(done.state).id == "S366BCR"
    text, html = report(state, done, "Wei")
    chart = text[text.index("== Supply centre chart") :].split("\n\n")[0]
    assert "Wei         1 centres,  2 units: DAI" in chart  # F PDA is dislodged, not gone
    assert "builds" not in chart and "removes" not in chart  # nothing is due before the winter
    assert "Hsiung-Nu   0 centres,  0 units\n" in chart + "\n"  # not eliminated: may still place
    [wei] = [p for p in ruleset.view(done.state, done.events, "Wei")["powers"] if p["power"] == "Wei"]
    assert wei["units"] == ["A DAI", "F PDA (dislodged)"]


def test_help_states_this_variants_build_rule() -> None:
    state = spring_368()
    text = " ".join(
        templates.text(
            "diplomacy/orders.txt.j2", game=GAME, power="Ch'in", view=ruleset.view(state, [], "Ch'in")
        ).split()
    )
    assert "build in any vacant supply centre you own (this variant's rule" in text
    assert "home supply centres" not in text
    assert "three armies without centres, one more for every two centres they own" in text
    assert (
        "a seventh unit and later ones, and once exhausted every unit, go in vacant supply centres they own"
    ) in text
    standard = ruleset.start(
        "standard", ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"], {}, 0
    )
    plain = templates.text(
        "diplomacy/orders.txt.j2", game=GAME, power="France", view=ruleset.view(standard, [], "France")
    )
    assert "build in one of your vacant, owned home supply centres" in plain
    assert "any vacant supply centre" not in plain


def test_help_tells_the_melting_years_activation_cornered_armies_and_the_rivers() -> None:
    """What the rulebook states without the board's facts, HELP states with them: the game years
    of rule 2 as B.C. years (ruling 9), rule 3's activation, rule 4, and rule 6's river provinces
    (which the reconstructed map decides, ruling 1)."""
    text = " ".join(
        templates.text(
            "diplomacy/orders.txt.j2", game=GAME, power="Ch'in", view=ruleset.view(spring_368(), [], "Ch'in")
        ).split()
    )
    assert "at the end of 367 B.C. if they own fewer than 2 supply centres" in text
    assert "at the end of 366 B.C. if they own no supply centre" in text
    assert "at the end of 365 B.C. if they own no supply centre" in text
    assert "A neutral that grows to 3 supply centres is activated" in text
    assert "each of them defends at +1" in text
    assert "Hwang Ho: Hsi Hwang Ho (HHH), Wei (WEI), Chou (COU), Daiyeng (DAI), Pei Daiyeng (PDA)" in text
    assert "Yangtse Chiang: Hsi Yangtse Chiang (HYC), Ba (BA), Ying (YIN)" in text
    assert "Its convoy fails if a fleet of another power attacks it, even if that attack fails" in text
    assert "14 supply centres, not counting Choson (CSN), Pei Choushi (PCS), Tung Yueh (TYU)" in text
