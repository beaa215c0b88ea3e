"""A position's marks (units, orders, centres, legend) drawn with Pillow from their SVG elements.

resvg spends some 60 ms on the few hundred shapes of a crowded position, most of it its fixed
cost of a whole canvas; Pillow draws the same shapes straight onto the board in a few. Only
what pbem.maps.svg writes is drawn here: circles, rectangles (rounded), lines, polylines,
polygons and quadratic paths (``M x,y Q x,y x,y``) with solid or dashed strokes, round or
butt caps, and the opacity of an element or a group, all with crisp edges as pbem.mail.pictures
asks of resvg; and text, which Pillow's hinted glyphs would not draw as resvg does, so each
text is rendered by resvg alone on a small canvas, once per process and place, and pasted.
Anything else, or anything unreadable, raises ``Unsupported``, and pbem.maps.raster renders
the marks with resvg instead.
"""

from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ElementTree
from functools import lru_cache
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape, quoteattr

if TYPE_CHECKING:
    from collections.abc import Callable

    from PIL import Image, ImageDraw

Point = tuple[float, float]

#: points a quadratic curve or a quarter of a circle is drawn with
CURVE_STEPS = 16
SHRINK = 0.4
#: where Pillow's whole circles and rectangles are placed to cover the pixels resvg's crisp
#: edges cover: their outer edge this much inside the stroke's, their right and bottom edges
#: twice as much more (Pillow counts a box's last pixel in). Measured over shapes at many
#: fractions of a pixel: fewer pixels apart from resvg than the pieces of ``ring``
EDGE = 0.25
ANCHORS = ("start", "middle", "end")
_INHERITED = ("fill", "stroke", "stroke-width", "stroke-dasharray", "stroke-linecap", "stroke-linejoin")
_KNOWN = set(_INHERITED) | {
    "opacity", "class", "x", "y", "width", "height", "rx", "cx", "cy", "r", "x1", "y1", "x2", "y2",
    "points", "d", "font-size", "font-weight", "font-style", "font-family", "text-anchor",
}  # fmt: skip


class Unsupported(ValueError):
    """An element or attribute these marks do not draw."""


def draw(image: Image.Image, elements: str, zoom: float) -> None:
    """Draw ``elements`` (SVG elements of pbem.maps, in painting order) onto ``image`` (RGB)."""
    from PIL import ImageDraw

    try:
        root = ElementTree.fromstring(f"<g>{elements}</g>")
        _Painter(image, ImageDraw.Draw(image), zoom, (0.0, 0.0)).children(root, {})
    except Unsupported:
        raise
    except (ElementTree.ParseError, ValueError, KeyError, IndexError) as error:  # a number or point amiss
        raise Unsupported(f"{type(error).__name__}: {error}") from None


