"""What an Invoke table holds between two mails, and its JSON form.

The small values that cross turns unchanged (a card as played, a standing
counter) are frozen. The table itself is a tree of plain dataclasses: a turn
changes dozens of hands, piles and walls one card at a time, so ``adjudicate``
works on a deep copy (``Game.copy``) and never touches the state it was given.
``pbem.records`` turns a game into JSON-compatible data and back, exactly.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from pbem.frozen import Frozen

#: the bank of unclaimed power; a place an invocation can reach with Target Power Gem
AETHER = "Aether"
#: what a wall guards when it guards no item or creature
GEMS = "gems"


class Played(Frozen):
    """One card of an invocation as written, with what modifies it.

    ``what`` and ``who`` are the card's words (``Invoke Bob`` has who "Bob";
    ``Target Creature Imp of Bob`` has what "Imp", who "Bob"; ``Build Wall on
    Aether`` has what "Aether"; ``Target Established Invocation E3`` has what
    "E3"). ``mods`` are the + and - cards after it, ``lead`` those before it at
    the start of a sequence, ``bonus`` what counters and walls have added or
    taken away since (no card). ``down`` marks a card face down on a Wand.
    """

    card: str
    what: str = ""
    who: str = ""
    mods: tuple[str, ...] = ()
    lead: tuple[str, ...] = ()
    bonus: int = 0
    down: bool = False


class Counter(Frozen):
    """A standing answer set in advance: IF <what> [BY <by>] AT <at>: <action>.

    ``what`` is "ANY" or a card name, ``by`` "ANYONE" or a mage, ``at`` "ME",
    "ANYONE", "Aether" or a mage; ``action`` is a canonical card sequence or
    "ACTIVATE WAND".
    """

    what: str
    by: str
    at: str
    action: str


@dataclass
class WallCard:
    """An element charged on a wall, the modifier cards on it and the points it lost."""

    element: str
    mods: list[str] = field(default_factory=list)
    adjust: int = 0


@dataclass
class Wall:
    """A shield wall: an established invocation guarding gems, an item or a creature."""

    id: str
    owner: str  # a mage, or AETHER
    guards: str  # GEMS or the id of an item or creature
    charge: list[WallCard] = field(default_factory=list)
    #: the mage who built a wall the Aether owns (in front of its gems): the wall is his
    #: established invocation, his to repair (RULINGS.md 13)
    builder: str = ""

    def held_by(self) -> str:
        """The mage whose established invocation the wall is (the Aether's has a builder)."""
        return self.builder or self.owner


@dataclass
class Spell:
    """A delayed or sustained invocation waiting on the table (established)."""

    id: str
    caster: str
    played: list[Played]
    shift: int  # seats it has been moved since it was cast
    wait: int  # the caster's turns still to end before it next resolves
    left: int  # how many more times it resolves
    cast_turn: int


@dataclass
class Thing:
    """A magical item or creature in play, with the cards it keeps face down.

    A Tome keeps banked cards, a creature the cards it holds, a Wand its
    pre-invocation (some cards of it face down).
    """

    id: str
    card: str
    owner: str
    kept: list[Played] = field(default_factory=list)


@dataclass
class Mage:
    """One seat at the table."""

    name: str
    gems: int
    hand: list[str] = field(default_factory=list)
    draw: list[tuple[str, int]] = field(default_factory=list)  # the standing REFILL choice
    counters: list[Counter] = field(default_factory=list)
    ghost: bool = False  # out of power at the end of a turn: the ghost round
    out: bool = False  # removed from the game


@dataclass
class Game:
    """The whole table: seats clockwise, decks, the Aether and everything in play."""

    variant: str
    seats: list[str]
    mages: dict[str, Mage]
    aether: int
    stock: dict[str, list[str]]  # each deck face down; the top card is the last
    discards: dict[str, list[str]]
    walls: list[Wall] = field(default_factory=list)
    spells: list[Spell] = field(default_factory=list)
    things: list[Thing] = field(default_factory=list)
    turn: int = 1
    current: str = ""
    direction: int = 1  # +1: clockwise, to each mage's left
    next_id: int = 1
    turn_limit: int = 0
    start_gems: int = 0
    destroyed: int = 0
    over: bool = False
    result: str = ""
    winners: list[str] = field(default_factory=list)
    #: before the first turn: the mages choose by mail how to draw their starting hands,
    #: dealt from decks shuffled by ``deal_seed`` (setup.py, RULINGS.md 38)
    setup: bool = False
    deal_seed: int = 0

    @property
    def rounds(self) -> int:
        """The house rule's limit in rounds (RULINGS.md, ruling 36): a round is one turn for
        each seat the game started with, as the limit is counted."""
        return max(1, self.turn_limit // max(1, len(self.seats)))

    def round_text(self) -> str:
        """ "round 3 of 25", told with every turn."""
        return f"round {(self.turn - 1) // max(1, len(self.seats)) + 1} of {self.rounds}"

    def copy(self) -> Game:
        return copy.deepcopy(self)

    def in_game(self) -> list[str]:
        """The mages still at the table, clockwise."""
        return [name for name in self.seats if not self.mages[name].out]

    def destroy_gems(self, seat: str, points: int) -> int:
        """Destroy up to ``points`` of the power gems of ``seat`` (a mage or the Aether): they
        leave play, counted in ``destroyed``. How many there were to destroy."""
        if seat == AETHER:
            lost = min(points, self.aether)
            self.aether -= lost
        else:
            lost = min(points, self.mages[seat].gems)
            self.mages[seat].gems -= lost
        self.destroyed += lost
        return lost

    def new_id(self, prefix: str) -> str:
        ident = f"{prefix}{self.next_id}"
        self.next_id += 1
        return ident
