"""Standing counters: the out-of-turn play of the table, set in advance by mail.

At a table a mage answers an invocation the moment it is cast, with a Haste
card, Target Current Invocation (built-in Haste) or a Wand (built-in Haste). By
mail the answer is written beforehand as a counter, ``IF <card or ANY> [BY
<mage>] AT <ME, a mage, Aether or ANYONE>: <invocation or ACTIVATE WAND>``, and
kept until it fires (once) or is replaced. This module decides which counters
an invocation sets off; casting.py fires them, fastest first (RULINGS.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from .invocation import Alter, Attack, Destroy, HandDiscard, Invocation, Relocate, power
from .notation import real_cards
from .state import AETHER, Counter
from .table import Turn

ANY = "ANY"
ANYONE = "ANYONE"
ME = "ME"
WAND = "ACTIVATE WAND"


def counter_text(counter: Counter) -> str:
    """The canonical line: "IF Fire AT ME: Haste & Build Wall & Water"."""
    by = f" BY {counter.by}" if counter.by != ANYONE else ""
    return f"IF {counter.what}{by} AT {counter.at}: {counter.action}"


def aims(turn: Turn, invocation: Invocation) -> set[str]:
    """Whose gems, hands, walls, creatures or items an invocation reaches (or the Aether)."""
    seats = turn.seats
    shape = invocation.shape

    def live(elements: Sequence[int]) -> bool:  # an element with no power left reaches nobody
        return any(power(invocation.played[i], turn.cards) > 0 for i in elements)

    places = []
    if isinstance(shape, Attack):
        places = [place for place, elements in shape.stops if live(elements)]
    elif isinstance(shape, Destroy):
        places = [shape.place] if live(shape.elements) else []
    elif isinstance(shape, HandDiscard):
        places = [shape.place]
    elif isinstance(shape, Relocate):
        places = [shape.source]
    elif isinstance(shape, Alter) and shape.established:
        owner = established_owner(turn, shape.established)
        return {owner} if owner else set()
    return {seat for seat in (place.seat(seats) for place in places) if seat}


def established_owner(turn: Turn, ident: str) -> str | None:
    for wall in turn.game.walls:
        if wall.id == ident:
            return wall.held_by()
    for spell in turn.game.spells:
        if spell.id == ident:
            return spell.caster
    return None


def matches(turn: Turn, counter: Counter, owner: str, invocation: Invocation) -> bool:
    """Whether ``invocation`` is what ``owner``'s counter waits for."""
    if counter.by not in (ANYONE, invocation.caster):
        return False
    if counter.what != ANY and counter.what not in real_cards(invocation.played):
        return False
    if counter.at == ANYONE:
        return True
    reached = aims(turn, invocation)
    wanted = owner if counter.at == ME else counter.at
    return wanted in reached or (counter.at == AETHER and AETHER in reached)


def answer_order(turn: Turn) -> list[str]:
    """Mages in the order of play from the mage whose turn it is: who answers first on a tie."""
    seats = turn.seats
    if turn.game.current not in seats:
        return seats
    start = seats.index(turn.game.current)
    step = turn.game.direction
    return [seats[(start + step * k) % len(seats)] for k in range(len(seats))]


def is_out_of_turn(action: str, invocation: Invocation | None) -> bool:
    """A counter must be able to interrupt: a Wand, Target Current Invocation, or Haste."""
    return action == WAND or (invocation is not None and invocation.speed > 0)


def listed(counters: Sequence[Counter], owner: str) -> list[str]:
    """A mage's counters as their report prints them."""
    return [f"{owner}'s counter {n}: {counter_text(c)}" for n, c in enumerate(counters, 1)]
