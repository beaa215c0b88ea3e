"""The game while one turn is being resolved: a state's frozen parts in mutable tables.

Resolution runs in steps (``turn``), each changing regions, generals and treasuries; doing
that on frozen tuples would copy the whole state at every step. A ``Board`` holds the
same frozen values in dicts, replaces them as the steps go, records the events, and
freezes back into a ``State`` at the end. It knows the bookkeeping every step shares
(who holds what, alliances and wars), not any rule of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from pbem.ruleset import PUBLIC
from pbem.rulesets.generals import army
from pbem.rulesets.generals.orders import Order, of_kind
from pbem.rulesets.generals.state import (
    Alliance,
    Defence,
    General,
    Holding,
    PeaceOffer,
    Pick,
    Realm,
    State,
    Unit,
)
from pbem.rulesets.generals.world import Variant, world


def pair(a: str, b: str) -> tuple[str, str]:
    first, second = sorted((a, b))
    return first, second


class Board:
    def __init__(self, state: State):
        self.variant: Variant = world().variants[state.variant]
        self.variant_name = state.variant
        self.turn = state.turn
        self.last_turn = state.last_turn
        self.holdings: dict[str, Holding] = {h.region: h for h in state.holdings}
        self.generals: dict[str, General] = {g.name: g for g in state.generals}
        self.realms: dict[str, Realm] = {r.power: r for r in state.realms}
        self.alliances: list[Alliance] = list(state.alliances)
        self.wars: set[tuple[str, str]] = set(state.wars)
        self.peace_offers: list[PeaceOffer] = list(state.peace_offers)
        self.start_holders: dict[str, str | None] = {h.region: h.owner for h in state.holdings}
        self.over, self.result, self.winners = state.over, state.result, state.winners
        self.events: list[dict[str, Any]] = []
        self.notices: list[str] = []
        #: this turn only: hire limit gained by overtaxing, per region; income gained by
        #: overtaxing, per power that overtaxed (ruling 31); points hired so far, per region
        self.hire_bonus: dict[str, int] = {}
        self.overtax_income: dict[str, int] = {}
        self.hired: dict[str, int] = {}
        #: gold that came in and went out this turn, per power and reason
        self.ledger: dict[str, dict[str, int]] = {p: {} for p in self.realms}

    # --- events ----------------------------------------------------------------------

    def event(self, kind: str, audience: Iterable[str], text: str, **data: Any) -> dict[str, Any]:
        """Record what happened; ``audience`` are the powers told (PUBLIC: everyone)."""
        record = {
            "kind": kind,
            "turn": self.turn,
            "audience": sorted(set(audience)),
            "text": text,
            **data,
        }
        self.events.append(record)
        return record

    def tell(self, power: str, kind: str, text: str, **data: Any) -> dict[str, Any]:
        """Record what happened to ``power``, told to it alone."""
        return self.event(kind, [power], text, power=power, **data)

    def public(self, kind: str, text: str, **data: Any) -> dict[str, Any]:
        return self.event(kind, [PUBLIC], text, **data)

    # --- realms ----------------------------------------------------------------------

    def alive(self) -> list[str]:
        return [p for p, r in self.realms.items() if not r.out]

    def change_realm(self, power: str, **changes: Any) -> Realm:
        self.realms[power] = replace(self.realms[power], **changes)
        return self.realms[power]

    def spend(self, power: str, gold: int, reason: str) -> None:
        self.earn(power, -gold, reason)

    def earn(self, power: str, gold: int, reason: str) -> None:
        self.change_realm(power, gold=self.realms[power].gold + gold)
        book = self.ledger[power]
        book[reason] = book.get(reason, 0) + gold

    # --- regions ---------------------------------------------------------------------

    def holder(self, region: str) -> str | None:
        return self.holdings[region].owner

    def owned(self, power: str) -> list[str]:
        return [r for r, h in self.holdings.items() if h.owner == power]

    def strongest(self, regions: Iterable[str]) -> str:
        """The region with the most men (of equals, the last by name): where to fall back to."""
        return max(regions, key=lambda r: (army.men(self.holdings[r].units), r))

    def change_holding(self, region: str, **changes: Any) -> Holding:
        self.holdings[region] = replace(self.holdings[region], **changes)
        return self.holdings[region]

    def take_units(self, region: str, picks: Sequence[Pick]) -> tuple[tuple[Unit, ...], list[str]]:
        """Take chosen troops out of a region; the region is left to nobody if emptied."""
        taken, left, short = army.take(self.holdings[region].units, picks)
        self.set_units(region, left)
        return taken, short

    def set_units(self, region: str, units: tuple[Unit, ...], owner: str | None = None) -> None:
        """Put exactly ``units`` in a region, held by ``owner`` (default: its holder).

        A region with no troops is held by nobody (rulebook: "to control a region, a
        player must have troops stationed in the region"); a change of holder clears
        the standing defence and any prepared battlefield.
        """
        holding = self.holdings[region]
        owner = holding.owner if owner is None else owner
        if not units and holding.owner is not None:
            owner = None
        if owner != holding.owner:
            self.holdings[region] = replace(
                holding, owner=owner, units=units, defence=Defence(), prepared_by=None
            )
        else:
            self.holdings[region] = replace(holding, units=units)

    def add_units(self, region: str, power: str | None, units: Iterable[Unit]) -> None:
        """Troops of ``power`` arrive in a region that is theirs or nobody's."""
        holding = self.holdings[region]
        assert holding.owner in (power, None) or not holding.units, (region, power)
        current = holding.units if holding.owner == power else ()
        merged = army.merge(current, units)
        self.set_units(region, merged, owner=power if merged else holding.owner)

    # --- generals --------------------------------------------------------------------

    def generals_in(self, region: str, power: str | None = None) -> list[General]:
        return [
            g for g in self.generals.values() if g.region == region and (power is None or g.power == power)
        ]

    def orders_of_generals(
        self, given: Mapping[str, Sequence[Order]], *kinds: type
    ) -> Iterator[tuple[str, Any, General]]:
        """(power, order, general) for the given orders of these kinds whose general is still on
        the board: one killed or captured earlier in the turn carries out nothing."""
        for power, order in of_kind(given, *kinds):
            general = self.generals.get(order.general)
            if general is not None:
                yield power, order, general

    def move_general(self, name: str, region: str) -> None:
        """A general changes region; a battlefield he prepared is lost (rulebook)."""
        general = self.generals[name]
        if general.region == region:
            return
        self.lose_preparation(general)
        self.generals[name] = replace(general, region=region)

    def remove_general(self, name: str) -> General:
        general = self.generals.pop(name)
        self.lose_preparation(general)
        return general

    def change_general(self, name: str, **changes: Any) -> General:
        self.generals[name] = replace(self.generals[name], **changes)
        return self.generals[name]

    def lose_preparation(self, general: General) -> None:
        """The battlefield ``general`` prepared is lost: he left its region (rulebook)."""
        holding = self.holdings[general.region]
        if holding.prepared_by == general.name:
            self.holdings[general.region] = replace(holding, prepared_by=None)

    # --- relations -------------------------------------------------------------------

    def allied(self, a: str, b: str) -> bool:
        return any(a in x.members and b in x.members for x in self.alliances)

    def at_war(self, a: str, b: str) -> bool:
        return pair(a, b) in self.wars

    def declare_war(self, power: str, enemy: str, why: str) -> None:
        if self.allied(power, enemy):
            self.leave_alliances(power, enemy, why)
        if not self.at_war(power, enemy):
            self.wars.add(pair(power, enemy))
            self.public("war", f"{power} and {enemy} are at war: {why}", powers=[power, enemy])

    def alliance_news(self, kind: str, alliance: Alliance, text: str, **data: Any) -> None:
        """News of an alliance: everyone hears of a formal one, only its members of a secret
        one (RULINGS.md, ruling 24)."""
        members = alliance.members
        audience = [PUBLIC] if alliance.kind == "formal" else members
        self.event(kind, audience, text, kind_of_alliance=alliance.kind, members=list(members), **data)

    def leave_alliances(self, power: str, other: str, why: str) -> None:
        """``power`` leaves every alliance it shares with ``other``.

        Breaking a formal alliance is public and costs victory points; a secret one is
        only known to its members (RULINGS.md, ruling 24).
        """
        kept: list[Alliance] = []
        for alliance in self.alliances:
            if power not in alliance.members or other not in alliance.members:
                kept.append(alliance)
                continue
            rest = tuple(m for m in alliance.members if m != power)
            self.alliance_news(
                "alliance broken",
                alliance,
                f"{power} broke the {alliance.kind} alliance of {', '.join(alliance.members)}: {why}",
                power=power,
            )
            if alliance.kind == "formal":
                penalty = world().rules.diplomacy.formal_break_vp
                self.change_realm(power, vp=self.realms[power].vp - penalty)
                self.event(
                    "penalty",
                    [power],
                    f"{power} loses {penalty} VP for breaking a formal alliance",
                    vp=-penalty,
                    power=power,
                )
            if len(rest) >= 2:
                kept.append(Alliance(alliance.kind, rest))
        self.alliances = kept

    # --- back to a state ---------------------------------------------------------------

    def freeze(self) -> State:
        order = list(self.variant.regions)
        return State(
            variant=self.variant_name,
            turn=self.turn,
            last_turn=self.last_turn,
            holdings=tuple(self.holdings[r] for r in order),
            generals=tuple(self.generals.values()),
            realms=tuple(self.realms.values()),
            alliances=tuple(self.alliances),
            wars=tuple(sorted(self.wars)),
            peace_offers=tuple(o for o in self.peace_offers if pair(o.by, o.to) in self.wars),
            over=self.over,
            result=self.result,
            winners=self.winners,
        )
