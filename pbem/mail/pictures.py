"""Pictures every mail client shows: an inline SVG in a mail's HTML becomes a PNG part.

Gmail, Outlook and most phone clients show no SVG in mail, but every client shows a PNG
referred to by ``cid:`` (RFC 2392) from the HTML part, and text-only clients list the same
part as an attachment to open. So a report's HTML keeps its map as SVG (the archive and the
stored report use it as it is), and only the mail carries the PNG in its place.

The SVG is rendered by resvg (resvg-py: a self-contained wheel, no system library) at
four fifths of its drawn size, with the shapes' edges crisp (the text keeps its smoothing),
and reduced to a 48-colour palette by Pillow: the crowded standard board drops from 85 kB
(full size, smooth edges, 64 colours) to 44 kB (benchmarks/mapmail.py). Smoothed edges are
what cost: every border pixel blended from two areas' colours is a colour of its own that
the palette must keep or the compressor cannot repeat. A mail pane is rarely wider than
the 922 pixels left, and a phone shrinks the picture anyway. Every player of a phase
usually gets the same map, so the last renderings are kept by their SVG text.

A map of pbem.maps is drawn by layers (pbem.maps.raster): its board rendered once per process
and tinted, its marks drawn with Pillow, the same picture in a quarter of the time (the crowded
board 40 ms against 150, benchmarks/mapmail.py); any other SVG is rendered whole. Such a map
needs no palette searched for either: the colours it is drawn in (some 26, ``raster.draw``)
are its palette, each kept exactly, and mapping the picture to them takes 1 ms where Pillow's
octree took 6 to 9 to find 48 (and the crowded board is 43.3 kB against 44.8).
"""

from __future__ import annotations

import hashlib
import html
import io
import re
import struct
import zlib
from functools import lru_cache
from typing import TYPE_CHECKING

from pbem import stopwatch
from pbem.frozen import Frozen

if TYPE_CHECKING:
    from PIL import Image

#: an <svg> element in HTML with its content; pbem's pictures never nest one in another. Written
#: as "text without '<', then '<' not closing the svg and more text" rather than a lazy ``.*?``:
#: the same matches, but a report's HTML is scanned at the speed of ``[^<]*`` runs, not a
#: character at a time (a lazy match cost a millisecond a mail, 1.3 ms against 0.2 ms)
_SVG = re.compile(r"<svg\b[^<]*(?:<(?!/svg>)[^<]*)*</svg>", re.IGNORECASE)
_TITLE = re.compile(r"<title>(.*?)</title>", re.DOTALL)
_SIZE = re.compile(r'<svg\b[^>]*?\bwidth="([\d.]+)"[^>]*?\bheight="([\d.]+)"', re.DOTALL)
#: the most colours of a palette: found by Pillow's octree for a picture not drawn by layers
COLOURS = 48
#: the PNG's size against the SVG's drawn size
ZOOM = 0.8
#: libdeflate's level for the PNG's pixels (the ``deflate`` package: the same zlib stream as
#: zlib's, found faster): level 8 makes the crowded standard board 43.8 kB in 8.5 ms, where
#: zlib's level 8 (filtered) took 17 ms for 42.7 kB and Pillow's ``optimize`` (zlib level 9)
#: 41 ms for 42.0 kB; libdeflate's 9 takes 12 ms for 41.9 (benchmarks/mapmail.py prints both).
#: Compressing was half the time of drawing a map, and a run draws one per game it adjudicates
COMPRESS_LEVEL = 8


class Picture(Frozen):
    """A PNG part of a mail: its Content-ID (without <>), file name and bytes."""

    content_id: str
    filename: str
    data: bytes


def png(svg: str) -> bytes:
    """The SVG picture as a palette PNG.

    Kept by the SVG's text without the white space around it: the picture as drawn ends in a
    line break that the same picture taken out of a report's HTML lacks, and each was drawn
    again for want of it."""
    return _kept_png(svg.strip())


@lru_cache(maxsize=16)
def _kept_png(svg: str) -> bytes:
    with stopwatch.timed("render"):
        return _palette_png(svg)


def _palette_png(svg: str) -> bytes:
    import resvg_py  # the renderer and Pillow load with the first map drawn, not with the mail code
    from PIL import Image

    from pbem.maps import raster

    drawn = raster.draw(svg, ZOOM, "#ffffff")  # a map of pbem.maps: its board drawn once, kept
    if drawn is not None and len(drawn.colours) <= COLOURS:  # its own colours: no palette to find
        return palette_png(raster.in_colours(drawn.image, drawn.colours))
    if drawn is not None:
        image = drawn.image
    else:
        rendered = resvg_py.svg_to_bytes(
            svg_string=svg,
            background="#ffffff",
            zoom=ZOOM,
            shape_rendering="crisp_edges",
            text_rendering="optimize_legibility",
        )
        image = Image.open(io.BytesIO(bytes(rendered))).convert("RGB")
    return palette_png(
        image.quantize(colors=COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    )


def palette_png(image: Image.Image, level: int = COMPRESS_LEVEL) -> bytes:
    """A palette image as a PNG file (RFC 2083): its rows unfiltered (a palette's indices gain
    nothing by PNG's filters), compressed by libdeflate at ``level``."""
    import deflate
    from PIL import Image

    width, height = image.size
    rows = Image.new("P", (width + 1, height), 0)  # each row after its filter byte: 0, none
    rows.paste(image, (1, 0))
    palette = bytes(image.getpalette() or [0, 0, 0])
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8 bits, palette, no interlace
    pixels = bytes(deflate.zlib_compress(rows.tobytes(), level))
    chunks = [(b"IHDR", header), (b"PLTE", palette), (b"IDAT", pixels), (b"IEND", b"")]
    return PNG_SIGNATURE + b"".join(_chunk(kind, data) for kind, data in chunks)


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def without_pictures(body: str) -> str:
    """``body`` (HTML) without its inline SVG maps: for a player who asked for none (SET MAP OFF)."""
    return _SVG.sub("", body)


def as_png(body: str, domain: str = "pbem") -> tuple[str, list[Picture]]:
    """``body`` (HTML) with each inline SVG replaced by an ``<img src="cid:...">`` of its PNG,
    and the PNG parts to send with it."""
    pictures: list[Picture] = []

    def swap(match: re.Match[str]) -> str:
        svg = match[0]
        data = png(svg)
        number = len(pictures) + 1
        content_id = f"map{number}.{hashlib.sha256(data).hexdigest()[:16]}@{domain or 'pbem'}"
        pictures.append(Picture(content_id, "map.png" if number == 1 else f"map-{number}.png", data))
        title = _TITLE.search(svg)
        alt = html.unescape(title[1]) if title else "map"
        size = _SIZE.search(svg)
        width = f' width="{round(float(size[1]) * ZOOM)}"' if size else ""  # as rendered: not blown up
        return (
            f'<img src="cid:{content_id}" alt="{html.escape(alt)}"{width}'
            ' style="max-width:100%;height:auto;display:block">'
        )

    return _SVG.sub(swap, body), pictures
