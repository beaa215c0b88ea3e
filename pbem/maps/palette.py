"""The map colours (``colours.yaml`` beside this module), checked at first use: the board's, and one
per power."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

import yaml

COLOURS_FILE = resources.files(__package__) / "colours.yaml"


class MapDataError(ValueError):
    """The colours or a map's data cannot be drawn; the message names the file and entry."""


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
