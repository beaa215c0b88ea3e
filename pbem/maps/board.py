"""A variant's board drawn as the players know it: outlines, names, units and coasts, as data.

``boards/<variant>.yaml`` holds the geometry (see its header and boards/README.md for its
source and licence); ``load`` reads and checks it against the variant's provinces, so a board
that misses a province or names one the map lacks fails with the file and the entry named.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from functools import cache
from importlib import resources
from typing import Any

import yaml

from pbem.frozen import Frozen

from .layout import Polygon
from .palette import MapDataError
from .svg import Point

BOARDS = resources.files(__package__) / "boards"


class Board(Frozen):
    """The drawn board of one variant, in its picture's pixels."""

    width: float
    height: float
    outlines: Mapping[str, tuple[Polygon, ...]]  # province -> rings (seas drawn whole have none)
    labels: Mapping[str, Point]  # where each province's name is written
    units: Mapping[str, Point]  # where a unit in each province (or on each coast) stands
    centres: Mapping[str, Point]  # where each supply centre's mark is
    order: tuple[str, ...]  # the painting order of the outlines
    sea_fill: tuple[Polygon, ...]  # seas drawn as one, under the seas' own outlines
    impassable: tuple[Polygon, ...]
    coast_lines: tuple[Polygon, ...]  # the dotted lines between a province's coasts


def exists(variant: str) -> bool:
    return (BOARDS / f"{variant}.yaml").is_file()


@cache
def load(variant: str, provinces: Collection[str], coasts: Collection[str]) -> Board:
    """The board of ``variant``, checked: every province and coast placed, and no other."""
    name = f"boards/{variant}.yaml"
    data = yaml.safe_load((BOARDS / f"{variant}.yaml").read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("provinces"), dict):
        raise MapDataError(f"{name}: expected a mapping with provinces")
    drawn: dict[str, Any] = data["provinces"]
    for wrong, why in (
        (set(provinces) - set(drawn), "not on the board"),
        (set(drawn) - set(provinces), "not on the map"),
    ):
        if wrong:
            raise MapDataError(f"{name}: provinces: {', '.join(sorted(wrong))} {why}")
    placed = data.get("coasts") or {}
    if set(placed) != set(coasts):
        raise MapDataError(f"{name}: coasts: expected {', '.join(sorted(coasts))}")
    units = {abbr: _point(entry.get("unit"), f"{name}: {abbr}.unit") for abbr, entry in drawn.items()}
    units.update({coast: _point(at, f"{name}: coasts.{coast}") for coast, at in placed.items()})
    return Board(
        width=float(data["width"]),
        height=float(data["height"]),
        outlines={
            abbr: tuple(_ring(r, f"{name}: {abbr}.outline") for r in entry.get("outline") or ())
            for abbr, entry in drawn.items()
        },
        labels={abbr: _point(entry.get("label"), f"{name}: {abbr}.label") for abbr, entry in drawn.items()},
        units=units,
        centres={
            abbr: _point(entry["centre"], f"{name}: {abbr}.centre")
            for abbr, entry in drawn.items()
            if "centre" in entry
        },
        order=tuple(data.get("order") or sorted(drawn)),
        sea_fill=tuple(_ring(r, f"{name}: sea_fill") for r in data.get("sea_fill") or ()),
        impassable=tuple(_ring(r, f"{name}: impassable") for r in data.get("impassable") or ()),
        coast_lines=tuple(_ring(r, f"{name}: coast_lines") for r in data.get("coast_lines") or ()),
    )


def _point(value: Any, where: str) -> Point:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int | float) for v in value)):
        raise MapDataError(f"{where}: expected [x, y]")
    return float(value[0]), float(value[1])


def _ring(text: Any, where: str) -> Polygon:
    try:
        ring = [(float(x), float(y)) for x, _, y in (pair.partition(",") for pair in str(text).split())]
    except ValueError:
        raise MapDataError(f"{where}: expected 'x,y x,y ...' points") from None
    if len(ring) < 3:
        raise MapDataError(f"{where}: a ring needs three points or more")
    return ring
