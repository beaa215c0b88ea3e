"""Regression fixture: 200 movement phases of seeded random play that pbem and the ``diplomacy``
package (an engine written by other people) resolve alike. They cover what random play brings
(supports, cut supports, convoys, dislodgements, standoffs, blunders) in whole-board positions,
next to the DATC's small ones. Regenerate with ``benchmarks/adjudicate.py --fixture``."""

from __future__ import annotations

import pytest

from pbem.rulesets.diplomacy.core import board_of, parse_unit
from pbem.rulesets.diplomacy.movement import adjudicate_movement
from pbem.rulesets.diplomacy.variant import load_variant
from tests.diplomacy.helpers import POSITIONS

VARIANT = load_variant("standard")


def test_the_fixture_holds_the_positions_that_matter() -> None:
    assert len(POSITIONS) >= 200
    assert sum(bool(p["dislodged"]) for p in POSITIONS) >= 20
    assert sum(any(" C " in o for orders in p["orders"].values() for o in orders) for p in POSITIONS) >= 20


@pytest.mark.parametrize("number", range(len(POSITIONS)))
def test_a_random_position_resolves_as_the_other_engine_resolves_it(number: int) -> None:
    position = POSITIONS[number]
    units = position["units"].items()
    board = board_of([parse_unit(power, text) for power, texts in units for text in texts])
    outcome = adjudicate_movement(VARIANT, board, position["orders"])
    standing = sorted(f"{unit.power} {unit}" for unit in outcome.units.values())
    dislodged = sorted(f"{d.unit.power} {d.unit}" for d in outcome.dislodged)
    assert (standing, dislodged) == (position["units_after"], position["dislodged"])
