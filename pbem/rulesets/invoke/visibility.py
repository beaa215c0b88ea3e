"""What each viewer may see: the one function per question the service asks.

The issue says: every mage sees their own hand; the number of cards in each
hand and deck; everything on the table (established invocations, walls, items,
creatures, gems, the Aether); a Wand's face-down cards only to its owner until
fired. Counters are seen by their owner, by everyone once they fire. We add:
the cards banked in a Tome or held by a creature lie face down (rulebook), so
only their owner sees them; a drawn card or a card passed face down is seen by
who drew, gave or got it; discard piles are face up. The referee sees all.

``hidden_facts`` lists, as reports print them for those allowed to see them,
the strings that must never reach a viewer's mail.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.ruleset import REFEREE

from .cards import CardSet
from .counters import listed
from .manifest import describe
from .notation import write_sequence
from .orders import refill_text
from .setup import choosing, default_split
from .state import AETHER, Game
from .table import Turn, cardset
from .walls import wall_text


def sees(viewer: str, owner: str) -> bool:
    return viewer in (REFEREE, owner)


def hand_line(game: Game, name: str) -> str:
    hand = game.mages[name].hand
    return f"{name}'s hand: {', '.join(hand) if hand else 'empty'}"


def event_text(event: Mapping[str, Any], viewer: str) -> str:
    if "secret" in event and (viewer == REFEREE or viewer in event.get("to", ())):
        return str(event["secret"])
    return str(event["text"])


def spell_text(game: Game, spell: Any) -> str:
    cards = cardset(game)
    if spell.wait:
        when = (
            f"resolves at the end of {spell.caster}'s next turn"
            if spell.wait == 1
            else f"resolves after {spell.wait} more turns of {spell.caster}'s"
        )
    else:
        when = f"resolves at the end of the next turn ({spell.left} more)"
    return f"{spell.id}: {spell.caster}'s {write_sequence(spell.played, cards)}, {when}"


def catalogue(cards: CardSet) -> dict[str, list[dict[str, Any]]]:
    """The cards the rulebook leaves to its Card Reference, which no player holds by mail
    (RULINGS.md 37): the creatures, with their element and what they hold, and the Chaos
    cards with their words, for HELP (HELP CARDS)."""
    return {
        "creatures": [
            {"name": c.name, "element": c.element, "holds": c.holds, "count": c.count}
            for c in cards.cards.values()
            if c.kind == "creature"
        ],
        "chaos": [
            {"name": c.name, "text": c.text, "count": c.count}
            for c in cards.cards.values()
            if c.kind == "chaos"
        ],
    }


def view(game: Game, events: Sequence[Mapping[str, Any]], viewer: str) -> dict[str, Any]:
    cards = cardset(game)
    turn = Turn.looking(game)

    def walls_of(owner: str) -> list[str]:
        return [wall_text(turn, wall) for wall in game.walls if wall.owner == owner]

    mages = []
    for name in game.seats:
        mage = game.mages[name]
        things = []
        for thing in game.things:
            if thing.owner == name:
                public, secret = describe(thing, cards)
                things.append(secret if sees(viewer, name) else public)
        mages.append(
            {
                "name": name,
                "gems": mage.gems,
                "cards": len(mage.hand),
                "status": "out" if mage.out else "ghost" if mage.ghost else "in",
                "walls": walls_of(name),
                "things": things,
                "spells": [spell_text(game, s) for s in game.spells if s.caster == name],
            }
        )
    you = None
    if viewer in game.mages:
        mage = game.mages[viewer]
        you = {
            "name": viewer,
            "hand": list(mage.hand),
            "hand_line": hand_line(game, viewer),
            "refill": refill_text(mage.draw) if mage.draw else "",
            "counters": listed(mage.counters, viewer),
            "out": mage.out,
        }
    referee = None
    if viewer == REFEREE:
        referee = {
            "hands": [hand_line(game, name) for name in game.seats],
            "counters": [line for name in game.seats for line in listed(game.mages[name].counters, name)],
        }
    return {
        "viewer": viewer,
        "turn": game.turn,
        "round": game.round_text(),
        "rounds": game.rounds,
        "current": game.current,
        "direction": "clockwise" if game.direction > 0 else "anticlockwise",
        "over": game.over,
        "result": game.result,
        "winners": list(game.winners),
        "aether": {"gems": game.aether, "walls": walls_of(AETHER)},
        "catalogue": catalogue(cards),
        # before turn 1: who still chooses a starting hand, and what they draw if they do not
        "setup": (
            {"choosing": choosing(game), "default": default_split(cards), "limit": cards.draw_limit}
            if game.setup
            else None
        ),
        "mages": mages,
        "decks": [
            {
                "name": deck,
                "stock": len(game.stock[deck]),
                "discard": len(game.discards[deck]),
                "top": game.discards[deck][-1] if game.discards[deck] else "",
            }
            for deck in cards.decks
        ],
        "you": you,
        "referee": referee,
        "events": [{"kind": e["kind"], "text": event_text(e, viewer)} for e in events],
    }


def hidden_facts(game: Game, events: Sequence[Mapping[str, Any]], viewer: str) -> list[str]:
    if viewer == REFEREE:
        return []
    cards = cardset(game)
    facts: list[str] = []
    for name in game.seats:
        if name == viewer:
            continue
        mage = game.mages[name]
        if mage.hand:
            facts.append(hand_line(game, name))
        facts.extend(listed(mage.counters, name))
    for thing in game.things:
        if thing.owner != viewer:
            public, secret = describe(thing, cards)
            if secret != public:
                facts.append(secret)
    for event in events:
        if "secret" in event and viewer not in event.get("to", ()):
            facts.append(str(event["secret"]))
    return facts
