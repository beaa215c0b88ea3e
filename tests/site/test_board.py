"""The standard map drawn as the board players know it (pbem/maps/board.py, boards/standard.yaml):
province outlines, every unit inside its own province, coasts apart, full names written."""

from __future__ import annotations

import pytest

from pbem.maps import MapDataError, board
from pbem.maps import diplomacy as drawing
from pbem.rulesets.diplomacy.variant import load_variant
from tests.site.helpers import SVG, adjudicated, parse, units_drawn

STANDARD = load_variant("standard").map


def _inside(point: tuple[float, float], ring: list[tuple[float, float]]) -> bool:
    x, y = point
    hit = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            hit = not hit
    return hit


def test_every_land_province_has_its_outline_and_its_unit_stands_where_it_shows() -> None:
    shape = drawing.shape("standard")
    drawn = shape.board
    assert drawn is not None
    for abbr, province in STANDARD.provinces.items():
        if province.type == "sea":
            continue
        assert drawn.outlines[abbr], abbr
        point = shape.positions[abbr]
        assert any(_inside(point, ring) for ring in drawn.outlines[abbr]), abbr
        later = drawn.order[drawn.order.index(abbr) + 1 :]
        covering = [
            b
            for b in later
            if STANDARD.provinces[b].type != "sea" and any(_inside(point, ring) for ring in drawn.outlines[b])
        ]
        assert covering == [], (abbr, covering)  # no province painted over it hides the unit


def test_every_supply_centre_mark_lies_in_its_province() -> None:
    drawn = drawing.shape("standard").board
    assert drawn is not None
    assert set(drawn.centres) == set(STANDARD.supply_centres)
    for abbr, point in drawn.centres.items():
        assert any(_inside(point, ring) for ring in drawn.outlines[abbr]), abbr


def test_a_fleet_on_a_coast_is_drawn_on_that_coast() -> None:
    shape = drawing.shape("standard")
    for province in ("STP", "SPA", "BUL"):
        a, b = STANDARD.provinces[province].locations
        assert shape.positions[a] != shape.positions[b]
    view = adjudicated({"Russia": ["F STP/SC - BOT"]})
    view["powers"] = [
        dict(row, units=["F STP/NC"] if row["power"] == "Russia" else []) for row in view["powers"]
    ]
    view["phases"] = []
    unit = next(iter(units_drawn(parse(drawing.draw(view)))[("Russia", "F STP/NC")]))
    north = shape.positions["STP/NC"]
    assert float(unit.get("x", 0)) < north[0] < float(unit.get("x", 0)) + float(unit.get("width", 0))


def test_the_picture_writes_every_provinces_full_name() -> None:
    root = parse(drawing.draw(adjudicated({})))
    written = {t.text for t in root.iter(f"{SVG}text")}
    assert {p.name for p in STANDARD.provinces.values()} <= written


def test_a_board_that_misses_a_province_names_the_file_and_the_province() -> None:
    with pytest.raises(MapDataError, match=r"boards/standard.yaml: provinces: XYZ not on the board"):
        board.load("standard", (*sorted(STANDARD.provinces), "XYZ"), ())
