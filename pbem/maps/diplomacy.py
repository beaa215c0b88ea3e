"""The picture of a Diplomacy view: centres in their owners' colours, units, and the orders.

The view is the one the report templates get (``pbem.rulesets.diplomacy.views``):
it carries the position after the phase (units and centre owners) and each order
of the phase with its result. The picture shows that position and draws the
orders over it, so an arrow starts where the unit stood and the unit is seen
where it ended: a move that succeeded has its unit at the head of its arrow.

Marks (also drawn in the picture's legend): a move is a solid arrow, a support a
dashed line to the supported unit's target, a convoy a dotted line from the army
through the fleet to the destination, a retreat an arrow with an open head; a
failed order is faded with a red cross at its end. A dislodged unit is drawn
small, beside its province, with a red dashed outline; a unit built has a ring, a
unit removed or disbanded a cross in its power's colour, whether by its order, by civil
disorder or for want of a retreat. Names are written clear of every place a unit may stand.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, partial
from typing import Any

from pbem.frozen import Frozen
from pbem.rulesets.diplomacy.core import province_of
from pbem.rulesets.diplomacy.orders import (
    Build,
    Convoy,
    Disband,
    Move,
    NotationError,
    Retreat,
    SupportHold,
    SupportMove,
    UnitOrder,
    parse_order,
)
from pbem.rulesets.diplomacy.variant import load_variant

from . import board as boards
from .layout import Polygon, clear_places, nearest_neighbour_distances, regions, spread
from .palette import colours, power_colours
from .svg import (
    FAILED_CROSS,
    FAILED_OPACITY,
    KEY_ROW,
    Drawing,
    Point,
    arrow,
    board_points,
    cross,
    key_places,
    points,
    power_key,
    shortened,
    text_colour,
    tint,
)

UNIT_RADIUS = 11.0
#: where a dislodged unit is drawn, from its province's point
DISLODGED_OFFSET = (17.0, 13.0)
LEGEND_HEIGHT = 78.0


class Shape(Frozen):
    """How a variant's map is laid out on the picture."""

    width: float
    height: float
    positions: Mapping[str, Point]
    areas: Mapping[str, Polygon]
    kinds: Mapping[str, str]
    names: Mapping[str, str]
    supply_centres: frozenset[str]
    powers: tuple[str, ...]
    board: boards.Board | None = None  # the board as players know it, where the variant has one
    labels: Mapping[str, Point] | None = None  # where the board's names are written, clear of units


@cache
def shape(variant_name: str) -> Shape:
    """The layout of a variant's map: its positions, or positions spread from its borders."""
    game_map = load_variant(variant_name).map
    provinces = game_map.provinces
    of_map = partial(
        Shape,
        kinds={abbr: p.type for abbr, p in provinces.items()},
        names={abbr: p.name for abbr, p in provinces.items()},
        supply_centres=frozenset(game_map.supply_centres),
        powers=tuple(game_map.powers),
    )
    if boards.exists(variant_name):
        coasts = tuple(sorted(loc for p in provinces.values() if p.coasts for loc in p.locations))
        board = boards.load(variant_name, tuple(sorted(provinces)), coasts)
        return of_map(
            width=board.width,
            height=board.height,
            positions=board.units,
            areas={},
            board=board,
            labels=_names_placed(
                board,
                {abbr: p.name for abbr, p in provinces.items()},
                {abbr: p.type for abbr, p in provinces.items()},
            ),
        )
    placed = {abbr: (float(p.position[0]), float(p.position[1])) for abbr, p in provinces.items()}
    if len(set(placed.values())) < len(placed):  # positions missing: lay the map out from borders
        borders = {abbr: set(game_map.army_borders.get(abbr, ())) for abbr in provinces}
        for abbr in provinces:
            borders[abbr] |= set(game_map.sea_borders(abbr))
        placed = spread(sorted(provinces), {a: sorted(b) for a, b in borders.items()}, 1000, 850)
    left = min(x for x, _ in placed.values())
    top = min(y for _, y in placed.values())
    shift_x, shift_y = 40 - left, 40 - top
    positions = {abbr: (x + shift_x, y + shift_y) for abbr, (x, y) in placed.items()}
    width = max(x for x, _ in positions.values()) + 40
    height = max(y for _, y in positions.values()) + 40
    spacing = sorted(nearest_neighbour_distances(positions))
    reach = 1.15 * spacing[int(len(spacing) * 0.9)] if spacing else 60.0
    areas = regions(positions, width, height, reach)
    return of_map(width=width, height=height, positions=positions, areas=areas)


