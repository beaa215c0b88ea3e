"""What changes in a game of The Generals, as frozen dataclasses, and its JSON form.

The static world (map, troops, skills) stays in ``world``; a state holds only what the
turns change: who holds each region and with what, where each general is, each power's
treasury, victory points and scouting reports, and the alliances and wars between powers.
``dump``/``load`` turn a state into JSON-compatible data and back, exactly.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any, Union, get_args, get_origin, get_type_hints

from pbem.rulesets.generals.world import FIELD_BATTLE


@dataclass(frozen=True)
class Unit:
    """Men of one troop type and one veteran level, fighting together."""

    troop: str
    men: int
    level: int = 0


@dataclass(frozen=True)
class Pick:
    """A choice of troops in an order: ``count`` men (None: all) of ``troop`` (None: any).

    ``level`` narrows the choice to one veteran level; without it the most experienced
    men are taken first.
    """

    troop: str | None = None
    count: int | None = None
    level: int | None = None


@dataclass(frozen=True)
class Defence:
    """A region's standing defensive order; a withdrawal names its rearguard."""

    order: str = FIELD_BATTLE
    to: str | None = None
    rearguard: tuple[Pick, ...] = ()


@dataclass(frozen=True)
class Holding:
    """A region as it stands: its holder (None: nobody, or an independent garrison)."""

    region: str
    income: int
    hire_limit: int
    owner: str | None = None
    units: tuple[Unit, ...] = ()
    defence: Defence = Defence()
    prepared_by: str | None = None


@dataclass(frozen=True)
class SkillLevel:
    skill: str
    level: int = 1


@dataclass(frozen=True)
class General:
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


@dataclass(frozen=True)
class Sighting:
    """What a power's scouts saw of a neighbouring region at the end of a turn."""

    region: str
    owner: str | None
    units: tuple[Unit, ...]
    generals: tuple[str, ...] = ()


@dataclass(frozen=True)
class Realm:
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


@dataclass(frozen=True)
class Alliance:
    kind: str
    members: tuple[str, ...]


@dataclass(frozen=True)
class PeaceOffer:
    """``by`` offers ``to`` peace; it stands until answered, withdrawn, or the end of turn
    ``until`` (RULINGS.md, ruling 21)."""

    by: str
    to: str
    until: int


@dataclass(frozen=True)
class State:
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


# --- JSON form ---------------------------------------------------------------------------


def dump(value: Any) -> Any:
    """JSON-compatible data (dicts, lists, numbers, strings, None) for a state or part."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: dump(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [dump(item) for item in value]
    return value


@cache
def _hints(kind: type) -> dict[str, Any]:
    return get_type_hints(kind)


def load(kind: Any, data: Any) -> Any:
    """Rebuild a value of type ``kind`` (a dataclass or a type hint) from ``dump``'s data."""
    origin = get_origin(kind)
    if dataclasses.is_dataclass(kind) and isinstance(kind, type):
        hints = _hints(kind)
        unknown = set(data) - set(hints)
        if unknown:
            raise ValueError(f"{kind.__name__}: unknown fields {', '.join(sorted(unknown))}")
        return kind(**{name: load(hints[name], value) for name, value in data.items()})
    if origin is tuple:
        args = get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(load(args[0], item) for item in data)
        return tuple(load(arg, item) for arg, item in zip(args, data, strict=True))
    if origin in (Union, types.UnionType):
        if data is None:
            return None
        (inner,) = [arg for arg in get_args(kind) if arg is not type(None)]
        return load(inner, data)
    if kind in (int, str, bool, float) and not isinstance(data, kind):
        raise ValueError(f"expected {kind.__name__}, found {data!r}")
    return data
