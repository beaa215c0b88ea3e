"""Writing SVG text: a drawing of elements, and the few marks every map shares.

Plain SVG 1.1 with no markers, filters or CSS, so the same text works inline in
a mail's HTML part and as a file behind an <img> on the archive site. Arrow
heads are drawn as polygons rather than <marker>s: markers cannot take the
colour of their line in SVG 1.1, and some mail clients drop them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from functools import lru_cache
from xml.sax.saxutils import escape, quoteattr

Point = tuple[float, float]

#: how a failed order is drawn over its usual mark: faded, with a red cross at its end
FAILED_OPACITY = 0.45
FAILED_CROSS = "#d00000"


def _number(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


#: what an attribute's value needs quoted as XML: else it is written as it is, a third of
#: a map's time went into quoting numbers and colours that need none
_SPECIAL = re.compile(r'[&<>"\n\r\t]')


def _attributes(attrs: dict[str, object]) -> str:
    parts = []
    for name, value in attrs.items():
        if value is None:
            continue
        if isinstance(value, float):
            value = _number(value)
        text = str(value)
        quoted = quoteattr(text) if _SPECIAL.search(text) else f'"{text}"'  # most are plain
        parts.append(f" {_attribute_name(name)}={quoted}")
    return "".join(parts)


@lru_cache(maxsize=256)
def _attribute_name(keyword: str) -> str:
    """``stroke_width`` as SVG writes it, ``stroke-width``; ``class_`` as ``class``."""
    return keyword.rstrip("_").replace("_", "-")


def points(path: Sequence[Point]) -> str:
    return " ".join(f"{_number(x)},{_number(y)}" for x, y in path)


def board_points(path: list[Point]) -> str:
    """``points`` of a board's outline: the same at every drawing of the board, so written once
    (half the time of a Diplomacy map's SVG went into writing its outlines' numbers again)."""
    return _kept_points(tuple(path))


@lru_cache(maxsize=4096)
def _kept_points(path: tuple[Point, ...]) -> str:
    return points(path)


class Drawing:
    """An SVG document built element by element, in painting order."""

    def __init__(self, width: float, height: float, title: str, description: str = ""):
        self.width = width
        self.height = height
        self.parts: list[str] = [f"<title>{escape(title)}</title>"]
        if description:
            self.parts.append(f"<desc>{escape(description)}</desc>")

    def add(self, tag: str, text: str | None = None, /, **attrs: object) -> None:
        """One element; ``stroke_width=2`` is written ``stroke-width="2"``, ``class_`` ``class``."""
        if text is None:
            self.parts.append(f"<{tag}{_attributes(attrs)}/>")
        else:
            self.parts.append(f"<{tag}{_attributes(attrs)}>{escape(text)}</{tag}>")

    def open(self, tag: str = "g", **attrs: object) -> None:
        self.parts.append(f"<{tag}{_attributes(attrs)}>")

    def close(self, tag: str = "g") -> None:
        self.parts.append(f"</{tag}>")

    def text(self, xy: Point, words: str, size: float = 11, **attrs: object) -> None:
        attrs.setdefault("text_anchor", "middle")
        attrs.setdefault("font_family", "DejaVu Sans, Verdana, Arial, sans-serif")
        self.add("text", words, x=float(xy[0]), y=float(xy[1]), font_size=float(size), **attrs)

    def render(self) -> str:
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
            f'width="{_number(self.width)}" height="{_number(self.height)}" '
            f'viewBox="0 0 {_number(self.width)} {_number(self.height)}" role="img" '
            f'style="max-width:100%;height:auto">'
        )
        return head + "\n" + "\n".join(self.parts) + "\n</svg>\n"


# -- geometry of lines between units -------------------------------------------------------


def toward(start: Point, end: Point, distance: float) -> Point:
    """The point ``distance`` along the way from ``start`` to ``end``."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    return start[0] + dx * distance / length, start[1] + dy * distance / length


