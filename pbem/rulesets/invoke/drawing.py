"""Drawing cards: back to a full hand, at most 3 from a deck, Chaos played at once.

Rulebook, "Sequence of Play" 1-2 and "Setting the Game" 4-5. By mail a mage's
choice of decks is a standing order (``REFILL 2 Manifest, 3 Focus, 2
Thaumaturgy``) used each time they draw: the engine draws from the decks in the
order written, as many as written, then fills what is still missing from the
decks in the card set's order, never more than 3 from one deck in one turn. A Chaos card
counts as one of the 3 from its deck; drawn during play it is played at once,
drawn for a starting hand it is set aside and shuffled back after everyone has
drawn. A deck that runs out is rebuilt from its discard pile, shuffled.
"""

from __future__ import annotations

from pbem.english import counted

from . import chaos
from .table import Turn, names


def draw_one(turn: Turn, deck: str) -> str | None:
    """The top card of a deck (rebuilt from its discard pile if empty), or None."""
    game = turn.game
    if not game.stock[deck] and game.discards[deck]:
        game.stock[deck] = game.discards[deck]
        game.discards[deck] = []
        turn.rng.shuffle(game.stock[deck])
        turn.say("reshuffle", f"The {deck} deck has run out: its discard pile is shuffled into a new deck.")
    return game.stock[deck].pop() if game.stock[deck] else None


def choices(turn: Turn, name: str) -> list[tuple[str, int]]:
    """The mage's standing draw choice, then every deck to fill the rest."""
    limit = turn.cards.draw_limit
    return [*turn.mage(name).draw, *((deck, limit) for deck in turn.cards.decks)]


def draw_up(turn: Turn, name: str, *, setup: bool = False) -> list[str]:
    """Draw back to a full hand; returns the Chaos cards set aside (at setup only).

    "No more then 3 cards can be taken from any one pile on any one turn": the count
    covers the whole draw, Chaos cards and Inspiration's extra cards included. Inspiration
    ("Draw two more cards, even beyond seven") raises the hand this draw fills to (ruling 37).
    """
    mage = turn.mage(name)
    taken = dict.fromkeys(turn.cards.decks, 0)
    drawn: dict[str, list[str]] = {deck: [] for deck in turn.cards.decks}
    aside: list[str] = []
    target = [turn.cards.hand_size]

    def inspired(turn: Turn, name: str, count: int) -> None:
        target[0] += count

    progress = True
    while progress and len(mage.hand) < target[0]:
        progress = False
        for deck, want in choices(turn, name):
            while len(mage.hand) < target[0] and taken[deck] < min(want, turn.cards.draw_limit):
                card = draw_one(turn, deck)
                if card is None:
                    break
                taken[deck] += 1
                progress = True
                if turn.cards.kind(card) != "chaos":
                    mage.hand.append(card)
                    drawn[deck].append(card)
                elif setup:
                    aside.append(card)
                    turn.say(
                        "chaos",
                        f"{name} draws the Chaos card {card} for a starting hand: "
                        "it is set aside, to be shuffled back.",
                        power=name,
                    )
                else:
                    tell(turn, name, drawn)
                    drawn = {deck: [] for deck in turn.cards.decks}
                    chaos.play(turn, name, card, draw_extra=inspired)
    tell(turn, name, drawn)
    return aside


def tell(turn: Turn, name: str, drawn: dict[str, list[str]]) -> None:
    """The draw as an event: which cards only to the drawer, how many to everyone."""
    decks = [deck for deck in turn.cards.decks if drawn[deck]]
    if not decks:
        return
    public = "; ".join(f"{counted(len(drawn[deck]), 'card')} from {deck}" for deck in decks)
    secret = "; ".join(f"{names(drawn[deck])} from {deck}" for deck in decks)
    turn.whisper("draw", f"{name} draws {public}.", f"{name} draws {secret}.", to=(name,), power=name)