class _Painter:
    def __init__(self, image: Image.Image, pen: ImageDraw.ImageDraw, zoom: float, offset: Point):
        self.image = image
        self.pen = pen
        self.zoom = zoom
        self.offset = offset

    def at(self, x: float, y: float) -> Point:
        """SVG user units to Pillow's pixels, whose integer coordinates are pixel centres."""
        return x * self.zoom - 0.25 - self.offset[0], y * self.zoom - 0.25 - self.offset[1]

    def children(self, parent: ElementTree.Element, style: dict[str, str]) -> None:
        for element in parent:
            self.element(element, style)

    def element(self, element: ElementTree.Element, inherited: dict[str, str]) -> None:
        attrs = element.attrib
        unknown = {name for name in attrs if name not in _KNOWN and not name.startswith("data-")}
        if unknown:
            raise Unsupported(f"<{element.tag}> {', '.join(sorted(unknown))}")
        style = dict(inherited)
        style.update({name: attrs[name] for name in _INHERITED if name in attrs})
        opacity = float(attrs.get("opacity", "1"))
        if opacity < 1:
            self.faded(element, style, opacity)
            return
        self.shape(element, style)

    def shape(self, element: ElementTree.Element, style: dict[str, str]) -> None:
        tag, attrs = element.tag, element.attrib
        number = _numbers(attrs)
        if tag == "g":
            self.children(element, style)
        elif tag == "circle":
            cx, cy, r = number("cx"), number("cy"), number("r")
            if not self.solid(style, (cx - r, cy - r, cx + r, cy + r), r):
                self.ring(self.circle(cx, cy, r), style)
        elif tag == "rect":
            x, y, width, height, rx = (
                number("x"),
                number("y"),
                number("width"),
                number("height"),
                number("rx", 0.0),
            )
            if not self.solid(
                style, (x, y, x + width, y + height), min(rx, width / 2, height / 2), rounded=True
            ):
                self.ring([self.at(x, y) for x, y in _rounded(x, y, width, height, rx)], style)
        elif tag == "line":
            self.stroke([self.at(number("x1"), number("y1")), self.at(number("x2"), number("y2"))], style)
        elif tag in ("polyline", "polygon"):
            line = [self.at(x, y) for x, y in _points(attrs["points"])]
            if tag == "polygon":
                self.ring(line, style)
            else:
                self.stroke(line, style)
        elif tag == "path":
            self.stroke([self.at(x, y) for x, y in _quadratic(attrs["d"])], style)
        elif tag == "text":
            self.text(element, style, number)
        else:
            raise Unsupported(f"<{tag}>")

    def solid(
        self, style: dict[str, str], box: tuple[float, ...], radius: float, rounded: bool = False
    ) -> bool:
        """A filled circle or (rounded) rectangle with a solid stroke, drawn by Pillow whole (two
        calls where its outline's pieces in ``ring`` took some sixty: most of a map's marks are
        such shapes). The stroke is at least a pixel wide all round, as resvg's crisp edges draw
        it; False (not drawn) for a shape without a fill, with a dashed stroke, or too small."""
        fill = style.get("fill", "#000000")
        if fill == "none" or "stroke-dasharray" in style:
            return False
        colour = style.get("stroke", "none")
        width = float(style.get("stroke-width", "1")) * self.zoom if colour != "none" else 0.0
        grow = width / 2 - EDGE
        left, top = self.at(box[0], box[1])
        right, bottom = self.at(box[2], box[3])
        far = grow - 2 * EDGE
        outline = [round(v) for v in (left - grow, top - grow, right + far, bottom + far)]
        if outline[2] <= outline[0] or outline[3] <= outline[1]:
            return False
        stroke = _colour(colour) if width > 0 else None
        pixels = max(1, round(width))
        if rounded:
            corner = max(round(radius * self.zoom + grow), 0)
            self.pen.rounded_rectangle(outline, corner, fill=_colour(fill), outline=stroke, width=pixels)
        else:
            self.pen.ellipse(outline, fill=_colour(fill), outline=stroke, width=pixels)
        return True

    def circle(self, cx: float, cy: float, r: float) -> list[Point]:
        """The circle's outline from its rightmost point, turning as SVG draws it (clockwise)."""
        steps = 4 * CURVE_STEPS
        return [
            self.at(cx + r * math.cos(2 * math.pi * n / steps), cy + r * math.sin(2 * math.pi * n / steps))
            for n in range(steps + 1)
        ]

    def ring(self, outline: list[Point], style: dict[str, str]) -> None:
        """A closed shape: filled, then stroked along its outline."""
        fill = style.get("fill", "#000000")
        if fill != "none":
            self.pen.polygon(outline, fill=_colour(fill))
        if outline[0] != outline[-1]:
            outline = [*outline, outline[0]]
        self.stroke(outline, style, closed=True)

    def stroke(self, line: list[Point], style: dict[str, str], closed: bool = False) -> None:
        colour = style.get("stroke", "none")
        width = float(style.get("stroke-width", "1")) * self.zoom
        if colour == "none" or width <= 0:
            return
        round_ends = style.get("stroke-linecap") == "round"
        dashes = style.get("stroke-dasharray")
        pieces = _dashed(line, [float(v) * self.zoom for v in dashes.split()]) if dashes else [line]
        for piece in pieces:
            self.piece(piece, _colour(colour), width, round_ends, closed and not dashes)

    def piece(self, line: list[Point], colour: str, width: float, round_ends: bool, closed: bool) -> None:
        half = max(width / 2 - SHRINK, 0.0)
        for (x1, y1), (x2, y2) in zip(line, line[1:], strict=False):
            length = math.hypot(x2 - x1, y2 - y1)
            if length == 0:
                continue
            nx, ny = -(y2 - y1) / length * half, (x2 - x1) / length * half
            self.pen.polygon(
                [(x1 + nx, y1 + ny), (x2 + nx, y2 + ny), (x2 - nx, y2 - ny), (x1 - nx, y1 - ny)], colour
            )
        ends = line[:1] + line[-1:] if round_ends else []
        joints = _corners(line, closed) if closed or round_ends else []
        for x, y in ends + joints:
            self.pen.ellipse((x - half, y - half, x + half, y + half), fill=colour)

    def text(self, element: ElementTree.Element, style: dict[str, str], number: Callable[..., float]) -> None:
        """Text as resvg writes it (Pillow's hinted glyphs are not resvg's): each text is rendered
        once per process at its place's fraction of a pixel, and pasted."""
        attrs = element.attrib
        anchor = attrs.get("text-anchor", "start")
        if anchor not in ANCHORS or len(element):
            raise Unsupported("text")
        x, y = number("x") * self.zoom - self.offset[0], number("y") * self.zoom - self.offset[1]
        fonts = tuple(attrs.get(name, "") for name in ("font-family", "font-weight", "font-style"))
        sprite, (left, top) = _text(
            element.text or "",
            round(number("font-size") * self.zoom, 3),
            anchor,
            fonts,
            _colour(style.get("fill", "#000000")),
            round(x % 1, 2),
            round(y % 1, 2),
        )
        self.image.paste(
            sprite.convert("RGB"), (math.floor(x) - left, math.floor(y) - top), sprite.getchannel("A")
        )

    def faded(self, element: ElementTree.Element, style: dict[str, str], opacity: float) -> None:
        """An element or group at ``opacity``: drawn whole on a layer of its own, then blended."""
        from PIL import Image, ImageDraw

        left, top, right, bottom = (int(v) for v in _extent(element, self.zoom))
        left, top = max(left, 0), max(top, 0)
        right, bottom = min(right, self.image.width), min(bottom, self.image.height)
        if right <= left or bottom <= top:
            return
        layer = Image.new("RGBA", (right - left, bottom - top), (0, 0, 0, 0))
        painter = _Painter(
            layer, ImageDraw.Draw(layer), self.zoom, (left + self.offset[0], top + self.offset[1])
        )
        painter.shape(element, style)
        alpha = layer.getchannel("A").point(lambda a: round(a * opacity))
        self.image.paste(layer.convert("RGB"), (left, top), alpha)


