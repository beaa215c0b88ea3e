"""The report and order-help templates render for every viewer, at every stage of a game."""

from __future__ import annotations

from pbem.ruleset import PUBLIC, REFEREE

from .helpers import (
    HTML,
    arrange,
    new_game,
    play,
    render_orders_help,
    render_reports,
    report_context,
    viewers,
)
from .randomplay import random_game


def test_reports_render_for_every_viewer_from_the_start_to_the_end():
    state = new_game(seed=3)
    stages = [(state, [])]
    for _, _, result in random_game(state, 3):
        stages.append((result.state, result.events))
    assert stages[-1][0].over
    for state, events in stages:
        for viewer in viewers(state):
            text, html, _ = render_reports(state, events, viewer)
            assert f"report for {viewer}" in text and f"Report for {viewer}." in html


def test_a_powers_report_says_where_its_armies_are_its_money_and_its_scouts_findings():
    result = play(new_game(), {"Aldmark": "Edric: recruit 10 Spearmen"})
    text = render_reports(result.state, result.events, "Aldmark")[0]
    assert "Aldwick: 210 Spearmen, 80 Archers, 20 Knights (Aldmark)" in text
    assert "Aldmark gained 45 gold of income; now 325 gold" in text
    assert "Scouts' reports:\n  * Greyfen: nobody holds it" in text
    assert "Edric recruited 10 Spearmen at Aldwick for 20 gold" in text


def test_a_battle_is_reported_round_by_round_to_those_who_fought_it():
    state = arrange(new_game(), {"Ashwood": ("Corvath", {"Militia": 100})})
    result = play(state, {"Aldmark": "Edric: attack Ashwood with all Spearmen by Flanking"})
    for viewer in ("Aldmark", "Corvath", REFEREE):
        text = render_reports(result.state, result.events, viewer)[0]
        assert "--- Battle of Ashwood, turn 1: Aldmark attacked Corvath" in text
        assert "Round 1: " in text and "The flanking maneuver" in text
    for viewer in ("Brenn", PUBLIC):
        assert "Battle of Ashwood" not in render_reports(result.state, result.events, viewer)[0]


def test_the_html_report_escapes_what_it_prints():
    context = report_context(new_game(), [], "Aldmark")
    context["view"]["powers"][0]["treasury"] = "<script>alert(1)</script>"
    html = HTML.get_template("generals/report.html.j2").render(context)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "<script>" not in html


def test_the_order_help_names_the_players_generals_regions_and_the_map():
    text = render_orders_help(new_game(), "Brenn")
    assert "Your generals: Hilde." in text and "Your regions: Harrowby, Brennhold." in text
    assert "Knights" in text and "Battlefield Planner" in text
    assert "Kingsmere (plains; towns Kingsmere, Queensford)" in text
    assert "  Hilde: recruit 40 Spearmen\n  Harrowby: Fortify" in text
