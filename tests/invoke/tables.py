"""Building Invoke positions for tests: seats, hands, gems and decks set by hand.

Cards given to a hand come out of the decks (and the hand's old cards go back
under them), so every position built here still holds the whole card set once.
Chaos cards are put at the bottom of their deck unless a test stacks one on top,
so a test's draws are not disturbed by wild magic it did not ask for.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pbem.ruleset import Adjudication
from pbem.rulesets.invoke import ruleset
from pbem.rulesets.invoke.cards import VARIANTS
from pbem.rulesets.invoke.state import Game, Wall, WallCard

CARDS = VARIANTS["starter"]


def dealt(game: Game) -> Game:
    """``game`` past its setup phase, every mage drawing the split the config gives or the
    default: the hands a game dealt at once would have (ruling 38)."""
    return ruleset.adjudicate(game, {}, 0).state if game.setup else game


def table(
    seats: Sequence[str] = ("Alice", "Bob", "Carol"),
    *,
    hands: Mapping[str, Sequence[str]] | None = None,
    gems: Mapping[str, int] | None = None,
    aether: int | None = None,
    seed: int = 1,
    options: Mapping[str, Any] | None = None,
) -> Game:
    game = dealt(ruleset.start("starter", list(seats), dict(options or {}), seed))
    for deck in CARDS.decks:
        stock = game.stock[deck]
        chaos = [c for c in stock if CARDS.kind(c) == "chaos"]
        game.stock[deck] = chaos + [c for c in stock if CARDS.kind(c) != "chaos"]
    for name, cards in (hands or {}).items():
        give(game, name, cards)
    for name, count in (gems or {}).items():
        game.mages[name].gems = count
    if aether is not None:
        game.aether = aether
    game.start_gems = total_gems(game)
    return game


def give(game: Game, name: str, cards: Iterable[str]) -> None:
    """Make ``name``'s hand exactly ``cards``, taken from the decks."""
    mage = game.mages[name]
    for card in mage.hand:
        game.stock[CARDS.deck_of(card)].insert(0, card)
    mage.hand = []
    for card in cards:
        mage.hand.append(pull(game, card))


def pull(game: Game, card: str) -> str:
    """Take one copy of ``card`` out of its deck's stock (or discard pile)."""
    deck = CARDS.deck_of(card)
    for pile in (game.stock[deck], game.discards[deck]):
        if card in pile:
            pile.remove(card)
            return card
    raise AssertionError(f"no {card} left in {deck}")


def stack(game: Game, deck: str, cards: Sequence[str]) -> None:
    """Put ``cards`` on top of a deck, the first to be drawn first."""
    for card in cards:
        pull(game, card)
    game.stock[deck].extend(reversed(cards))


def play(game: Game, orders: Mapping[str, Sequence[str] | str], seed: int = 0) -> Adjudication:
    """Adjudicate with orders checked first by parse_orders, as the service does."""
    canonical: dict[str, list[str]] = {}
    for name, lines in orders.items():
        text = lines if isinstance(lines, str) else "\n".join(lines)
        parsed = ruleset.parse_orders(game, name, text)
        errors = [f"{line.text}: {line.error}" for line in parsed if line.error]
        assert not errors, errors
        canonical[name] = [line.order for line in parsed if line.order]
    return ruleset.adjudicate(game, canonical, seed)


def texts(events: Sequence[Mapping[str, Any]]) -> str:
    """The events as the referee reads them (secrets included)."""
    return "\n".join(str(e.get("secret", e["text"])) for e in events)


def total_gems(game: Game) -> int:
    return sum(m.gems for m in game.mages.values()) + game.aether


def all_cards(game: Game) -> Counter[str]:
    """Every card wherever it is: decks, discard piles, hands and the table."""
    found: Counter[str] = Counter()
    for deck in CARDS.decks:
        found.update(game.stock[deck])
        found.update(game.discards[deck])
    for mage in game.mages.values():
        found.update(mage.hand)
    for wall in game.walls:
        found[CARDS.named("build_wall")] += 1
        for charge in wall.charge:
            found.update([charge.element, *charge.mods])
    for spell in game.spells:
        for part in spell.played:
            found.update([*part.lead, part.card, *part.mods])
    for thing in game.things:
        found[thing.card] += 1
        for part in thing.kept:
            found.update([*part.lead, part.card, *part.mods])
    return found


def full_set() -> Counter[str]:
    return Counter(card for deck in CARDS.decks for card in CARDS.full_deck(deck))


def with_wall(game: Game, owner: str, element: str, mods: list[list[str]], guards: str = "gems") -> Wall:
    """Give ``owner`` a wall: one element card per entry of ``mods``, with those modifiers."""
    pull(game, "Build Wall")
    charge = []
    for card_mods in mods:
        pull(game, element)
        for mod in card_mods:
            pull(game, mod)
        charge.append(WallCard(element, list(card_mods)))
    wall = Wall(id=game.new_id("E"), owner=owner, guards=guards, charge=charge)
    game.walls.append(wall)
    return wall


def until(game: Game, name: str) -> Game:
    """Every other mage passes until it is ``name``'s turn."""
    while game.current != name:
        game = play(game, {game.current: "PASS"}).state
    return game
