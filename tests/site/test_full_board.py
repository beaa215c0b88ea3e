"""The standard board with a unit on every place it has: no unit hides another, no name is hidden.

A fleet in the Skagerrak once stood almost wholly under a unit in Denmark, and names were
written where the units stand, so a full board hid both. Here a unit stands on every province
and coast at once (the fullest the board can be), the picture is drawn, and the names and the
units are rendered apart (resvg, as the mail's PNG is) to count the pixels where a unit or a
supply centre's mark would cover a letter.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from functools import cache
from typing import Any

import resvg_py
from PIL import Image

from pbem.maps import diplomacy as drawing
from pbem.maps.layout import clear_places
from pbem.rulesets.diplomacy.variant import load_variant
from tests.site.helpers import SVG, adjudicated, units_drawn

STANDARD = load_variant("standard").map


def every_place() -> list[str]:
    """A unit on every place of the board: a fleet on each coast and sea, an army on each land."""
    units = []
    for abbr, province in sorted(STANDARD.provinces.items()):
        if province.coasts:
            units += [f"F {location}" for location in province.locations if "/" in location]
        else:
            units.append(("F " if province.type == "sea" else "A ") + abbr)
    return units


@cache
def full_board() -> str:
    view: dict[str, Any] = adjudicated({})
    units = every_place()
    powers = [row["power"] for row in view["powers"]]
    view["powers"] = [dict(row, units=units[n :: len(powers)]) for n, row in enumerate(view["powers"])]
    view["phases"] = []
    return drawing.draw(view)


def _alone(root: ET.Element, keep: list[ET.Element]) -> Image.Image:
    """The pixels ``keep`` paints, on nothing (its alpha channel)."""
    picture = ET.Element(f"{SVG}svg", {k: v for k, v in root.attrib.items() if k != "style"})
    picture.extend(keep)
    svg = ET.tostring(picture, encoding="unicode").replace("ns0:", "").replace(":ns0", "")
    return Image.open(io.BytesIO(bytes(resvg_py.svg_to_bytes(svg_string=svg)))).getchannel("A")


def test_no_two_units_of_a_full_board_overlap_and_none_stands_in_the_legend():
    root = ET.fromstring(full_board())
    drawn = units_drawn(root)
    assert len(drawn) == len(every_place())
    boxes = {}
    for (_, unit), group in drawn.items():
        shape = group[0]
        if shape.tag == f"{SVG}rect":
            x, y = float(shape.get("x")), float(shape.get("y"))
            boxes[unit] = (x, y, x + float(shape.get("width")), y + float(shape.get("height")))
        else:
            cx, cy, r = (float(shape.get(k)) for k in ("cx", "cy", "r"))
            boxes[unit] = (cx - r, cy - r, cx + r, cy + r)
    shape = drawing.shape("standard")
    for unit, (left, top, right, bottom) in boxes.items():  # above the legend, inside the frame
        assert left >= 0 and right <= shape.width and top >= 0 and bottom <= shape.height, unit
    names = sorted(boxes)
    for n, a in enumerate(names):
        for b in names[n + 1 :]:
            left, top, right, bottom = boxes[a]
            other = boxes[b]
            apart = right <= other[0] or other[2] <= left or bottom <= other[1] or other[3] <= top
            assert apart, (a, b)


def test_no_unit_or_centre_mark_of_a_full_board_covers_a_letter_of_a_name():
    root = ET.fromstring(full_board())
    written = {province.name for province in STANDARD.provinces.values()}
    letters = [t for t in root.iter(f"{SVG}text") if t.text in written]
    assert len(letters) == len(STANDARD.provinces)
    for text in letters:
        text.set("stroke", "none")  # the halo may touch a unit; the letters may not
    covering = [g for g in root.iter(f"{SVG}g") if g.get("class", "").startswith("unit")]
    covering += [c for c in root.iter(f"{SVG}circle") if c.get("class") == "centre"]
    names = _alone(root, letters).point(lambda a: 255 if a > 64 else 0)
    marks = _alone(root, covering).point(lambda a: 255 if a > 64 else 0)
    hidden = Image.composite(names, Image.new("L", names.size, 0), marks)
    assert hidden.getbbox() is None, f"letters under a unit or mark around {hidden.getbbox()}"


def test_a_name_that_would_cover_something_moves_to_the_nearest_free_place():
    wanted = {"a": (50.0, 50.0), "b": (200.0, 50.0)}
    extents = {"a": (10.0, 5.0, 5.0), "b": (10.0, 5.0, 5.0)}
    keep_out = [(40.0, 40.0, 60.0, 60.0)]  # over a's place, nowhere near b's
    placed = clear_places(wanted, extents, keep_out, (0.0, 0.0, 400.0, 400.0))
    assert placed["b"] == (200.0, 50.0)
    x, y = placed["a"]
    box = (x - 10, y - 5, x + 10, y + 5)
    assert box[0] >= 60 or box[2] <= 40 or box[1] >= 60 or box[3] <= 40  # clear of it
    assert abs(x - 50) + abs(y - 50) <= 30  # and near where it was wanted
