"""The Invoke card sets: three decks of suits, read from YAML and checked once.

The rulebook describes the cards but not how many of each there are, so every
count, every Chaos card and the table-size settings live in
``variants/<name>.yaml`` beside this module, where a referee can change them
without touching Python. A card's ``kind`` names the rule of the engine that
plays it (``move_left``, ``element``, ``chaos``...), so cards may be renamed or
recounted freely; a new kind needs new code.

Every problem in a file is reported with the file and the entry it concerns.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import yaml

from pbem.frozen import Frozen

VARIANTS_DIR = Path(__file__).parent / "variants"

#: kinds of which a card set holds exactly one card name (the engine's own words)
SINGLE_KINDS = (
    "tome",
    "wand",
    "move_left",
    "move_right",
    "invoke",
    "discard",
    "build_wall",
    "target_item",
    "target_creature",
    "target_hand",
    "target_gem",
    "target_current",
    "target_established",
    "delay",
    "sustain",
    "haste",
)
#: kinds that any number of cards may share
MANY_KINDS = ("element", "creature", "chaos", "modifier")
KINDS = SINGLE_KINDS + MANY_KINDS

#: what a Chaos card may do; chaos.py holds one function per effect
CHAOS_EFFECTS = (
    "destroy_gems",
    "discard_random",
    "gems_to_aether",
    "gems_from_aether",
    "gems_from_richest",
    "draw_extra",
    "reverse",
    "pass_left",
    "walls_weaken",
)
CHAOS_WHO = ("drawer", "everyone")


class CardSetError(ValueError):
    """A card set file is wrong; the message names the file and the entry."""


class CardDef(Frozen):
    """One card of a deck, as many times as ``count`` says."""

    name: str
    deck: str
    suit: str
    kind: str
    count: int
    element: str = ""  # a creature's element
    holds: int = 0  # how many cards a Tome or a creature can keep
    value: int = 0  # a + or - modifier's value
    effect: str = ""  # a Chaos card's effect (CHAOS_EFFECTS)
    who: str = ""  # whom a Chaos card affects (CHAOS_WHO)
    amount: int = 0  # how much a Chaos card does
    text: str = ""  # a Chaos card's words, as the players read them


class CardSet(Frozen):
    """A whole set: the decks in order, every card by name, and the table settings."""

    name: str
    decks: tuple[str, ...]
    cards: Mapping[str, CardDef]
    power_gems: Mapping[int, int]
    hand_size: int
    draw_limit: int
    wall_points: int
    rounds: int
    opposites: Mapping[str, str]

    @property
    def elements(self) -> tuple[str, ...]:
        return tuple(self.opposites)

    def kind(self, name: str) -> str:
        return self.cards[name].kind

    def deck_of(self, name: str) -> str:
        return self.cards[name].deck

    def named(self, kind: str) -> str:
        """The name of the one card of a single kind, e.g. "Move Left" for move_left."""
        return next(card.name for card in self.cards.values() if card.kind == kind)

    def of_kind(self, kind: str) -> tuple[str, ...]:
        return tuple(card.name for card in self.cards.values() if card.kind == kind)

    def value(self, name: str) -> int:
        """What a + or - modifier adds to the card before it."""
        return self.cards[name].value

    def full_deck(self, deck: str) -> list[str]:
        """Every card of a deck, each as often as its count, in file order."""
        return [card.name for card in self.cards.values() if card.deck == deck for _ in range(card.count)]

    def gems_for(self, mages: int) -> int | None:
        return self.power_gems.get(mages)


def load_cardset(path: Path) -> CardSet:
    """Read and check one card set file."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        raise CardSetError(f"{path.name}: not valid YAML: {error}") from None
    return build_cardset(data, path.name)


