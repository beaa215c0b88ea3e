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

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from pbem.frozen import Frozen

from .core import Board, Dislodgement, IllegalOrder, Order, Unit, UnitOrder, UnitType, unit_at
from .orders import Convoy, Hold, Move, NotationError, SupportHold, SupportMove
from .orders.convoy import route_exists
from .orders.move import prevent_strength
from .resolver import PARADOX, RESOLVED, Resolver
from .results import FAILURE, SUCCESS, Line, OrderResult, claim, refuse
from .retreats import retreat_options
from .variant import Variant

MOVEMENT_ORDERS = (Hold, Move, SupportHold, SupportMove, Convoy)
_ARMY = UnitType.ARMY
_NONE: frozenset[str] = frozenset()


class MovementOutcome(Frozen):
    results: list[OrderResult]
    #: units by province after the moves, without the dislodged ones
    units: dict[str, Unit]
    dislodged: tuple[Dislodgement, ...]
    #: provinces left empty by a standoff: no retreat may go there
    standoffs: tuple[str, ...]


#: each order kind of the phase by its class, supports as one (a look-up by ``type`` is cheaper
#: than a chain of ``isinstance``; ``_kind_of`` answers for subclasses)
_KINDS: dict[type, type] = {
    Hold: Hold,
    Move: Move,
    SupportHold: SupportHold,
    SupportMove: SupportHold,
    Convoy: Convoy,
}


def _kind_of(order: UnitOrder) -> type:
    for kind in (Move, SupportHold, SupportMove, Convoy):
        if isinstance(order, kind):
            return _KINDS[kind]
    return Hold


#: the order of a unit that was given none, by the unit's text (shared: orders are immutable;
#: the text is a plain string key, where the unit's own hash is a dataclass's Python method)
_HOLDS: dict[str, Hold] = {}


def _hold(unit: Unit) -> Hold:
    order = _HOLDS.get(unit.text)
    if order is None:
        order = Hold.made(unit.type, unit.location)
        if len(_HOLDS) < 10_000:
            _HOLDS[unit.text] = order
    return order