#: how wide a name's letters are, against its font size (DejaVu Sans: bold names run to 0.79
#: in short ones such as "Rome", italic sea names to 0.6), and the size of each
LETTER_WIDTH = {"land": 0.72, "sea": 0.6}
NAME_SIZE = {"land": 10.0, "sea": 10.5}


def _names_placed(
    board: boards.Board, names: Mapping[str, str], kinds: Mapping[str, str]
) -> dict[str, Point]:
    """Where each province's name is written: at the board's place, or moved just clear of every
    unit's place (the larger of a fleet and an army, with a margin) and supply centre, so that no
    unit hides a name when the board is full."""
    half_width, half_height = UNIT_RADIUS * 1.25 + 1.5, UNIT_RADIUS + 1.5
    keep_out = [
        (x - half_width, y - half_height, x + half_width, y + half_height) for x, y in board.units.values()
    ]
    keep_out += [(x - 6.0, y - 6.0, x + 6.0, y + 6.0) for x, y in board.centres.values()]
    extents = {}
    for abbr, name in names.items():
        kind = "sea" if kinds[abbr] == "sea" else "land"
        size = NAME_SIZE[kind]
        # the text's baseline is 4 px below the place; capitals rise 0.73 of the size over it
        half = LETTER_WIDTH[kind] * size * len(name) / 2 + 1
        extents[abbr] = (half, 0.76 * size - 4 + 1, 4 + 0.24 * size + 1)
    return clear_places(board.labels, extents, keep_out, (0.0, 0.0, board.width, board.height))


def draw(view: Mapping[str, Any]) -> str:
    """The SVG picture of a Diplomacy view."""
    variant = load_variant(str(view["variant"]["name"]))
    board = shape(variant.name)
    palette = colours()
    colour_of = power_colours(board.powers)
    owners = {centre: row["power"] for row in view["powers"] for centre in row["centres"]}
    labels = [p["label"] for p in view["phases"]]
    title = (
        f"{view['variant']['title']}: "
        + (", ".join(labels) + "; " if labels else "")
        + f"position for {view['phase']['label']}"
    )
    legend_height = LEGEND_HEIGHT + _extra_key_rows(board, view) * KEY_ROW
    drawing = Drawing(
        board.width,
        board.height + legend_height,
        title,
        "Supply centres in their owners' colours, units, and the orders of the phase.",
    )
    drawing.add(
        "rect",
        x=0.0,
        y=0.0,
        width=board.width,
        height=board.height + legend_height,
        fill=palette["background"],
    )
    _areas(drawing, board, _Owned(owners, colour_of, palette))
    for power_row in view["powers"]:
        for unit in power_row["units"]:
            _unit(drawing, board, power_row["power"], unit, colour_of)
    ghosts = _dislodged(view)
    for power, unit in ghosts:
        _unit(drawing, board, power, unit, colour_of, dislodged=True)
    for phase in view["phases"]:
        for group in phase["orders"]:
            for order in group["orders"]:
                _order(drawing, board, group["power"], order, colour_of, variant, ghosts)
    for power, unit, dislodged in _removed_without_order(view):
        _removal(drawing, board, power, unit, colour_of, dislodged)
    _legend(drawing, board, view, colour_of, legend_height)
    return drawing.render()


#: where the supply-centre key starts in the legend, from its left edge and the legend's top
KEY_AT = (114.0, 66.0)


def _key_entries(view: Mapping[str, Any], colour_of: Mapping[str, str]) -> list[tuple[str, str]]:
    return [
        (f"{row['power']} {len(row['centres'])}", colour_of.get(row["power"], "#777777"))
        for row in view["powers"]
    ]


def _extra_key_rows(board: Shape, view: Mapping[str, Any]) -> int:
    """How many rows the supply-centre key needs beyond the first (many powers wrap)."""
    entries = _key_entries(view, {})
    places = key_places((KEY_AT[0], 0.0), entries, board.width)
    return round(max((y for _, y in places), default=0.0) / KEY_ROW)


