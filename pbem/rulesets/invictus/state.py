"""What a game of Invictus is at rest between phases (``pbem.records`` saves it as JSON).

Every physical card has an id ("1-07": seat 1's seventh card) so that the
conservation of cards can be checked and two Guards told apart; zones hold
ids and ``cards`` says which card each id is. The containers are plain
mutable dataclasses because a turn moves cards between many zones one rule at
a time; the ruleset never changes a state it was given (see ``table.py``),
it works on a copy.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass

from pbem.i18n import Term
from pbem.rulesets.invictus.cards import CARD_SET, Card
from pbem.rulesets.invictus.variants import VARIANTS, Variant

STAGES = ("army", "hand", "deploy", "turn", "over")


@dataclass
class Unit:
    """A card on a battlefield slot; damage lasts only for the turn it was dealt in."""

    card: str
    tilted: bool = False
    damage: int = 0


@dataclass
class Camp:
    """The zones one side shares: a battlefield, a reserve and a graveyard."""

    seats: list[int]
    field: dict[str, Unit] = dataclasses.field(default_factory=dict)
    reserve: list[str] = dataclasses.field(default_factory=list)
    graveyard: list[str] = dataclasses.field(default_factory=list)
    reserve_limit: int = 5


@dataclass
class Player:
    """One seat: its deck, hand and kingdom, and its private standing instructions."""

    power: str
    seat: int
    camp: int
    leader: str = ""
    army: str = ""
    deck: list[str] = dataclasses.field(default_factory=list)
    hand: list[str] = dataclasses.field(default_factory=list)
    kingdom: list[str] = dataclasses.field(default_factory=list)
    reactions: list[str] = dataclasses.field(default_factory=list)
    conscription: list[str] = dataclasses.field(default_factory=list)


@dataclass
class Game:
    """The whole table between two phases."""

    variant: str
    players: list[Player]
    camps: list[Camp]
    cards: dict[str, str] = dataclasses.field(default_factory=dict)
    owners: dict[str, int] = dataclasses.field(default_factory=dict)
    stage: str = "army"
    turn: int = 0
    active: int = 0
    result: str = ""
    winners: list[str] = dataclasses.field(default_factory=list)
    language: str = "en"  # of every text the game mails (pbem.i18n)

    @property
    def rules(self) -> Variant:
        return VARIANTS[self.variant]

    def card(self, card_id: str) -> Card:
        return CARD_SET.card(self.cards[card_id])

    def name(self, card_id: str) -> str:
        return self.cards[card_id]

    def term(self, card_id: str) -> Term:
        """The card's name as reports print it, in English or French."""
        return CARD_SET.term(self.cards[card_id])

    def player(self, power: str) -> Player:
        return next(p for p in self.players if p.power == power)

    def camp_of(self, player: Player) -> Camp:
        return self.camps[player.camp]

    def graveyard_of(self, card_id: str) -> list[str]:
        """The graveyard a card goes to: its owner's ("le cimetière de son propriétaire"),
        even if it fought for the camp that captured and conscripted it."""
        return self.camps[self.players[self.owners[card_id]].camp].graveyard

    @property
    def current(self) -> Player:
        return self.players[self.active]

    @property
    def reactor(self) -> Player:
        """Who may react in this turn: the player who plays next (rulebook, 4-player mode)."""
        return self.players[(self.active + 1) % len(self.players)]

    def next_to_play(self, camp: int) -> Player:
        """The member of ``camp`` who plays next: who conscripts for it (RULINGS.md)."""
        count = len(self.players)
        for step in range(1, count + 1):
            player = self.players[(self.active + step) % count]
            if player.camp == camp:
                return player
        raise AssertionError(f"camp {camp} has no players")

    def opponents(self, player: Player) -> list[Player]:
        return [p for p in self.players if p.camp != player.camp]

    def zones(self) -> Iterator[tuple[str, list[str]]]:
        """Every zone holding card ids, named: for the conservation of cards."""
        for p in self.players:
            yield f"deck of {p.power}", p.deck
            yield f"hand of {p.power}", p.hand
            yield f"kingdom of {p.power}", p.kingdom
        for index, camp in enumerate(self.camps):
            yield f"battlefield of camp {index}", [u.card for u in camp.field.values()]
            yield f"reserve of camp {index}", camp.reserve
            yield f"graveyard of camp {index}", camp.graveyard

    def copy(self) -> Game:
        return copy.deepcopy(self)
