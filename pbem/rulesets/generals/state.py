"""What changes in a game of The Generals, as frozen dataclasses.

The static world (map, troops, skills) stays in ``world``; a state holds only what the
turns change: who holds each region and with what, where each general is, each power's
treasury, victory points and scouting reports, and the alliances and wars between powers.
``pbem.records`` turns a state into JSON-compatible data and back, exactly.
"""

from __future__ import annotations

from collections.abc import Iterator

from pbem.frozen import Frozen
from pbem.rulesets.generals.world import FIELD_BATTLE


class Unit(Frozen):
    """Men of one troop type and one veteran level, fighting together."""

    troop: str
    men: int
    level: int = 0


class Pick(Frozen):
    """A choice of troops in an order: ``count`` men (None: all) of ``troop`` (None: any).

    ``level`` narrows the choice to one veteran level; without it the most experienced
    men are taken first.
    """

    troop: str | None = None
    count: int | None = None
    level: int | None = None


class Defence(Frozen):
    """A region's standing defensive order; a withdrawal names its rearguard."""

    order: str = FIELD_BATTLE
    to: str | None = None
    rearguard: tuple[Pick, ...] = ()


class Holding(Frozen):
    """A region as it stands: its holder (None: nobody, or an independent garrison)."""

    region: str
    income: int
    hire_limit: int
    owner: str | None = None
    units: tuple[Unit, ...] = ()
    defence: Defence = Defence()
    prepared_by: str | None = None


class SkillLevel(Frozen):
    skill: str
    level: int = 1


class General(Frozen):
    name: str
    power: str
    region: str
    skills: tuple[SkillLevel, ...]
    renown: int = 0
    champion: str | None = None
    trained_on: int = 0

    def level(self, skill: str) -> int:
        """The general's level in ``skill``, 0 if he does not have it."""
        return next((s.level for s in self.skills if s.skill == skill), 0)


class Sighting(Frozen):
    """What a power's scouts saw of a neighbouring region at the end of a turn."""

    region: str
    owner: str | None
    units: tuple[Unit, ...]
    generals: tuple[str, ...] = ()


class Realm(Frozen):
    """One power's own affairs: treasury, victory points, scouting reports."""

    power: str
    gold: int
    vp: int = 0
    out: bool = False
    victories: int = 0
    tribute: int = 0
    achieved: tuple[int, ...] = ()
    defeated: tuple[str, ...] = ()
    intel: tuple[Sighting, ...] = ()


class Alliance(Frozen):
    kind: str
    members: tuple[str, ...]


class PeaceOffer(Frozen):
    """``by`` offers ``to`` peace; it stands until answered, withdrawn, or the end of turn
    ``until`` (RULINGS.md, ruling 21)."""

    by: str
    to: str
    until: int


class State(Frozen):
    variant: str
    turn: int
    last_turn: int
    holdings: tuple[Holding, ...]
    generals: tuple[General, ...]
    realms: tuple[Realm, ...]
    alliances: tuple[Alliance, ...] = ()
    wars: tuple[tuple[str, str], ...] = ()
    peace_offers: tuple[PeaceOffer, ...] = ()
    over: bool = False
    result: str = ""
    winners: tuple[str, ...] = ()

    def holding(self, region: str) -> Holding:
        return next(h for h in self.holdings if h.region == region)

    def realm(self, power: str) -> Realm:
        return next(r for r in self.realms if r.power == power)

    def owned(self, power: str) -> Iterator[Holding]:
        return (h for h in self.holdings if h.owner == power)

    def generals_of(self, power: str) -> Iterator[General]:
        return (g for g in self.generals if g.power == power)

    def peace_offer(self, by: str, to: str) -> PeaceOffer | None:
        """``by``'s standing offer of peace to ``to``, if any."""
        return next((o for o in self.peace_offers if (o.by, o.to) == (by, to)), None)

    def alive(self) -> tuple[str, ...]:
        """Powers still in the game, in seat order."""
        return tuple(r.power for r in self.realms if not r.out)
