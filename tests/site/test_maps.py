"""Map pictures (pbem/maps): what a Diplomacy view's SVG shows, and the layout geometry under it.

The positions are adjudicated by the Diplomacy ruleset itself from orders whose outcome is
plain from the rules (a 2-against-1 attack into Burgundy, a convoy across the North Sea, ...),
then drawn; the tests read the SVG back as XML.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem import maps
from pbem.maps import diplomacy as drawing
from pbem.maps import palette
from pbem.maps.layout import regions, spread
from pbem.maps.svg import FAILED_CROSS, tint
from pbem.ruleset import PUBLIC
from pbem.rulesets.diplomacy import ruleset

from .helpers import POWERS, SVG, adjudicated, orders_drawn, parse, units_drawn

SPRING = {
    "France": ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"],
    "Germany": ["A MUN - BUR", "F KIE - HOL"],
    "England": ["F LON - NTH", "A LVP - YOR", "F EDI - NWG"],
}


@pytest.fixture(scope="module")
def spring() -> dict[str, Any]:
    return adjudicated(SPRING)


def test_every_unit_of_the_view_is_drawn_in_its_powers_colour(spring):
    root = parse(drawing.draw(spring))
    expected = {(row["power"], unit) for row in spring["powers"] for unit in row["units"]}
    drawn = units_drawn(root)
    assert set(drawn) == expected and len(expected) == 22
    colours = maps.power_colours(POWERS)
    for (power, _), group in drawn.items():
        shape = next(iter(group))
        assert shape.get("fill") == colours[power]
    # France won Burgundy 2 to 1 (its army there now); Germany's army stayed in Munich
    assert ("France", "A BUR") in drawn and ("Germany", "A MUN") in drawn


def test_a_picture_shows_only_what_its_view_holds(spring):
    """Fog of war by construction: a unit missing from the view is missing from the picture."""
    view = dict(spring)
    view["powers"] = [
        dict(row, units=row["units"] if row["power"] == "Italy" else []) for row in view["powers"]
    ]
    drawn = units_drawn(parse(drawing.draw(view)))
    assert set(drawn) == {("Italy", "A ROM"), ("Italy", "A VEN"), ("Italy", "F NAP")}


def test_owned_centres_take_their_owners_colour_and_unowned_ones_stay_white(spring):
    root = parse(drawing.draw(spring))
    colours = maps.power_colours(POWERS)
    centres = {c.get("data-province"): c for c in root.iter(f"{SVG}circle") if c.get("class") == "centre"}
    areas = {a.get("data-province"): a for a in root.iter(f"{SVG}polygon") if a.get("class") == "area"}
    assert len(centres) == 34
    assert centres["PAR"].get("fill") == colours["France"] and centres["PAR"].get("data-owner") == "France"
    assert centres["MOS"].get("fill") == colours["Russia"]
    assert centres["BEL"].get("fill") == "#ffffff" and centres["BEL"].get("data-owner") is None
    assert areas["VIE"].get("fill") == tint(colours["Austria"], 0.5)
    assert areas["NTH"].get("fill") == maps.colours()["sea"]
    assert areas["BUR"].get("fill") == maps.colours()["land"]  # not a supply centre: no owner


def _dash(group: ET.Element) -> str | None:
    path = next(group.iter(f"{SVG}path"), None)
    if path is None:
        path = next(group.iter(f"{SVG}polyline"))
    return path.get("stroke-dasharray")


def _crossed(group: ET.Element) -> bool:
    return any(line.get("stroke") == FAILED_CROSS for line in group.iter(f"{SVG}line"))


def test_a_move_is_a_solid_arrow_and_a_support_a_dashed_line(spring):
    orders = orders_drawn(parse(drawing.draw(spring)))
    move, support = orders["A PAR - BUR"], orders["A MAR S A PAR - BUR"]
    assert move.get("class") == "order move success" and _dash(move) is None
    assert any(True for _ in move.iter(f"{SVG}polygon"))  # the arrow head
    assert support.get("class") == "order supportmove success" and _dash(support) == "7 5"
    assert not any(True for _ in support.iter(f"{SVG}polygon"))  # a support has no head


def test_a_support_line_ends_at_the_supported_units_target(spring):
    support = orders_drawn(parse(drawing.draw(spring)))["A MAR S A PAR - BUR"]
    end = next(c for c in support.iter(f"{SVG}circle"))
    bur = drawing.shape("standard").positions["BUR"]
    mar = drawing.shape("standard").positions["MAR"]
    ex, ey = float(end.get("cx", 0)), float(end.get("cy", 0))
    # within a unit's reach of Burgundy, and much nearer to it than to Marseilles
    assert math.dist((ex, ey), bur) < 20 < math.dist((ex, ey), mar)


def test_a_failed_order_is_faded_and_crossed_and_a_successful_one_is_not(spring):
    orders = orders_drawn(parse(drawing.draw(spring)))
    bounced, moved = orders["A MUN - BUR"], orders["A PAR - BUR"]
    assert bounced.get("class") == "order move failed"
    assert any(g.get("opacity") for g in bounced.iter(f"{SVG}g")) and _crossed(bounced)
    assert not any(g.get("opacity") for g in moved.iter(f"{SVG}g")) and not _crossed(moved)


def test_a_convoy_is_a_dotted_line_from_the_army_through_the_fleet_to_the_destination():
    state = ruleset.adjudicate(ruleset.start("standard", POWERS, {}, 1), SPRING, 1).state
    view = adjudicated({"England": ["F NTH C A YOR - NWY", "A YOR - NWY VIA"]}, state)
    orders = orders_drawn(parse(drawing.draw(view)))
    convoy = orders["F NTH C A YOR - NWY"]
    line = next(convoy.iter(f"{SVG}polyline"))
    assert convoy.get("class") == "order convoy success" and line.get("stroke-dasharray") == "0.1 6"
    corners = [tuple(float(n) for n in p.split(",")) for p in line.get("points", "").split()]
    assert len(corners) == 3 and corners[1] == drawing.shape("standard").positions["NTH"]
    assert orders["A YOR - NWY VIA"].get("class") == "order move success"


def test_a_dislodged_unit_is_drawn_beside_its_province_in_red_dashes_and_retreats_with_an_open_head():
    state = ruleset.adjudicate(ruleset.start("standard", POWERS, {}, 1), SPRING, 1).state
    # first Germany brings a second army next to Burgundy, then attacks it 2 to 1
    state = ruleset.adjudicate(state, {"Germany": ["A MUN - RUH", "A BER - MUN"]}, 1).state
    state = ruleset.adjudicate(state, {}, 1).state  # winter: nobody builds (no new centres)
    moved = ruleset.adjudicate(
        state, {"Germany": ["A RUH - BUR", "A MUN S A RUH - BUR"], "France": ["A BUR H"]}, 1
    )
    view = ruleset.view(moved.state, moved.events, PUBLIC)
    assert view["retreats_due"] and view["retreats_due"][0]["unit"] == "A BUR"
    root = parse(drawing.draw(view))
    ghost = units_drawn(root, dislodged=True)[("France", "A BUR")]
    shape = next(iter(ghost))
    bx, by = drawing.shape("standard").positions["BUR"]
    assert (float(shape.get("cx", 0)), float(shape.get("cy", 0))) == (
        bx + drawing.DISLODGED_OFFSET[0],
        by + drawing.DISLODGED_OFFSET[1],
    )
    assert shape.get("stroke") == FAILED_CROSS and shape.get("stroke-dasharray")
    assert ("Germany", "A BUR") in units_drawn(root)  # the attacker stands in Burgundy

    retreated = ruleset.adjudicate(moved.state, {"France": ["A BUR R PAR"]}, 1)
    retreat = orders_drawn(parse(drawing.draw(ruleset.view(retreated.state, retreated.events, PUBLIC))))[
        "A BUR R PAR"
    ]
    head = next(retreat.iter(f"{SVG}polygon"))
    assert retreat.get("class") == "order retreat success" and head.get("fill") == "#ffffff"


def test_a_unit_built_has_a_ring_and_a_unit_removed_a_cross_in_its_powers_colour():
    state = ruleset.load_state(
        {
            "variant": "standard",
            "phase": "W1901A",
            "powers": POWERS,
            "units": {"France": ["A BUR", "F MAO", "A SPA"], "Russia": ["A WAR", "A MOS", "F SEV", "F BOT"]},
            "supply_centres": {"France": ["BRE", "MAR", "PAR", "SPA"], "Russia": ["MOS", "SEV", "WAR"]},
        }
    )
    result = ruleset.adjudicate(state, {"France": ["A PAR B"], "Russia": ["A WAR D"]}, 1)
    view = ruleset.view(result.state, result.events, PUBLIC)
    root = parse(drawing.draw(view))
    orders = orders_drawn(root)
    colours = maps.power_colours(POWERS)
    ring = next(orders["A PAR B"].iter(f"{SVG}circle"))
    assert orders["A PAR B"].get("class") == "order build success" and ring.get("stroke") == colours["France"]
    assert ("France", "A PAR") in units_drawn(root)
    removal = orders["A WAR D"]
    assert removal.get("class") == "order disband success"
    assert any(line.get("stroke") == colours["Russia"] for line in removal.iter(f"{SVG}line"))
    assert ("Russia", "A WAR") not in units_drawn(root)


def test_the_picture_names_its_phase_and_its_legend_counts_centres(spring):
    root = parse(drawing.draw(spring))
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == (
        "Standard Diplomacy: Spring 1901 movement; position for Fall 1901 movement"
    )
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "Russia 4" in texts and "France 3" in texts


def test_a_game_without_a_map_has_no_picture():
    assert maps.picture("tally", {"scores": {}}) is None
    assert maps.picture("diplomacy", adjudicated({})) is not None


@pytest.fixture
def colour_file(tmp_path, monkeypatch):
    path = tmp_path / "colours.yaml"
    monkeypatch.setattr(palette, "COLOURS_FILE", path)
    maps.colours.cache_clear()
    yield path
    maps.colours.cache_clear()


def test_a_bad_colour_is_refused_naming_the_file_and_the_entry(colour_file):
    good = (
        'sea: "#000000"\nland: "#000000"\nimpassable: "#000000"\nbackground: "#000000"\n'
        'border: "#000000"\nlabel: "#000000"\nunowned_centre: "#000000"\nothers: ["#123456"]\n'
    )
    colour_file.write_text(good + 'powers:\n  Austria: "red"\n')
    with pytest.raises(maps.MapDataError, match=r"colours.yaml: powers: Austria: 'red' is not a colour"):
        maps.colours()
    maps.colours.cache_clear()
    colour_file.write_text(good.replace('land: "#000000"\n', ""))
    with pytest.raises(maps.MapDataError, match=r"colours.yaml: land: missing"):
        maps.colours()


def test_powers_without_a_colour_of_their_own_get_different_spare_ones():
    colours = maps.power_colours(["Atlantis", "France", "Wu", "Lemuria"])
    assert colours["France"] == maps.colours()["powers"]["France"]
    spare = [colours["Atlantis"], colours["Wu"], colours["Lemuria"]]
    assert len(set(spare)) == 3 and not set(spare) & set(maps.colours()["powers"].values())


# -- the layout geometry ------------------------------------------------------------------


def _inside(point: tuple[float, float], polygon: list[tuple[float, float]], margin: float) -> bool:
    """Whether ``point`` lies in the convex ``polygon`` (``margin`` > 0: strictly, by that much)."""
    sign = 0.0
    for i, (x1, y1) in enumerate(polygon):
        x2, y2 = polygon[(i + 1) % len(polygon)]
        cross = (x2 - x1) * (point[1] - y1) - (y2 - y1) * (point[0] - x1)
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        distance = cross / length
        if abs(distance) <= margin:
            if margin > 0:
                return False
            continue
        if sign == 0:
            sign = math.copysign(1, distance)
        elif math.copysign(1, distance) != sign:
            return False
    return True


points = st.lists(st.tuples(st.integers(10, 990), st.integers(10, 840)), min_size=2, max_size=25, unique=True)


@settings(max_examples=60, deadline=None)
@given(points)
def test_each_area_holds_its_own_province_point_and_no_other(sites):
    named = {f"P{i}": (float(x), float(y)) for i, (x, y) in enumerate(sites)}
    areas = regions(named, 1000, 850, reach=80)
    for name, area in areas.items():
        assert len(area) >= 3 and _inside(named[name], area, margin=-1e-6)
        for other, point in named.items():
            if other != name:
                assert not _inside(point, area, margin=1e-6), (name, other)


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 12))
def test_a_map_laid_out_from_its_borders_fills_the_frame_the_same_way_every_time(count):
    names = [f"R{i}" for i in range(count)]
    chain = {name: [names[i - 1]] if i else [] for i, name in enumerate(names)}
    first = spread(names, chain, 800, 600)
    assert first == spread(names, chain, 800, 600)
    assert all(0 <= x <= 800 and 0 <= y <= 600 for x, y in first.values())
    assert len({(round(x), round(y)) for x, y in first.values()}) == count


def test_regions_that_border_each_other_are_laid_out_nearer_than_the_ends_of_a_chain():
    names = ["A", "B", "C", "D", "E", "F"]
    chain = {"A": ["B"], "B": ["C"], "C": ["D"], "D": ["E"], "E": ["F"]}
    laid = spread(names, chain, 800, 600)
    neighbours = max(math.dist(laid[a], laid[b]) for a, b in zip(names, names[1:], strict=False))
    assert math.dist(laid["A"], laid["F"]) > neighbours