class _Owned(Frozen):
    """Who owns each supply centre, and the colours that shows in on areas and centres."""

    owners: Mapping[str, str]
    colour_of: Mapping[str, str]
    palette: Mapping[str, Any]

    def province(self, drawing: Drawing, area: Polygon, abbr: str, kind: str) -> None:
        """One area of a province: tinted in its owner's colour, else the colour of its kind."""
        owner = self.owners.get(abbr)
        if owner:
            fill = tint(self.colour_of.get(owner, "#777777"), 0.5)
        else:
            fill = self.palette[kind] if kind in ("sea", "impassable") else self.palette["land"]
        drawing.add(
            "polygon",
            points=board_points(area),
            fill=fill,
            class_="area",
            data_province=abbr,
            data_owner=owner,
        )

    def centre(self, drawing: Drawing, at: Point, abbr: str) -> None:
        """A supply centre's dot, in its owner's colour."""
        owner = self.owners.get(abbr)
        drawing.add(
            "circle",
            cx=at[0],
            cy=at[1],
            r=4.5,
            stroke="#000000",
            stroke_width=1.0,
            fill=self.colour_of.get(owner, "#777777") if owner else self.palette["unowned_centre"],
            class_="centre",
            data_province=abbr,
            data_owner=owner,
        )


def _areas(drawing: Drawing, board: Shape, owned: _Owned) -> None:
    if board.board is not None:
        _board(drawing, board, board.board, owned)
        return
    palette = owned.palette
    drawing.open("g", stroke=palette["border"], stroke_width=2.0, stroke_linejoin="round")
    for abbr, area in sorted(board.areas.items()):
        if not area:
            continue
        owned.province(drawing, area, abbr, board.kinds[abbr])
    drawing.close()
    drawing.open("g", data_layer="names", fill=palette["label"])
    for abbr, (x, y) in sorted(board.positions.items()):
        drawing.text((x, y - UNIT_RADIUS - 5), abbr, size=10, font_weight="bold")
    drawing.close()
    for abbr in sorted(board.supply_centres):
        x, y = board.positions[abbr]
        owned.centre(drawing, (x, y + UNIT_RADIUS + 7), abbr)


def _board(drawing: Drawing, shape: Shape, board: boards.Board, owned: _Owned) -> None:
    """The board as players know it: outlines in their owners' colours, coasts, names, centres.

    The names are written before the centres (and the units), in a group of their own marked
    ``data-layer="names"``: everything before it is the board with its areas' fills, everything
    after it the marks of one position, the layers pbem.maps.raster draws apart and keeps."""
    palette = owned.palette
    drawing.open("g", stroke=palette["border"], stroke_width=1.2, stroke_linejoin="round")
    for ring in board.sea_fill:
        drawing.add("polygon", points=board_points(ring), fill=palette["sea"])
    for abbr in board.order:
        for ring in board.outlines[abbr]:
            owned.province(drawing, ring, abbr, shape.kinds[abbr])
    for ring in board.impassable:
        drawing.add("polygon", points=board_points(ring), fill=palette["impassable"])
    drawing.close()
    drawing.open("g", fill="none", stroke=palette["border"], stroke_width=1.6, stroke_dasharray="1.5 4")
    for line in board.coast_lines:
        drawing.add("polyline", points=board_points(line))
    drawing.close()
    drawing.open(
        "g",
        data_layer="names",
        fill=palette["label"],
        stroke="#ffffff",
        stroke_width=2.2,
        paint_order="stroke",
        stroke_linejoin="round",
    )
    for abbr, (x, y) in sorted((shape.labels or board.labels).items()):
        sea = shape.kinds[abbr] == "sea"
        drawing.text(
            (x, y + 4),
            shape.names[abbr],
            size=NAME_SIZE["sea" if sea else "land"],
            font_style="italic" if sea else None,
            font_weight=None if sea else "bold",
        )
    drawing.close()
    for abbr in sorted(shape.supply_centres):
        owned.centre(drawing, board.centres[abbr], abbr)


def _where(board: Shape, location: str, dislodged: bool = False) -> Point:
    x, y = board.positions.get(location) or board.positions[province_of(location)]
    if dislodged:
        return x + DISLODGED_OFFSET[0], y + DISLODGED_OFFSET[1]
    return x, y