class Movement(Resolver):
    """One movement phase being decided: the units, their orders, and who helps whom."""

    def __init__(self, variant: Variant, board: Board, orders: Mapping[str, UnitOrder]) -> None:
        self.variant = variant
        self.map = variant.map
        self.units = units = board.units
        self.orders: dict[str, UnitOrder] = {}
        #: origins of the moves into each province, and destination of each move
        self.moves_into: dict[str, list[str]] = {}
        self.dest: dict[str, str] = {}
        #: the moves that go by convoy
        self.by_convoy: set[str] = set()
        #: for each move in a head-to-head battle, where the opposing unit comes from
        self.opposite: dict[str, str] = {}
        # One pass over the units sorts the orders by kind, for the matching below; an army
        # that must go by sea is seen to at once, one next door by land when the convoys are known.
        next_door: list[str] = []
        supporting: list[str] = []
        convoy_orders: dict[str, list[Convoy]] = {}
        in_effect, dest, moves_into, opposite = self.orders, self.dest, self.moves_into, self.opposite
        army_borders = self.map.army_borders
        for province, unit in units.items():
            order = in_effect[province] = orders.get(province) or _HOLDS.get(unit.text) or _hold(unit)
            kind = _KINDS.get(type(order)) or _kind_of(order)
            if kind is Move:
                into = order.dest_province  # type: ignore[attr-defined]
                dest[province] = into
                attackers = moves_into.get(into)
                if attackers is None:
                    moves_into[into] = [province]
                else:
                    attackers.append(province)
                if dest.get(into) == province:
                    opposite[province], opposite[into] = into, province
                if unit.type is _ARMY:
                    if order.via_convoy or into not in army_borders.get(province, _NONE):  # type: ignore[attr-defined]
                        self.by_convoy.add(province)
                    else:
                        next_door.append(province)
            elif kind is SupportHold:
                supporting.append(province)
            elif kind is Convoy:
                convoy_orders.setdefault(order.army_province, []).append(order)  # type: ignore[attr-defined,arg-type]
        if convoy_orders:
            self._convoyed(next_door, convoy_orders)
        if self.by_convoy and opposite:  # armies by convoy pass any unit moving the other way
            self.opposite = {
                origin: other
                for origin, other in opposite.items()
                if origin not in self.by_convoy and other not in self.by_convoy
            }
        #: supporters of the order of each unit (that has any)
        self.supports: dict[str, list[str]] = {}
        #: convoying fleets of each army moving by convoy
        self.convoys: dict[str, frozenset[str]] = {}
        #: supports and convoys that match no order, with why
        self.unmatched: dict[str, str] = {}
        #: the order line in effect for each unit, when read from text
        self.lines: dict[str, Line] = {}
        Resolver.__init__(self, in_effect)
        self._match(supporting, convoy_orders)
        #: the variant's defence bonus, or None when it is the standard rules' nothing
        self.defence_bonus = (
            None if type(variant).defence_bonus is Variant.defence_bonus else variant.defence_bonus
        )

    # --- what the order kinds ask ----------------------------------------
    def head_to_head(self, origin: str) -> str | None:
        """The province of the unit moving the opposite way over the same border, if any."""
        return self.opposite.get(origin)

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

    def convoy_holds(self, province: str) -> bool:
        """Whether the convoy of the fleet in ``province`` still carries: the variant decides."""
        return self.variant.convoy_holds(self, province)

    def dislodged(self, province: str) -> bool:
        """Whether the unit in ``province`` is pushed out by a move that succeeds."""
        attackers = self.moves_into.get(province)
        if not attackers or province not in self.units:
            return False
        if province in self.dest and self.resolve(province):
            return False
        return any(self.resolve(attacker) for attacker in attackers)

    # --- matching ----------------------------------------------------------
    def _convoyed(self, next_door: list[str], convoy_orders: Mapping[str, list[Convoy]]) -> None:
        """Of the armies moving ``next_door`` by land, add those that go by convoy to ``by_convoy``:
        where its own power shows the intent with a convoy route (DATC 4.A.3)."""
        for origin in next_door:
            if origin not in convoy_orders:
                continue
            order = self.orders[origin]
            assert isinstance(order, Move)
            dest = order.dest_province
            power = self.units[origin].power
            convoying = [c.province for c in convoy_orders[origin] if c.dest_province == dest]
            if any(self.units[p].power == power for p in convoying) and route_exists(
                self.map, origin, dest, frozenset(convoying)
            ):
                self.by_convoy.add(origin)

    def _match(self, supporting: list[str], convoy_orders: Mapping[str, list[Convoy]]) -> None:
        """Which order each support and convoy is for. A support that matches and that nobody
        attacks is given: nothing can cut it (decided here, without a question)."""
        orders, supports, attacked = self.orders, self.supports, self.moves_into
        uncut = []
        for province in supporting:
            order = orders[province]
            target = order.supported_province  # type: ignore[attr-defined]
            if order.matches(orders[target]):  # type: ignore[attr-defined]
                supporters = supports.get(target)
                if supporters is None:
                    supports[target] = [province]
                else:
                    supporters.append(province)
                if province not in attacked:
                    uncut.append(province)
            else:
                self.unmatched[province] = "unmatched"
        self.known(uncut, True)
        if not convoy_orders:
            return
        convoys: dict[str, set[str]] = {origin: set() for origin in self.by_convoy}
        for army_province, convoying in convoy_orders.items():
            army = orders[army_province]
            for order in convoying:
                if (
                    isinstance(army, Move)
                    and army.dest_province == order.dest_province
                    and army_province in self.by_convoy
                ):
                    convoys[army_province].add(order.province)
                else:
                    self.unmatched[order.province] = "unmatched"
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
            if any(self.backup_decisions.get(f) == PARADOX for f in fleets):
                return False, PARADOX
            return False, "convoy disrupted"
        if self.resolve(province):
            return True, None
        if isinstance(order, Convoy):
            if province in self.backup_decisions:
                return False, self.backup_decisions[province]
            # A convoy fails without its fleet dislodged only by a variant's rule (a river fleet
            # attacked by a fleet, Mandate of Heaven): the fleet stays, so it is not "dislodged".
            return False, "dislodged" if self.dislodged(province) else "convoy broken"
        if isinstance(order, (SupportHold, SupportMove)):
            return False, "cut"
        return False, "dislodged"

    def outcome(self) -> tuple[dict[str, Unit], tuple[Dislodgement, ...], tuple[str, ...]]:
        """Units after the moves, the dislodged units with their retreats, and the standoffs."""
        after: dict[str, Unit] = {}
        beaten: list[tuple[Unit, str]] = []
        dest, attacked, resolve, orders = self.dest, self.moves_into, self.resolve, self.orders
        for province, unit in self.units.items():
            if province in dest and resolve(province):
                order = orders[province]
                after[order.dest_province] = unit_at(unit.power, unit.type, order.dest)  # type: ignore[attr-defined]
            elif province in attacked and self.dislodged(province):
                attacker = next(a for a in attacked[province] if resolve(a))
                beaten.append((unit, attacker))
            else:
                after[province] = unit
        left_empty = []
        for province, attackers in attacked.items():
            if province not in after:
                for attacker in attackers:
                    if not resolve(attacker) and prevent_strength(self, attacker) > 0:
                        left_empty.append(province)
                        break
        left_empty.sort()
        standoffs = tuple(left_empty)
        if not beaten:
            return after, (), standoffs
        dislodged = tuple(
            Dislodgement(
                unit=unit,
                attacker_from=attacker,
                attacker_power=self.units[attacker].power,
                via_convoy=attacker in self.by_convoy,
                retreats=retreat_options(
                    self.variant, after, unit, attacker, attacker in self.by_convoy, standoffs
                ),
            )
            for unit, attacker in sorted(beaten, key=lambda pair: pair[0].province)
        )
        return after, dislodged, standoffs


