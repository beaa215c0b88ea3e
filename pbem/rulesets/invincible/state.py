"""The state of a game of Invincible!, as frozen data, and its JSON form.

A state is everything the table holds between two phases: each khan's
card values, Honor and Wine, who has submitted to whom, the Mongol Enemies
in the field, the offers still waiting for an answer and the suits for
peace still to be paid. ``pbem.records`` turns it into JSON-compatible data
and back exactly, so the service can archive a turn and replay it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from pbem.frozen import Frozen

from .data import MODES

DECLARATIONS = "declarations"
ACTIONS = "actions"
OVER = "over"


class Modes(Frozen):
    """The four Character Modes of a khan."""

    companion: int
    accuser: int
    informer: int
    leader: int

    def get(self, mode: str) -> int:
        value: int = getattr(self, mode)
        return value

    def total(self) -> int:
        return self.companion + self.accuser + self.informer + self.leader

    def with_mode(self, mode: str, value: int) -> Modes:
        return replace(self, **{mode: value})

    def plus(self, other: Modes) -> Modes:
        return Modes(*(self.get(mode) + other.get(mode) for mode in MODES))


class Khan(Frozen):
    """One player's khan.

    ``modes`` are the points the khan has now; ``full`` are the points a
    Feast restores them to ("increases the Modal points to their fullness",
    RULINGS.md 16), raised for good by Spend Honor and by sharing Wine.
    ``ruler`` is the power the khan has submitted to, if any.
    """

    power: str
    card: str
    modes: Modes
    full: Modes
    honor: int
    wine: int
    ruler: str | None = None
    out: bool = False
    warned: bool = False

    @property
    def free(self) -> bool:
        """In the game and submitted to no one."""
        return not self.out and self.ruler is None


class Enemy(Frozen):
    """A Mongol Enemy threatening the Horde since the end of turn ``appeared``.

    ``ignored`` once it has cost the Genghis Khan Honor: from then on any
    khan may attack it. ``final`` marks the army whose defeat ends the game.
    """

    number: int
    name: str
    rating: int
    appeared: int
    ignored: bool = False
    final: bool = False


class Offer(Frozen):
    """An offer made openly that its receiver has not answered yet.

    ``kind`` is "assistance" (``amount`` points of ``what``, a Mode or
    "wine", taken from ``source``), "peace" (a suit for peace), "sale" (the
    Genghis Khan buying ``source``, a submitted khan), "transfer" (a
    submitted khan asking the Genghis Khan to buy him) or "horde-feast".
    ``answer`` is "" until answered, then "accept" or "refuse".
    """

    kind: str
    by: str
    to: str
    made: int
    amount: int = 0
    what: str = ""
    source: str = ""
    answer: str = ""


class Debt(Frozen):
    """An accepted suit for peace: ``debtor`` owes one Wine and one Honor."""

    debtor: str
    creditor: str
    due: int


class Options(Frozen):
    """The game's settings (see the package docstring)."""

    declarations: bool = True
    hand_signals: bool = False
    turn_limit: int = 40
    #: the referee's switch of ``declarations`` (OPTION declarations on|off), from the next turn
    declarations_next_turn: bool | None = None

    def for_next_turn(self) -> Options:
        """The options of the next turn, with the referee's switch applied."""
        if self.declarations_next_turn is None:
            return self
        return replace(self, declarations=self.declarations_next_turn, declarations_next_turn=None)


class Game(Frozen):
    """The whole table between two phases."""

    variant: str
    options: Options
    khans: tuple[Khan, ...]
    genghis: str
    turn: int = 1
    step: str = DECLARATIONS
    gk_zero_turns: int = 0
    enemies: tuple[Enemy, ...] = ()
    next_enemy: int = 1
    offers: tuple[Offer, ...] = ()
    debts: tuple[Debt, ...] = ()
    feuds: tuple[tuple[str, str], ...] = ()
    feasted: tuple[str, ...] = ()
    rolloff: tuple[tuple[tuple[str, int], ...], ...] = ()
    result: str = ""
    winners: tuple[str, ...] = ()

    def khan(self, power: str) -> Khan:
        for khan in self.khans:
            if khan.power == power:
                return khan
        raise KeyError(power)

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(k.power for k in self.khans)

    def in_game(self) -> tuple[str, ...]:
        return tuple(k.power for k in self.khans if not k.out)

    def order_of_play(self) -> tuple[str, ...]:
        """The khans in the game, the Genghis Khan first, then clockwise."""
        seats = self.seats
        start = seats.index(self.genghis)
        turned = seats[start:] + seats[:start]
        return tuple(p for p in turned if not self.khan(p).out)

    def vassals(self, power: str) -> tuple[str, ...]:
        return tuple(k.power for k in self.khans if not k.out and k.ruler == power)


def horde_modes(khans: Mapping[str, Khan], power: str) -> Modes:
    """A khan's Modes with his submitted khans' added ("include any points available
    from subservient Khans")."""
    total = khans[power].modes
    for khan in khans.values():
        if not khan.out and khan.ruler == power:
            total = total.plus(khan.modes)
    return total


__all__ = [
    "ACTIONS",
    "DECLARATIONS",
    "OVER",
    "Debt",
    "Enemy",
    "Game",
    "Khan",
    "Modes",
    "Offer",
    "Options",
]
