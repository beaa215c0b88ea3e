"""The card catalogue: what every card does, for the welcome mail and the answer to AIDE.

The rulebook sends players to help sheets ("la fiche d'aide dédiée à la description
complète des effets") that pbem cannot mail; this is ours, from cards.yaml. A card sheet
is public at the table, so the whole sheet is listed (nothing about an opponent's army
is told by it); the viewer's own army comes first. Each card says whether the rulebook
gives it or the project reconstructed it (RULINGS.md, ruling 38).
"""

from __future__ import annotations

from typing import Any

from pbem.i18n import Message, _, render
from pbem.rulesets.invictus.cards import CARD_SET, REACTION_EFFECTS, Card
from pbem.rulesets.invictus.notation import notation
from pbem.rulesets.invictus.orders import Army, parse
from pbem.rulesets.invictus.state import Game, Player

#: a standing order that sets the card as a reaction, by effect
_REACTION = {
    "cancel_attack": "CANCEL ATTACK ON LEADER WITH {card}",
    "cancel_support": "CANCEL SUPPORT WITH {card}",
}


def entry(card: Card, language: str) -> dict[str, Any]:
    """One card as the catalogue prints it, in ``language``."""
    lines: list[Message] = [
        _(
            "attack {attack}, defense {upright} upright / {tilted} tilted, range {range}",
            attack=card.attack,
            upright=card.upright,
            tilted=card.tilted,
            range="/".join(card.grid),
        ),
        _("Support: {support}", support=card.support.describe()),
    ]
    if card.support.effect in REACTION_EFFECTS:
        order = notation(_REACTION[card.support.effect].format(card=card.name))
        lines.append(_("reaction: set it in advance with {order}", order=order))
    if card.effect_from_rulebook:
        lines.append(_("the rulebook gives this Support; numbers it does not give are ours"))
    else:
        lines.append(_("this Support is reconstructed by pbem: the rulebook does not say what the card does"))
    return {
        "name": render(card.term, language),
        "kind": render(card.kind, language),
        "lines": [render(line, language) for line in lines],
        "from_rulebook": card.effect_from_rulebook,
    }


def catalogue(game: Game, viewer: str) -> dict[str, Any]:
    """The viewer's army's cards, then the rest of the sheet, version by version."""
    mine: list[str] = []
    for player in game.players:
        if player.power == viewer and player.army:
            mine = _army_cards(game, player)
    others = [
        c.name for v in CARD_SET.versions.values() for c in (v.leader, *v.soldiers) if c.name not in mine
    ]
    return {
        "army": [entry(CARD_SET.card(name), game.language) for name in mine],
        "others": [entry(CARD_SET.card(name), game.language) for name in others],
    }


def _army_cards(game: Game, player: Player) -> list[str]:
    """The names of a player's cards, the Leader first: those mustered, or, before the armies
    are raised, those of the army the game's config fixed for the player."""
    if player.leader:
        owned = {game.name(card_id) for card_id, owner in game.owners.items() if owner == player.seat}
        return [player.leader, *sorted(owned - {player.leader})]
    fixed = parse(player.army)
    assert isinstance(fixed, Army), player.army  # the config's armies are checked at start
    return [fixed.leader, *sorted({name for name, _count in fixed.soldiers} - {fixed.leader})]
