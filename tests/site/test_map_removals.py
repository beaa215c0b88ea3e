"""A unit that leaves the board with no order of its own is still drawn leaving it.

The legend has "removed": a cross in the power's colour. A removal ordered (``A WAR D``) drew
it; one made by civil disorder, or a dislodged unit disbanded for want of a retreat, drew
nothing, so the unit simply vanished from the picture.
"""

from __future__ import annotations

from pbem import maps
from pbem.maps import diplomacy as drawing
from pbem.ruleset import PUBLIC
from pbem.rulesets.diplomacy import ruleset
from tests.site.helpers import POWERS, SVG, parse, units_drawn


def removals_drawn(svg: str) -> dict[str, object]:
    return {
        g.get("data-unit"): g for g in parse(svg).iter(f"{SVG}g") if g.get("class") == "order removal success"
    }


def test_a_removal_by_civil_disorder_is_drawn_as_a_cross_in_its_powers_colour():
    state = ruleset.load_state(
        {
            "variant": "standard",
            "phase": "W1901A",
            "powers": POWERS,
            "units": {"Russia": ["A WAR", "A MOS", "F SEV", "F BOT"]},
            "supply_centres": {"Russia": ["MOS", "SEV", "WAR"]},
        }
    )
    result = ruleset.adjudicate(state, {}, 1)  # Russia orders no removal
    view = ruleset.view(result.state, result.events, PUBLIC)
    (gone,) = view["phases"][-1]["civil_disorder"]
    svg = drawing.draw(view)
    removal = removals_drawn(svg)[gone["unit"]]
    assert any(
        line.get("stroke") == maps.power_colours(POWERS)["Russia"] for line in removal.iter(f"{SVG}line")
    )
    assert ("Russia", gone["unit"]) not in units_drawn(parse(svg))


def test_a_dislodged_unit_disbanded_for_want_of_a_retreat_order_is_crossed_where_it_stood_aside():
    state = ruleset.load_state(
        {
            "variant": "standard",
            "phase": "S1901M",
            "powers": POWERS,
            "units": {"France": ["A BUR"], "Germany": ["A MUN", "A RUH"]},
            "supply_centres": {},
        }
    )
    moved = ruleset.adjudicate(state, {"Germany": ["A MUN - BUR", "A RUH S A MUN - BUR"]}, 1)
    retreated = ruleset.adjudicate(moved.state, {}, 1)  # France gives no retreat
    svg = drawing.draw(ruleset.view(retreated.state, retreated.events, PUBLIC))
    removal = removals_drawn(svg)["A BUR"]
    bx, by = drawing.shape("standard").positions["BUR"]
    ends = [(float(line.get("x1")), float(line.get("x2"))) for line in removal.iter(f"{SVG}line")]
    middle = sum(a + b for a, b in ends) / (2 * len(ends))
    assert middle == bx + drawing.DISLODGED_OFFSET[0]


def test_an_ordered_disband_is_drawn_once_not_again_as_a_removal():
    state = ruleset.load_state(
        {
            "variant": "standard",
            "phase": "W1901A",
            "powers": POWERS,
            "units": {"Russia": ["A WAR", "A MOS", "F SEV", "F BOT"]},
            "supply_centres": {"Russia": ["MOS", "SEV", "WAR"]},
        }
    )
    result = ruleset.adjudicate(state, {"Russia": ["A WAR D"]}, 1)
    assert removals_drawn(drawing.draw(ruleset.view(result.state, result.events, PUBLIC))) == {}
