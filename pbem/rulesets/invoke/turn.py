"""A mage's turn, in the rulebook's order; the one place that knows that order.

Rulebook, "Sequence of Play". By mail a turn is one phase. The mage drew back to
seven at the end of the previous adjudication (so their report shows the hand
they play from) and sends their whole turn in one mail; meanwhile every mage may
change their standing REFILL choice and counters. At the deadline:

1. standing orders are updated: REFILL choices and counters of every mage;
2. start of turn: the mage repairs their walls (REPAIR);
3. the mage's invocations, in the order written, each answered by counters
   (casting.py); ACTIVATE WAND fires their Wand at that point;
4. the established invocations due at the end of this turn resolve;
5. damage is taken (destroyed gems leave play);
6. discards: those the mage chose, or, if they cast no invocation, two cards
   (those they named first, the rest at random);
7. the ghost round, then the end of the game;
8. play passes (clockwise, unless a card reversed it) and the next mage draws.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from . import ending
from .casting import activate_wand, cast_from_hand, refuse, resolve_spells
from .drawing import draw_up
from .notation import real_cards
from .orders import Order, OrderError, read_order
from .relocation import random_cards
from .table import Turn, discard, missing, names, take
from .walls import repair, wall_text


def standing_orders(turn: Turn, orders: Mapping[str, Sequence[str]]) -> dict[str, list[Order]]:
    """Read everyone's canonical orders; REFILL and counters take effect at once.

    Each line was read when its mail came, against this same position (a phase's orders are
    not kept past it), so every line reads again; one that does not is no order of this turn,
    and the referee is told (RULINGS.md 41)."""
    game = turn.game
    read: dict[str, list[Order]] = {}
    for name in game.in_game():
        mine = []
        for line in orders.get(name, ()):
            try:
                mine.append(read_order(game, name, line))
            except OrderError as error:
                turn.notices.append(
                    f"An order of {name}'s could not be read and is ignored: {line} ({error.message})."
                )
        read[name] = mine
        mage = game.mages[name]
        for order in mine:
            if order.kind == "refill":
                mage.draw = list(order.draw)
        if any(order.kind in ("counter", "no_counters") for order in mine):
            mage.counters = [order.counter for order in mine if order.counter]
    return read


def play_turn(turn: Turn, orders: Mapping[str, Sequence[str]]) -> None:
    game = turn.game
    acting = game.current
    plan = standing_orders(turn, orders).get(acting, [])

    for order in plan:
        if order.kind == "repair":
            wall = next((w for w in game.walls if w.id == order.wall and w.held_by() == acting), None)
            short = missing(turn, acting, real_cards(order.parts))
            why = (
                "it is no longer there"
                if wall is None
                else f"{acting} no longer holds {names(short)}"
                if short
                else repair(turn, wall, order.parts)
            )
            if why or wall is None:
                refuse(turn, acting, f"{acting} cannot repair {order.wall}: {why}.")
                continue
            take(turn, acting, real_cards(order.parts))
            turn.say("repair", f"{acting} repairs {wall_text(turn, wall)}.", power=acting)

    invoked = False
    for order in plan:
        if order.kind == "invoke":
            invoked = cast_from_hand(turn, acting, order.parts) or invoked
        elif order.kind == "wand":
            invoked = activate_wand(turn, acting) or invoked
    if not any(order.kind in ("invoke", "wand") for order in plan):
        turn.say("pass", f"{acting} casts no invocation.", power=acting)

    resolve_spells(turn)
    ending.take_damage(turn)
    end_discards(turn, acting, [c for o in plan if o.kind == "discard" for c in o.cards], invoked)
    ending.ghost_round(turn, acting)
    ending.check_end(turn, turn_over=True)
    if not game.over:
        pass_play(turn)


def end_discards(turn: Turn, acting: str, chosen: list[str], invoked: bool) -> None:
    """Optional discards; two at least for a mage who could not invoke."""
    hand = turn.game.mages[acting].hand
    gone = []
    for card in chosen:
        if card in hand:
            hand.remove(card)
            gone.append(card)
    if not invoked and len(gone) < 2:
        gone += random_cards(turn, hand, 2 - len(gone))
    if gone:
        discard(turn, gone)
        why = "" if invoked else " (no invocation this turn: at least two)"
        turn.say("discard", f"{acting} discards {names(gone)}{why}.", power=acting)


def pass_play(turn: Turn) -> None:
    """Play passes to the next mage still in the game, who draws back to a full hand."""
    game = turn.game
    seats = game.seats
    here = seats.index(game.current)
    for step in range(1, len(seats) + 1):
        name = seats[(here + step * game.direction) % len(seats)]
        if not game.mages[name].out:
            break
    game.turn += 1
    game.current = name
    turn.say("turn", f"Turn {game.turn} ({game.round_text()}): {name} to play.", power=name)
    draw_up(turn, name)
    ending.check_end(turn, turn_over=False)
