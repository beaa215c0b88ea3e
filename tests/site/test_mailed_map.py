"""The map a report mail carries is half the bytes it was, and no area's colour is lost on the way.

pbem.mail.pictures renders at four fifths of the drawn size with crisp shape edges and 48
colours (benchmarks/mapmail.py prints the before and after). A palette too small merges the
land with the sea, which a byte count alone would never notice: so every area fill the SVG
draws must keep a palette colour of its own, near it.
"""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from pbem import maps
from pbem.mail.pictures import ZOOM, png
from tests.site import crowded


def crowded_board() -> str:
    case = crowded.diplomacy("standard", 5)
    adjudication = case.adjudication
    view = case.ruleset.view(adjudication.state, adjudication.events, case.powers[0])
    svg = maps.picture("diplomacy", view)
    assert svg is not None
    return svg


def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def test_the_crowded_board_mails_in_under_45_kb_at_four_fifths_of_its_size():
    svg = crowded_board()
    data = png(svg)
    assert len(data) < 45_000  # 83.6 kB before (full size, smooth edges, 64 colours)
    width, height = (float(v) for v in re.search(r'width="([\d.]+)" height="([\d.]+)"', svg).groups())
    with Image.open(io.BytesIO(data)) as image:
        assert image.size == (round(width * ZOOM), round(height * ZOOM))


def test_every_area_colour_of_the_board_keeps_a_palette_colour_of_its_own():
    svg = crowded_board()
    fills = set(re.findall(r'<polygon points="[^"]*" fill="(#[0-9a-f]{6})" class="area"', svg))
    fills |= {maps.colours()["sea"], maps.colours()["land"]}
    assert len(fills) >= 8
    with Image.open(io.BytesIO(png(svg))) as image:
        used = {colour for _, colour in image.convert("RGB").getcolors(maxcolors=256)}
    for fill in sorted(fills):
        nearest = min(used, key=lambda c: sum((a - b) ** 2 for a, b in zip(c, rgb(fill), strict=True)))
        assert max(abs(a - b) for a, b in zip(nearest, rgb(fill), strict=True)) <= 10, (fill, nearest)
    by_fill = {
        fill: min(used, key=lambda c: sum((a - b) ** 2 for a, b in zip(c, rgb(fill), strict=True)))
        for fill in fills
    }
    assert len(set(by_fill.values())) == len(fills)  # no two areas' colours merged into one


def test_the_png_holds_the_palette_image_pixel_for_pixel_and_its_checksums_hold():
    """pictures.palette_png writes the PNG itself (libdeflate compresses its pixels): Pillow
    reads back the very indices and palette, and zlib itself inflates the pixel stream."""
    import struct
    import zlib

    from pbem.mail.pictures import COLOURS, palette_png

    image = Image.open(io.BytesIO(png(crowded_board())))
    image.load()
    rgb = image.convert("RGB")
    reduced = rgb.quantize(colors=COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    data = palette_png(reduced)
    with Image.open(io.BytesIO(data)) as back:
        back.load()  # checks each chunk's CRC
        assert back.mode == "P" and back.size == reduced.size
        assert back.tobytes() == reduced.tobytes() and back.getpalette() == reduced.getpalette()
    chunks, at = {}, 8
    while at < len(data):
        (length,), kind = struct.unpack(">I", data[at : at + 4]), data[at + 4 : at + 8]
        chunks[kind] = data[at + 8 : at + 8 + length]
        at += 12 + length
    assert list(chunks) == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]
    width, height = reduced.size
    rows = zlib.decompress(chunks[b"IDAT"])
    assert len(rows) == (width + 1) * height and rows[:: width + 1] == bytes(height)  # filter 0 each row


@pytest.mark.parametrize(("variant", "seed"), [("standard", 5), ("standard", 9), ("mandate_of_heaven", 12)])
def test_a_map_is_mailed_in_the_colours_it_is_drawn_in(variant, seed):
    """No palette is searched for a map of pbem.maps: its own colours, every colour its SVG
    names and the board's, and six grays for the names' smoothed edges, make the palette. Every
    pixel drawn in one of them keeps it exactly; the rest (smoothed edges, faded marks) take the
    nearest, about as close as Pillow's octree came with 48 colours of its own (a mean error of
    0.53 to 0.61 levels against the octree's 0.45 to 1.02; without the grays, 0.69)."""
    from PIL import ImageChops, ImageStat

    from pbem.mail.pictures import COLOURS
    from pbem.maps import raster

    case = crowded.diplomacy(variant, seed)
    view = case.ruleset.view(case.adjudication.state, case.adjudication.events, case.powers[1])
    svg = maps.picture("diplomacy", view)
    assert svg is not None
    drawn = raster.draw(svg, ZOOM, "#ffffff")
    assert drawn is not None and set(raster.GRAYS) <= set(drawn.colours)
    with Image.open(io.BytesIO(png(svg))) as mailed:
        assert len(mailed.getpalette() or ()) // 3 == len(drawn.colours)
        sent = mailed.convert("RGB")
    own = {bytes(colour) for colour in drawn.colours}
    was, now = drawn.image.tobytes(), sent.tobytes()
    changed = {was[at : at + 3] for at in range(0, len(was), 3) if was[at : at + 3] != now[at : at + 3]}
    assert changed and not own & changed  # smoothed edges took a neighbour; its own colours none
    octree = drawn.image.quantize(colors=COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)

    def error(picture: Image.Image) -> float:
        return sum(ImageStat.Stat(ImageChops.difference(picture.convert("RGB"), drawn.image)).mean) / 3

    assert error(sent) <= error(octree) + 0.1
