"""Chaos cards: wild magic, played the moment a card is drawn from Thaumaturgy.

The rulebook says only that the starter deck's 12 Chaos cards are "self
explanatory": three hurt the mage who draws them, three help that mage, six
affect the whole table. Our cards are in the card set's YAML; each names one of
the effects below, with ``who`` (the drawer or everyone, from the drawer round
in the order of play) and an ``amount``. A Chaos card is discarded once played.
Gems a Chaos card destroys leave play at once (it is no invocation, so the
end-of-turn rule for damage does not apply).
"""

from __future__ import annotations

from collections.abc import Callable

from pbem.english import counted

from .cards import CHAOS_EFFECTS, CardDef
from .counters import answer_order
from .relocation import hand_over, random_cards
from .table import Turn, discard, names, neighbour
from .walls import lose

Effect = Callable[[Turn, str, CardDef], None]


def play(turn: Turn, drawer: str, card: str, draw_extra: Callable[[Turn, str, int], None]) -> None:
    """Play a Chaos card ``drawer`` has just drawn."""
    definition = turn.cards.cards[card]
    turn.say("chaos", f"{drawer} draws the Chaos card {card}: {definition.text}", power=drawer, card=card)
    discard(turn, [card])
    if definition.effect == "draw_extra":
        draw_extra(turn, drawer, definition.amount)
    else:
        EFFECTS[definition.effect](turn, drawer, definition)


def affected(turn: Turn, drawer: str, card: CardDef) -> list[str]:
    if card.who == "drawer":
        return [drawer]
    order = answer_order(turn)
    start = order.index(drawer) if drawer in order else 0
    return order[start:] + order[:start]


def destroy_gems(turn: Turn, drawer: str, card: CardDef) -> None:
    for name in affected(turn, drawer, card):
        lost = turn.game.destroy_gems(name, card.amount)
        turn.say(
            "gems", f"{name} loses {counted(lost, 'power gem')} (destroyed).", power=name, destroyed=lost
        )


def discard_random(turn: Turn, drawer: str, card: CardDef) -> None:
    for name in affected(turn, drawer, card):
        cards = random_cards(turn, turn.mage(name).hand, card.amount)
        discard(turn, cards)
        turn.say("discard", f"{name} discards {names(cards)}.", power=name)


def gems_to_aether(turn: Turn, drawer: str, card: CardDef) -> None:
    for name in affected(turn, drawer, card):
        mage = turn.mage(name)
        if card.who == "everyone" and mage.gems <= card.amount:
            continue  # "every mage with more than one power gem"
        given = min(card.amount, mage.gems)
        mage.gems -= given
        turn.game.aether += given
        turn.say("gems", f"{name} returns {counted(given, 'power gem')} to the Aether.", power=name)


def gems_from_aether(turn: Turn, drawer: str, card: CardDef) -> None:
    for name in affected(turn, drawer, card):
        got = min(card.amount, turn.game.aether)
        turn.game.aether -= got
        turn.mage(name).gems += got
        turn.say("gems", f"{name} takes {counted(got, 'power gem')} from the Aether.", power=name)


def gems_from_richest(turn: Turn, drawer: str, card: CardDef) -> None:
    seats = turn.seats
    clockwise = [neighbour(turn, drawer, k) for k in range(1, len(seats))]
    candidates = [name for name in clockwise if turn.mage(name).gems > 0]
    if not candidates:
        turn.say("gems", "No other mage has a power gem to take.")
        return
    richest = max(candidates, key=lambda name: turn.mage(name).gems)  # the first on a tie
    got = min(card.amount, turn.mage(richest).gems)
    turn.mage(richest).gems -= got
    turn.mage(drawer).gems += got
    turn.say("gems", f"{drawer} takes {counted(got, 'power gem')} from {richest}.", power=richest)


def reverse(turn: Turn, drawer: str, card: CardDef) -> None:
    turn.game.direction = -turn.game.direction
    way = "clockwise" if turn.game.direction > 0 else "anticlockwise"
    turn.say("direction", f"Play now passes {way}.")


def pass_left(turn: Turn, drawer: str, card: CardDef) -> None:
    seats = turn.seats
    passed = {name: random_cards(turn, turn.mage(name).hand, card.amount) for name in seats}
    for name in seats:  # all hands give first, then receive: the passes are simultaneous
        hand_over(turn, name, neighbour(turn, name, 1), passed[name], card.name)


def walls_weaken(turn: Turn, drawer: str, card: CardDef) -> None:
    for wall in list(turn.game.walls):
        if wall in turn.game.walls:
            lose(turn, wall, card.amount, f"shaken by {card.name}")


EFFECTS: dict[str, Effect] = {
    "destroy_gems": destroy_gems,
    "discard_random": discard_random,
    "gems_to_aether": gems_to_aether,
    "gems_from_aether": gems_from_aether,
    "gems_from_richest": gems_from_richest,
    "reverse": reverse,
    "pass_left": pass_left,
    "walls_weaken": walls_weaken,
}
assert set(EFFECTS) | {"draw_extra"} == set(CHAOS_EFFECTS), "every Chaos effect has its rule"
