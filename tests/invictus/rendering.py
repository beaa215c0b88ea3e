"""Rendering the Invictus templates as the service does (tests/rendering.py)."""

from __future__ import annotations

from typing import Any

from pbem.rulesets.invictus import ruleset
from pbem.rulesets.invictus.state import Game
from tests import rendering


def report(before: Game, after: Game, events: list[dict[str, Any]], viewer: str, kind: str = "txt") -> str:
    """The report of the phase ``before`` -> ``after`` for ``viewer``."""
    return rendering.report(ruleset, "standard", before, after, events, viewer, html=kind == "html")


def orders_help(game: Game, power: str) -> str:
    return rendering.orders_help(ruleset, "standard", game, power)
