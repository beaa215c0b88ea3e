"""What a Diplomacy report lists beyond the orders (issue 32): where every unit stands after the
phase, a winter's builds counted alike in the chart and in what is to order, and builds and
removals written back as players write them ("Build A KIE", not the Judge's "A KIE B"), in the
report and in the answer to the mail that sent them."""

from __future__ import annotations

from pbem.ruleset import PUBLIC, get_ruleset
from pbem.rulesets.diplomacy.core import PhaseKind, Season, Turn, Unit, UnitType, board_of
from pbem.rulesets.diplomacy.state import GameState
from tests import rendering
from tests.bymail import send_mails
from tests.diplomacy.helpers import ADDRESSES, results, winter_1901_with_a_build_for_germany
from tests.harness import Table, game, text_of

ruleset = get_ruleset("diplomacy")
POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


def report(before: GameState, after: GameState, events, html: bool = False) -> str:
    return rendering.report(ruleset, "standard", before, after, events, PUBLIC, html=html)


def test_the_report_lists_where_every_unit_stands_after_the_phase():
    start = ruleset.start("standard", list(POWERS), {}, 1)
    spring = ruleset.adjudicate(start, {"France": ["A PAR - BUR"], "Germany": ["F KIE - DEN"]}, 1)
    text = report(start, spring.state, spring.events)
    listed = text.split("== Units after Spring 1901 movement ==\n")[1].split("\n\n")[0].splitlines()
    assert "  France     A BUR, A MAR, F BRE" in listed
    assert "  Germany    A BER, A MUN, F DEN" in listed
    assert len(listed) == len(POWERS)
    html = report(start, spring.state, spring.events, html=True)
    assert "<h2>Units after Spring 1901 movement</h2>" in html
    assert "<td>Germany</td><td>A BER, A MUN, F DEN</td>" in html


def three_builds_due_and_one_home_centre_vacant() -> GameState:
    """Germany owns five centres with two units, and only Kiel of its homes is vacant."""
    units = [Unit("Germany", UnitType.ARMY, "BER"), Unit("Germany", UnitType.ARMY, "MUN")]
    centres = {"BER": "Germany", "KIE": "Germany", "MUN": "Germany", "HOL": "Germany", "DEN": "Germany"}
    return GameState(
        "standard", Turn(1901, Season.WINTER, PhaseKind.ADJUSTMENTS), board_of(units, centres), POWERS
    )


def test_the_winter_chart_and_the_builds_to_order_count_the_same_builds():
    winter = three_builds_due_and_one_home_centre_vacant()
    text = report(winter, winter, [])
    chart = next(line for line in text.splitlines() if line.startswith("  Germany "))
    assert "builds 1 of 3 due" in chart
    assert "  Germany: build 1 of 3 due (in KIE: no other home supply centre is vacant)" in text
    help_text = rendering.orders_help(ruleset, "standard", winter, "Germany")
    owed = "You build 1 unit this winter, in KIE (3 due: no other home supply centre is vacant)."
    assert owed in help_text
    html = report(winter, winter, [], html=True)
    assert "<td>builds 1 of 3 due</td>" in html
    assert "Germany: build 1 of 3 due (in KIE: no other home supply centre is vacant)" in html


def test_builds_every_site_can_take_are_counted_once():
    units = [Unit("Russia", UnitType.ARMY, "WAR")]
    centres = {"MOS": "Russia", "SEV": "Russia", "STP": "Russia", "WAR": "Russia"}
    winter = GameState(
        "standard", Turn(1901, Season.WINTER, PhaseKind.ADJUSTMENTS), board_of(units, centres), POWERS
    )
    text = report(winter, winter, [])
    assert "builds 3:" in next(line for line in text.splitlines() if line.startswith("  Russia "))
    assert "  Russia: build 3 (in MOS, SEV, STP)" in text


def test_builds_and_removals_are_written_back_as_players_write_them():
    winter = three_builds_due_and_one_home_centre_vacant()
    assert ruleset.shown_order(winter, "A KIE B") == "Build A KIE"
    assert ruleset.shown_order(winter, "A BER D") == "Remove A BER"
    assert ruleset.shown_order(winter, "WAIVE") == "WAIVE"
    adjudicated = ruleset.adjudicate(winter, {"Germany": ["A KIE B"]}, 1)
    text = report(winter, adjudicated.state, adjudicated.events)
    assert "  Build A KIE" in text and "A KIE B" not in text
    spring = ruleset.start("standard", list(POWERS), {}, 1)
    assert ruleset.shown_order(spring, "A PAR - BUR") == "A PAR - BUR"


def test_a_build_by_mail_is_answered_and_reported_as_build_a_kie(tmp_path):
    table = Table(tmp_path, [game("g1", "diplomacy", ADDRESSES)])
    winter_1901_with_a_build_for_germany(table)
    send_mails(table, ADDRESSES, {"Germany": "build army kiel"})
    table.run()
    (answer,) = [text_of(m) for m in table.take(ADDRESSES["Germany"])]
    assert "ok: Build A KIE" in answer and "Your orders now:\n  Build A KIE" in answer
    send_mails(table, ADDRESSES, {"Germany": "READY"})
    table.run()
    reported = text_of(results(table.take(ADDRESSES["Germany"])))
    assert "Germany:\n  Build A KIE" in reported
    assert "  Germany    A BER, A KIE, A MUN, F HOL" in reported
