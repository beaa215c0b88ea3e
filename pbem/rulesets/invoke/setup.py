"""Setting the table: gems, the Aether, shuffled decks and starting hands.

Rulebook, "Power Gems", "The Aether" and "Setting the Game": power gems by the
number of mages (from the card set), the Aether seeded with half a mage's gems
rounded up, each deck shuffled, every mage drawing 7 with at most 3 from one
deck (by their draw choice in the game's options, else the card set's deck
order), Chaos cards drawn for a starting hand set aside and shuffled back into
their deck once everyone has drawn. The first mage to play is the first in
seating order, or the one the options name ("by any method according to house
rules").
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pbem.ruleset import SetupError

from .cards import VARIANTS
from .counters import ANY, ANYONE, ME, WAND
from .drawing import draw_up
from .notation import normal
from .orders import OrderError, read_draw
from .state import AETHER, Game, Mage
from .table import Turn

OPTIONS = ("first", "rounds", "draw", "language")
RESERVED = (AETHER, ANY, ANYONE, ME, WAND, "gems", "power gems")


def check_powers(powers: Sequence[str], cards_names: Sequence[str]) -> None:
    taken = {normal(word) for word in (*RESERVED, *cards_names)}
    seen: set[str] = set()
    for power in powers:
        if not isinstance(power, str) or not power.strip() or power != power.strip():
            raise SetupError(f"{power!r} cannot be a mage's name: use plain text")
        if any(mark in power for mark in "&:,()"):
            raise SetupError(f"{power!r}: a mage's name may not contain & : , ( or )")
        words = normal(power).split()
        if normal(power) in taken or words[0] == "face":
            raise SetupError(f"{power!r} is a word of the game (a card or keyword): rename the mage")
        if {"of", "at", "by", "on"} & set(words):
            raise SetupError(f"{power!r}: a mage's name may not contain the words of, at, by or on")
        if normal(power) in seen:
            raise SetupError(f"two mages are called {power!r}")
        seen.add(normal(power))


def start(variant: str, powers: Sequence[str], options: Mapping[str, Any], seed: int) -> Game:
    if variant not in VARIANTS:
        raise SetupError(f"unknown variant {variant!r}; known: {', '.join(sorted(VARIANTS))}")
    cards = VARIANTS[variant]
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise SetupError(f"unknown option(s) {', '.join(unknown)}; known: {', '.join(OPTIONS)}")
    if options.get("language", "en") != "en":
        # pbem.i18n could carry Invoke's texts too; its catalogue is not written yet
        raise SetupError(f"Invoke is mailed in English only so far; language {options['language']!r}")
    gems = cards.gems_for(len(powers))
    if gems is None:
        sizes = sorted(cards.power_gems)
        raise SetupError(f"Invoke ({variant}) is for {sizes[0]} to {sizes[-1]} mages, not {len(powers)}")
    check_powers(powers, list(cards.cards))
    first = options.get("first", powers[0])
    if first not in powers:
        raise SetupError(f"option first: {first!r} is not one of the mages")
    rounds = options.get("rounds", cards.rounds)
    if not isinstance(rounds, int) or rounds < 1:
        raise SetupError(f"option rounds: {rounds!r} must be a whole number of at least 1")
    draws = options.get("draw", {})
    if not isinstance(draws, Mapping):
        raise SetupError("option draw: expected a mapping of mage -> '3 Focus, 2 Manifest, ...'")
    mages = {name: Mage(name=name, gems=gems) for name in powers}
    for name, choice in draws.items():
        if name not in mages:
            raise SetupError(f"option draw: {name!r} is not one of the mages")
        try:
            mages[name].draw = list(read_draw(cards, str(choice)).draw)
        except OrderError as error:
            raise SetupError(f"option draw for {name}: {error.message}") from None

    rng = random.Random(seed)
    stock = {deck: cards.full_deck(deck) for deck in cards.decks}
    for deck in cards.decks:
        rng.shuffle(stock[deck])
    game = Game(
        variant=variant,
        seats=list(powers),
        mages=mages,
        aether=(gems + 1) // 2,
        stock=stock,
        discards={deck: [] for deck in cards.decks},
        current=first,
        turn_limit=rounds * len(powers),
    )
    game.start_gems = gems * len(powers) + game.aether
    turn = Turn(game, cards, rng)
    order = game.seats[game.seats.index(first) :] + game.seats[: game.seats.index(first)]
    aside = [card for name in order for card in draw_up(turn, name, setup=True)]
    for card in aside:
        game.stock[cards.deck_of(card)].append(card)
    for deck in {cards.deck_of(card) for card in aside}:
        rng.shuffle(game.stock[deck])
    return game