def _numbers(attrs: dict[str, str]) -> Callable[..., float]:
    """A reader of ``attrs``' numbers: ``number(name, default)``."""

    def number(name: str, default: float | None = None) -> float:
        value = attrs.get(name)
        if value is None:
            if default is None:
                raise Unsupported(f"{name} missing")
            return default
        return float(value)

    return number


def _extent(element: ElementTree.Element, zoom: float) -> tuple[float, float, float, float]:
    """The pixels an element and its children may touch, with room for their strokes."""
    xs: list[float] = []
    ys: list[float] = []
    widest = 0.0
    for part in element.iter():
        attrs = part.attrib
        widest = max(widest, float(attrs.get("stroke-width", "1")), float(attrs.get("r", "0")))
        if part.tag == "text":
            raise Unsupported("faded text")
        for x_name, y_name in (("x", "y"), ("cx", "cy"), ("x1", "y1"), ("x2", "y2")):
            if x_name in attrs and y_name in attrs:
                xs.append(float(attrs[x_name]))
                ys.append(float(attrs[y_name]))
        if "width" in attrs and "x" in attrs:
            xs.append(float(attrs["x"]) + float(attrs["width"]))
            ys.append(float(attrs["y"]) + float(attrs["height"]))
        for key in ("points", "d"):
            if key in attrs:
                for x, y in _points(attrs[key].replace("M", " ").replace("Q", " ")):
                    xs.append(x)
                    ys.append(y)
    margin = widest + 2
    if not xs:
        return 0.0, 0.0, 0.0, 0.0
    return (
        (min(xs) - margin) * zoom - 1,
        (min(ys) - margin) * zoom - 1,
        (max(xs) + margin) * zoom + 2,
        (max(ys) + margin) * zoom + 2,
    )


#: the least turn of a stroke that gets a round joint: a flattened curve's gentle turns need none
CORNER = math.radians(20)


def _corners(line: list[Point], closed: bool) -> list[Point]:
    """The points where ``line`` turns by CORNER or more (its start too, where it closes)."""
    if closed and len(line) > 2:
        line = [line[-2], *line]
    out = []
    for a, b, c in zip(line, line[1:], line[2:], strict=False):
        turn = math.atan2(c[1] - b[1], c[0] - b[0]) - math.atan2(b[1] - a[1], b[0] - a[0])
        if abs((turn + math.pi) % (2 * math.pi) - math.pi) >= CORNER:
            out.append(b)
    return out


