"""Recruiting (rulebook, "Recruter"): one unit onto the battlefield, possibly in a swap.

With a unit in the reserve, the leftmost one comes, and a unit it replaces
goes to the right end of the reserve; with an empty reserve, any unit from the
hand comes, and a unit it replaces goes back to the hand.
"""

from __future__ import annotations

from pbem.i18n import _
from pbem.rulesets.invictus import board
from pbem.rulesets.invictus.cards import CARD_SET
from pbem.rulesets.invictus.kingdom import held
from pbem.rulesets.invictus.notation import notation
from pbem.rulesets.invictus.orders import Recruit, Refusal
from pbem.rulesets.invictus.state import Unit
from pbem.rulesets.invictus.table import ALREADY, Table

#: the step of a turn this module resolves and carries out (``steps``)
ORDER = Recruit


def resolve(table: Table, order: Recruit) -> Recruit:
    game = table.game
    player = game.current
    camp = game.camp_of(player)
    if table.action is not None:
        raise Refusal(ALREADY[table.action])
    if camp.reserve:
        leftmost = game.name(camp.reserve[0])
        if order.card not in (None, leftmost):
            raise Refusal(
                _(
                    "recruiting takes the leftmost unit of your reserve, which is {card}",
                    card=CARD_SET.term(leftmost),
                ),
                _("write {order}", order=notation(Recruit(order.slot, leftmost).text())),
            )
        name = leftmost
    else:
        if order.card is None:
            raise Refusal(
                _("your reserve is empty, so you recruit from your hand: say which unit"),
                _("write RECRUIT <unit> TO {slot}", slot=order.slot),
            )
        held(table, player, order.card)
        name = order.card
    if board.camp_of(order.slot) != player.camp:
        raise Refusal(
            _("{slot} is not on your battlefield", slot=order.slot),
            _("your slots: {slots}", slots=", ".join(board.SLOTS[player.camp])),
        )
    if order.slot not in camp.field and not board.may_place(order.slot, camp.field):
        raise Refusal(
            _("{slot} is behind an empty front-line slot", slot=order.slot),
            _(
                "put the unit on the front line ({front}) or behind one of your front-line units",
                front=board.ahead(order.slot),
            ),
        )
    return Recruit(order.slot, name)


def carry_out(table: Table, order: Recruit) -> None:
    game = table.game
    player = game.current
    camp = game.camp_of(player)
    table.action = "recruit"
    from_reserve = bool(camp.reserve)
    if from_reserve:
        card_id = camp.reserve.pop(0)
    else:
        found = table.hand_card(player, order.card or "")
        assert found is not None
        card_id = found
        player.hand.remove(card_id)
    origin = "reserve" if from_reserve else "hand"
    replaced = camp.field.get(order.slot)
    camp.field[order.slot] = Unit(card_id)
    said = dict(power=player.power, card=game.term(card_id), slot=order.slot)
    text = (
        _("{power} recruits {card} from the reserve to {slot}.", **said)
        if from_reserve
        else _("{power} recruits {card} from the hand to {slot}.", **said)
    )
    if replaced is not None:
        if from_reserve:
            camp.reserve.append(replaced.card)
        else:
            player.hand.append(replaced.card)
        back = game.term(replaced.card)
        text = (
            _(
                "{power} recruits {card} from the reserve to {slot}; {back} goes back to the reserve.",
                back=back,
                **said,
            )
            if from_reserve
            else _(
                "{power} recruits {card} from the hand to {slot}; {back} goes back to the hand.",
                back=back,
                **said,
            )
        )
    table.say(
        "recruit",
        text,
        power=player.power,
        card=order.card,
        slot=order.slot,
        origin=origin,
        swapped=game.name(replaced.card) if replaced else None,
    )
