"""The Generals' map picture (pbem/maps/generals.py): drawn from one viewer's view, fog included.

The positions come from the Generals' own scripted game (tests/generals/script.py), played
through the ruleset for three turns: by then Dunmere has fought Corvath at Southmarch and its
scouts have seen the regions next to its own.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

from pbem import maps
from pbem.maps import generals as drawing
from pbem.ruleset import PUBLIC, REFEREE
from pbem.rulesets.generals import ruleset, wording
from pbem.rulesets.generals.state import Sighting
from tests.generals import script

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def after_three_turns() -> tuple[Any, list[dict[str, Any]]]:
    state = ruleset.start(script.VARIANT, script.POWERS, script.OPTIONS, script.START_SEED)
    events: list[dict[str, Any]] = []
    for number in range(3):
        orders = {
            power: [line.order for line in ruleset.parse_orders(state, power, text) if line.order]
            for power, text in script.TURNS[number].items()
        }
        result = ruleset.adjudicate(state, orders, script.SEEDS[number])
        state, events = result.state, result.events
    return state, events


def picture(after: tuple[Any, list[dict[str, Any]]], viewer: str) -> tuple[dict[str, Any], ET.Element]:
    view = ruleset.view(after[0], after[1], viewer)
    return view, ET.fromstring(drawing.draw(view))


def drawn(root: ET.Element, kind: str) -> dict[str, ET.Element]:
    return {g.get("data-region", ""): g for g in root.iter() if g.get("class") == kind}


def test_every_region_of_the_map_is_drawn_with_its_roads(after_three_turns):
    view, root = picture(after_three_turns, PUBLIC)
    assert set(drawn(root, "area")) == {region["name"] for region in view["map"]}
    roads = {frozenset((a["name"], b)) for a in view["map"] for b in a["neighbours"]}
    group = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "roads")
    assert len(list(group)) == len(roads)


def test_the_public_sees_the_bare_map_without_owners_or_armies(after_three_turns):
    _, root = picture(after_three_turns, PUBLIC)
    assert not drawn(root, "army") and not drawn(root, "general")
    assert all(area.get("data-owner") is None for area in drawn(root, "area").values())


def test_a_power_sees_its_own_regions_in_its_colour_and_the_armies_its_scouts_found(after_three_turns):
    state = after_three_turns[0]
    view, root = picture(after_three_turns, "Dunmere")
    colour = maps.power_colours(drawing._powers(view))["Dunmere"]
    own = {h.region for h in state.owned("Dunmere")}
    scouted = {s.region for s in state.realm("Dunmere").intel}
    areas = drawn(root, "area")
    for region in own:
        assert areas[region].get("data-owner") == "Dunmere"
        assert areas[region].get("fill") == maps.svg.tint(colour, 0.5)
    armies = drawn(root, "army")
    assert set(armies) <= own | scouted and set(armies) & scouted
    for region, group in armies.items():
        holding = next(h for h in state.holdings if h.region == region)
        assert int(group.get("data-men", 0)) == sum(unit.men for unit in holding.units)
        assert group.get("data-owner") == (holding.owner or None)


def test_no_picture_shows_what_its_viewer_may_not_see(after_three_turns):
    state, events = after_three_turns
    for viewer in [PUBLIC, *script.POWERS]:
        svg = drawing.draw(ruleset.view(state, events, viewer))
        leaked = [fact for fact in ruleset.hidden_facts(state, events, viewer) if fact in svg]
        assert not leaked, (viewer, leaked)
    referee = drawing.draw(ruleset.view(state, events, REFEREE))
    assert any(fact in referee for fact in ruleset.hidden_facts(state, events, "Dunmere"))


def test_a_battle_is_marked_where_it_was_fought_in_its_winners_colour(after_three_turns):
    view, root = picture(after_three_turns, "Dunmere")
    [battle] = view["battles"]
    assert battle["region"] == "Southmarch" and battle["winner"] == "defender"
    mark = drawn(root, "battle")["Southmarch"]
    assert mark.get("data-winner") == "Dunmere"
    colour = maps.power_colours(drawing._powers(view))["Dunmere"]
    assert next(mark.iter(f"{SVG}polygon")).get("stroke") == colour


def test_an_army_sentence_of_the_report_is_read_back():
    army = drawing.read_army("Kingsmere: 120 Spearmen, 40 Archers vet 1 (Brenn)", scouted=False)
    assert army == drawing.Army("Kingsmere", "Brenn", 160, "120 Spearmen, 40 Archers vet 1", False)
    garrison = drawing.read_army("Kingsmere: 310 Militia (independent garrison)", scouted=True)
    assert garrison is not None and garrison.owner is None and garrison.men == 310
    empty = drawing.read_army(wording.sighting_line(Sighting("Greyfen", None, ())), scouted=True)
    assert empty is not None and empty.men == 0 and empty.owner is None
