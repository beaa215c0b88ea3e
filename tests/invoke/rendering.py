"""Rendering Invoke's templates as the service does (tests/rendering.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.rulesets.invoke import ruleset
from pbem.rulesets.invoke.state import Game
from tests import rendering


def report(
    before: Game, after: Game, events: Sequence[Mapping[str, Any]], viewer: str, html: bool = False
) -> str:
    return rendering.report(ruleset, "starter", before, after, events, viewer, html=html)


def orders_help(state: Game, power: str) -> str:
    return rendering.orders_help(ruleset, "starter", state, power)