def _points(text: str) -> list[Point]:
    pairs = [pair.partition(",") for pair in text.split()]
    return [(float(x), float(y)) for x, _, y in pairs]


def _quadratic(d: str) -> list[Point]:
    """The points of ``M x,y Q cx,cy x,y``, the one path pbem.maps.svg writes."""
    words = d.replace("M", " M ").replace("Q", " Q ").split()
    if len(words) != 5 or words[0] != "M" or words[2] != "Q":
        raise Unsupported(f"path {d!r}")
    (x0, y0), (cx, cy), (x1, y1) = _points(" ".join((words[1], words[3], words[4])))
    steps = CURVE_STEPS
    out = []
    for n in range(steps + 1):
        t = n / steps
        out.append(
            (
                (1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x1,
                (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * y1,
            )
        )
    return out


def _rounded(x: float, y: float, width: float, height: float, rx: float) -> list[Point]:
    """A rectangle's outline (corners of radius ``rx``) from its top edge, clockwise."""
    rx = min(rx, width / 2, height / 2)
    if rx <= 0:
        return [(x, y), (x + width, y), (x + width, y + height), (x, y + height), (x, y)]
    out: list[Point] = []
    corners = (
        (x + width - rx, y + rx, -90),
        (x + width - rx, y + height - rx, 0),
        (x + rx, y + height - rx, 90),
        (x + rx, y + rx, 180),
    )
    for cx, cy, start in corners:
        for n in range(CURVE_STEPS // 2 + 1):
            angle = math.radians(start + 90 * n / (CURVE_STEPS // 2))
            out.append((cx + rx * math.cos(angle), cy + rx * math.sin(angle)))
    out.append(out[0])
    return out


def _dashed(line: list[Point], pattern: list[float]) -> list[list[Point]]:
    """The pieces of ``line`` its dash ``pattern`` (on, off, ...) draws, from its start."""
    if len(pattern) % 2:
        pattern = pattern * 2
    if not pattern or sum(pattern) <= 0:
        return [line]
    pieces: list[list[Point]] = []
    index, left, on = 0, pattern[0], True
    current: list[Point] = [line[0]]
    for (x1, y1), (x2, y2) in zip(line, line[1:], strict=False):
        length = math.hypot(x2 - x1, y2 - y1)
        done = 0.0
        while length - done > left:
            done += left
            point = (x1 + (x2 - x1) * done / length, y1 + (y2 - y1) * done / length)
            if on:
                current.append(point)
                pieces.append(current)
            else:
                current = [point]
            on = not on
            index = (index + 1) % len(pattern)
            left = pattern[index]
        left -= length - done
        if on:
            current.append((x2, y2))
    if on and len(current) > 1:
        pieces.append(current)
    return pieces


def _colour(value: str) -> str:
    if not (value.startswith("#") and len(value) == 7):
        raise Unsupported(f"colour {value!r}")
    return value


@lru_cache(maxsize=1024)
def _text(
    words: str, size: float, anchor: str, fonts: tuple[str, str, str], fill: str, fx: float, fy: float
) -> tuple[Image.Image, tuple[int, int]]:
    """``words`` rendered by resvg on a canvas of their own, their anchor ``fx``, ``fy`` past a
    pixel's corner; and where that pixel is on the canvas."""
    import resvg_py
    from PIL import Image

    pad = math.ceil(size / 2) + 2
    width = math.ceil(len(words) * size * 0.9) + 2 * pad
    height = math.ceil(size * 1.5) + 2 * pad
    left = {"start": pad, "middle": width // 2, "end": width - pad}[anchor]
    top = pad + math.ceil(size)
    family, weight, slant = fonts
    attributes = {"font-family": family, "font-weight": weight, "font-style": slant}
    extra = "".join(f" {name}={quoteattr(value)}" for name, value in attributes.items() if value)
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">'
        f'<text x="{left + fx}" y="{top + fy}" font-size="{size}" text-anchor="{anchor}"'
        f' fill="{fill}"{extra}>'
        f"{escape(words)}</text></svg>"
    )
    rendered = resvg_py.svg_to_bytes(svg_string=svg, text_rendering="optimize_legibility")
    return Image.open(io.BytesIO(bytes(rendered))).convert("RGBA"), (left, top)
