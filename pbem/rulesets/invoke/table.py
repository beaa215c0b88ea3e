"""The turn being resolved, and the small moves of cards and gems every rule makes.

A ``Turn`` carries the game copy being changed, its card set, the seeded
random source and the events written so far; every resolution module takes it.
Events are plain dicts: ``text`` for everyone, and for what only some may see
(a drawn card, a card passed face down) ``secret`` with the names in ``to``.
"""

from __future__ import annotations

import random
from collections import Counter as Tally
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import VARIANTS, CardSet
from .state import AETHER, GEMS, Game, Mage, Thing, Wall


def cardset(game: Game) -> CardSet:
    return VARIANTS[game.variant]


@dataclass
class Turn:
    """One adjudication in progress."""

    game: Game
    cards: CardSet
    rng: random.Random
    events: list[dict[str, Any]] = field(default_factory=list)
    damage: dict[str, int] = field(default_factory=dict)  # unblocked points, applied at the end
    notices: list[str] = field(default_factory=list)  # for the referee: what the rules could not do

    def say(self, kind: str, text: str, **fields: Any) -> None:
        self.events.append({"kind": kind, "turn": self.game.turn, "text": text, **fields})

    def whisper(self, kind: str, text: str, secret: str, to: Iterable[str], **fields: Any) -> None:
        """An event whose ``secret`` version only ``to`` (and the referee) may read."""
        self.events.append(
            {
                "kind": kind,
                "turn": self.game.turn,
                "text": text,
                "secret": secret,
                "to": sorted(set(to)),
                **fields,
            }
        )

    @classmethod
    def looking(cls, game: Game) -> Turn:
        """A Turn to look at a game without changing it (reading orders, views)."""
        return cls(game, cardset(game), random.Random(0))

    @property
    def seats(self) -> list[str]:
        return self.game.in_game()

    def mage(self, name: str) -> Mage:
        return self.game.mages[name]


# -- cards -------------------------------------------------------------------------


def names(cards: Sequence[str]) -> str:
    return ", ".join(cards) if cards else "nothing"


def discard(turn: Turn, cards: Iterable[str]) -> None:
    """Cards to the discard piles of their decks, face up."""
    for card in cards:
        turn.game.discards[turn.cards.deck_of(card)].append(card)


def without(cards: Sequence[str], taken: Sequence[str]) -> list[str]:
    """``cards`` less ``taken``, counted card by card."""
    left = Tally(cards)
    left.subtract(taken)
    return [card for card in left.elements()]


def missing(turn: Turn, name: str, cards: Sequence[str]) -> list[str]:
    """What of ``cards`` the mage can play from neither hand, Tome nor creatures."""
    have = Tally(turn.mage(name).hand)
    for thing in stores(turn, name):
        have.update(part.card for part in thing.kept)
    need = Tally(cards)
    need.subtract(have)
    return sorted(need.elements())


def stores(turn: Turn, name: str) -> list[Thing]:
    """The mage's Tome and creatures, whose kept cards may be played as from the hand."""
    return [
        thing
        for thing in turn.game.things
        if thing.owner == name and turn.cards.kind(thing.card) in ("tome", "creature")
    ]


def take(turn: Turn, name: str, cards: Sequence[str]) -> list[str]:
    """Take cards to play: from the hand first, then the Tome, then creatures.

    Returns the cards that came from a Tome or creature (they are revealed as
    played). A Tome left empty is discarded: it cannot be refilled.
    """
    hand = turn.mage(name).hand
    from_stores: list[str] = []
    for card in cards:
        if card in hand:
            hand.remove(card)
            continue
        for thing in stores(turn, name):
            kept = [part.card for part in thing.kept]
            if card in kept:
                del thing.kept[kept.index(card)]
                from_stores.append(card)
                if not thing.kept and turn.cards.kind(thing.card) == "tome":
                    remove_thing(turn, thing, "is empty and crumbles")
                break
        else:
            raise ValueError(f"{name} cannot play {card}")
    return from_stores


# -- seats -------------------------------------------------------------------------


def neighbour(turn: Turn, name: str, seats_left: int) -> str:
    seats = turn.seats
    return seats[(seats.index(name) + seats_left) % len(seats)]


def whose(owner: str) -> str:
    return "the Aether's" if owner == AETHER else f"{owner}'s"


def sentence(text: str) -> str:
    """``text`` to open a sentence: its first letter a capital, the rest as written ("The
    Aether's", "Baba Yaga's": str.capitalize would write "Baba yaga's")."""
    return text[:1].upper() + text[1:]


# -- things and walls ----------------------------------------------------------------


def thing_by_id(turn: Turn, ident: str) -> Thing | None:
    return next((thing for thing in turn.game.things if thing.id == ident), None)


def find_thing(turn: Turn, kinds: Sequence[str], what: str, owner: str) -> Thing | None:
    """The first item or creature of ``owner`` matching a card name or id (any if blank)."""
    for thing in turn.game.things:
        if thing.owner != owner or turn.cards.kind(thing.card) not in kinds:
            continue
        if not what or what in (thing.id, thing.card):
            return thing
    return None


def thing_name(thing: Thing) -> str:
    return f"{thing.owner}'s {thing.card} {thing.id}"


def wall_for(turn: Turn, owner: str, guards: str) -> Wall | None:
    return next((w for w in turn.game.walls if w.owner == owner and w.guards == guards), None)


def guarded(turn: Turn, wall: Wall) -> str:
    """What a wall guards, in words."""
    if wall.guards == GEMS:
        return f"{whose(wall.owner)} power gems"
    thing = thing_by_id(turn, wall.guards)
    return thing_name(thing) if thing else "nothing"


def remove_wall(turn: Turn, wall: Wall, why: str) -> None:
    turn.game.walls.remove(wall)
    cards = [turn.cards.named("build_wall")]
    for charge in wall.charge:
        cards += [charge.element, *charge.mods]
    discard(turn, cards)
    turn.say("wall", f"The wall {wall.id} guarding {guarded(turn, wall)} {why}.", wall=wall.id)


def remove_thing(turn: Turn, thing: Thing, why: str) -> None:
    """An item or creature leaves play with what it keeps (and the wall guarding it)."""
    wall = wall_for(turn, thing.owner, thing.id)
    if wall:
        remove_wall(turn, wall, "crumbles with it")
    turn.game.things.remove(thing)
    kept = [part.card for part in thing.kept]
    discard(turn, [thing.card, *kept])
    shown = f", and the cards it kept ({names(kept)}) are discarded" if kept else ""
    turn.say("thing", f"{thing_name(thing)} {why}{shown}.", thing=thing.id)
