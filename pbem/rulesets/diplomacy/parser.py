"""Reading the orders of a player's mail into canonical orders or helpful errors.

Two layers. ``reading.read_order`` reads the words of a line alone, in every common
notation (ORDERS.md lists them). ``read_mail`` then
checks each order against the game (whose unit, which phase, what the rules
allow) so a player learns at once what is wrong and how to put it right. Where
a variant lets players vote on the orders of neutral units (Mandate of
Heaven), ``read_mail`` takes those orders too, each noted as a vote.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from pbem.english import counted

from ...ruleset import OrderLine
from .adjustments import Ledger, adjustments_due, vacant_build_sites
from .core import Board, IllegalOrder, Order, PhaseKind, UnitOrder, UnitType
from .orders import Build, Cancel, Convoy, Disband, Hold, Move, Retreat, SupportHold, SupportMove, Waive
from .reading import EXAMPLES, OrderSyntaxError, read_order
from .results import REASONS
from .variant import Variant

__all__ = ["OrderSyntaxError", "read_mail", "read_order"]


_PHASE_ORDERS = {
    PhaseKind.MOVEMENT: (Hold, Move, SupportHold, SupportMove, Convoy),
    PhaseKind.RETREATS: (Retreat, Disband),
    PhaseKind.ADJUSTMENTS: (Build, Disband, Waive, Cancel),
}


def read_mail(
    variant: Variant,
    board: Board,
    kind: PhaseKind,
    power: str,
    text: str,
    phase_label: str = "",
    neutrals: Collection[str] = (),
) -> list[OrderLine]:
    """Every non-blank line of a player's mail, read and checked against the game. Orders for the
    units (and build sites) of ``neutrals`` are taken as the player's votes on them."""
    checker = _Checker(variant, board, kind, power, phase_label or f"the {kind.word} phase", neutrals)
    for number, raw in enumerate(text.splitlines(), start=1):
        for part in checker.orders_on(raw.strip()):
            checker.lines.append(checker.line(number, part))
    return checker.lines


