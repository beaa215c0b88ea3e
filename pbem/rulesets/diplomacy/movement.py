"""The movement phase: read the orders, decide them all, move the units.

Orders are checked one by one against the board (``normalize``); an order the
rules do not allow is reported "illegal" and the unit holds instead (DATC
4.E.1, 2023 rules: impossible orders are ignored). Then the orders are matched
(which support is for which order, which army goes by convoy) and every order
is decided by the ``Resolver``.

Whether an army next to its destination goes by land or by convoy follows the
2023 rules (DATC 4.A.3): by convoy if it says ``VIA``, or if convoy orders
form a route for it and one of those fleets is its own power's (intent). An
explicit ``VIA`` move never falls back to the land route (DATC 3.0, 6.G.8).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .core import Board, Dislodgement, IllegalOrder, Unit, UnitOrder, UnitType
from .orders import Convoy, Hold, Move, SupportHold, SupportMove
from .orders.convoy import route_exists
from .orders.move import prevent_strength
from .resolver import PARADOX, Resolver
from .results import FAILURE, SUCCESS, Line, OrderResult, assign_to_units, read_lines, refuse
from .retreats import retreat_options
from .variant import Variant

MOVEMENT_ORDERS = (Hold, Move, SupportHold, SupportMove, Convoy)


@dataclass(frozen=True)
class MovementOutcome:
    results: list[OrderResult]
    #: units by province after the moves, without the dislodged ones
    units: dict[str, Unit]
    dislodged: tuple[Dislodgement, ...]
    #: provinces left empty by a standoff: no retreat may go there
    standoffs: tuple[str, ...]


class Movement:
    """One movement phase being decided: the units, their orders, and who helps whom."""

    def __init__(self, variant: Variant, board: Board, orders: Mapping[str, UnitOrder]) -> None:
        self.variant = variant
        self.map = variant.map
        self.units = board.units
        self.orders: dict[str, UnitOrder] = {
            province: orders.get(province) or Hold(unit.type, unit.location)
            for province, unit in board.units.items()
        }
        self.moving = {p for p, order in self.orders.items() if isinstance(order, Move)}
        self.moves_into: dict[str, list[str]] = {p: [] for p in self.map.provinces}
        for origin in self.moving:
            move = self.orders[origin]
            assert isinstance(move, Move)
            self.moves_into[move.dest_province].append(origin)
        self.by_convoy = {origin for origin in self.moving if self._goes_by_convoy(origin)}
        self._head_to_head = {origin: self._find_head_to_head(origin) for origin in self.moving}
        #: supporters of the order of each unit, and why the other supports do not count
        self.supports: dict[str, list[str]] = {p: [] for p in self.orders}
        #: convoying fleets of each army moving by convoy
        self.convoys: dict[str, frozenset[str]] = {}
        self.unmatched: dict[str, str] = {}
        self._match()
        self.resolver = Resolver(
            self.orders,
            lambda province: self.orders[province].adjudicate(self),  # type: ignore[attr-defined]
            is_convoy=lambda order: isinstance(order, Convoy),
            is_move=lambda order: isinstance(order, Move),
        )

    # --- what the order kinds ask ----------------------------------------
    def resolve(self, province: str) -> bool:
        return self.resolver.resolve(province)

    def head_to_head(self, origin: str) -> str | None:
        """The province of the unit moving the opposite way over the same border, if any."""
        return self._head_to_head.get(origin)

    def path(self, origin: str) -> bool:
        """Whether the move from ``origin`` has a way there: by land, or by an unbroken convoy."""
        if origin not in self.by_convoy:
            return True
        fleets = self.convoys.get(origin, frozenset())
        move = self.orders[origin]
        assert isinstance(move, Move)
        dest = move.dest_province
        frontier = [s for s in self.map.sea_borders(origin) if s in fleets and self.resolve(s)]
        seen = set(frontier)
        while frontier:
            borders = self.map.sea_borders(frontier.pop())
            if dest in borders:
                return True
            for sea in borders:
                if sea in fleets and sea not in seen:
                    seen.add(sea)
                    if self.resolve(sea):
                        frontier.append(sea)
        return False

    def dislodged(self, province: str) -> bool:
        """Whether the unit in ``province`` is pushed out by a move that succeeds."""
        attackers = self.moves_into.get(province)
        if not attackers or province not in self.units:
            return False
        if province in self.moving and self.resolve(province):
            return False
        return any(self.resolve(attacker) for attacker in attackers)

    # --- matching ----------------------------------------------------------
    def _goes_by_convoy(self, origin: str) -> bool:
        move = self.orders[origin]
        assert isinstance(move, Move)
        unit = self.units[origin]
        if unit.type is not UnitType.ARMY:
            return False
        if move.via_convoy or move.dest_province not in self.map.army_borders.get(origin, frozenset()):
            return True
        # Next door by land: by convoy only if its own power shows the intent (DATC 4.A.3).
        convoying = [
            p for p, order in self.orders.items()
            if isinstance(order, Convoy) and order.army_province == origin
            and order.dest_province == move.dest_province
        ]
        return any(self.units[p].power == unit.power for p in convoying) and route_exists(
            self.map, origin, move.dest_province, frozenset(convoying)
        )

    def _find_head_to_head(self, origin: str) -> str | None:
        move = self.orders[origin]
        assert isinstance(move, Move)
        other = self.orders.get(move.dest_province)
        if (
            isinstance(other, Move)
            and other.dest_province == origin
            and origin not in self.by_convoy
            and move.dest_province not in self.by_convoy
        ):
            return move.dest_province
        return None

    def _match(self) -> None:
        convoys: dict[str, set[str]] = {origin: set() for origin in self.by_convoy}
        for province, order in self.orders.items():
            if isinstance(order, (SupportHold, SupportMove)):
                supported = self.orders[order.supported_province]
                if order.matches(supported):
                    self.supports[order.supported_province].append(province)
                else:
                    self.unmatched[province] = "unmatched"
            elif isinstance(order, Convoy):
                army = self.orders[order.army_province]
                if (
                    isinstance(army, Move)
                    and army.dest_province == order.dest_province
                    and order.army_province in self.by_convoy
                ):
                    convoys[order.army_province].add(province)
                else:
                    self.unmatched[province] = "unmatched"
        self.convoys = {origin: frozenset(fleets) for origin, fleets in convoys.items()}

    # --- outcome -------------------------------------------------------------
    def result_of(self, province: str) -> tuple[bool, str | None]:
        """Whether the order at ``province`` succeeded, and if not, why."""
        order = self.orders[province]
        if province in self.unmatched:
            return False, self.unmatched[province]
        if isinstance(order, Move):
            if self.resolve(province):
                return True, None
            if self.path(province):
                return False, "bounced"
            fleets = self.convoys.get(province, frozenset())
            if not fleets:
                return False, "no convoy"
            if any(self.resolver.backup_decisions.get(f) == PARADOX for f in fleets):
                return False, PARADOX
            return False, "convoy disrupted"
        if self.resolve(province):
            return True, None
        if isinstance(order, Convoy):
            return False, self.resolver.backup_decisions.get(province, "dislodged")
        if isinstance(order, (SupportHold, SupportMove)):
            return False, "cut"
        return False, "dislodged"

    def outcome(self) -> tuple[dict[str, Unit], tuple[Dislodgement, ...], tuple[str, ...]]:
        """Units after the moves, the dislodged units with their retreats, and the standoffs."""
        after: dict[str, Unit] = {}
        beaten: list[tuple[Unit, str]] = []
        for province, unit in self.units.items():
            order = self.orders[province]
            if isinstance(order, Move) and self.resolve(province):
                after[order.dest_province] = Unit(unit.power, unit.type, order.dest)
            elif self.dislodged(province):
                attacker = next(a for a in self.moves_into[province] if self.resolve(a))
                beaten.append((unit, attacker))
            else:
                after[province] = unit
        standoffs = tuple(sorted(
            province
            for province, attackers in self.moves_into.items()
            if attackers and province not in after
            and any(not self.resolve(a) and prevent_strength(self, a) > 0 for a in attackers)
        ))
        dislodged = tuple(
            Dislodgement(
                unit=unit,
                attacker_from=attacker,
                attacker_power=self.units[attacker].power,
                via_convoy=attacker in self.by_convoy,
                retreats=retreat_options(self.variant, after, unit, attacker, attacker in self.by_convoy, standoffs),
            )
            for unit, attacker in beaten
        )
        return after, dislodged, standoffs


def adjudicate_movement(
    variant: Variant, board: Board, orders: Mapping[str, Sequence[str]]
) -> MovementOutcome:
    """Decide a movement phase: every power's canonical orders against ``board``."""
    lines = read_lines(orders, variant.map.provinces)
    owners = {province: unit.power for province, unit in board.units.items()}
    in_effect = assign_to_units(lines, owners, MOVEMENT_ORDERS)
    effective: dict[str, UnitOrder] = {}
    for province, line in in_effect.items():
        order = line.order
        if line.refused is None and isinstance(order, MOVEMENT_ORDERS):
            try:
                effective[province] = order.normalize(variant, board)
            except IllegalOrder as error:
                refuse(line, error)
    movement = Movement(variant, board, effective)
    for province in list(movement.unmatched):
        order = movement.orders[province]
        if isinstance(order, SupportMove) and _illegal_move_to(in_effect.get(order.supported_province), order.dest_province):
            movement.unmatched[province] = "supported move illegal"
    for province in movement.orders:
        movement.resolve(province)
    after, dislodged, standoffs = movement.outcome()
    gone = {d.unit.province for d in dislodged}
    results = []
    for line in lines:
        province = line.order.province if isinstance(line.order, UnitOrder) else ""
        was_dislodged = owners.get(province) == line.power and province in gone
        if line.refused is not None or in_effect.get(province) is not line:
            results.append(OrderResult(line.power, line.text, FAILURE, line.refused, was_dislodged))
            continue
        ok, reason = movement.result_of(province)
        results.append(
            OrderResult(line.power, line.text, SUCCESS if ok else FAILURE, reason, was_dislodged)
        )
    return MovementOutcome(results, after, dislodged, standoffs)


def _illegal_move_to(line: Line | None, dest: str) -> bool:
    """Whether ``line`` ordered a move to ``dest`` that the rules refused (DATC 6.D.23)."""
    return (
        line is not None
        and line.refused not in (None, "replaced")
        and isinstance(line.order, Move)
        and line.order.dest_province == dest
    )
