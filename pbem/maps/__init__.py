"""Map pictures: one SVG per phase, drawn from one viewer's view.

``picture(ruleset, view)`` is a pure function of a view, the dict a ruleset's
``view(state, events, viewer)`` returns, so a picture shows exactly what that
viewer may see: fog of war holds by construction. The map's shape (province
positions, borders) comes from the game's own map data, which is public.

Each game with a map has a drawer module here (``diplomacy``, ...) named in
``DRAWERS``; games without one (the card games) have no picture. ``svg`` writes
the SVG text, ``layout`` turns province points into areas, ``colours.yaml``
holds the colours.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping, Sequence
from functools import cache, lru_cache
from importlib import resources
from typing import Any

import yaml

COLOURS_FILE = resources.files(__package__) / "colours.yaml"

#: ruleset name -> "module:function" drawing its view as SVG text
DRAWERS: dict[str, str] = {
    "diplomacy": "pbem.maps.diplomacy:draw",
    "generals": "pbem.maps.generals:draw",
}


class MapDataError(ValueError):
    """The colours or a map's data cannot be drawn; the message names the file and entry."""


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
    return draw(json.loads(view_json))


def _colour(value: object, where: str) -> str:
    text = str(value)
    if len(text) != 7 or not text.startswith("#") or any(c not in "0123456789abcdefABCDEF" for c in text[1:]):
        raise MapDataError(f"{COLOURS_FILE.name}: {where}: {value!r} is not a colour; write '#rrggbb'")
    return text.lower()


@cache
def colours() -> dict[str, Any]:
    """The checked contents of colours.yaml."""
    data = yaml.safe_load(COLOURS_FILE.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise MapDataError(f"{COLOURS_FILE.name}: expected a mapping at the top")
    checked: dict[str, Any] = {}
    for key in ("sea", "land", "impassable", "background", "border", "label", "unowned_centre"):
        if key not in data:
            raise MapDataError(f"{COLOURS_FILE.name}: {key}: missing")
        checked[key] = _colour(data[key], key)
    powers = data.get("powers") or {}
    if not isinstance(powers, dict):
        raise MapDataError(f"{COLOURS_FILE.name}: powers: expected power: colour entries")
    checked["powers"] = {str(power): _colour(value, f"powers: {power}") for power, value in powers.items()}
    others = data.get("others") or []
    if not isinstance(others, list) or not others:
        raise MapDataError(f"{COLOURS_FILE.name}: others: expected a list of colours")
    checked["others"] = [_colour(value, f"others: entry {n}") for n, value in enumerate(others, 1)]
    return checked


def power_colours(powers: Sequence[str]) -> dict[str, str]:
    """A colour for each of ``powers``: its own, or the next free one of ``others``."""
    table = colours()
    spare = iter(c for c in table["others"] if c not in table["powers"].values())
    out: dict[str, str] = {}
    for power in powers:
        if power in table["powers"]:
            out[power] = table["powers"][power]
        else:
            out[power] = next(spare, "#777777")
    return out
