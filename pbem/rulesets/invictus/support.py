"""Playing a card as a Support in one's own turn (rulebook, "Soutiens").

The card goes to the leftmost free slot of the reserve (at most five units,
fewer with a handicap); the opponent may then cancel it with a standing
reaction; if not, its effect applies (see ``effects``).
"""

from __future__ import annotations

from pbem.rulesets.invictus import effects, reactions
from pbem.rulesets.invictus.cards import CARD_SET
from pbem.rulesets.invictus.orders import PlaySupport, Refusal
from pbem.rulesets.invictus.table import Table


def resolve(table: Table, order: PlaySupport) -> PlaySupport:
    game = table.game
    player = game.current
    card = CARD_SET.card(order.card)
    if table.hand_card(player, order.card) is None:
        held = ", ".join(game.name(c) for c in player.hand) or "nothing"
        raise Refusal(f"you hold no {order.card}", f"your hand: {held}")
    if not card.support.playable(own_turn=True):
        raise Refusal(
            f"the {order.card}'s Support can only be played in the opponent's turn",
            f"set it as a standing reaction: CANCEL ATTACK ... WITH {order.card}",
        )
    camp = game.camp_of(player)
    if len(camp.reserve) >= camp.reserve_limit:
        raise Refusal(
            f"your reserve is full ({camp.reserve_limit} units): no more Supports for now",
            "recruit from the reserve first to make room",
        )
    return effects.resolve(table, player, order)


def carry_out(table: Table, order: PlaySupport) -> None:
    game = table.game
    player = game.current
    card_id = table.hand_card(player, order.card)
    assert card_id is not None
    player.hand.remove(card_id)
    game.camp_of(player).reserve.append(card_id)
    table.say(
        "support",
        f"{player.power} plays {order.card} as a Support: {order.text()}.",
        power=player.power,
        card=order.card,
        order=order.text(),
    )
    target = order.on.slot if order.on else None
    trigger = reactions.Trigger(
        "support",
        f"the {order.card} of {player.power}",
        target=target,
        card=order.card,
        effect=CARD_SET.card(order.card).support.effect,
    )
    if reactions.window(table, trigger, game.reactor, player):
        table.say("cancelled", f"The effect of the {order.card} is cancelled.", card=order.card)
        return
    effects.apply(table, player, order)
