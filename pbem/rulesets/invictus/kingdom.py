"""Citizens (rulebook, "Royaume" and "Défausse"): Soldiers from the hand to the kingdom.

One a turn at most, by choice at any point of the turn, or forced at the end
of a turn that ends with six units or more in hand (RULINGS.md).
"""

from __future__ import annotations

from pbem.i18n import Message, _, join
from pbem.rulesets.invictus.cards import CARD_SET
from pbem.rulesets.invictus.orders import Citizen, Refusal
from pbem.rulesets.invictus.state import Game, Player
from pbem.rulesets.invictus.table import Table

#: the step of a turn this module resolves and carries out (``steps``)
ORDER = Citizen

HAND_LIMIT = 6


def resolve(table: Table, order: Citizen) -> Citizen:
    game = table.game
    player = game.current
    if table.citizen_made:
        raise Refusal(_("you have already made a citizen this turn; one a turn at most"))
    if game.card(held(table, player, order.card)).leader:
        raise Refusal(_("a Leader can never join the kingdom; only Soldiers become citizens"))
    return order


def held(table: Table, player: Player, name: str) -> str:
    """The id of a card called ``name`` in the player's hand; Refusal listing the hand if none."""
    card_id = table.hand_card(player, name)
    if card_id is None:
        raise Refusal(
            _("you hold no {card}", card=CARD_SET.term(name)),
            _("your hand: {cards}", cards=hand_list(table.game, player)),
        )
    return card_id


def hand_list(game: Game, player: Player) -> Message:
    """The cards in a player's hand, for a refusal's hint."""
    return join(game.term(c) for c in player.hand) if player.hand else _("nothing")


def make_citizen(table: Table, player: Player, card_id: str, forced: bool = False) -> None:
    game = table.game
    player.hand.remove(card_id)
    player.kingdom.append(card_id)
    table.citizen_made = True
    said = dict(power=player.power, card=game.term(card_id))
    table.say(
        "citizen",
        _(
            "{power} makes {card} a citizen of the kingdom (six units in hand at the end of the turn).",
            **said,
        )
        if forced
        else _("{power} makes {card} a citizen of the kingdom.", **said),
        power=player.power,
        card=game.name(card_id),
        forced=forced,
    )


def carry_out(table: Table, order: Citizen) -> None:
    player = table.game.current
    card_id = table.hand_card(player, order.card)
    assert card_id is not None
    make_citizen(table, player, card_id)


def forced_citizen(table: Table) -> None:
    """Rulebook, "Défausse": six units in hand at the end of the turn force a citizen.

    If the player has not named one this turn, the Soldier that came into the
    hand last goes (RULINGS.md).
    """
    game = table.game
    player = game.current
    if table.citizen_made or len(player.hand) < HAND_LIMIT:
        return
    soldiers = [c for c in player.hand if not game.card(c).leader]
    make_citizen(table, player, soldiers[-1], forced=True)
