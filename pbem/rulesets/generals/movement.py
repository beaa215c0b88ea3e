"""Travel and Move Army: generals and armies going through their own lands.

All movement of a turn happens at once, before recruiting and before any attack: first
every moving army leaves, then all arrive, and routes are judged on who held what at the
start of the turn (RULINGS.md, ruling 10). So two armies may swap regions, and an army
may pass through a region another army of the same power is leaving.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pbem.rulesets.generals import army
from pbem.rulesets.generals.board import Board
from pbem.rulesets.generals.orders import MoveArmy, Order, Travel
from pbem.rulesets.generals.state import Unit


def resolve(board: Board, given: Mapping[str, Sequence[Order]]) -> None:
    arrivals: list[tuple[str, str, str, tuple[Unit, ...], str]] = []
    for power, order, general in board.orders_of_generals(given, Travel, MoveArmy):
        start = general.region
        units: tuple[Unit, ...] = ()
        # a Travel's path and a Move Army's route were checked when the order was read, against
        # the regions held at the start of the turn (read_actions), what they are judged on
        if isinstance(order, Travel):
            text = f"{general.name} travelled from {start} to {order.to}"
        else:
            units, short = board.take_units(start, order.picks)
            shortfall = f" ({'; '.join(short)})" if short else ""
            text = f"{general.name} moved {army.describe(units)} from {start} to {order.to}{shortfall}"
        arrivals.append((power, general.name, order.to, units, text))
    for power, name, to, units, text in arrivals:
        board.add_units(to, power, units)
        board.move_general(name, to)
        board.event("move", [power], text, power=power)