def _unit(
    drawing: Drawing,
    board: Shape,
    power: str,
    unit: str,
    colour_of: Mapping[str, str],
    dislodged: bool = False,
) -> None:
    kind, _, location = unit.partition(" ")
    if province_of(location) not in board.positions:
        return
    x, y = _where(board, location, dislodged)
    fill = colour_of.get(power, "#777777")
    radius = UNIT_RADIUS * (0.8 if dislodged else 1.0)
    outline: dict[str, object] = {"stroke": "#000000", "stroke_width": 1.2}
    if dislodged:
        outline = {"stroke": FAILED_CROSS, "stroke_width": 2.2, "stroke_dasharray": "3 2"}
    drawing.open("g", class_="unit dislodged" if dislodged else "unit", data_power=power, data_unit=unit)
    if kind == "F":
        drawing.add(
            "rect",
            x=x - radius * 1.25,
            y=y - radius * 0.85,
            width=radius * 2.5,
            height=radius * 1.7,
            rx=radius * 0.5,
            fill=fill,
            **outline,
        )
    else:
        drawing.add("circle", cx=x, cy=y, r=radius, fill=fill, **outline)
    drawing.text((x, y + radius * 0.38), kind, size=radius * 1.05, font_weight="bold", fill=text_colour(fill))
    drawing.close()


