"""The retreat phase: where a dislodged unit may go, and what becomes of each one.

A dislodged unit may retreat to a neighbouring province (by its own borders,
never by convoy) that is empty after the moves, was not left empty by a
standoff, and is not where its attacker came from, unless that attacker came
by convoy (2023 rules, DATC 4.A.5 and 6.H.11). Two units retreating to one
province both disband; so does a unit without a valid retreat order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence

from pbem.frozen import Frozen

from .core import Board, IllegalOrder, Unit, UnitOrder, UnitType, province_of
from .orders import Disband, Move, Retreat
from .results import FAILURE, SUCCESS, OrderResult, assign_to_units, read_lines, refuse
from .variant import Variant

RETREAT_ORDERS = (Retreat, Disband, Move)


class RetreatOutcome(Frozen):
    results: list[OrderResult]
    units: dict[str, Unit]
    disbanded: tuple[Unit, ...]


def retreat_options(
    variant: Variant,
    units_after: Mapping[str, Unit],
    unit: Unit,
    attacker_from: str,
    via_convoy: bool,
    standoffs: Collection[str],
) -> tuple[str, ...]:
    """The locations a unit dislodged from its province by a move from ``attacker_from`` may
    retreat to, given the units standing after the moves and the provinces of standoffs."""
    game_map = variant.map
    if unit.type is UnitType.ARMY:
        candidates = game_map.army_borders.get(unit.province, frozenset())
    else:
        candidates = game_map.fleet_borders.get(unit.location, frozenset())
    return tuple(
        location
        for location in sorted(candidates)
        if province_of(location) not in units_after
        and province_of(location) not in standoffs
        and (via_convoy or province_of(location) != attacker_from)
    )


def adjudicate_retreats(
    variant: Variant, board: Board, orders: Mapping[str, Sequence[str]]
) -> RetreatOutcome:
    """Decide a retreat phase: ``board`` holds the units in place and the dislodged ones."""
    lines = read_lines(orders, variant.notation)
    dislodged = {d.unit.province: d for d in board.dislodged}
    in_effect = assign_to_units(lines, {p: d.unit.power for p, d in dislodged.items()}, RETREAT_ORDERS)
    for line in lines:
        # Orders for units that were not dislodged are not orders of this phase (DATC 6.H.4).
        order = line.order
        if line.refused in ("no such unit", "not own unit") and isinstance(order, UnitOrder):
            standing = board.units.get(order.province)
            if standing is not None and standing.power == line.power:
                line.refused, line.message = "illegal", "only dislodged units retreat"
    chosen: dict[str, Retreat] = {}
    for province, line in in_effect.items():
        order = line.order
        if line.refused is not None or isinstance(order, Disband):
            continue
        if isinstance(order, Move):
            if order.via_convoy:
                refuse(line, IllegalOrder("a retreat cannot go by convoy"))
                continue
            order = Retreat(order.unit_type, order.location, order.dest)
        assert isinstance(order, Retreat)
        try:
            chosen[province] = order.normalize(variant, dislodged[province])
        except IllegalOrder as error:
            refuse(line, error)
    arrivals = Counter(retreat.dest_province for retreat in chosen.values())

    results = []
    for line in lines:
        province = line.order.province if isinstance(line.order, UnitOrder) else ""
        if line.refused is not None or in_effect.get(province) is not line:
            results.append(OrderResult(line.power, line.text, FAILURE, line.refused))
        elif province in chosen and arrivals[chosen[province].dest_province] > 1:
            results.append(OrderResult(line.power, line.text, FAILURE, "bounced"))
        else:
            results.append(OrderResult(line.power, line.text, SUCCESS))

    units = dict(board.units)
    disbanded = []
    for province, dislodgement in dislodged.items():
        retreat = chosen.get(province)
        unit = dislodgement.unit
        if retreat is not None and arrivals[retreat.dest_province] == 1:
            units[retreat.dest_province] = Unit(unit.power, unit.type, retreat.dest)
        else:
            disbanded.append(unit)
    return RetreatOutcome(results, units, tuple(disbanded))
