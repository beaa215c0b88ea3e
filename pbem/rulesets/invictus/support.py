"""Playing a card as a Support in one's own turn (rulebook, "Soutiens").

The card goes to the leftmost free slot of the reserve (at most five units,
fewer with a handicap); the opponent may then cancel it with a standing
reaction; if not, its effect applies (see ``effects``).
"""

from __future__ import annotations

from pbem.i18n import N_, _
from pbem.rulesets.invictus import effects, reactions
from pbem.rulesets.invictus.cards import CARD_SET
from pbem.rulesets.invictus.kingdom import held
from pbem.rulesets.invictus.notation import notation
from pbem.rulesets.invictus.orders import PlaySupport, Refusal
from pbem.rulesets.invictus.table import Table

#: the step of a turn this module resolves and carries out (``steps``)
ORDER = PlaySupport


def resolve(table: Table, order: PlaySupport) -> PlaySupport:
    game = table.game
    player = game.current
    card = CARD_SET.card(order.card)
    held(table, player, order.card)
    if not card.support.playable(own_turn=True):
        raise Refusal(
            _("the {card}'s Support can only be played in the opponent's turn", card=card.term),
            _("set it as a standing reaction: CANCEL ATTACK ... WITH {card}", card=card.term),
        )
    camp = game.camp_of(player)
    if len(camp.reserve) >= camp.reserve_limit:
        raise Refusal(
            N_(
                "your reserve is full ({n} unit): no more Supports for now",
                "your reserve is full ({n} units): no more Supports for now",
                n=camp.reserve_limit,
            ),
            _("recruit from the reserve first to make room"),
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
        _(
            "{power} plays {card} as a Support: {order}.",
            power=player.power,
            card=CARD_SET.term(order.card),
            order=notation(order.text()),
        ),
        power=player.power,
        card=order.card,
        order=order.text(),
    )
    target = order.on.slot if order.on else None
    trigger = reactions.Trigger(
        "support",
        _("the {card} of {power}", card=CARD_SET.term(order.card), power=player.power),
        target=target,
        card=order.card,
        effect=CARD_SET.card(order.card).support.effect,
    )
    if reactions.window(table, trigger, game.reactor, player):
        table.say(
            "cancelled",
            _("The effect of the {card} is cancelled.", card=CARD_SET.term(order.card)),
            card=order.card,
        )
        return
    effects.apply(table, player, order)
