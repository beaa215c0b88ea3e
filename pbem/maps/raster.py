"""A map's picture in pixels, drawn fast: the board rasterized once per process, a position over it.

resvg takes some 110 ms for the crowded standard board, most of it the board's areas and names
(text is what costs), yet a position changes only the areas' fills and the marks drawn over
them. So an SVG that pbem.maps drew is cut in three at its group of names (``data-layer="names"``):

- the board before it: rendered once with each area (``class="area"``) in a colour of its own,
  with crisp edges so that every pixel is one area's, a border's or another colour the board
  always has, and kept as a palette image. A position's board is that image with each area's
  palette entry set to its fill in the position's SVG: every owned area is tinted in one step.
- the names: rendered once on a transparent canvas and kept, composited over the board.
- the rest (centres, units, orders, legend): rendered alone on a transparent canvas.

The result agrees with the whole SVG rendered at once (tests/site/test_raster.py compares them
pixel by pixel). An SVG without the names group, or a board of more colours than a palette
holds, gets None, and pbem.mail.pictures renders it whole.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from pbem.frozen import Frozen

from . import marks

if TYPE_CHECKING:
    from PIL import Image

#: an area's polygon as pbem.maps.svg writes it, its fill apart
_AREA = re.compile(
    r'(<polygon points="[^"]*" fill=")(#[0-9a-fA-F]{6})(" class="area" data-province="[^"]*")'
    r'(?: data-owner="[^"]*")?/>'
)
_NAMES = re.compile(r'<g data-layer="names"[^>]*>[^<]*(?:<(?!/g>)[^<]*)*</g>')
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}\b")


#: the grays a map's palette holds besides its own colours: a name's smoothed edge blends the
#: name's dark colour into what is under it, and six levels keep its letters' shapes
GRAYS = tuple((level, level, level) for level in range(0, 256, 51))

RGB = tuple[int, int, int]


class Drawn(Frozen):
    """A map drawn by layers: its picture, and the colours it is made of (``draw``)."""

    image: Image.Image
    colours: tuple[RGB, ...]


def draw(svg: str, zoom: float, background: str) -> Drawn | None:
    """``svg`` as an RGB image at ``zoom`` over ``background``, drawn by layers, or None if it
    has none; shapes with crisp edges and text smoothed, as pbem.mail.pictures asks. With it, the
    colours the picture is made of: the board's own, every colour the SVG names, the background
    and ``GRAYS``. Nearly every pixel is one of them exactly; the rest are smoothed edges and
    faded marks, whose nearest among them is close (a palette of these is found in a tenth of
    the time Pillow's octree takes to find one, with about as small an error)."""
    head, _, body = svg.partition("\n")
    names = _NAMES.search(body)
    if not head.startswith("<svg") or names is None or not body.rstrip().endswith("</svg>"):
        return None
    board_text = body[: names.start()]
    fills = [match[2].lower() for match in _AREA.finditer(board_text)]
    board = _board(head, _labelled(board_text), zoom, background)
    if board is None or board.areas != len(fills):
        return None
    rest = body[names.end() :].rstrip()[: -len("</svg>")]
    under = _under(board, fills, _names(head, names[0], zoom))
    try:
        marks.draw(under, rest, zoom)
    except marks.Unsupported:  # drawn in part: drawn again, the marks by resvg
        under = _under(board, fills, _names(head, names[0], zoom)).convert("RGBA")
        under.alpha_composite(_rgba(f"{head}\n{rest}</svg>", zoom))
        under = under.convert("RGB")
    named = {_rgb(colour) for colour in _COLOUR.findall(svg)} | {_rgb(background)}
    return Drawn(under, tuple(sorted(named | set(board.colours) | set(GRAYS))))


#: the names' colours, where they go, and the alpha they are pasted through
_Names = tuple["Image.Image", tuple[int, int], "Image.Image"]


class _Board(Frozen):
    """A board rendered once: a palette image, its palette, and which entries are areas."""

    image: Image.Image
    palette: tuple[int, ...]
    entries: tuple[tuple[int, int], ...]  # (palette entry, the area's number in the SVG)
    areas: int
    colours: tuple[RGB, ...]  # its colours but the areas' labels: borders, lakes, ...


def _under(board: _Board, fills: list[str], names: _Names) -> Image.Image:
    """The board with its areas in ``fills`` and the names over it, what the marks are drawn on."""
    picture = board.image.copy()
    palette = list(board.palette)
    for entry, area in board.entries:
        palette[entry * 3 : entry * 3 + 3] = _rgb(fills[area])
    picture.putpalette(palette)
    out = picture.convert("RGB")
    out.paste(*names)  # blended through the names' own alpha
    return out


def _labelled(board_text: str) -> str:
    """The board with each area filled with its label colour, and no owners: the same text for
    every position on one board."""
    count = iter(range(1 << 16))
    return _AREA.sub(lambda match: f"{match[1]}{_label_colour(next(count))}{match[3]}/>", board_text)


def _label_colour(number: int) -> str:
    """The colour the ``number``th area is labelled with: far apart from each other, as Pillow
    matches a colour to a palette by its high bits."""
    return f"#{(number & 7) * 32 + 13:02x}{(number >> 3 & 7) * 32 + 13:02x}{(number >> 6) * 32 + 13:02x}"


#: the areas a board may have: the label colours run out past it
MOST_AREAS = 256 - 32


@lru_cache(maxsize=4)
def _board(head: str, labelled: str, zoom: float, background: str) -> _Board | None:
    from PIL import Image, ImageChops

    areas = labelled.count('class="area"')
    labels = {_label_colour(n): n for n in range(areas)}
    others = {colour.lower() for colour in _COLOUR.findall(head + labelled)} - set(labels)
    if areas > MOST_AREAS or set(labels) & others:
        return None
    image = Image.open(io.BytesIO(_resvg(f"{head}\n{labelled}</svg>", zoom, background))).convert("RGB")
    counted = image.getcolors(256)
    if counted is None:
        return None  # smoothed edges or too many areas: no palette holds them
    colours = sorted(colour for _, colour in counted if isinstance(colour, tuple))
    indexed = in_colours(image, colours)
    if ImageChops.difference(indexed.convert("RGB"), image).getbbox() is not None:
        return None  # two of its colours too close for Pillow's palette match
    entries: list[tuple[int, int]] = []
    own: list[RGB] = []
    for entry, colour in enumerate(colours):
        number = labels.get("#{:02x}{:02x}{:02x}".format(*colour))
        if number is not None:
            entries.append((entry, number))
        else:
            own.append((colour[0], colour[1], colour[2]))
    return _Board(indexed, tuple(indexed.getpalette() or ()), tuple(entries), areas, tuple(own))


@lru_cache(maxsize=4)
def _names(head: str, names: str, zoom: float) -> _Names:
    """The names alone, as colours and the alpha to paste them through (where they are)."""
    rendered = _rgba(f"{head}\n{names}\n</svg>", zoom)
    alpha = rendered.getchannel("A")
    box = alpha.getbbox() or (0, 0, 1, 1)
    return rendered.crop(box).convert("RGB"), (box[0], box[1]), alpha.crop(box)


def _rgba(svg: str, zoom: float) -> Image.Image:
    from PIL import Image

    return Image.open(io.BytesIO(_resvg(svg, zoom))).convert("RGBA")


def _resvg(svg: str, zoom: float, background: str | None = None) -> bytes:
    import resvg_py

    rendered = resvg_py.svg_to_bytes(
        svg_string=svg,
        zoom=zoom,
        background=background,
        shape_rendering="crisp_edges",
        text_rendering="optimize_legibility",
    )
    return bytes(rendered)


def in_colours(image: Image.Image, colours: Sequence[Sequence[int]]) -> Image.Image:
    """``image`` as a palette image of ``colours``, each pixel the nearest of them by Pillow's
    palette match (exact for a pixel of one of them, unless two are too close to tell apart)."""
    from PIL import Image

    key = Image.new("P", (1, 1))
    key.putpalette([channel for colour in colours for channel in colour])
    return image.quantize(palette=key, dither=Image.Dither.NONE)


def _rgb(colour: str) -> RGB:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)