def shortened(start: Point, end: Point, at_start: float, at_end: float) -> tuple[Point, Point]:
    """The segment with ``at_start`` and ``at_end`` cut off, so it stops at a unit's edge."""
    length = math.hypot(end[0] - start[0], end[1] - start[1])
    if length <= at_start + at_end + 4:
        return start, end
    return toward(start, end, at_start), toward(end, start, at_end)


def bend_point(start: Point, end: Point, bend: float) -> Point:
    """The control point of a gentle curve: two moves in opposite directions do not overlap."""
    mx, my = (start[0] + end[0]) / 2, (start[1] + end[1]) / 2
    dx, dy = end[0] - start[0], end[1] - start[1]
    return mx - dy * bend, my + dx * bend


def arrow(
    drawing: Drawing,
    start: Point,
    end: Point,
    colour: str,
    *,
    width: float = 3.0,
    dash: str | None = None,
    hollow: bool = False,
    bend: float = 0.12,
    failed: bool = False,
    head: bool = True,
) -> None:
    """A curved line from ``start`` to ``end`` with a head at ``end`` (``hollow``: outlined)."""
    control = bend_point(start, end, bend)
    tip = end
    # The head points along the curve's last tangent, from the control point to the tip.
    base = toward(tip, control, 13.0) if head else tip
    drawing.open("g", opacity=FAILED_OPACITY if failed else None)
    drawing.add(
        "path",
        d=f"M{points([start])} Q{points([control])} {points([base])}",
        fill="none",
        stroke=colour,
        stroke_width=width,
        stroke_dasharray=dash,
        stroke_linecap="round",
    )
    if head:
        ux, uy = tip[0] - base[0], tip[1] - base[1]
        left = (base[0] - uy * 0.5, base[1] + ux * 0.5)
        right = (base[0] + uy * 0.5, base[1] - ux * 0.5)
        drawing.add(
            "polygon",
            points=points([tip, left, right]),
            fill="#ffffff" if hollow else colour,
            stroke=colour if hollow else "#000000",
            stroke_width=1.5 if hollow else 0.6,
        )
    drawing.close()
    if failed:
        cross(drawing, toward(end, start, 4.0), FAILED_CROSS)


def cross(drawing: Drawing, centre: Point, colour: str, size: float = 7.0, width: float = 3.5) -> None:
    """An X: a failed order's end, or a unit removed."""
    x, y = centre
    for (x1, y1), (x2, y2) in (
        ((x - size, y - size), (x + size, y + size)),
        ((x - size, y + size), (x + size, y - size)),
    ):
        ends = {"x1": float(x1), "y1": float(y1), "x2": float(x2), "y2": float(y2)}
        drawing.add("line", **ends, stroke="#ffffff", stroke_width=width + 2.5, stroke_linecap="round")
        drawing.add("line", **ends, stroke=colour, stroke_width=width, stroke_linecap="round")


#: the height of one row of a power key
KEY_ROW = 22.0


def key_places(at: Point, entries: list[tuple[str, str]], right: float) -> list[Point]:
    """Where each entry of a power key goes: in rows from ``at``, wrapping before ``right``."""
    x, y = at
    places = []
    for label, _ in entries:
        width = 30 + 7.0 * len(label)
        if x + min(width, 90) > right and x > at[0]:
            x, y = at[0], y + KEY_ROW
        places.append((x, y))
        x += width
    return places


def power_key(drawing: Drawing, at: Point, entries: list[tuple[str, str]], right: float) -> None:
    """A legend's rows of coloured squares with their labels (see key_places)."""
    for (label, colour), (x, y) in zip(entries, key_places(at, entries, right), strict=True):
        drawing.add(
            "rect", x=x, y=y - 7, width=14.0, height=14.0, fill=colour, stroke="#000000", stroke_width=0.8
        )
        drawing.text((x + 19, y + 4), label, size=11, text_anchor="start", fill="#222222")


def text_colour(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` ("#rrggbb")."""
    red, green, blue = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * red + 0.587 * green + 0.114 * blue > 150 else "#ffffff"


def tint(colour: str, share: float) -> str:
    """``colour`` mixed with white: ``share`` of the colour, the rest white."""
    channels = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(c * share + 255 * (1 - share)):02x}" for c in channels)
