"""Rendering the Invincible! templates as the service does (tests/rendering.py)."""

from __future__ import annotations

from typing import Any

from pbem.ruleset import Phase
from pbem.rulesets.invincible import ruleset
from pbem.rulesets.invincible.state import Game
from tests import rendering
from tests.rendering import TEMPLATES

GAME_INFO = rendering.game_info(ruleset, "standard", name="Steppe")


def reports(phase: Phase, state: Game, events: list[dict[str, Any]], viewer: str) -> list[str]:
    """The text and HTML reports of one phase for one viewer."""
    context = rendering.report_context(GAME_INFO, ruleset, phase, state, events, viewer, rendering.DEADLINE)
    text, html = TEMPLATES.report("invincible", **context)
    assert html is not None
    return [text, html]


def html_report(phase: Phase, state: Game, events: list[dict[str, Any]], viewer: str) -> str:
    return reports(phase, state, events, viewer)[1]


def orders_help(state: Game, power: str) -> str:
    return rendering.orders_help(ruleset, "standard", state, power)
