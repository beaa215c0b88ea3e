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
from dataclasses import replace
from typing import Any

from pbem.english import in_number
from pbem.ruleset import OrderLine, SetupError

from .cards import VARIANTS, CardSet
from .counters import ANY, ANYONE, ME, WAND
from .drawing import draw_up
from .notation import normal
from .orders import OrderError, read_draw, read_order, refill_text
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
        raise SetupError(
            f"unknown {in_number(len(unknown), 'option')} {', '.join(unknown)}; known: {', '.join(OPTIONS)}"
        )
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

    game = Game(
        variant=variant,
        seats=list(powers),
        mages=mages,
        aether=(gems + 1) // 2,
        stock={deck: cards.full_deck(deck) for deck in cards.decks},
        discards={deck: [] for deck in cards.decks},
        current=first,
        turn_limit=rounds * len(powers),
        setup=any(not mage.draw for mage in mages.values()),
        deal_seed=seed,
    )
    game.start_gems = gems * len(powers) + game.aether
    if not game.setup:  # every mage's split is in the config: nothing to ask
        deal(game)
    return game


def default_split(cards: CardSet) -> str:
    """The starting hand of a mage who does not choose: the decks in order, as many from each as
    may be taken ("3 Manifest, 3 Thaumaturgy, 1 Focus")."""
    left, split = cards.hand_size, []
    for deck in cards.decks:
        count = min(cards.draw_limit, left)
        left -= count
        if count:
            split.append((deck, count))
    return refill_text(split).removeprefix("REFILL ")


def choosing(game: Game) -> list[str]:
    """The mages still to say how they draw their starting hand: those whose split the config
    does not give (their DRAW takes effect when the setup phase is adjudicated)."""
    return [name for name in game.seats if not game.mages[name].draw] if game.setup else []


def deal(game: Game) -> list[dict[str, Any]]:
    """Shuffle the decks (by the game's seed) and draw every starting hand by its mage's split,
    the first mage first, then clockwise; Chaos cards drawn go back into their deck, which is
    shuffled again ("Setting the Game" 3-5). The events say who drew how many from where."""
    cards = VARIANTS[game.variant]
    rng = random.Random(game.deal_seed)
    game.stock = {deck: cards.full_deck(deck) for deck in cards.decks}
    for deck in cards.decks:
        rng.shuffle(game.stock[deck])
    turn = Turn(game, cards, rng)
    first = game.current
    order = game.seats[game.seats.index(first) :] + game.seats[: game.seats.index(first)]
    for name in order:
        if not game.mages[name].draw:
            turn.say("starting hand", f"{name} draws the default starting hand: {default_split(cards)}.")
    aside = [card for name in order for card in draw_up(turn, name, setup=True)]
    for card in aside:
        game.stock[cards.deck_of(card)].append(card)
    for deck in {cards.deck_of(card) for card in aside}:
        rng.shuffle(game.stock[deck])
    game.setup = False
    turn.say("starting hand", f"Every mage holds a starting hand: {first} plays first.")
    return turn.events


def deal_by_mail(game: Game, orders: Mapping[str, Sequence[str]]) -> tuple[Game, list[dict[str, Any]]]:
    """The setup phase adjudicated: each mage's DRAW (or REFILL) sets the split of their starting
    hand ("taking cards from the three piles in any combination"), and stands as their choice
    for later draws; a mage who sent none draws the default split. Then the hands are dealt."""
    game = game.copy()
    for name in game.in_game():
        for line in orders.get(name, ()):
            try:
                order = read_order(game, name, line)
            except OrderError:
                continue
            if order.kind == "refill":
                game.mages[name].draw = list(order.draw)
    return game, deal(game)


def setup_lines(game: Game, lines: Sequence[OrderLine]) -> list[OrderLine]:
    """A mail's lines in the setup phase: only the choice of the starting hand is taken (a DRAW
    line keeps its own answer); any other line is told what the phase is for."""
    example = f"DRAW {default_split(VARIANTS[game.variant])}"
    taken = "your starting hand is drawn so when the setup phase ends, and it stands as your REFILL"
    return [
        (replace(line, note=taken) if line.order else line)
        if line.text.split(None, 1)[0].lower() in ("draw", "refill")
        else OrderLine(
            line.line,
            line.text,
            error="the first turn has not begun: now choose only how you draw your starting hand",
            hint=f"e.g. {example} (at most {VARIANTS[game.variant].draw_limit} from a deck)",
        )
        for line in lines
    ]