#: reads one line as players write it, for a power: the order, and whether that reading holds
#: whatever the board (then it is remembered with the text)
Reader = Callable[[str, str], tuple[Order, bool]]


def read_movement_orders(
    variant: Variant,
    board: Board,
    orders: Mapping[str, Sequence[str]],
    reader: Reader | None = None,
) -> tuple[Movement, list[Line]]:
    """The phase set up for deciding: each line read, given to its unit and checked in one pass
    (``claim`` and ``normalize``), then matched; none decided yet. The lines are in canonical
    notation, or, with a ``reader``, as players write them (each line's result then names the
    canonical order read)."""
    units = board.units
    known = _known(variant, "movement lines" if reader is None else "movement lines as written")
    lines: list[Line] = []
    in_effect: dict[str, Line] = {}
    effective: dict[str, UnitOrder] = {}
    for power, texts in orders.items():
        for text in texts:
            canonical, order, refusal, plain, other, other_text = known.get(text) or _read(
                variant, power, text, reader, known
            )
            if refusal:  # not a unit's order in canonical notation
                lines.append(Line(power, canonical, order, "illegal", refusal))
                continue
            line = Line(power, canonical, order)
            lines.append(line)
            province = order.province
            unit = units.get(province)
            if (
                plain
                and unit is not None
                and unit.text == plain
                and unit.power == power
                and province not in in_effect
                and (other is None or getattr(units.get(other), "text", None) == other_text)
            ):  # the common case: a first order for its own unit, as the engine writes it
                in_effect[province] = line
                effective[province] = order
                continue
            if not claim(line, order, unit.power if unit else None, in_effect, MOVEMENT_ORDERS):
                if in_effect.get(province) is line:  # it replaced an order, and it is no order itself
                    effective.pop(province, None)
                continue
            try:
                effective[province] = order.normalize(variant, board)
            except IllegalOrder as error:
                refuse(line, error)
                effective.pop(province, None)
    movement = Movement(variant, board, effective)
    movement.lines = in_effect
    for province in list(movement.unmatched):
        order = movement.orders[province]
        if isinstance(order, SupportMove) and _illegal_move_to(
            in_effect.get(order.supported_province), order.dest_province
        ):
            movement.unmatched[province] = "supported move illegal"
    return movement, lines


#: a line's text -> the line in canonical notation, its order, why it is refused ("": it is not),
#: and, where the order is ``plain``, the units it names as ``stands`` checks them: the ordered
#: unit's text ("" where it is not plain), the province of another unit it names (a supported
#: one) or None, and that unit's text (the texts compared, not each unit's type and location)
Entry = tuple[str, Any, str, str, "str | None", "str | None"]


