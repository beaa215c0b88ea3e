"""What a read invocation is: where it strikes and what it does, as frozen data.

``reading.py`` turns a card sequence into an ``Invocation``; casting, strikes,
counters and the rest act on these shapes. A card's value and an element's
power are here too, since every one of them asks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field

from pbem.frozen import Frozen

from .cards import CardSet
from .state import AETHER, Played


class Place(Frozen):
    """A seat counted from an anchor: ``offset`` seats to the anchor's left."""

    anchor: str
    offset: int = 0

    def seat(self, seats: Sequence[str]) -> str | None:
        """The mage (or the Aether) there, or None if the anchor has left the game."""
        if self.anchor == AETHER:
            return AETHER
        if self.anchor not in seats:
            return None
        return seats[(seats.index(self.anchor) + self.offset) % len(seats)]

    def moved(self, seats_moved: int) -> Place:
        if self.anchor == AETHER:
            return self
        return Place(self.anchor, self.offset + seats_moved)


class Attack(Frozen):
    """Elements striking power gems at one or more stops."""

    stops: tuple[tuple[Place, tuple[int, ...]], ...]


class Destroy(Frozen):
    """Elements destroying a targeted gem, creature or magical item."""

    target: int
    place: Place
    elements: tuple[int, ...]


class HandDiscard(Frozen):
    """Target Hand & Discard: a mage discards ``count`` cards at random."""

    place: Place
    count: int


class Relocate(Frozen):
    """A target moved: gems or hand cards from one mage to another, or a creature or item."""

    target: int
    source: Place
    dest: Place
    count: int


class BuildWall(Frozen):
    """A shield wall charged with elements of one kind."""

    on: str  # "" for the caster's gems, AETHER, or a creature or item (name or id)
    elements: tuple[int, ...]


class Manifest(Frozen):
    """A Tome, Wand or creature brought into play with the cards it keeps."""


class Alter(Frozen):
    """Target Current / Established Invocation: change another invocation.

    ``change`` is "adjust" (its last card gains ``amount``), "elements" (each
    element counters its opposite power for power, or adjusts its own kind),
    "shift" (it moves ``amount`` seats to the left) or "wall" (a wall is built
    in front of what it aims at).
    """

    established: str  # the id of the established invocation, "" for the current one
    change: str
    amount: int = 0
    elements: tuple[int, ...] = ()
    wall: BuildWall | None = None


Shape = Attack | Destroy | HandDiscard | Relocate | BuildWall | Manifest | Alter


class Invocation(Frozen):
    """A sequence as read: its shape and timing."""

    caster: str
    played: tuple[Played, ...]
    shape: Shape
    haste: int = 0
    delay: int = 0
    sustain: int = 0
    builtin: bool = False  # Target Current Invocation's or a Wand's built-in Haste
    travel: int = 0  # seats a sustained attack moves on at each repeat
    elements: tuple[str, ...] = field(default=())

    @property
    def speed(self) -> int:
        """How fast it is when answered (rulebook example 4): its Haste, plus 1 built in."""
        return self.haste + (1 if self.builtin else 0)


def value(part: Played, cards: CardSet) -> int:
    """A card's value: 1, plus its modifiers and what counters have added."""
    return 1 + sum(cards.value(mod) for mod in part.lead + part.mods) + part.bonus


def power(part: Played, cards: CardSet) -> int:
    """An element's power: its value, never below nothing."""
    return max(0, value(part, cards))
