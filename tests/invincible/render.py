"""Rendering the Invincible! templates as the service will: views in, text out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2

from pbem.ruleset import Phase
from pbem.rulesets.invincible import ruleset
from pbem.rulesets.invincible.state import Game

TEMPLATES = Path(__file__).parents[2] / "templates"
GAME_INFO = {"id": "g1", "name": "Steppe", "ruleset": "invincible", "variant": "standard"}
DEADLINE = "Sat 28 Nov 2026 20:00 CET (19:00 UTC)"

TEXT = jinja2.Environment(
    loader=jinja2.FileSystemLoader(TEMPLATES), undefined=jinja2.StrictUndefined, autoescape=False
)
HTML = jinja2.Environment(
    loader=jinja2.FileSystemLoader(TEMPLATES), undefined=jinja2.StrictUndefined, autoescape=True
)


def report_context(phase: Phase, state: Game, events: list[dict[str, Any]], viewer: str) -> dict:
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
    context = report_context(phase, state, events, viewer)
    return [
        TEXT.get_template("invincible/report.txt.j2").render(**context),
        HTML.get_template("invincible/report.html.j2").render(**context),
    ]


def orders_help(state: Game, power: str) -> str:
    view = ruleset.view(state, [], power)
    return TEXT.get_template("invincible/orders.txt.j2").render(
        game=GAME_INFO, power=power, view=view
    )
