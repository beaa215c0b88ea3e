"""What each viewer may see: the one place that decides it (RULINGS.md 37).

A khan at the table sees everyone's card values, Honor and Wine, the
declarations, every die rolled and every outcome, the offers made openly,
who has submitted to whom and the Mongol Enemies in the field. He does not
see what the others actually sent: their actions before they happen, their
battle plans and standing answers, the orders that came to nothing. Those
are events marked ``seen_by`` their khan; the referee sees everything, the
PUBLIC reader only what every khan sees.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.ruleset import REFEREE

from .data import MODES, VARIANTS
from .state import Game, Khan, Offer, horde_modes


def may_see(event: Mapping[str, Any], viewer: str) -> bool:
    seen_by = event.get("seen_by")
    return seen_by is None or viewer == REFEREE or viewer in seen_by


def _khan(game: Game, khan: Khan) -> dict[str, Any]:
    vassals = [game.khan(p).card for p in game.vassals(khan.power)]
    return {
        "khan": khan.card,
        "power": khan.power,
        **{mode: khan.modes.get(mode) for mode in MODES},
        "full": {mode: khan.full.get(mode) for mode in MODES},
        "honor": khan.honor,
        "wine": khan.wine,
        "ruler": game.khan(khan.ruler).card if khan.ruler else "",
        "vassals": vassals,
        "horde": horde_modes({k.power: k for k in game.khans}, khan.power).total(),
        "out": khan.out,
        "genghis": khan.power == game.genghis,
        "warned": khan.warned,
    }


def _offer_text(game: Game, offer: Offer) -> str:
    """An open offer, and how its receiver answers it."""
    b, t = game.khan(offer.by).card, game.khan(offer.to).card
    if offer.kind == "assistance":
        whose = f" of {game.khan(offer.source).card}'s" if offer.source else ""
        return (
            f"{b} offers {t} {offer.amount}{whose} {offer.what.title()}: {t} answers ACCEPT or "
            f"REFUSE ASSISTANCE FROM {b.upper()}."
        )
    if offer.kind == "peace":
        return f"{b} sues {t} for peace: {t} answers ACCEPT or REFUSE PEACE WITH {b.upper()}."
    if offer.kind == "sale":
        v = game.khan(offer.source).card
        return f"The Genghis Khan, {b}, offers {t} two Wine for {v}: {t} answers SELL or KEEP {v.upper()}."
    return f"{b} has asked the Genghis Khan to take him (Request Transfer)."


def view(game: Game, events: Sequence[Mapping[str, Any]], viewer: str) -> dict[str, Any]:
    """Everything ``viewer`` may see of ``game`` and of the events that led to it."""
    seen = [dict(e) for e in events if may_see(e, viewer)]
    you = next((k for k in game.khans if k.power == viewer), None)
    variant = VARIANTS[game.variant]
    return {
        "viewer": viewer,
        "you": _khan(game, you) if you else None,
        "turn": game.turn,
        "step": game.step,
        "over": game.step == "over",
        "result": game.result,
        "winners": [game.khan(p).card for p in game.winners],
        "genghis_khan": game.khan(game.genghis).card,
        "order_of_play": [game.khan(p).card for p in game.order_of_play()],
        "khans": [_khan(game, k) for k in game.khans],
        "enemies": [
            {
                "number": e.number,
                "name": e.name,
                "rating": e.rating,
                "appeared": e.appeared,
                "ignored": e.ignored,
                "final": e.final,
            }
            for e in game.enemies
        ],
        "offers": [_offer_text(game, o) for o in game.offers if o.kind != "horde-feast"],
        "horde_feast": next(
            (
                f"The Genghis Khan, {game.khan(o.by).card}, has called a Horde Feast for the "
                "start of this turn: ATTEND or DECLINE HORDE FEAST."
                for o in game.offers
                if o.kind == "horde-feast"
            ),
            "",
        ),
        "debts": [
            f"{game.khan(d.debtor).card} owes {game.khan(d.creditor).card} one Wine and one "
            f"Honor at the start of turn {d.due} (HONOR or DISHONOR PEACE WITH "
            f"{game.khan(d.creditor).card.upper()})."
            for d in game.debts
        ],
        "feuds": [f"{game.khan(a).card} is the true enemy of {game.khan(b).card}." for a, b in game.feuds],
        "declarations": [e["text"] for e in seen if e["type"] == "declaration"],
        "events": [e["text"] for e in seen if e["type"] not in ("orders", "declaration")],
        "sent": [line for e in seen if e["type"] == "orders" for line in e["lines"]],
        "rolloff": [", ".join(f"{game.khan(p).card} rolls {r}" for p, r in rnd) for rnd in game.rolloff],
        "options": {
            "declarations": game.options.declarations,
            "hand_signals": game.options.hand_signals,
            "turn_limit": game.options.turn_limit,
        },
        "limits": {
            "mode": variant.max_mode,
            "per_signal": variant.points_per_signal,
            "restore": variant.restore_per_turn,
            "rounds": variant.battle_rounds,
            "default_defence": variant.default_defence,
            "final_army": variant.final_army.rating,
        },
    }


def hidden_facts(game: Game, events: Sequence[Mapping[str, Any]], viewer: str) -> list[str]:
    """What ``viewer`` must not be mailed: the others' orders and private notes."""
    if viewer == REFEREE:
        return []
    facts: list[str] = []
    for event in events:
        if may_see(event, viewer):
            continue
        facts.extend(event.get("lines", []))
        facts.append(event["text"])
    return facts