def _dislodged(view: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The units dislodged in the phases shown, and those still to retreat."""
    found: list[tuple[str, str]] = []
    rows = [d for p in view["phases"] for d in p.get("dislodged", ())]
    rows += list(view.get("retreats_due", ()))
    for row in rows:
        key = (str(row["power"]), str(row["unit"]))
        if key not in found:
            found.append(key)
    return found


def _removed_without_order(view: Mapping[str, Any]) -> list[tuple[str, str, bool]]:
    """The units that left the board with no order of their own, and whether they had been
    dislodged: removed by civil disorder in the winter (where they stood), or disbanded for
    want of a retreat, none possible or none ordered (beside the province, as dislodged)."""
    ordered = {
        " ".join(str(order["order"]).split()[:2])
        for phase in view["phases"]
        for group in phase["orders"]
        for order in group["orders"]
    }
    found: list[tuple[str, str, bool]] = []
    for phase in view["phases"]:
        rows = [(row, False) for row in phase.get("civil_disorder", ())]
        rows += [(row, True) for row in phase.get("disbanded", ())]
        for row, dislodged in rows:
            key = (str(row["power"]), str(row["unit"]), dislodged)
            if key[1] not in ordered and key not in found:
                found.append(key)
    return found


def _removal(
    drawing: Drawing, board: Shape, power: str, unit: str, colour_of: Mapping[str, str], dislodged: bool
) -> None:
    """A unit removed with no order: the cross of a removal, in its power's colour."""
    location = unit.partition(" ")[2]
    if province_of(location) not in board.positions:
        return
    drawing.open("g", class_="order removal success", data_power=power, data_unit=unit)
    cross(drawing, _where(board, location, dislodged), colour_of.get(power, "#777777"), size=9, width=3.0)
    drawing.close()


def _order(
    drawing: Drawing,
    board: Shape,
    power: str,
    result: Mapping[str, Any],
    colour_of: Mapping[str, str],
    variant: Any,
    ghosts: list[tuple[str, str]],
) -> None:
    try:
        order = parse_order(str(result["order"]), variant.map.provinces)
    except NotationError:
        return
    if not isinstance(order, UnitOrder):
        return  # a WAIVE builds nothing, so it has no place on the map
    colour = colour_of.get(power, "#777777")
    failed = result.get("result") != "success"
    if isinstance(order, Retreat | Disband):
        start = _where(board, order.location, dislodged=(power, order.unit_text) in ghosts)
    else:
        start = _where(board, order.location)
    radius = UNIT_RADIUS + 2
    kind = type(order).__name__.lower()
    drawing.open(
        "g",
        class_=f"order {kind} {'failed' if failed else 'success'}",
        data_power=power,
        data_order=str(result["order"]),
    )
    _mark(drawing, board, order, start, colour, failed, radius, ghosts, power)
    drawing.close()


def _mark(
    drawing: Drawing,
    board: Shape,
    order: Any,
    start: Point,
    colour: str,
    failed: bool,
    radius: float,
    ghosts: list[tuple[str, str]],
    power: str,
) -> None:
    if isinstance(order, Move):
        end = _where(board, order.dest)
        a, b = shortened(start, end, radius, radius + 1)
        arrow(drawing, a, b, colour, failed=failed)
    elif isinstance(order, SupportMove):
        target = _where(board, order.dest)
        a, b = shortened(start, target, radius, radius + 4)
        arrow(drawing, a, b, colour, width=2.2, dash="7 5", head=False, failed=failed, bend=0.08)
        drawing.add(
            "circle", cx=b[0], cy=b[1], r=3.5, fill=colour, opacity=FAILED_OPACITY if failed else None
        )
    elif isinstance(order, SupportHold):
        target = _where(board, order.supported)
        a, b = shortened(start, target, radius, radius + 5)
        arrow(drawing, a, b, colour, width=2.2, dash="7 5", head=False, failed=failed, bend=0.08)
        _ring(drawing, target, UNIT_RADIUS + 5, colour, failed, width=2.0, dash="7 5")
    elif isinstance(order, Convoy):
        army, dest = _where(board, order.army), _where(board, order.dest)
        a, _ = shortened(army, start, radius, radius)
        _, b = shortened(start, dest, radius, radius)
        drawing.add(
            "polyline",
            points=points([a, start, b]),
            fill="none",
            stroke=colour,
            stroke_width=2.6,
            stroke_dasharray="0.1 6",
            stroke_linecap="round",
            stroke_linejoin="round",
            opacity=FAILED_OPACITY if failed else None,
        )
        if failed:
            cross(drawing, start, FAILED_CROSS)
    elif isinstance(order, Retreat):
        end = _where(board, order.dest)
        a, b = shortened(start, end, radius * 0.8, radius + 1)
        arrow(drawing, a, b, colour, width=2.4, hollow=True, failed=failed)
    elif isinstance(order, Build):
        _ring(drawing, start, UNIT_RADIUS + 6, colour, failed, width=2.5)
        if failed:
            cross(drawing, start, FAILED_CROSS)
    elif isinstance(order, Disband):
        cross(drawing, start, FAILED_CROSS if failed else colour, size=9, width=3.0)


def _ring(
    drawing: Drawing,
    centre: Point,
    radius: float,
    colour: str,
    failed: bool,
    width: float,
    dash: str | None = None,
) -> None:
    """A circle around a unit: the unit supported to hold, or a unit built."""
    drawing.add(
        "circle",
        cx=centre[0],
        cy=centre[1],
        r=radius,
        fill="none",
        stroke=colour,
        stroke_width=width,
        stroke_dasharray=dash,
        opacity=FAILED_OPACITY if failed else None,
    )


def _legend(
    drawing: Drawing, board: Shape, view: Mapping[str, Any], colour_of: Mapping[str, str], height: float
) -> None:
    top = board.height + 8
    drawing.add("rect", x=0.0, y=board.height, width=board.width, height=height, fill="#ffffff", opacity=0.85)
    sample = "#333333"
    x = 14.0
    y = top + 14
    items: list[tuple[str, float]] = [
        ("move", 62),
        ("support", 62),
        ("convoy", 62),
        ("retreat", 62),
        ("failed", 62),
        ("dislodged", 30),
        ("built", 30),
        ("removed", 30),
    ]
    for word, length in items:
        if word == "move":
            arrow(drawing, (x, y), (x + length, y), sample, bend=0)
        elif word == "support":
            arrow(drawing, (x, y), (x + length, y), sample, width=2.2, dash="7 5", head=False, bend=0)
            drawing.add("circle", cx=x + length, cy=y, r=3.5, fill=sample)
        elif word == "convoy":
            drawing.add(
                "line",
                x1=x,
                y1=y,
                x2=x + length,
                y2=y,
                stroke=sample,
                stroke_width=2.6,
                stroke_dasharray="0.1 6",
                stroke_linecap="round",
            )
        elif word == "retreat":
            arrow(drawing, (x, y), (x + length, y), sample, width=2.4, hollow=True, bend=0)
        elif word == "failed":
            arrow(drawing, (x, y), (x + length, y), sample, bend=0, failed=True)
        elif word == "dislodged":
            drawing.add(
                "circle",
                cx=x + 12,
                cy=y,
                r=UNIT_RADIUS * 0.8,
                fill="#ffffff",
                stroke=FAILED_CROSS,
                stroke_width=2.2,
                stroke_dasharray="3 2",
            )
        elif word == "built":
            drawing.add(
                "circle", cx=x + 12, cy=y, r=UNIT_RADIUS, fill="none", stroke=sample, stroke_width=2.5
            )
        elif word == "removed":
            cross(drawing, (x + 12, y), sample, size=7, width=3.0)
        drawing.text((x + length / 2, y + 20), word, size=11, fill="#222222")
        x += length + 34
    key = (KEY_AT[0], board.height + KEY_AT[1])
    drawing.text((14.0, key[1] + 4), "supply centres:", size=11, text_anchor="start", fill="#222222")
    power_key(drawing, key, _key_entries(view, colour_of), board.width)
