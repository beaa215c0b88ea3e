"""Rendering Invoke's templates as the service would, with StrictUndefined."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.reports import Templates
from pbem.rulesets.invoke import ruleset
from pbem.rulesets.invoke.state import Game

TEMPLATES = Templates()  # the service's own environments (whitespace, escaping, strictness)
GAME = {"id": "g1", "name": "Test game", "ruleset": "invoke", "variant": "starter"}


def report(
    before: Game, after: Game, events: Sequence[Mapping[str, Any]], viewer: str, html: bool = False
) -> str:
    phase = ruleset.phase(before)
    following = ruleset.phase(after)
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
    if html:
        return TEMPLATES.html("invoke/report.html.j2", **context)
    return TEMPLATES.text("invoke/report.txt.j2", **context)


def orders_help(state: Game, power: str) -> str:
    return TEMPLATES.text("invoke/orders.txt.j2", game=GAME, power=power, view=ruleset.view(state, [], power))
