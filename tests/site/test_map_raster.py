"""The fast PNG of a map (pbem.maps.raster) shows what the SVG shows, as resvg draws it whole.

The board is rendered once per process and tinted through its areas' palette, the names once,
and a position's marks drawn with Pillow (pbem.maps.marks); the SVG stays the source of truth.
Each position here is drawn both ways: the pictures must agree pixel by pixel but for the
edges of marks (a pixel's difference in where a stroke ends), and each kind of mark drawn
alone must cover the pixels resvg covers, so that no unit or order can go missing unseen.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
import resvg_py
from PIL import Image, ImageChops, ImageFilter

from pbem import maps
from pbem.mail import pictures
from pbem.mail.pictures import ZOOM, png
from pbem.maps import marks, raster
from pbem.ruleset import PUBLIC
from pbem.rulesets.diplomacy import ruleset
from tests.site import crowded
from tests.site.helpers import POWERS

WHITE = "#ffffff"


def whole(svg: str) -> Image.Image:
    """The SVG rendered by resvg at once, as pbem.mail.pictures did before the fast path."""
    rendered = resvg_py.svg_to_bytes(
        svg_string=svg,
        background=WHITE,
        zoom=ZOOM,
        shape_rendering="crisp_edges",
        text_rendering="optimize_legibility",
    )
    return Image.open(io.BytesIO(bytes(rendered))).convert("RGB")


def fast(svg: str) -> Image.Image:
    drawn = raster.draw(svg, ZOOM, WHITE)
    assert drawn is not None, "the map was not drawn by layers"
    return drawn.image


def largest_channel(image: Image.Image) -> Image.Image:
    red, green, blue = image.split()
    return ImageChops.lighter(ImageChops.lighter(red, green), blue)


def share_apart(one: Image.Image, other: Image.Image, by: int = 48) -> float:
    """The share of pixels whose colours differ by more than ``by`` in a channel."""
    apart = largest_channel(ImageChops.difference(one, other)).point(lambda v: 255 if v > by else 0)
    return apart.histogram()[255] / (one.width * one.height)


def unexplained(one: Image.Image, other: Image.Image, by: int = 48) -> int:
    """Pixels of ``one`` that no colour of ``other`` within a pixel of them explains (every
    channel within ``by`` of the range of the 3x3 pixels around): an edge a pixel off is
    explained, a mark missing or moved is not."""
    low, high = other.filter(ImageFilter.MinFilter(3)), other.filter(ImageFilter.MaxFilter(3))
    off = ImageChops.lighter(ImageChops.subtract(low, one), ImageChops.subtract(one, high))
    return largest_channel(off).point(lambda v: 255 if v > by else 0).histogram()[255]


def picture(view: dict[str, Any]) -> str:
    svg = maps.picture("diplomacy", view)
    assert svg is not None
    return svg


def after(state: Any, orders: dict[str, list[str]]) -> tuple[Any, str]:
    result = ruleset.adjudicate(state, orders, 1)
    return result.state, picture(ruleset.view(result.state, result.events, PUBLIC))


def crowded_svg(variant: str) -> str:
    case = crowded.diplomacy(variant, 5)
    adjudication = case.adjudication
    return picture(case.ruleset.view(adjudication.state, adjudication.events, case.powers[0]))


@pytest.fixture(scope="module")
def positions() -> dict[str, str]:
    """Movement with every order kind and failed ones, a retreat, builds and removals, Mandate."""
    state = ruleset.adjudicate(
        ruleset.start("standard", POWERS, {}, 1),
        {
            "Germany": ["A MUN - RUH", "A BER - MUN"],
            "France": ["A PAR - BUR", "A MAR S A PAR - BUR"],
            "England": ["F LON - NTH", "A LVP - YOR"],
        },
        1,
    ).state
    state = ruleset.adjudicate(state, {}, 1).state  # autumn: nothing moves
    state = ruleset.adjudicate(state, {}, 1).state  # winter: nobody builds
    moved, movement = after(
        state,
        {
            "Germany": ["A RUH - BUR", "A MUN S A RUH - BUR", "F KIE - HOL"],
            "France": ["A BUR H", "F BRE - MAO", "A MAR - PIE"],
            "England": ["F NTH C A YOR - NWY", "A YOR - NWY", "F EDI - NWG"],
            "Italy": ["A VEN - TRI", "F NAP - ION"],
            "Austria": ["A VIE S F TRI", "F TRI H"],
        },
    )
    _, retreat = after(moved, {"France": ["A BUR R PIC"]})
    winter = ruleset.load_state(
        {
            "variant": "standard",
            "phase": "W1901A",
            "powers": POWERS,
            "units": {"France": ["A BUR", "F MAO", "A SPA"], "Russia": ["A WAR", "A MOS", "F SEV", "F BOT"]},
            "supply_centres": {"France": ["BRE", "MAR", "PAR", "SPA"], "Russia": ["MOS", "SEV", "WAR"]},
        }
    )
    _, builds = after(winter, {"France": ["A PAR B", "F BRE B"], "Russia": ["A WAR D"]})
    _, disorder = after(winter, {"France": ["A PAR B"]})  # Russia removes none: civil disorder
    return {
        "movement": movement,
        "retreat": retreat,
        "builds": builds,
        "civil disorder": disorder,
        "crowded standard": crowded_svg("standard"),
        "crowded Mandate of Heaven": crowded_svg("mandate_of_heaven"),
    }


KINDS = ("movement", "retreat", "builds", "civil disorder", "crowded standard", "crowded Mandate of Heaven")


@pytest.mark.parametrize("name", KINDS)
def test_the_fast_picture_agrees_with_the_whole_svg_rendered_at_once(positions, name):
    svg = positions[name]
    one, other = whole(svg), fast(svg)
    assert one.size == other.size
    assert share_apart(one, other) < 0.01  # 0.8% in the crowded boards: edges of strokes and text
    pixels = one.width * one.height
    assert unexplained(one, other) + unexplained(other, one) < 0.001 * pixels


def test_the_positions_hold_every_kind_of_mark(positions):
    drawn = set()
    for svg in positions.values():
        drawn |= set(re.findall(r'<g class="((?:order|unit)[^"]*)"', svg))
    kinds = {" ".join(word for word in found.split() if word != "success") for found in drawn}
    assert {
        "unit",
        "unit dislodged",
        "order move",
        "order move failed",
        "order supportmove",
        "order supporthold",
        "order convoy",
        "order retreat",
        "order build",
        "order disband",
        "order removal",
    } <= kinds


def marks_of(svg: str) -> dict[str, str]:
    """One mark (a unit's or an order's group, with its inner groups) of each class in ``svg``."""
    found: dict[str, str] = {}
    for start in (m.start() for m in re.finditer(r'<g class="(?:order|unit)', svg)):
        depth, at = 0, start
        for tag in re.finditer(r"<g\b|</g>", svg[start:]):
            depth += 1 if tag[0] == "<g" else -1
            if depth == 0:
                at = start + tag.end()
                break
        mark = svg[start:at]
        found.setdefault(re.match(r'<g class="([^"]*)"', mark)[1], mark)
    return found


def coverage(head: str, mark: str, drawn_mark: str) -> float:
    """How well ``drawn_mark`` drawn alone on white by pbem.maps.marks matches ``mark`` as resvg
    draws it: the smaller share of either's inked pixels that lie within a pixel of the other's
    (a thin dashed stroke is a pixel off here and there; a mark drawn aside is not near)."""
    expected = whole(f"{head}\n{mark}\n</svg>")
    drawn = Image.new("RGB", expected.size, WHITE)
    marks.draw(drawn, drawn_mark, ZOOM)
    blank = Image.new("RGB", expected.size, WHITE)
    inked = [
        largest_channel(ImageChops.difference(image, blank)).point(lambda v: 255 if v > 48 else 0)
        for image in (expected, drawn)
    ]
    if not any(image.getbbox() for image in inked):
        return 1.0  # a mark with nothing to draw (a hold), drawn as nothing
    shares = []
    for one, other in (inked, inked[::-1]):
        near = ImageChops.multiply(one, other.filter(ImageFilter.MaxFilter(3))).histogram()[255]
        shares.append(near / max(one.histogram()[255], 1))
    return min(shares)


@pytest.mark.parametrize("name", KINDS)
def test_each_kind_of_mark_alone_covers_the_pixels_resvg_covers(positions, name):
    svg = positions[name]
    head = svg.partition("\n")[0]
    for kind, mark in marks_of(svg).items():
        assert coverage(head, mark, mark) > 0.75, kind


def test_a_unit_drawn_aside_of_its_place_is_seen(positions):
    """The measure above can fail: a unit drawn its own width aside of its place is not near."""
    svg = positions["crowded standard"]
    head = svg.partition("\n")[0]
    unit = marks_of(svg)["unit"]
    aside = re.sub(r' (cx|x)="([\d.]+)"', lambda m: f' {m[1]}="{float(m[2]) + 22}"', unit)
    assert aside != unit
    assert coverage(head, unit, aside) < 0.5


def test_the_same_position_gives_the_same_bytes(positions):
    svg = positions["crowded standard"]
    first = png(svg)
    for kept in (raster._board, raster._names, marks._text, pictures._kept_png):
        kept.cache_clear()  # drawn again from nothing: a new process
    assert png(svg) == first
    assert png(svg) == first  # and from what is kept


def test_a_mark_the_fast_path_cannot_draw_is_drawn_by_resvg(positions):
    svg = positions["movement"]
    odd = '<ellipse cx="300" cy="300" rx="60" ry="30" fill="#123456"/>'
    changed = svg.replace("</svg>", odd + "\n</svg>")
    with pytest.raises(marks.Unsupported):
        marks.draw(Image.new("RGB", (10, 10)), odd, ZOOM)
    assert share_apart(whole(changed), fast(changed)) < 0.01
    assert share_apart(fast(changed), fast(svg)) > 0.002  # the ellipse is there


@pytest.mark.parametrize(
    "mark",
    [
        '<circle cx="wide" cy="10" r="4" fill="#000000"/>',
        '<polyline points="1,2 3" stroke="#000000"/>',
        '<path d="M1,2 L3,4" stroke="#000000"/>',
        '<line x1="1" y1="2" x2="3" y2="4" stroke="red"/>',
        "<g><circle",
    ],
)
def test_a_mark_the_fast_path_cannot_read_is_refused_as_unsupported_not_a_crash(mark):
    with pytest.raises(marks.Unsupported):
        marks.draw(Image.new("RGB", (20, 20)), mark, ZOOM)


def test_a_map_without_layers_is_left_to_resvg_whole():
    assert (
        raster.draw('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">\n</svg>', ZOOM, WHITE)
        is None
    )
