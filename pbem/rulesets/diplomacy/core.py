"""The few types every part of the Diplomacy engine shares: units, locations, turns, the board.

A *location* is where a unit stands: a province abbreviation ("PAR") or, for a
fleet on a split-coast province, the province and its coast ("SPA/NC"). Two
units never share a province, so the board is keyed by province.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property, lru_cache
from typing import Any, ClassVar

from pbem.frozen import Frozen


class UnitType(StrEnum):
    ARMY = "A"
    FLEET = "F"


#: unit letters to types (a dict lookup is much cheaper than calling the enum)
UNIT_LETTERS = {"A": UnitType.ARMY, "F": UnitType.FLEET}


class Season(StrEnum):
    SPRING = "S"
    FALL = "F"
    WINTER = "W"

    @property
    def word(self) -> str:
        return self.name.capitalize()  # "Spring", as a turn is named


class PhaseKind(StrEnum):
    MOVEMENT = "M"
    RETREATS = "R"
    ADJUSTMENTS = "A"

    @property
    def word(self) -> str:
        return self.name.lower()  # "movement", as in "the movement phase"


def province_of(location: str) -> str:
    """The province of a location: "SPA/NC" -> "SPA"."""
    return location if "/" not in location else location.partition("/")[0]  # most name no coast


def coast_of(location: str) -> str:
    """The coast of a location, or "" if it names none: "SPA/NC" -> "NC"."""
    return location.partition("/")[2]


@dataclass(frozen=True, slots=True)
class Unit:
    power: str
    type: UnitType
    location: str
    #: derived from ``location``; kept because the resolver asks for it constantly
    province: str = field(init=False, repr=False, compare=False)
    #: "A PAR", as positions and outcomes write the unit (units are made once: see ``unit_at``)
    text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "province", province_of(self.location))
        object.__setattr__(self, "text", self.type + " " + self.location)  # a StrEnum is its letter

    def __str__(self) -> str:
        return self.text


@lru_cache(maxsize=4096)
def unit_at(power: str, unit_type: UnitType, location: str) -> Unit:
    """The unit of ``power`` at ``location`` (units are values: a moved unit is one of a few
    thousand per map, made once)."""
    return Unit(power, unit_type, location)


def parse_unit(power: str, text: str) -> Unit:
    """A unit from "A PAR" / "F STP/NC"; ValueError if the text is not of that form."""
    letter, _, location = text.strip().upper().partition(" ")
    if letter not in ("A", "F") or not location.strip():
        raise ValueError(f"{text!r} is not a unit: write it as 'A PAR' or 'F STP/NC'")
    return unit_at(power, UNIT_LETTERS[letter], location.strip())


@dataclass(frozen=True, order=True)
class Turn:
    """A phase of the game calendar: year, season and what is ordered in it."""

    year: int
    season: Season
    kind: PhaseKind

    def __post_init__(self) -> None:
        # Only these pairs exist: movement and retreats in spring and fall, adjustments in winter.
        if (self.season is Season.WINTER) != (self.kind is PhaseKind.ADJUSTMENTS):
            raise ValueError(f"there is no {self.kind.word} phase in {self.season.word}")


class Dislodgement(Frozen):
    """A unit pushed out of its province, waiting to retreat or disband."""

    unit: Unit
    attacker_from: str
    attacker_power: str | None = None
    via_convoy: bool = False
    #: the locations it may retreat to, worked out when it was dislodged
    retreats: tuple[str, ...] = ()


class Board(Frozen):
    """What stands on the map: units by province, supply-centre owners, dislodged units."""

    units: Mapping[str, Unit]
    centres: Mapping[str, str] = field(default_factory=dict)
    dislodged: tuple[Dislodgement, ...] = ()

    @cached_property
    def fleets(self) -> frozenset[str]:
        """The provinces with a fleet (worked out once: convoy checks ask for it order by order)."""
        return frozenset(unit.province for unit in self.units.values() if unit.type is UnitType.FLEET)

    def units_of(self, power: str) -> list[Unit]:
        return [unit for unit in self.units.values() if unit.power == power]

    def centres_of(self, power: str) -> list[str]:
        return sorted(province for province, owner in self.centres.items() if owner == power)


def board_of(
    units: list[Unit],
    centres: Mapping[str, str] | None = None,
    dislodged: tuple[Dislodgement, ...] = (),
) -> Board:
    """A board from a list of units; ValueError if two stand in one province."""
    by_province = {unit.province: unit for unit in units}
    if len(by_province) < len(units):  # two in one province: say which
        seen: dict[str, Unit] = {}
        for unit in units:
            if unit.province in seen:
                raise ValueError(f"two units in {unit.province}: {seen[unit.province]} and {unit}")
            seen[unit.province] = unit
    return Board(by_province, dict(centres or {}), dislodged)


class GameState(Frozen):
    """Everything the next phase needs: where it stands in the calendar and on the board."""

    variant: str
    turn: Turn
    board: Board
    #: the players' powers, in seating order
    powers: tuple[str, ...]
    winner: str | None = None
    #: what a variant's own rules remember between phases (JSON-compatible; empty in the standard rules)
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def over(self) -> bool:
        return self.winner is not None


class IllegalOrder(Exception):
    """An order the rules do not allow.

    ``reason`` is the short code that order results carry ("illegal", "coast not
    specified", ...); the message says in plain English why, for the player.
    """

    def __init__(self, message: str, reason: str = "illegal") -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(slots=True, unsafe_hash=True)  # not frozen: see orders.kind.quick
class Order:
    """An order in the engine's canonical notation; the kinds live in ``orders/``, each declared
    with ``orders.kind.order_kind``."""

    #: the word that says which kind the order is: after the unit ("H", "-", "S", ...), or first
    WORD: ClassVar[str]

    def key(self) -> str:
        """What a later order replaces: the unit's province, or the build site."""
        raise NotImplementedError

    def locations(self) -> tuple[str, ...]:
        """Every location the order names, for checking them against the map."""
        return ()


@dataclass(slots=True, unsafe_hash=True)  # not frozen: see orders.kind.quick
class UnitOrder(Order):
    """An order that names a unit by its type and location, as the player wrote them.

    A kind that names other places says so by its bases (``NamesDest``, ``NamesSupported``,
    ``NamesArmy`` in ``orders.kind``); each place gets a province field, derived once (the
    resolver asks for them constantly): ``location`` -> ``province``, ``dest`` ->
    ``dest_province``, and so on.
    """

    unit_type: UnitType
    location: str
    province: str = field(init=False, repr=False, compare=False)

    #: the fields that hold locations, set by ``order_kind`` from the kind's bases
    PLACES: ClassVar[tuple[str, ...]] = ("location",)
    #: for each kind, from ``PLACES``: the other places with their province fields, and a getter
    #: of all places (worked out once per kind: every order read is built this way)
    _DERIVED: ClassVar[tuple[tuple[str, str], ...]] = ()
    _PLACES_OF: ClassVar[Callable[[Any], tuple[str, ...]]] = staticmethod(lambda order: (order.location,))

    #: the kind's maker from its ``__init__`` arguments, set by ``quick``
    made: ClassVar[Callable[..., Any]]

    def __post_init__(self) -> None:
        setattr_ = object.__setattr__
        setattr_(self, "province", province_of(self.location))
        for name, derived in self._DERIVED:
            setattr_(self, derived, province_of(getattr(self, name)))

    @classmethod
    def from_words(cls, words: list[str]) -> UnitOrder | None:
        """The order from its canonical words; this shape, "A PAR H", serves hold, build and
        disband: the unit and the order's letter."""
        return cls.made(UNIT_LETTERS[words[0]], words[1]) if len(words) == 3 else None

    def stands(self, units: Mapping[str, Unit]) -> bool:
        """Whether the units the order names stand on the board as it names them."""
        unit = units.get(self.province)
        return unit is not None and unit.location == self.location and unit.type is self.unit_type

    def plain(self, game_map: Any) -> bool:  # the Map: its module imports this one
        """Whether the order is already as the engine writes it and the map allows it, so that
        it needs no checking once its units ``stand``: decided by the map alone, so a reader
        may remember it with the order's text. Orders that need the board say False."""
        return False

    def __str__(self) -> str:
        """The order as the engine writes it: the unit and the kind's word ("A PAR H"); kinds
        that name more places write their own."""
        return f"{self.unit_text} {self.WORD}"

    @property
    def unit_text(self) -> str:
        return self.unit_type + " " + self.location

    def key(self) -> str:
        return self.province

    def locations(self) -> tuple[str, ...]:
        """Every location the order names, for checking them against the map."""
        return type(self)._PLACES_OF(self)
