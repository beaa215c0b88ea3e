"""Rendering the Invictus templates with the service's own environments, for tests."""

from __future__ import annotations

from typing import Any

from pbem.reports import Templates
from pbem.rulesets.invictus import ruleset
from pbem.rulesets.invictus.state import Game

TEMPLATES = Templates()
GAME = {"id": "g1", "name": "Test game", "ruleset": "invictus", "variant": "standard"}


def report(
    before: Game, after: Game, events: list[dict[str, Any]], viewer: str, kind: str = "txt"
) -> str:
    """The report of the phase ``before`` -> ``after`` for ``viewer``."""
    phase, following = ruleset.phase(before), ruleset.phase(after)
    context = {
        "game": GAME,
        "viewer": viewer,
        "phase": {"id": phase.id, "label": phase.label},
        "view": ruleset.view(after, events, viewer),
        "next": None
        if following.over
        else {
            "id": following.id,
            "label": following.label,
            "kind": following.kind,
            "deadline": "Sat 28 Nov 2026 20:00 CET (19:00 UTC)",
        },
        "over": following.over,
        "result": following.result,
    }
    if kind == "html":
        return TEMPLATES.html("invictus/report.html.j2", **context)
    return TEMPLATES.text("invictus/report.txt.j2", **context)


def orders_help(game: Game, power: str) -> str:
    return TEMPLATES.text(
        "invictus/orders.txt.j2", game=GAME, power=power, view=ruleset.view(game, [], power)
    )
