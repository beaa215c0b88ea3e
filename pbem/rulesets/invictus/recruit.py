"""Recruiting (rulebook, "Recruter"): one unit onto the battlefield, possibly in a swap.

With a unit in the reserve, the leftmost one comes, and a unit it replaces
goes to the right end of the reserve; with an empty reserve, any unit from the
hand comes, and a unit it replaces goes back to the hand.
"""

from __future__ import annotations

from pbem.rulesets.invictus import board
from pbem.rulesets.invictus.orders import Recruit, Refusal
from pbem.rulesets.invictus.state import Unit
from pbem.rulesets.invictus.table import Table


def resolve(table: Table, order: Recruit) -> Recruit:
    game = table.game
    player = game.current
    camp = game.camp_of(player)
    if table.action is not None:
        raise Refusal(
            f"you already chose to {table.action} this turn; a turn has one action: "
            "PASS, RECRUIT or ATTACK",
        )
    if camp.reserve:
        leftmost = game.name(camp.reserve[0])
        if order.card not in (None, leftmost):
            raise Refusal(
                f"recruiting takes the leftmost unit of your reserve, which is {leftmost}",
                f"write RECRUIT {leftmost} TO {order.slot}",
            )
        name = leftmost
    else:
        if order.card is None:
            raise Refusal(
                "your reserve is empty, so you recruit from your hand: say which unit",
                f"write RECRUIT <unit> TO {order.slot}",
            )
        if table.hand_card(player, order.card) is None:
            held = ", ".join(game.name(c) for c in player.hand) or "nothing"
            raise Refusal(f"you hold no {order.card}", f"your hand: {held}")
        name = order.card
    if board.camp_of(order.slot) != player.camp:
        raise Refusal(
            f"{order.slot} is not on your battlefield",
            f"your slots: {', '.join(board.SLOTS[player.camp])}",
        )
    if order.slot not in camp.field and not board.may_place(order.slot, camp.field):
        front = board.ahead(order.slot)
        raise Refusal(
            f"{order.slot} is behind an empty front-line slot",
            f"put the unit on the front line ({front}) or behind one of your front-line units",
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
    text = f"{player.power} recruits {order.card} from the {origin} to {order.slot}"
    if replaced is not None:
        if from_reserve:
            camp.reserve.append(replaced.card)
        else:
            player.hand.append(replaced.card)
        text += f"; {game.name(replaced.card)} goes back to the {origin}"
    table.say(
        "recruit",
        text + ".",
        power=player.power,
        card=order.card,
        slot=order.slot,
        origin=origin,
        swapped=game.name(replaced.card) if replaced else None,
    )
