"""What the readers of a power's orders share: the state they were written for, the
names it knows, troops as players write them, and what a line reads as.

A line is checked against the state it was written for: what can be known now is refused
now (an unknown region, a route through enemy land); what depends on other players'
orders (gold, troops still there) is carried out as far as possible at the turn's end,
and the player gets a note now (RULINGS.md, ruling 14).
"""

from __future__ import annotations

import re

from pbem.frozen import Frozen
from pbem.rulesets.generals import army
from pbem.rulesets.generals.orders import Order
from pbem.rulesets.generals.state import General, Pick, State
from pbem.rulesets.generals.world import Variant, world
from pbem.rulesets.lines import Refusal, items, match, number, squash


class Reading(Frozen):
    """A line read: its order, and a note for the player (what will happen, and why)."""

    order: Order
    note: str | None = None


def troop(word: str) -> str:
    troops = world().troops
    aliases = {alias: t.name for t in troops.values() for alias in t.aliases}
    return match(word, troops, "troop type", aliases)


PICK = re.compile(r"^(?P<count>all|\d+)\s+(?P<troop>.+?)(?:\s+vet(?:eran)?\s*(?P<level>\d+))?$")
EVERYTHING = {"all", "all troops", "all men", "everything", "the whole army", "whole army", "army"}


def read_picks(text: str) -> tuple[Pick, ...]:
    """'120 Spearmen, all Archers and 10 Knights vet 1' as picks; 'all troops' for all."""
    text = squash(text)
    if not text:
        raise Refusal("the order does not say which troops", "write e.g. '100 Spearmen, all Archers'")
    picks = []
    for item in items(text):
        item = item.lower()
        if item in EVERYTHING:
            picks.append(Pick())
            continue
        found = PICK.match(item)
        if not found:
            raise Refusal(
                f"'{item}' does not say how many men of which troop",
                "write '<number> <troop>' or 'all <troop>', e.g. '100 Spearmen'",
            )
        count = None if found["count"] == "all" else number(found["count"], "men")
        kind = None if found["troop"] == "troops" and count is None else troop(found["troop"])
        level = int(found["level"]) if found["level"] is not None else None
        picks.append(Pick(kind, count, level))
    return tuple(picks)


class Orders:
    """One power's view of the state its orders were written for."""

    def __init__(self, state: State, power: str):
        self.state = state
        self.power = power
        self.variant: Variant = world().variants[state.variant]
        self.holders = {h.region: h.owner for h in state.holdings}
        self.generals = {g.name: g for g in state.generals_of(power)}
        self.scouted = {s.region: s.owner for s in state.realm(power).intel}
        #: region -> hire limit the mail being read adds by overtaxing (less if it converts some
        #: into income), for the notes on its recruiting
        self.overtaxed: dict[str, int] = {}

    def region(self, name: str) -> str:
        return match(name, self.variant.regions, "region")

    def borders(self, region: str) -> str:
        return f"{region} borders {', '.join(self.variant.regions[region].neighbours)}"

    def own(self) -> list[str]:
        return [h.region for h in self.state.owned(self.power)]

    def allied(self, other: str) -> bool:
        return any(self.power in a.members and other in a.members for a in self.state.alliances)

    def at_war(self, other: str) -> bool:
        return tuple(sorted((self.power, other))) in self.state.wars

    def other_power(self, word: str) -> str:
        """Another power still in the game, named by ``word``."""
        power = match(word, self.variant.powers, "power")
        if power == self.power:
            raise Refusal("that is you", "name another power")
        if power not in self.state.alive():
            raise Refusal(
                f"{power} is out of the game",
                f"powers still in the game: {', '.join(self.state.alive())}",
            )
        return power

    def suggest(self, word: str) -> str | None:
        """A "did you mean" among the power's generals and the regions, if any is close."""
        try:
            match(word, [*self.generals, *self.variant.regions], "general or region")
        except Refusal as refusal:
            return refusal.hint
        return None

    def short(self, general: General, picks: tuple[Pick, ...], note: str | None) -> str | None:
        """``note``, with what is missing when fewer troops are there than asked."""
        holding = self.state.holding(general.region)
        _, _, short = army.take(holding.units, picks)
        if short:
            extra = f"{general.region} now holds {army.describe(holding.units)}"
            more = "; ".join(short)
            note = "; ".join(filter(None, [note, f"{more} ({extra}); what is there will go"]))
        return note
