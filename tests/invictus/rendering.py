"""Rendering the Invictus templates the way the service does, for tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2

from pbem.rulesets.invictus import ruleset
from pbem.rulesets.invictus.state import Game

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
ENVIRONMENT = jinja2.Environment(
    loader=jinja2.FileSystemLoader(TEMPLATES),
    undefined=jinja2.StrictUndefined,
    autoescape=jinja2.select_autoescape(["html", "html.j2"]),
    trim_blocks=True,
    lstrip_blocks=True,
)
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
    return ENVIRONMENT.get_template(f"invictus/report.{kind}.j2").render(**context)


def orders_help(game: Game, power: str) -> str:
    return ENVIRONMENT.get_template("invictus/orders.txt.j2").render(
        game=GAME, power=power, view=ruleset.view(game, [], power)
    )