class _Checker:
    """Checks each order of one mail against the game, remembering the mail's earlier lines."""

    def __init__(
        self,
        variant: Variant,
        board: Board,
        kind: PhaseKind,
        power: str,
        label: str,
        neutrals: Collection[str] = (),
    ) -> None:
        self.variant = variant
        self.board = board
        self.kind = kind
        self.power = power
        self.label = label
        self.neutrals = frozenset(neutrals) - {power}
        self.ledger = Ledger(variant, board)
        self.seen: dict[str, int] = {}
        self.waives = 0
        #: the lines read so far, and the orders the ledger took from them, by key
        self.lines: list[OrderLine] = []
        self.taken: dict[str, tuple[int, Order]] = {}

    def orders_on(self, text: str) -> list[str]:
        """The orders written on one line: several, separated by commas, as njudge takes them
        ("A PAR - BUR, A MAR S A PAR - BUR"), when what stands before the first comma reads as an
        order alone; else the line is one order ("F StP, south coast - Bot"). An army's move that
        ends at sea goes on after a comma with its convoy route: "A LON - NTH, NWY" and "A LON -
        NTH, NTH - NWY" are "A LON - NTH - NWY" (RULINGS.md)."""
        parts = [part.strip() for part in text.split(",")]
        parts = [part for part in parts if part]
        if len(parts) < 2:
            return [text] if text else []  # answered as written: "Cheers," stays "Cheers,"
        try:
            read_order(self.variant, parts[0], self.kind, self.board)
        except OrderSyntaxError:
            return [text]
        orders = [parts[0]]
        for part in parts[1:]:
            onward = self.route_onward(orders[-1], part)
            if onward:
                orders[-1] = f"{orders[-1]} - {onward}"
            else:
                orders.append(part)
        return orders

    def route_onward(self, before: str, part: str) -> str | None:
        """Where ``part`` takes on the route of ``before``, an army's move that ends at sea: a
        province alone ("NWY"), or a move from that sea ("NTH - NWY"); None if it does not."""
        try:
            move = read_order(self.variant, before, self.kind, self.board)
        except OrderSyntaxError:
            return None
        provinces = self.variant.map.provinces
        if not (
            isinstance(move, Move)
            and move.unit_type is UnitType.ARMY
            and provinces[move.dest_province].type == "sea"
        ):
            return None
        try:
            onward = read_order(self.variant, f"{move.unit_text} - {part}", self.kind, self.board)
        except OrderSyntaxError:
            try:
                onward = read_order(self.variant, part, self.kind, self.board)
            except OrderSyntaxError:
                return None
            if not (isinstance(onward, Move) and onward.province == move.dest_province):
                return None
        return onward.dest if isinstance(onward, Move) else None

    def line(self, number: int, text: str) -> OrderLine:
        try:
            order = read_order(self.variant, text, self.kind, self.board)
        except OrderSyntaxError as error:
            return OrderLine(number, text, error=_sentence(str(error)), hint=_sentence(error.hint))
        replaced = self.take_back(order, number) if self.kind is PhaseKind.ADJUSTMENTS else None
        try:
            canonical, note = self.check(order)
        except IllegalOrder as error:
            hint = self.hint_for(order, error)
            return OrderLine(number, text, error=_sentence(str(error)), hint=_sentence(hint))
        if isinstance(canonical, Cancel):
            key = self.cancel_key(canonical)
            taken = f"takes back your order on line {replaced}" if replaced else None
            note = taken or f"takes back {canonical.order} if you sent it in an earlier mail"
            return OrderLine(number, text, order=str(canonical), key=key, note=_sentence(note))
        if replaced:
            note = _join(note, f"replaces your order on line {replaced}")
        if isinstance(canonical, Waive):
            self.waives += 1
            key = f"waive-{self.waives}"
            self.taken[key] = (len(self.lines), canonical)
        else:
            key = canonical.key()
            if key in self.seen:
                earlier = "your earlier order on this line" if self.seen[key] == number else None
                note = _join(note, f"replaces {earlier or f'your order on line {self.seen[key]}'}")
            self.seen[key] = number
            if self.kind is PhaseKind.ADJUSTMENTS:
                self.taken[key] = (len(self.lines), canonical)
        return OrderLine(number, text, order=str(canonical), key=key, note=_sentence(note))

    def take_back(self, order: Order, number: int) -> int | None:
        """Before a build, removal or CANCEL: undo the line of this mail it replaces, whose
        number it returns. A later build for a province replaces the earlier one."""
        target = order.order if isinstance(order, Cancel) else order
        if isinstance(target, Waive):
            if not isinstance(order, Cancel) or not self.waives:
                return None
            key = f"waive-{self.waives}"
            self.waives -= 1
        elif isinstance(target, (Build, Disband)):
            key = target.key()
        else:
            return None
        earlier = self.taken.pop(key, None)
        if earlier is None:
            return None
        index, taken = earlier
        self.ledger.take_back(self.power if not isinstance(taken, Disband) else self._owner(taken), taken)
        line = self.lines[index]
        self.lines[index] = replace(
            line, order=None, key=None, note=None, error=f"Replaced by your line {number}", hint=None
        )
        self.seen.pop(key, None)
        return line.line

    def _owner(self, order: Disband) -> str:
        unit = self.board.units.get(order.province)
        return unit.power if unit is not None else self.power

    def cancel_key(self, cancel: Cancel) -> str:
        """The key of the order a CANCEL takes back: its province, or the mail's last waive."""
        if isinstance(cancel.order, Waive):
            return f"waive-{self.waives + 1}"
        return cancel.key()

    def check(self, order: Order) -> tuple[Order, str | None]:
        """The canonical order, and a note if it was corrected; IllegalOrder if refused."""
        kinds = _PHASE_ORDERS[self.kind]
        if not isinstance(order, kinds):
            raise IllegalOrder(f"'{order}' is not an order for {self.label}", reason="wrong phase")
        if self.kind is PhaseKind.ADJUSTMENTS:
            return self.adjustment(order)
        assert isinstance(order, UnitOrder)
        if self.kind is PhaseKind.RETREATS:
            return self.retreat(order)
        unit = self.board.units.get(order.province)
        if unit is None or (unit.power != self.power and unit.power not in self.neutrals):
            raise IllegalOrder(self.not_yours(order.province, unit is not None))
        note = _join_notes(self.type_note(order, unit.type), self.vote_note(unit.power))
        assert isinstance(order, (Hold, Move, SupportHold, SupportMove, Convoy))
        return order.normalize(self.variant, self.board), note

    def retreat(self, order: UnitOrder) -> tuple[Order, str | None]:
        dislodged = next((d for d in self.board.dislodged if d.unit.province == order.province), None)
        if dislodged is None or (
            dislodged.unit.power != self.power and dislodged.unit.power not in self.neutrals
        ):
            mine = [str(d.unit) for d in self.board.dislodged if d.unit.power == self.power]
            raise IllegalOrder(
                f"no unit of yours was dislodged from {self.name(order.province)}; "
                + (f"yours to retreat: {', '.join(mine)}" if mine else "none of your units must retreat")
            )
        note = _join_notes(self.type_note(order, dislodged.unit.type), self.vote_note(dislodged.unit.power))
        unit = dislodged.unit
        if isinstance(order, Disband):
            return Disband(unit.type, unit.location), note
        assert isinstance(order, Retreat)
        return order.normalize(self.variant, dislodged), note

    def adjustment(self, order: Order) -> tuple[Order, str | None]:
        if isinstance(order, Cancel):
            return order, None
        # Whose adjustment this is: the player's own, or a neutral's they vote on.
        power = self.power
        if isinstance(order, Disband) and order.province in self.board.units:
            unit = self.board.units[order.province]
            if unit.power == self.power or unit.power in self.neutrals:
                order = Disband(unit.type, unit.location)
                power = unit.power
        elif isinstance(order, Build) and self.variant.builder(self.board, order.province) in self.neutrals:
            power = self.variant.builder(self.board, order.province) or power
        reason = self.ledger.apply(power, order)
        if reason is not None:
            raise IllegalOrder(self.adjustment_message(order, reason, power), reason)
        return order, self.vote_note(power)

    def adjustment_message(self, order: Order, reason: str, power: str) -> str:
        due = adjustments_due(self.variant, self.board).get(power, 0)
        who = "you" if power == self.power else power
        if reason == "too many builds":
            used = [f"{unit} B" for unit in self.ledger.built_here(power)]
            used += ["WAIVE"] * self.ledger.waives.get(power, 0)
            return (
                f"'{order}' does not stand: {who} {'have' if who == 'you' else 'has'} "
                f"{counted(due, 'build')} this winter, and the first sent stand: {', '.join(used)}"
            )
        if reason == "no builds due":
            builds = counted(max(due, 0), "build")
            return f"'{order}': {who} {'have' if who == 'you' else 'has'} {builds} this winter"
        if reason in ("too many disbands", "no removals due"):
            return f"'{order}': {who} must remove {counted(max(-due, 0), 'unit')} this winter"
        if reason in ("no such unit", "not own unit"):
            assert isinstance(order, UnitOrder)
            return self.not_yours(order.province, reason == "not own unit")
        return f"'{order}': {REASONS.get(reason, reason)}"

    def hint_for(self, order: Order, error: IllegalOrder) -> str | None:
        """How to put right an order the rules refused."""
        if error.reason == "wrong phase":
            return f"orders now are like {EXAMPLES[self.kind]}"
        if isinstance(order, Move) and self.kind is PhaseKind.MOVEMENT:
            unit = self.board.units.get(order.province)
            if unit is not None and unit.power == self.power:
                game_map = self.variant.map
                if unit.type is UnitType.ARMY:
                    reach = sorted(game_map.army_borders.get(unit.province, ()))
                else:
                    reach = sorted(game_map.fleet_borders.get(unit.location, ()))
                return f"{unit} can move to {', '.join(reach)}"
        if self.kind is PhaseKind.ADJUSTMENTS and error.reason in (
            "not a home supply center",
            "home supply center not owned",
            "province occupied",
            "not an owned supply center",
            "not in the placement area",
            "second build in the same province",
        ):
            sites = vacant_build_sites(self.variant, self.power, self.board)
            return f"you can build in: {', '.join(sites)}" if sites else "you have nowhere to build"
        if error.reason == "too many builds" and isinstance(order, Build):
            return f"to build {order.unit_text} instead, send CANCEL before one of those (CANCEL BUILD ...)"
        if error.reason == "coast not specified":
            return "add the coast, like F MAO - SPA/NC"
        return None

    def not_yours(self, province: str, occupied: bool) -> str:
        mine = ", ".join(str(u) for u in self.board.units_of(self.power)) or "none"
        if occupied:
            owner = self.board.units[province].power
            return f"the unit in {self.name(province)} belongs to {owner}; your units: {mine}"
        return f"you have no unit in {self.name(province)}; your units: {mine}"

    def vote_note(self, power: str) -> str | None:
        """What a player is told about an order for a neutral's unit: that it is a vote."""
        if power == self.power:
            return None
        return f"your vote for neutral {power}: carried only if most players, with most units, send it"

    def type_note(self, order: UnitOrder, actual: UnitType) -> str | None:
        if order.unit_type is actual:
            return None
        what = "an army" if actual is UnitType.ARMY else "a fleet"
        return f"{self.name(order.province)} holds {what}"

    def name(self, province: str) -> str:
        return self.variant.map.provinces[province].name


def _sentence(text: str | None) -> str | None:
    """Player-facing text starts with a capital letter."""
    return text[:1].upper() + text[1:] if text else text


def _join(first: str | None, second: str) -> str:
    return f"{first}; {second}" if first else second


def _join_notes(first: str | None, second: str | None) -> str | None:
    return _join(first, second) if second else first
