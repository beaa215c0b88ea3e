"""Starting a game: options checked, khans chosen or dealt, the first Genghis Khan rolled.

"Everyone takes a character card for play." A game's config may say which
card each player chose (option ``khans``); the others are dealt at random
from the rest with the game's seed. If every power is named after a card,
each plays that khan. Then "everyone rolls 1d6, highest number is initial
Genghis Khan -- in case of multiple high numbers, roll again".
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pbem.english import in_number
from pbem.ruleset import SetupError

from .data import VARIANTS, Card, Variant, fold
from .state import ACTIONS, DECLARATIONS, Game, Khan, Modes, Options
from .succession import roll_off, winner

OPTIONS = {"declarations", "hand_signals", "turn_limit", "khans"}


def options_of(options: Mapping[str, Any]) -> Options:
    """The game's settings, checked; SetupError says which one is wrong."""
    unknown = sorted(set(options) - OPTIONS)
    if unknown:
        raise SetupError(
            f"unknown {in_number(len(unknown), 'option')} {', '.join(unknown)};"
            f" Invincible! knows {', '.join(sorted(OPTIONS))}"
        )
    for name in ("declarations", "hand_signals"):
        if name in options and not isinstance(options[name], bool):
            raise SetupError(f"option {name} must be true or false, not {options[name]!r}")
    limit = options.get("turn_limit", Options.turn_limit)
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise SetupError(f"option turn_limit must be a whole number of turns, 1 or more, not {limit!r}")
    return Options(
        declarations=options.get("declarations", True),
        hand_signals=options.get("hand_signals", False),
        turn_limit=limit,
    )


def _card_named(variant: Variant, name: object) -> Card | None:
    if not isinstance(name, str):
        return None
    for card in variant.cards:
        if fold(name) in {fold(card.name), *(fold(a) for a in card.aliases)}:
            return card
    return None


def deal(variant: Variant, powers: Sequence[str], chosen: Any, rng: random.Random) -> list[Card]:
    """Each power's card: chosen in the options, named after it, or dealt."""
    if chosen is None:
        by_name = [_card_named(variant, p) for p in powers]
        chosen = {p: c.name for p, c in zip(powers, by_name, strict=True) if c} if all(by_name) else {}
    if not isinstance(chosen, Mapping):
        raise SetupError("option khans must map each power to the name of a character card")
    cards: dict[str, Card] = {}
    for power, name in chosen.items():
        if power not in powers:
            raise SetupError(f"option khans names {power!r}, who is not a player of this game")
        card = _card_named(variant, name)
        if card is None:
            known = ", ".join(c.name for c in variant.cards)
            raise SetupError(f"option khans: {power} chose {name!r}; the cards are {known}")
        if card in cards.values():
            raise SetupError(f"option khans: {card.name} is chosen twice")
        cards[power] = card
    rest = [c for c in variant.cards if c not in cards.values()]
    rng.shuffle(rest)
    return [cards[p] if p in cards else rest.pop() for p in powers]


def start(variant_name: str, powers: Sequence[str], options: Mapping[str, Any], seed: int) -> Game:
    """The opening state; SetupError if the players or options do not fit."""
    variant = VARIANTS.get(variant_name)
    if variant is None:
        raise SetupError(f"unknown variant {variant_name!r}; Invincible! has {', '.join(sorted(VARIANTS))}")
    settings = options_of(options)
    if not 2 <= len(powers) <= len(variant.cards):
        raise SetupError(
            f"Invincible! ({variant_name}) is for 2 to {len(variant.cards)} players, not {len(powers)}"
        )
    if len({fold(p) for p in powers}) != len(powers) or not all(p.strip() for p in powers):
        raise SetupError("every player needs a power name of his own")
    rng = random.Random(seed)
    cards = deal(variant, powers, options.get("khans"), rng)
    khans = tuple(
        Khan(
            power=power,
            card=card.name,
            modes=Modes(card.companion, card.accuser, card.informer, card.leader),
            full=Modes(card.companion, card.accuser, card.informer, card.leader),
            honor=card.honor,
            wine=card.wine,
        )
        for power, card in zip(powers, cards, strict=True)
    )
    rounds = roll_off(powers, lambda: rng.randint(1, 6))
    return Game(
        variant=variant_name,
        options=settings,
        khans=khans,
        genghis=winner(rounds),
        step=DECLARATIONS if settings.declarations else ACTIONS,
        rolloff=tuple(tuple(r) for r in rounds),
    )
