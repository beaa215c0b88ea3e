"""Magical items and creatures: bringing them into play, Wands, and what they keep.

Rulebook, "Magic Items" and "Creatures": a mage may have one magical item in
play; a Tome banks up to 3 cards of one deck, face down, played later as from
the hand, and is discarded once empty; a Wand stores a pre-invocation, each
card face up or face down, fires it with a built-in Haste at any moment, and
explodes at the end of the game (costing its mage a gem) if what it holds is
no legitimate invocation. Creatures hold cards too (our reading of "In the
basic set they hold cards": like a Tome, any deck, as many as the card says),
and two creatures of opposite elements may not be in play for one mage.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pbem.english import counted

from .cards import CardSet
from .invocation import Invocation
from .notation import card_text, real_cards, write_sequence
from .reading import Unreadable, read
from .relocation import arrival_problem
from .state import Played, Thing
from .table import Turn, find_thing, names, remove_thing


def manifest_problem(turn: Turn, invocation: Invocation) -> str | None:
    return arrival_problem(turn, invocation.played[0].card, invocation.caster)


def manifest(turn: Turn, invocation: Invocation) -> list[str]:
    """Bring the thing into play; returns the cards now on the table."""
    head, kept = invocation.played[0], list(invocation.played[1:])
    caster = invocation.caster
    thing = Thing(id=turn.game.new_id("M"), card=head.card, owner=caster, kept=kept)
    turn.game.things.append(thing)
    public, secret = describe(thing, turn.cards)
    if public == secret:
        turn.say("manifest", f"{caster} manifests {public}.", power=caster, thing=thing.id)
    else:
        turn.whisper(
            "manifest",
            f"{caster} manifests {public}.",
            f"{caster} manifests {secret}.",
            to=(caster,),
            power=caster,
            thing=thing.id,
        )
    return real_cards(invocation.played)


def describe(thing: Thing, cards: CardSet) -> tuple[str, str]:
    """(what everyone sees, what its owner sees): "Alice's Tome M4 holding 2 face-down cards"."""
    name = f"{thing.owner}'s {thing.card} {thing.id}"
    kind = cards.kind(thing.card)
    if kind == "wand":
        hidden = sum(1 for part in thing.kept if part.down)
        shown = [card_text(part, cards) for part in thing.kept if not part.down]
        if hidden:
            shown.append(counted(hidden, "face-down card"))
        return (f"{name} holding {' & '.join(shown)}", f"{name} holding {write_sequence(thing.kept, cards)}")
    if not thing.kept:
        return (f"{name}, holding nothing", f"{name}, holding nothing")
    return (
        f"{name} holding {counted(len(thing.kept), 'face-down card')}",
        f"{name} holding {names([part.card for part in thing.kept])}",
    )


def face_up(parts: Sequence[Played], cards: CardSet) -> str:
    """A sequence as the others see it cast: the cards a Tome or creature keeps, and
    a Wand's face-down cards, are only counted."""
    keeps = cards.kind(parts[0].card) in ("tome", "creature")
    shown = [p for i, p in enumerate(parts) if i == 0 or not (keeps or p.down)]
    hidden = len(parts) - len(shown)
    text = write_sequence(shown, cards)
    return f"{text} & {counted(hidden, 'face-down card')}" if hidden else text


def wand_parts(thing: Thing) -> tuple[Played, ...]:
    """The stored invocation, turned face up."""
    return tuple(replace(part, down=False) for part in thing.kept)


def read_wand(turn: Turn, owner: str, *, counter: bool) -> tuple[Thing, Invocation] | str:
    """The owner's Wand and its invocation as it would fire now, or why it cannot."""
    wand = find_thing(turn, ("wand",), "", owner)
    if wand is None:
        return f"{owner} has no Wand in play"
    try:
        invocation = read(wand_parts(wand), owner, turn.cards, turn.seats, counter=counter, wand=True)
    except Unreadable as error:
        return f"the Wand's invocation cannot be read: {error.message}"
    return wand, invocation


def legitimate(turn: Turn, wand: Thing) -> bool:
    """Whether a Wand holds a legitimate invocation (the end-of-game test)."""
    try:
        read(wand_parts(wand), wand.owner, turn.cards, turn.seats, counter=True, wand=True)
    except Unreadable:
        return False
    return True


def release(turn: Turn, wand: Thing) -> list[str]:
    """Fire a Wand: it is destroyed, and its cards become the cast. Returns those cards."""
    cards = real_cards(wand.kept)
    wand.kept = []
    remove_thing(turn, wand, "is spent")
    return cards
