"""Reading a player's mail into orders, with errors that say how to put them right.

Players write in the rulebook's format (``<general>: <action>``, ``<region>: <order>``) and
in plain words for diplomacy, in any case, with the troop and order names the game uses
(and their common aliases). This module finds whose line it is (a general's, a region's,
or diplomacy) and which wording it uses (``phrasings``); the readers of each sort of line
(``read_actions``, ``read_regions``, ``read_diplomacy``) check it against the state.
"""

from __future__ import annotations

from collections.abc import Iterable

from pbem.ruleset import OrderLine
from pbem.rulesets.generals import phrasings, read_actions, read_diplomacy, read_regions
from pbem.rulesets.generals.orders import Champion, MoveArmy, Order, Overtax, RaiseSkill, Rest, Travel
from pbem.rulesets.generals.reading import Orders, Reading
from pbem.rulesets.generals.state import General, State
from pbem.rulesets.generals.world import world
from pbem.rulesets.lines import Refusal, squash


class Reader(Orders):
    """Reads the lines of one power's mail against the state they were written for."""

    def read_mail(self, text: str) -> list[OrderLine]:
        lines: list[OrderLine] = []
        seen: dict[str, int] = {}
        self.overtaxed = self._overtaxing(text)
        for number, raw in enumerate(text.splitlines(), start=1):
            if not raw.strip():
                continue
            try:
                reading = self.read_line(raw)
            except Refusal as refusal:
                lines.append(OrderLine(number, raw, error=refusal.error, hint=refusal.hint))
                continue
            key = reading.order.key()
            note = reading.note
            if key in seen:
                again = f"this replaces line {seen[key]} of this mail"
                note = f"{note}; {again}" if note else again
            seen[key] = number
            lines.append(OrderLine(number, raw, order=reading.order.text(), key=key, note=note))
        return lines

    def _overtaxing(self, text: str) -> dict[str, int]:
        """The hire limit each region gains (or loses) by the overtaxing lines of a mail, wherever
        they stand in it: a recruiting note counts them (the turn overtaxes before it hires)."""
        step = world().rules.economy.overtax.hire_per_income
        gained: dict[str, int] = {}
        for raw in text.splitlines():
            try:
                order = self.read_line(raw).order if raw.strip() else None
            except Refusal:
                continue
            if isinstance(order, Overtax):
                change = order.amount * step if order.spend == "income" else -order.amount
                gained[order.region] = gained.get(order.region, 0) + change
        return gained

    def read_line(self, raw: str) -> Reading:
        line = squash(raw.replace("\t", " ")).rstrip(".;")
        head, colon, body = line.partition(":")
        if not colon:
            head, body = self._split_name(line)
        head, body = head.strip(), body.strip()
        lowered = head.lower()
        if not head or lowered == "diplomacy":
            return self.diplomacy(body)
        mine = {name.lower(): g for name, g in self.generals.items()}
        if lowered in mine:
            return self.general_order(mine[lowered], body)
        if lowered in {r.lower() for r in self.variant.regions}:
            return self.region_order(self.region(head), body)
        raise Refusal(
            f"'{head}' is neither one of your generals nor a region",
            self.suggest(head) or self._where_to_start(),
        )

    def _where_to_start(self) -> str:
        return (
            f"start a general's line with his name and ':' ({', '.join(self.generals)}), a "
            f"region's line with its name and ':'; diplomacy: {phrasings.DIPLOMACY_HELP}"
        )

    def _split_name(self, line: str) -> tuple[str, str]:
        """A line without a colon that starts with a general's or region's name."""
        lowered = line.lower()
        for name in sorted([*self.generals, *self.variant.regions], key=len, reverse=True):
            if lowered.startswith(name.lower() + " "):
                return line[: len(name)], line[len(name) :]
        return "", line

    def general_order(self, general: General, body: str) -> Reading:
        if not body:
            raise Refusal(f"no action for {general.name}", f"actions: {phrasings.ACTION_HELP}")
        # "(skirmish)": brackets around a battle order say nothing more
        found = phrasings.ACTIONS.read(body.replace("(", " ").replace(")", " "))
        if found is None:
            raise phrasings.ACTIONS.refusal(body, "an action of a general")
        kind, slots = found
        reading = read_actions.READERS[kind](self, general, slots)
        if self._only_moves(general, reading.order):
            raise Refusal(
                f"{general.name} was trained last turn and may only move this turn",
                "give him 'travel to <region>', 'move army ...' or 'R and R'",
            )
        return reading

    def _only_moves(self, general: General, order: Order) -> bool:
        """A general trained last turn may only move, rest, or do what takes no action."""
        fresh = bool(general.trained_on) and general.trained_on == self.state.turn - 1
        moves = isinstance(order, Travel | MoveArmy | RaiseSkill | Champion) or (
            isinstance(order, Rest) and not order.learn
        )
        return fresh and not moves

    def region_order(self, region: str, body: str) -> Reading:
        if self.holders.get(region) != self.power:
            raise Refusal(f"you do not hold {region}", "give orders only for your own regions")
        if not body:
            raise Refusal(f"no order for {region}", f"region orders: {phrasings.REGION_HELP}")
        found = phrasings.REGION_ORDERS.read(body)
        if found is not None:
            kind, slots = found
            return read_regions.READERS[kind](self, region, slots)
        if phrasings.REGION_ORDERS.starts(body):
            raise phrasings.REGION_ORDERS.refusal(body, "an order of a region")
        return read_regions.defend(region, body)

    def diplomacy(self, line: str) -> Reading:
        found = phrasings.DIPLOMACY.read(line)
        if found is not None:
            kind, slots = found
            return read_diplomacy.READERS[kind](self, slots)
        headless = self._headless(line)
        if headless:
            raise headless
        if phrasings.starts_diplomacy(line):
            raise phrasings.DIPLOMACY.refusal(line, "a diplomatic order")
        first = line.split()[0] if line else ""
        suggestion = self.suggest(first) if first else None
        raise Refusal(f"'{line}' is not an order", suggestion or self._where_to_start())

    def _headless(self, line: str) -> Refusal | None:
        """A general's or a region's order written without the name it needs first."""
        if phrasings.REGION_ORDERS.read(line):
            example = next(iter(self.own()), "<region>")
            return Refusal(
                "a region's order starts with the region",
                f"write '<region>: {line}', e.g. '{example}: {line}'",
            )
        if phrasings.ACTIONS.read(line) and not phrasings.DIPLOMACY.starts(line):
            example = next(iter(self.generals), "<general>")
            return Refusal(
                "a general's action starts with his name",
                f"write '<general>: {line}', e.g. '{example}: {line}'",
            )
        return None


