"""Targets moved without an element: gems stolen, cards passed, creatures and items taken.

Rulebook, "Moves" and "Target": a target with a movement relocates what it
targets ("Target Hand & Move Left = another Mage must pass one card from their
hand to the Mage to their Left"). The cards taken from a hand are picked at
random (by the turn's seed): by mail nobody can choose in time, and at a table
they would be drawn unseen. Target Hand with Discard makes the mage discard.
"""

from __future__ import annotations

from pbem.english import counted

from .invocation import HandDiscard, Invocation, Relocate
from .state import Played
from .table import (
    Turn,
    discard,
    find_thing,
    names,
    remove_wall,
    thing_name,
    wall_for,
)


def random_cards(turn: Turn, hand: list[str], count: int) -> list[str]:
    """``count`` cards taken from ``hand`` at random (as many as it has)."""
    picked = turn.rng.sample(range(len(hand)), min(count, len(hand)))
    cards = [hand[i] for i in sorted(picked)]
    for i in sorted(picked, reverse=True):
        del hand[i]
    return cards


def discard_hand(turn: Turn, invocation: Invocation, shape: HandDiscard) -> None:
    seat = shape.place.seat(turn.seats)
    if seat is None:
        turn.say("discard", f"{invocation.caster}'s Target Hand finds nobody there.")
        return
    cards = random_cards(turn, turn.mage(seat).hand, shape.count)
    discard(turn, cards)
    turn.say(
        "discard", f"{seat} discards {counted(len(cards), 'card')} at random: {names(cards)}.", power=seat
    )


def receive(turn: Turn, name: str, cards: list[str]) -> list[str]:
    """Cards arrive in a hand; what would make it more than a full hand is discarded."""
    hand = turn.mage(name).hand
    room = max(0, turn.cards.hand_size - len(hand))
    hand.extend(cards[:room])
    return cards[room:]


def hand_over(turn: Turn, giver: str, taker: str, cards: list[str], by: str) -> None:
    """Cards taken from ``giver``'s hand go to ``taker``'s, face down: only those two
    read which. What would make the hand more than full is discarded."""
    lost = receive(turn, taker, cards)
    turn.whisper(
        "relocate",
        f"{by}: {giver} passes {counted(len(cards), 'card')} to {taker}.",
        f"{by}: {giver} passes {names(cards)} to {taker}.",
        to=(giver, taker),
        power=giver,
    )
    if lost:
        discard(turn, lost)
        turn.say("discard", f"{taker}'s hand is full: {names(lost)} discarded.", power=taker)


def relocate(turn: Turn, invocation: Invocation, shape: Relocate, played: list[Played]) -> None:
    target = played[shape.target]
    kind = turn.cards.kind(target.card)
    source, dest = shape.source.seat(turn.seats), shape.dest.seat(turn.seats)
    caster = invocation.caster
    if source is None or dest is None or source == dest:
        turn.say("relocate", f"{caster}'s {target.card} finds nothing to move.")
        return
    if kind == "target_gem":
        giver = turn.mage(source)
        moved = min(shape.count, giver.gems)
        giver.gems -= moved
        turn.mage(dest).gems += moved
        turn.say(
            "relocate",
            f"{caster}'s Target Power Gem moves {counted(moved, 'power gem')} from {source} to {dest}.",
            power=source,
        )
        return
    if kind == "target_hand":
        cards = random_cards(turn, turn.mage(source).hand, shape.count)
        hand_over(turn, source, dest, cards, f"{caster}'s Target Hand")
        return
    kinds = ("creature",) if kind == "target_creature" else ("tome", "wand")
    thing = find_thing(turn, kinds, target.what, source)
    if thing is None:
        turn.say(
            "relocate", f"{caster}'s {target.card} finds no {target.what or 'such thing'} of {source}'s."
        )
        return
    problem = arrival_problem(turn, thing.card, dest)
    if problem:
        turn.say("relocate", f"{thing_name(thing)} stays: {problem}.")
        return
    wall = wall_for(turn, source, thing.id)
    if wall:
        remove_wall(turn, wall, "is left behind")
    before = thing_name(thing)
    thing.owner = dest
    turn.say("relocate", f"{caster}'s {target.card} moves {before} to {dest}.", thing=thing.id)


def arrival_problem(turn: Turn, card: str, owner: str) -> str | None:
    """Why ``owner`` cannot have this item or creature in play too, if they cannot."""
    kind = turn.cards.kind(card)
    mine = [t for t in turn.game.things if t.owner == owner]
    if kind in ("tome", "wand"):
        if any(turn.cards.kind(t.card) in ("tome", "wand") for t in mine):
            return f"{owner} already has a magical item in play, and a mage may have only one"
        return None
    element = turn.cards.cards[card].element
    for other in mine:
        if (
            turn.cards.kind(other.card) == "creature"
            and turn.cards.opposites[turn.cards.cards[other.card].element] == element
        ):
            return (
                f"{owner} has {other.card} in play, and creatures of opposite "
                "elements cannot be in play together"
            )
    return None
