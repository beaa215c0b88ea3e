"""What each viewer may see, in one place: ``view`` and ``hidden_facts``.

The issue's rule: a player sees their own hand, army and standing orders, the
number of cards in every deck and hand, both battlefields, reserves, kingdoms
and graveyards, and every public event; never another player's hand, army or
standing orders (until a reaction fires), nor the order of any deck. PUBLIC
sees what every player sees; REFEREE sees everything, deck order included.

Every secret is printed through one labelled string ("hand of North #2:
Guard"), so the leak tests can look for exactly what a report would print.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from pbem.ruleset import REFEREE
from pbem.rulesets.invictus import board, victory
from pbem.rulesets.invictus.cards import CARD_SET, COLOURS
from pbem.rulesets.invictus.state import Game, Player


def hand_label(player: Player, game: Game, index: int, card_id: str) -> str:
    return f"hand of {player.power} #{index}: {game.name(card_id)}"


def deck_label(player: Player, game: Game, index: int, card_id: str) -> str:
    return f"deck of {player.power} #{index}: {game.name(card_id)}"


def reaction_label(player: Player, index: int, text: str) -> str:
    return f"reaction of {player.power} #{index}: {text}"


def army_label(player: Player) -> str:
    return f"army of {player.power}: {player.army}"


def conscription_label(player: Player) -> str:
    choices = ", ".join(player.conscription) or "ANY"
    return f"conscription of {player.power}: CONSCRIPT {choices}"


def sees(viewer: str, event: Mapping[str, Any]) -> bool:
    to = event.get("to")
    return viewer == REFEREE or to is None or viewer in to


def _secrets(game: Game, player: Player) -> dict[str, Any]:
    """A player's private zones and standing orders, as their owner sees them."""
    return {
        "hand": [
            {
                "label": hand_label(player, game, i, c),
                "name": game.name(c),
                "card": game.card(c).describe(),
            }
            for i, c in enumerate(player.hand, 1)
        ],
        "army": army_label(player) if player.army else "",
        "reactions": [reaction_label(player, i, t) for i, t in enumerate(player.reactions, 1)],
        "conscription": conscription_label(player),
    }


def _player(game: Game, player: Player, viewer: str) -> dict[str, Any]:
    colours = Counter(game.card(c).colour for c in player.kingdom)
    names = Counter(game.name(c) for c in player.kingdom)
    kingdom = [
        {
            "colour": colour,
            "count": colours[colour],
            "cards": ", ".join(
                f"{n} {name}" for name, n in sorted(names.items()) if CARD_SET.card(name).colour == colour
            ),
        }
        for colour in COLOURS
        if colours[colour]
    ]
    entry: dict[str, Any] = {
        "power": player.power,
        "seat": player.seat + 1,
        "camp": player.camp,
        "leader": player.leader,
        "hand_count": len(player.hand),
        "deck_count": len(player.deck),
        "kingdom": kingdom,
        "citizens": len(player.kingdom),
        "majorities": victory.majorities(game, player),
        "own": viewer == player.power,
        "hand": None,
        "army": None,
        "reactions": None,
        "conscription": None,
        "deck": None,
    }
    if viewer in (player.power, REFEREE):
        entry.update(_secrets(game, player))
    if viewer == REFEREE:
        entry["deck"] = [deck_label(player, game, i, c) for i, c in enumerate(player.deck, 1)]
    return entry


def _board(game: Game, viewer: str) -> dict[str, Any]:
    """The four rows of the board, the viewer's camp at the bottom."""
    camp = next((p.camp for p in game.players if p.power == viewer), 0)
    rows = [4, 3, 2, 1] if camp == 0 else [1, 2, 3, 4]
    columns = list(board.COLUMNS if camp == 0 else reversed(board.COLUMNS))
    lines = []
    for row in rows:
        owner = 0 if row <= 2 else 1
        cells = []
        for column in columns:
            slot = f"{column}{row}"
            unit = game.camps[owner].field.get(slot)
            if unit is None:
                cells.append({"slot": slot, "text": ".", "name": None, "tilted": False})
                continue
            card = game.card(unit.card)
            text = f"{card.name} {card.attack}/{card.defense(unit.tilted)}"
            cells.append(
                {
                    "slot": slot,
                    "text": text + (" tilted" if unit.tilted else ""),
                    "name": card.name,
                    "tilted": unit.tilted,
                }
            )
        lines.append(
            {
                "row": row,
                "line": "front" if board.is_front(f"a{row}") else "back",
                "camp": victory.camp_names(game, owner),
                "cells": cells,
            }
        )
    return {"columns": columns, "rows": lines}


def view(game: Game, events: Sequence[Mapping[str, Any]], viewer: str) -> dict[str, Any]:
    camps = [
        {
            "index": index,
            "name": victory.camp_names(game, index),
            "reserve": [game.name(c) for c in camp.reserve],
            "reserve_limit": camp.reserve_limit,
            "graveyard": [game.name(c) for c in camp.graveyard],
            "units": len(camp.field),
        }
        for index, camp in enumerate(game.camps)
    ]
    shown = (
        {
            game.name(c)
            for camp in game.camps
            for c in [*camp.reserve, *camp.graveyard, *(u.card for u in camp.field.values())]
        }
        | {game.name(c) for p in game.players for c in p.kingdom}
        | {p.leader for p in game.players if p.leader}
    )
    return {
        "viewer": viewer,
        "variant": {"name": game.variant, "label": game.rules.label},
        "stage": game.stage,
        "turn": game.turn,
        "active": game.current.power if game.stage == "turn" else None,
        "players": [_player(game, p, viewer) for p in game.players],
        "camps": camps,
        "board": _board(game, viewer),
        "cards": [CARD_SET.card(name).describe() for name in sorted(shown)],
        "events": [{"type": e["type"], "text": e["text"]} for e in events if sees(viewer, e)],
        "over": game.stage == "over",
        "result": game.result,
        "winners": list(game.winners),
    }


def hidden_facts(game: Game, events: Sequence[Mapping[str, Any]], viewer: str) -> list[str]:
    """Strings, as printed to those allowed to see them, that ``viewer`` must never get."""
    if viewer == REFEREE:
        return []
    facts: list[str] = []
    for player in game.players:
        facts.extend(deck_label(player, game, i, c) for i, c in enumerate(player.deck, 1))
        if player.power == viewer:
            continue
        secrets = _secrets(game, player)
        facts.extend(h["label"] for h in secrets["hand"])
        facts.extend(secrets["reactions"])
        if player.army:
            facts.append(secrets["army"])
        if player.conscription:
            facts.append(secrets["conscription"])
    facts.extend(e["text"] for e in events if not sees(viewer, e))
    return facts