def read_mail(state: State, power: str, text: str) -> list[OrderLine]:
    """Every non-blank line of a mail as a canonical order or an error."""
    if power not in state.alive():
        return [
            OrderLine(n, raw, error=f"{power} is out of the game and gives no more orders")
            for n, raw in enumerate(text.splitlines(), start=1)
            if raw.strip()
        ]
    return Reader(state, power).read_mail(text)


def read_orders(state: State, power: str, lines: Iterable[str]) -> tuple[list[Order], list[str]]:
    """Canonical orders back into values, for adjudication; and lines that did not read."""
    if power not in state.alive():
        return [], list(lines)
    reader = Reader(state, power)
    orders: list[Order] = []
    bad: list[str] = []
    for line in lines:
        try:
            orders.append(reader.read_line(line).order)
        except Refusal:
            bad.append(line)
    return orders, bad


def order_words(state: State) -> frozenset[str]:
    """The words of this game's orders (``Ruleset.order_words``): every region, general and
    power, the battle orders, and the words an order line may start with."""
    grammars = (phrasings.ACTIONS, phrasings.REGION_ORDERS, phrasings.DIPLOMACY)
    names = [
        *world().variants[state.variant].regions,
        *(general.name for general in state.generals),
        *(realm.power for realm in state.realms),
        *phrasings.ORDER_ALIASES,
        *(verb for grammar in grammars for verb in grammar.verbs()),
    ]
    return frozenset(name.lower() for name in names)
