"""Rendering Invoke's templates as the service would, with StrictUndefined."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import jinja2

from pbem.rulesets.invoke import ruleset
from pbem.rulesets.invoke.state import Game

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def environment(html: bool) -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES), undefined=jinja2.StrictUndefined,
        autoescape=html, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)


TEXT, HTML = environment(False), environment(True)
GAME = {"id": "g1", "name": "Test game", "ruleset": "invoke", "variant": "starter"}


def report(before: Game, after: Game, events: Sequence[Mapping[str, Any]], viewer: str,
           html: bool = False) -> str:
    phase = ruleset.phase(before)
    following = ruleset.phase(after)
    context = {
        "game": GAME,
        "viewer": viewer,
        "phase": {"id": phase.id, "label": phase.label},
        "view": ruleset.view(after, events, viewer),
        "next": None if following.over else {
            "id": following.id, "label": following.label, "kind": following.kind,
            "deadline": "Sat 28 Nov 2026 20:00 CET (19:00 UTC)"},
        "over": following.over,
        "result": following.result,
    }
    environment = HTML if html else TEXT
    return environment.get_template(f"invoke/report.{'html' if html else 'txt'}.j2").render(
        context)


def orders_help(state: Game, power: str) -> str:
    return TEXT.get_template("invoke/orders.txt.j2").render(
        game=GAME, power=power, view=ruleset.view(state, [], power))