def _known(variant: Variant, which: str) -> dict[str, Entry]:
    """The lines of this map read before (shared by the variant's copies, as its notation is)."""
    known = variant.derived.get(which)
    if known is None:
        known = variant.derived[which] = {}
    return known


def _read(variant: Variant, power: str, text: str, reader: Reader | None, known: dict[str, Entry]) -> Entry:
    """Read a line once, remembering it in ``known`` where the reading holds on any board: the
    canonical line and its order, whether the map alone shows that the order needs no checking
    beyond its units' standing (``UnitOrder.plain``), and why it is refused if it is no unit's
    order."""
    if reader is None:
        canonical, lasting = text, True
        try:
            order = variant.notation.parse(text)
        except NotationError as error:
            return text, None, str(error), "", None, None  # not remembered: a reader's mistake is rare
    else:
        try:  # the engine's notation, read at once (as the reader would read it first)
            order, lasting = variant.notation.parse_afresh(text), True
        except NotationError:
            order, lasting = reader(power, text)
        canonical = str(order)
    entry: Entry
    if not isinstance(order, UnitOrder):
        entry = canonical, order, f"{order} is not an order of this phase", "", None, None
    elif not order.plain(variant.map):
        entry = canonical, order, "", "", None, None
    elif isinstance(order, (SupportHold, SupportMove)):
        supported = order.supported_type + " " + order.supported
        entry = canonical, order, "", order.unit_text, order.supported_province, supported
    else:
        entry = canonical, order, "", order.unit_text, None, None
    if lasting:
        if len(known) >= 50_000:  # bounded, so a long run stays small
            known.clear()
        known[text] = entry
    return entry


def adjudicate_movement(
    variant: Variant, board: Board, orders: Mapping[str, Sequence[str]]
) -> MovementOutcome:
    """Decide a movement phase: every power's canonical orders against ``board``."""
    movement, lines = decide_movement(variant, board, orders)
    after, dislodged, standoffs = movement.outcome()
    return MovementOutcome(line_results(movement, lines, dislodged, OrderResult), after, dislodged, standoffs)


def decide_movement(
    variant: Variant,
    board: Board,
    orders: Mapping[str, Sequence[str]],
    reader: Reader | None = None,
) -> tuple[Movement, list[Line]]:
    """The phase with every order decided, and the lines sent (see ``read_movement_orders``)."""
    movement, lines = read_movement_orders(variant, board, orders, reader)
    for province, order in movement.orders.items():
        if not isinstance(order, Hold):  # a hold is decided when its attackers are
            movement.resolve(province)
    return movement, lines


R = TypeVar("R")


def line_results(
    movement: Movement,
    lines: list[Line],
    dislodged: Sequence[Dislodgement],
    make: Callable[[str, str, str, str | None, bool], R],
) -> list[R]:
    """How each line fared, made by ``make(power, text, result, reason, dislodged)``: an
    ``OrderResult``, or straight away the form a caller writes out (``result_dict``)."""
    gone = {d.unit.province: d.unit.power for d in dislodged}
    in_effect, result_of = movement.lines.get, movement.result_of
    # An order decided a success and matched, or a hold nobody attacks, needs no more questions
    # (most of them): the answer result_of would give.
    state, succeeded, unmatched = movement._state, movement._result, movement.unmatched
    attacked = movement.moves_into
    results: list[R] = []
    append = results.append
    for line in lines:
        read = line.order
        province = read.province if isinstance(read, UnitOrder) else ""
        was_dislodged = gone.get(province) == line.power if gone else False
        if line.refused is not None or in_effect(province) is not line:
            append(make(line.power, line.text, FAILURE, line.refused, was_dislodged))
        elif province not in unmatched and (
            (state[province] == RESOLVED and succeeded[province])
            or (type(read) is Hold and province not in attacked)
        ):
            append(make(line.power, line.text, SUCCESS, None, was_dislodged))
        else:
            ok, reason = result_of(province)
            append(make(line.power, line.text, SUCCESS if ok else FAILURE, reason, was_dislodged))
    return results


def _illegal_move_to(line: Line | None, dest: str) -> bool:
    """Whether ``line`` ordered a move to ``dest`` that the rules refused (DATC 6.D.23)."""
    return (
        line is not None
        and line.refused not in (None, "replaced")
        and isinstance(line.order, Move)
        and line.order.dest_province == dest
    )
