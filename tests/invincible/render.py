"""Rendering the Invincible! templates with the service's own Templates: views in, text out."""

from __future__ import annotations

from typing import Any

from pbem.reports import Templates
from pbem.ruleset import Phase
from pbem.rulesets.invincible import ruleset
from pbem.rulesets.invincible.state import Game

TEMPLATES = Templates()
GAME_INFO = {"id": "g1", "name": "Steppe", "ruleset": "invincible", "variant": "standard"}
DEADLINE = "Sat 28 Nov 2026 20:00 CET (19:00 UTC)"


def report_context(phase: Phase, state: Game, events: list[dict[str, Any]], viewer: str) -> dict:
    """What the service gives a report template (pbem.turns.report_context)."""
    following = ruleset.phase(state)
    return {
        "game": GAME_INFO,
        "viewer": viewer,
        "phase": {"id": phase.id, "label": phase.label},
        "view": ruleset.view(state, events, viewer),
        "next": None
        if following.over
        else {
            "id": following.id,
            "label": following.label,
            "kind": following.kind,
            "deadline": DEADLINE,
        },
        "over": following.over,
        "result": following.result,
    }


def reports(phase: Phase, state: Game, events: list[dict[str, Any]], viewer: str) -> list[str]:
    """The text and HTML reports of one phase for one viewer."""
    text, html = TEMPLATES.report("invincible", **report_context(phase, state, events, viewer))
    assert html is not None
    return [text, html]


def html_report(phase: Phase, state: Game, events: list[dict[str, Any]], viewer: str) -> str:
    return reports(phase, state, events, viewer)[1]


def orders_help(state: Game, power: str) -> str:
    view = ruleset.view(state, [], power)
    return TEMPLATES.text("invincible/orders.txt.j2", game=GAME_INFO, power=power, view=view)
