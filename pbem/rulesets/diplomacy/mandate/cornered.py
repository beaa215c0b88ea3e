"""Rule 4, Sun Tzu's cornered army: a player's last units that would be annihilated defend at +1.

"When the last unit or units of a non neutral power would be annihilated as a
result of an attack, the defensive strength of the unit or units will be
increased by one." Whether they *would* be annihilated is read literally: the
phase is first decided by the standard rules, without the bonus. If that
outcome dislodges every unit of a player's power and leaves none of them a
retreat (a standoff province or an occupied one is no retreat), each of those
units defends at +1 (hold and head-to-head defence) when the phase is decided
for real. Deciding it twice keeps the bonus out of the circular questions the
resolver answers, so the outcome never depends on the order orders are asked in.
"""

from __future__ import annotations

import weakref
from collections.abc import Collection, Mapping, Sequence

from ..core import Board
from ..movement import Movement, read_movement_orders
from ..orders import Hold
from ..rules import Decisions
from ..variant import Event, Variant

_CORNERED: weakref.WeakKeyDictionary[Decisions, frozenset[str]] = weakref.WeakKeyDictionary()


def cornered(variant: Variant, movement: Decisions, players: Collection[str]) -> frozenset[str]:
    """The provinces of the units that defend at +1 in ``movement`` (worked out once per phase)."""
    found = _CORNERED.get(movement)
    if found is None:
        found = _CORNERED[movement] = _find(variant, movement, players)
    return found


def _find(variant: Variant, movement: Decisions, players: Collection[str]) -> frozenset[str]:
    units_of: dict[str, list[str]] = {}
    for province, unit in movement.units.items():
        units_of.setdefault(unit.power, []).append(province)
    # Only a power all of whose units are attacked can lose them all in this phase.
    candidates = [
        power
        for power in players
        if units_of.get(power) and all(p in movement.moves_into for p in units_of[power])
    ]
    if not candidates:
        return frozenset()
    trial = Movement(variant, Board(movement.units), movement.orders)
    trial.defence_bonus = None  # the standard rules
    for province, order in trial.orders.items():
        if not isinstance(order, Hold):
            trial.resolve(province)
    _, dislodged, _ = trial.outcome()
    lost = {d.unit.province for d in dislodged if not d.retreats}
    return frozenset(
        province
        for power in candidates
        if all(p in lost for p in units_of[power])
        for province in units_of[power]
    )


def cornered_units(
    variant: Variant, board: Board, orders: Mapping[str, Sequence[str]], players: Collection[str]
) -> Event | None:
    """The ``cornered`` event of a movement phase about to be decided with these canonical
    ``orders``: the units that defend at +1, so that reports can say why an attack that would
    have won did not (the rulebook's rule, which players know, told where it applied)."""
    movement, _ = read_movement_orders(variant, board, orders)
    found = cornered(variant, movement, players)
    if not found:
        return None
    units = [board.units[province] for province in sorted(found)]
    return {"type": "cornered", "units": [{"power": u.power, "unit": str(u)} for u in units]}
