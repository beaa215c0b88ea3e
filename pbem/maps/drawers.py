"""Which module draws each game's map (``DRAWERS``), and the picture of a view, drawn once per view."""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from pbem import stopwatch

#: ruleset name -> "module:function" drawing its view as SVG text
DRAWERS: dict[str, str] = {
    "diplomacy": "pbem.maps.diplomacy:draw",
    "generals": "pbem.maps.generals:draw",
}


def has_picture(ruleset: str) -> bool:
    return ruleset in DRAWERS


def picture(ruleset: str, view: Mapping[str, Any]) -> str | None:
    """The SVG picture of ``view`` of a ``ruleset`` game, or None if that game has no map.

    A picture depends on the view alone, and every player of a game without fog of war
    gets the same view: so the last pictures drawn are kept, keyed by the view's JSON,
    and a phase's map is drawn once rather than once per reader.
    """
    if ruleset not in DRAWERS:
        return None
    return _drawn(ruleset, json.dumps(view, sort_keys=True, default=str))


@lru_cache(maxsize=32)
def _drawn(ruleset: str, view_json: str) -> str:
    module_name, _, name = DRAWERS[ruleset].partition(":")
    draw: Callable[[Mapping[str, Any]], str] = getattr(importlib.import_module(module_name), name)
    with stopwatch.timed("render"):
        return draw(json.loads(view_json))
