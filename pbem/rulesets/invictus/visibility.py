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

from pbem.i18n import _, render
from pbem.ruleset import REFEREE
from pbem.rulesets.invictus import board, victory
from pbem.rulesets.invictus.cards import CARD_SET, COLOUR_NAMES, COLOURS
from pbem.rulesets.invictus.catalogue import catalogue
from pbem.rulesets.invictus.notation import notation
from pbem.rulesets.invictus.state import Game, Player


def hand_label(player: Player, game: Game, index: int, card_id: str) -> str:
    text = _("hand of {power} #{index}: {card}", power=player.power, index=index, card=game.term(card_id))
    return render(text, game.language)


def deck_label(player: Player, game: Game, index: int, card_id: str) -> str:
    text = _("deck of {power} #{index}: {card}", power=player.power, index=index, card=game.term(card_id))
    return render(text, game.language)


def reaction_label(game: Game, player: Player, index: int, text: str) -> str:
    label = _("reaction of {power} #{index}: {order}", power=player.power, index=index, order=notation(text))
    return render(label, game.language)


def army_label(game: Game, player: Player) -> str:
    return render(_("army of {power}: {army}", power=player.power, army=notation(player.army)), game.language)


def conscription_label(game: Game, player: Player) -> str:
    order = notation("CONSCRIPT " + (", ".join(player.conscription) or "ANY"))
    return render(_("conscription of {power}: {order}", power=player.power, order=order), game.language)


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
                "shown": render(game.term(c), game.language),
                "card": render(game.card(c).describe(), game.language),
            }
            for i, c in enumerate(player.hand, 1)
        ],
        "army": army_label(game, player) if player.army else "",
        "reactions": [reaction_label(game, player, i, t) for i, t in enumerate(player.reactions, 1)],
        "conscription": conscription_label(game, player),
    }


def _player(game: Game, player: Player, viewer: str) -> dict[str, Any]:
    colours = Counter(game.card(c).colour for c in player.kingdom)
    names = Counter(game.name(c) for c in player.kingdom)
    language = game.language
    kingdom = [
        {
            "colour": render(COLOUR_NAMES[colour], language),
            "count": colours[colour],
            "cards": ", ".join(
                f"{n} {render(CARD_SET.card(name).counted(n), language)}"
                for name, n in sorted(names.items())
                if CARD_SET.card(name).colour == colour
            ),
        }
        for colour in COLOURS
        if colours[colour]
    ]
    entry: dict[str, Any] = {
        "power": player.power,
        "seat": player.seat + 1,
        "camp": player.camp,
        # the rows of the camp's lines and of the enemy's front line, for HELP (RULINGS 18)
        "rows": {
            "front": board.FRONT_ROW[player.camp],
            "back": board.BACK_ROW[player.camp],
            "enemy": board.FRONT_ROW[1 - player.camp],
        },
        # what HELP tells of the camp: its reserve's size (a handicap makes it smaller) and
        # where conscripts stand (RULINGS 31)
        "reserve_limit": game.camps[player.camp].reserve_limit,
        "conscripts": list(board.conscription_slots(player.camp)),
        "leader": render(CARD_SET.term(player.leader), language) if player.leader else "",
        "hand_count": len(player.hand),
        "deck_count": len(player.deck),
        "kingdom": kingdom,
        "citizens": len(player.kingdom),
        "majorities": [render(COLOUR_NAMES[c], language) for c in victory.majorities(game, player)],
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
            said = dict(card=card.term, attack=card.attack, defense=card.defense(unit.tilted))
            text = (
                _("{card} {attack}/{defense} tilted", **said)
                if unit.tilted
                else _("{card} {attack}/{defense}", **said)
            )
            cells.append(
                {
                    "slot": slot,
                    "text": render(text, game.language),
                    "name": card.name,
                    "tilted": unit.tilted,
                }
            )
        lines.append(
            {
                "row": row,
                "line": render(_("front") if board.is_front(f"a{row}") else _("back"), game.language),
                "camp": render(victory.camp_names(game, owner), game.language),
                "cells": cells,
            }
        )
    return {"columns": columns, "rows": lines}


def event_text(event: Mapping[str, Any], language: str) -> str:
    """An event's line in ``language`` (events stored before pbem.i18n have their text only)."""
    return render(event["msg"], language) if "msg" in event else str(event["text"])


def view(game: Game, events: Sequence[Mapping[str, Any]], viewer: str) -> dict[str, Any]:
    language = game.language
    camps = [
        {
            "index": index,
            "name": render(victory.camp_names(game, index), language),
            "reserve": [render(game.term(c), language) for c in camp.reserve],
            "reserve_limit": camp.reserve_limit,
            "graveyard": [render(game.term(c), language) for c in camp.graveyard],
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
        "language": language,
        "variant": {"name": game.variant, "label": render(game.rules.term, language)},
        "stage": game.stage,
        "turn": game.turn,
        "active": game.current.power if game.stage == "turn" else None,
        "players": [_player(game, p, viewer) for p in game.players],
        "camps": camps,
        "board": _board(game, viewer),
        "cards": [render(CARD_SET.card(name).describe(), language) for name in sorted(shown)],
        "catalogue": catalogue(game, viewer),
        "events": [{"type": e["type"], "text": event_text(e, language)} for e in events if sees(viewer, e)],
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
    facts.extend(event_text(e, game.language) for e in events if not sees(viewer, e))
    return facts
