"""The picture of a Generals view: regions in their owners' colours, armies, generals, battles.

The Generals' map data has no positions, so the regions are laid out from their
borders (``layout.spread``, the same every time for a map) and drawn as areas
around those points, with the real borders as roads between them. Everything
else comes from the view, so the fog of war holds: a power sees the owners and
armies of its own regions and of those its scouts reported, and the battles it
fought; the public sees the bare map (and public battles).

The view gives armies as the report's sentences ("Kingsmere: 120 Spearmen, 40
Archers (Brenn)", ``wording.army_line``), so the owner and the number of men are
read back from that sentence here. The view carries no moves, so a battle is
drawn where it was fought (a burst in the winner's colour), not as an arrow.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from pbem.frozen import Frozen

from .layout import Polygon, nearest_neighbour_distances, regions, spread
from .palette import colours, power_colours
from .svg import Drawing, Point, points, power_key, text_colour, tint

WIDTH, HEIGHT = 900.0, 640.0
LEGEND_HEIGHT = 52.0
#: terrain -> the colour of a region nobody the viewer can see holds
TERRAIN = {
    "plains": "#ece5c4",
    "hills": "#dccba2",
    "forest": "#bdd5a5",
    "swamp": "#b9cdbd",
    "mountains": "#c6c0b8",
}
_ARMY = re.compile(r"^(?P<region>[^:]+): (?P<troops>.*?)(?: \((?P<owner>[^()]*)\))?$")
_GENERAL_AT = re.compile(r" at (?P<region>.+)$")


class Shape(Frozen):
    positions: Mapping[str, Point]
    areas: Mapping[str, Polygon]
    roads: tuple[tuple[str, str], ...]


@cache
def shape(regions_and_borders: tuple[tuple[str, tuple[str, ...]], ...]) -> Shape:
    """The layout of a map given as (region, neighbours) pairs."""
    names = [name for name, _ in regions_and_borders]
    borders = dict(regions_and_borders)
    positions = spread(names, borders, WIDTH, HEIGHT)
    spacing = sorted(nearest_neighbour_distances(positions))
    reach = 1.2 * spacing[int(len(spacing) * 0.9)] if spacing else 100.0
    roads = sorted({tuple(sorted((a, b))) for a in names for b in borders[a] if b in borders and a != b})
    return Shape(positions, regions(positions, WIDTH, HEIGHT, reach), tuple((a, b) for a, b in roads))


class Army(Frozen):
    region: str
    owner: str | None
    men: int
    troops: str
    scouted: bool


def read_army(line: str, scouted: bool) -> Army | None:
    """An army sentence of the report, read back: its region, owner and number of men."""
    match = _ARMY.match(line.strip())
    if match is None:
        return None
    troops = match["troops"]
    owner = match["owner"]
    if troops in ("nobody holds it", "no troops"):
        return Army(match["region"], None if troops == "nobody holds it" else owner, 0, "", scouted)
    men = sum(int(number) for number in re.findall(r"(?:^|, )(\d+) ", troops))
    return Army(match["region"], None if owner == "independent garrison" else owner, men, troops, scouted)


def draw(view: Mapping[str, Any]) -> str:
    """The SVG picture of a Generals view."""
    palette = colours()
    key = tuple((str(r["name"]), tuple(str(n) for n in r["neighbours"])) for r in view["map"])
    board = shape(tuple(sorted(key)))
    powers = _powers(view)
    colour_of = power_colours(powers)
    armies: dict[str, Army] = {}
    for section in view["powers"]:
        for scout in section.get("scouts", ()):
            army = read_army(str(scout["army"]), scouted=True)
            if army is not None:
                armies[army.region] = army
    for section in view["powers"]:  # a power's own regions: it holds them, troops or not
        for region in section.get("regions", ()):
            name = str(region["name"])
            army = read_army(str(region["army"]), scouted=False)
            armies[name] = Army(
                name, str(section["name"]), army.men if army else 0, army.troops if army else "", False
            )
    for region in view.get("unheld", ()):
        army = read_army(str(region["army"]), scouted=False) if region.get("army") else None
        armies[str(region["name"])] = army or Army(str(region["name"]), None, 0, "", False)

    turn = view.get("turn")
    title = f"{view['variant']['name'].title()} map, as seen by {_viewer(view)}" + (
        f", before turn {turn}" if turn and not view.get("over") else ""
    )
    drawing = Drawing(
        WIDTH,
        HEIGHT + LEGEND_HEIGHT,
        title,
        "Regions in their owners' colours where the viewer knows them, armies, generals and battles.",
    )
    drawing.add("rect", x=0.0, y=0.0, width=WIDTH, height=HEIGHT + LEGEND_HEIGHT, fill=palette["background"])
    terrain = {str(r["name"]): str(r["terrain"]) for r in view["map"]}
    towns = {str(r["name"]) for r in view["map"] if r.get("towns")}
    drawing.open("g", stroke=palette["border"], stroke_width=2.0, stroke_linejoin="round")
    for name, area in sorted(board.areas.items()):
        army = armies.get(name)
        owner = army.owner if army else None
        fill = TERRAIN.get(terrain[name], palette["land"])
        if owner is not None and owner in colour_of:
            fill = tint(colour_of[owner], 0.5)
        drawing.add(
            "polygon",
            points=points(area),
            fill=fill,
            class_="area",
            data_region=name,
            data_owner=owner,
            stroke_dasharray="6 4" if army and army.scouted else None,
        )
    drawing.close()
    drawing.open("g", stroke="#8a7a5a", stroke_width=1.4, stroke_dasharray="2 4", class_="roads")
    for a, b in board.roads:
        (x1, y1), (x2, y2) = board.positions[a], board.positions[b]
        drawing.add("line", x1=x1, y1=y1, x2=x2, y2=y2)
    drawing.close()
    for name, (x, y) in sorted(board.positions.items()):
        drawing.text((x, y - 20), name, size=12, font_weight="bold", fill=palette["label"])
        if name in towns:
            drawing.add("rect", x=x - 31, y=y - 6, width=9.0, height=9.0, fill="#6b5b45", class_="town")
    for name, army in sorted(armies.items()):
        if army.men and name in board.positions:
            _army(drawing, board.positions[name], army, colour_of)
    generals: dict[str, list[str]] = {}
    for section in view["powers"]:
        for general in section.get("generals", ()):
            where = _GENERAL_AT.search(str(general["where"]))
            if where and where["region"] in board.positions:
                generals.setdefault(where["region"], []).append(f"{general['name']} of {section['name']}")
        for scout in section.get("scouts", ()):
            for line in scout.get("generals", ()):
                generals.setdefault(str(scout["region"]), []).append(str(line).rsplit(" at ", 1)[0])
    for region, names in sorted(generals.items()):
        x, y = board.positions[region]
        drawing.open("g", class_="general", data_region=region)
        drawing.add("title", "; ".join(names))
        for number, _ in enumerate(names):
            _star(drawing, (x + 26 + 13 * number, y + 1), 7.0, "#f4d03f")
        drawing.close()
    for battle in view.get("battles", ()):
        region = str(battle["region"])
        if region not in board.positions:
            continue
        winner = (
            battle["attacker"]["power"] if battle["winner"] == "attacker" else battle["defender"]["power"]
        )
        x, y = board.positions[region]
        drawing.open("g", class_="battle", data_region=region, data_winner=winner or "")
        drawing.add("title", str(battle["text"]))
        _star(drawing, (x - 24, y + 20), 13.0, "#d00000", spikes=8, outline=colour_of.get(winner, "#000000"))
        drawing.close()
    _legend(drawing, powers, colour_of)
    return drawing.render()


def _viewer(view: Mapping[str, Any]) -> str:
    viewer = str(view.get("viewer", ""))
    return {"PUBLIC": "the public", "REFEREE": "the referee"}.get(viewer, viewer)


def _powers(view: Mapping[str, Any]) -> list[str]:
    names = [str(p) for p in view.get("in_game", ())] + [str(p) for p in view.get("out", ())]
    names += [str(s["power"]) for s in view.get("standings", ())]
    names += [str(s["name"]) for s in view["powers"]]
    return list(dict.fromkeys(names))


def _army(drawing: Drawing, at: Point, army: Army, colour_of: Mapping[str, str]) -> None:
    fill = colour_of.get(army.owner or "", "#ffffff")
    words = str(army.men)
    width = 12 + 7.5 * len(words)
    x, y = at
    drawing.open("g", class_="army", data_region=army.region, data_owner=army.owner, data_men=army.men)
    drawing.add("title", f"{army.region}: {army.troops} ({army.owner or 'independent garrison'})")
    drawing.add(
        "rect",
        x=x - width / 2,
        y=y - 10,
        width=width,
        height=20.0,
        rx=6.0,
        fill=fill,
        stroke="#000000",
        stroke_width=1.2,
        stroke_dasharray="3 2" if army.scouted else None,
    )
    drawing.text((x, y + 4.5), words, size=12, font_weight="bold", fill=text_colour(fill))
    drawing.close()


def _star(
    drawing: Drawing, at: Point, radius: float, fill: str, spikes: int = 5, outline: str = "#000000"
) -> None:
    corners = []
    for k in range(spikes * 2):
        r = radius if k % 2 == 0 else radius * 0.45
        angle = math.pi * k / spikes - math.pi / 2
        corners.append((at[0] + r * math.cos(angle), at[1] + r * math.sin(angle)))
    drawing.add("polygon", points=points(corners), fill=fill, stroke=outline, stroke_width=1.2)


def _sample_box(
    drawing: Drawing, at: Point, size: Point, fill: str = "#ffffff", rx: float | None = None, **stroke: object
) -> None:
    """A legend's sample box, its left edge at ``at`` and centred on the legend's line."""
    (x, y), (width, height) = at, size
    drawing.add("rect", x=x, y=y - height / 2, width=width, height=height, rx=rx, fill=fill, **stroke)


def _legend(drawing: Drawing, powers: Sequence[str], colour_of: Mapping[str, str]) -> None:
    y = HEIGHT + 18
    drawing.add("rect", x=0.0, y=HEIGHT, width=WIDTH, height=LEGEND_HEIGHT, fill="#ffffff", opacity=0.85)
    x = 14.0
    samples: list[tuple[str, float]] = [
        ("army (men)", 90),
        ("general", 70),
        ("battle", 64),
        ("town", 52),
        ("seen by scouts", 120),
    ]
    for word, width in samples:
        if word.startswith("army"):
            _sample_box(drawing, (x, y), (30.0, 18.0), rx=6.0, stroke="#000000", stroke_width=1.2)
            drawing.text((x + 15, y + 4), "120", size=11)
        elif word == "general":
            _star(drawing, (x + 8, y), 7.0, "#f4d03f")
        elif word == "battle":
            _star(drawing, (x + 10, y), 10.0, "#d00000", spikes=8)
        elif word == "town":
            _sample_box(drawing, (x + 2, y), (9.0, 9.0), fill="#6b5b45")
        else:
            _sample_box(
                drawing, (x, y), (22.0, 16.0), stroke="#777777", stroke_width=2.0, stroke_dasharray="6 4"
            )
        drawing.text(
            (x + (36 if word.startswith("army") else 26), y + 4),
            word,
            size=11,
            text_anchor="start",
            fill="#222222",
        )
        x += width + 30
    x = 14.0
    y += 24
    power_key(drawing, (x, y), [(power, colour_of[power]) for power in powers], WIDTH)