def build_cardset(data: Any, source: str) -> CardSet:
    """Check the parsed YAML of a card set; ``source`` names the file in errors."""

    def fail(entry: str, problem: str) -> CardSetError:
        return CardSetError(f"{source}: {entry}: {problem}")

    if not isinstance(data, dict):
        raise fail("top level", "expected a mapping of settings and decks")
    for key in (
        "name",
        "power_gems",
        "hand_size",
        "draw_limit",
        "wall_points",
        "rounds",
        "elements",
        "decks",
    ):
        if key not in data:
            raise fail(key, "missing")
    for key in ("hand_size", "draw_limit", "wall_points", "rounds"):
        if not isinstance(data[key], int) or data[key] < 1:
            raise fail(key, f"expected a whole number of at least 1, got {data[key]!r}")

    gems = data["power_gems"]
    if not isinstance(gems, dict) or not gems:
        raise fail("power_gems", "expected a mapping of table size to power gems")
    for mages, count in gems.items():
        if not isinstance(mages, int) or mages < 2 or not isinstance(count, int) or count < 1:
            raise fail(f"power_gems.{mages}", "expected mages (2 or more) -> gems (1 or more)")

    opposites = data["elements"]
    if not isinstance(opposites, dict) or not opposites:
        raise fail("elements", "expected a mapping of each element to its opposite")
    for element, opposite in opposites.items():
        if opposites.get(opposite) != element:
            raise fail(f"elements.{element}", f"its opposite {opposite!r} must name it back")

    decks = data["decks"]
    if not isinstance(decks, dict) or not decks:
        raise fail("decks", "expected a mapping of deck -> suit -> cards")
    cards: dict[str, CardDef] = {}
    for deck, suits in decks.items():
        if not isinstance(suits, dict) or not suits:
            raise fail(f"decks.{deck}", "expected a mapping of suit -> list of cards")
        for suit, entries in suits.items():
            if not isinstance(entries, list) or not entries:
                raise fail(f"decks.{deck}.{suit}", "expected a list of cards")
            for index, entry in enumerate(entries):
                where = f"decks.{deck}.{suit}[{index}]"
                card = _card(entry, deck, suit, opposites, lambda p, w=where: fail(w, p))
                if card.name in cards:
                    raise fail(f"{where} ({card.name})", "the same name is used twice")
                cards[card.name] = card

    for kind in SINGLE_KINDS:
        named = [card.name for card in cards.values() if card.kind == kind]
        if len(named) != 1:
            raise fail("decks", f"expected exactly one card of kind {kind}, found {named}")
    elements = {card.name for card in cards.values() if card.kind == "element"}
    if elements != set(opposites):
        raise fail("decks", f"the element cards {sorted(elements)} must be the elements {sorted(opposites)}")

    return CardSet(
        name=str(data["name"]),
        decks=tuple(decks),
        cards=cards,
        power_gems=dict(gems),
        hand_size=data["hand_size"],
        draw_limit=data["draw_limit"],
        wall_points=data["wall_points"],
        rounds=data["rounds"],
        opposites=dict(opposites),
    )


def _card(entry: Any, deck: str, suit: str, opposites: Mapping[str, str], fail: Any) -> CardDef:
    if not isinstance(entry, dict):
        raise fail("expected a mapping with name, kind and count")
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip() or "&" in name:
        raise fail(f"name {name!r} must be text without '&'")

    def problem(text: str) -> CardSetError:
        error: CardSetError = fail(f"({name}) {text}")
        return error

    kind = entry.get("kind")
    if kind not in KINDS:
        raise problem(f"kind {kind!r} is not one of {', '.join(KINDS)}")
    count = entry.get("count")
    if not isinstance(count, int) or count < 0:
        raise problem(f"count {count!r} must be a whole number, 0 or more")
    card = CardDef(name=name, deck=deck, suit=suit, kind=kind, count=count)
    if kind == "element" and name not in opposites:
        raise problem(f"is not one of the elements {', '.join(opposites)}")
    if kind == "creature":
        element = entry.get("element")
        if element not in opposites:
            raise problem(f"element {element!r} is not one of {', '.join(opposites)}")
        card = replace(card, element=str(element), holds=_holds(entry, problem))
    if kind == "tome":
        card = replace(card, holds=_holds(entry, problem))
    if kind == "modifier":
        value = entry.get("value")
        if not isinstance(value, int) or value == 0:
            raise problem(f"value {value!r} must be a whole number other than 0")
        if name != f"{value:+d}":
            raise problem(f"a modifier is named by its value: call it {value:+d}")
        card = replace(card, value=value)
    if kind == "chaos":
        effect, who, amount = entry.get("effect"), entry.get("who"), entry.get("amount")
        if effect not in CHAOS_EFFECTS:
            raise problem(f"effect {effect!r} is not one of {', '.join(CHAOS_EFFECTS)}")
        if who not in CHAOS_WHO:
            raise problem(f"who {who!r} is not one of {', '.join(CHAOS_WHO)}")
        if not isinstance(amount, int) or amount < 0:
            raise problem(f"amount {amount!r} must be a whole number, 0 or more")
        text = entry.get("text")
        if not isinstance(text, str) or not text.strip():
            raise problem("a Chaos card needs its text")
        card = replace(card, effect=effect, who=who, amount=amount, text=text.strip())
    return card


def _holds(entry: Mapping[str, Any], problem: Any) -> int:
    holds = entry.get("holds")
    if not isinstance(holds, int) or holds < 1:
        raise problem(f"holds {holds!r} must be a whole number, 1 or more")
    return holds


def load_variants(directory: Path = VARIANTS_DIR) -> dict[str, CardSet]:
    """Every card set in ``directory``, by the name inside the file."""
    variants: dict[str, CardSet] = {}
    for path in sorted(directory.glob("*.yaml")):
        cardset = load_cardset(path)
        if cardset.name != path.stem:
            raise CardSetError(f"{path.name}: name: {cardset.name!r} must match the file name")
        variants[cardset.name] = cardset
    return variants


VARIANTS: dict[str, CardSet] = load_variants()
