"""The Genghis Khan's privileges: restoring Honor, buying submitted khans, the Horde Feast.

"The Privileges of Being the Genghis Khan". Leading the Horde against the
Mongol Enemies, and handing the loss of a lost battle to pledged khans, are
in ``enemies.py``; beginning each turn is the order of play.
"""

from __future__ import annotations

from math import ceil

from .assistance import restore_to_full
from .orders import Answer, Buy, RestoreHonor
from .plan import Plan
from .state import Offer
from .table import Table

SALE_PRICE = 2
HORDE_FEAST_WINE = 2
HORDE_FEAST_GROUP = 4


def restore_honor(table: Table, gk: str, order: RestoreHonor) -> None:
    """Up to three Honor a turn to other khans, at no cost to himself."""
    receiver = table.khan_named(order.receiver)
    left = table.variant.restore_per_turn - table.restored
    if gk != table.genghis:
        table.void(gk, order.text(), "only the Genghis Khan may restore Honor")
    elif receiver is None or receiver == gk:
        table.void(gk, order.text(), "name another khan in the game")
    elif left <= 0:
        table.void(gk, order.text(), "you have restored all the Honor you may this turn")
    else:
        amount = min(order.amount, left)
        table.restored += amount
        gained = table.add_honor(receiver, amount)
        table.say(
            "restore-honor",
            f"The Genghis Khan, {table.name(gk)}, restores {gained} Honor to "
            f"{table.name(receiver)} (Honor now {table.khans[receiver].honor}).",
            khan=table.name(receiver),
            amount=gained,
        )


def buy(table: Table, gk: str, order: Buy) -> None:
    """Offer two Wine for a submitted khan; his ruler sells or keeps him (RULINGS.md 24)."""
    vassal = table.khan_named(order.vassal)
    if gk != table.genghis:
        table.void(gk, order.text(), "only the Genghis Khan may buy a submitted khan")
        return
    if vassal is None or table.khans[vassal].ruler in (None, gk):
        table.void(gk, order.text(), f"{order.vassal} has not submitted to another khan")
        return
    if table.khans[gk].wine < SALE_PRICE:
        table.void(gk, order.text(), f"you need {SALE_PRICE} Wine")
        return
    ruler = table.khans[vassal].ruler
    assert ruler is not None
    if order.seller and table.khan_named(order.seller) != ruler:
        table.void(gk, order.text(), f"{order.vassal} no longer serves {order.seller}")
        return
    offer = Offer("sale", gk, ruler, table.turn, source=vassal)
    table.announce(
        offer,
        f"The Genghis Khan, {table.name(gk)}, offers {table.name(ruler)} {SALE_PRICE} Wine "
        f"for {table.name(vassal)}.",
    )
    if any(o.kind == "transfer" and o.by == vassal for o in table.offers):
        table.say(
            "accept",
            f"{table.name(vassal)} asked for this transfer: {table.name(ruler)} cannot refuse.",
            khan=table.name(ruler),
        )
        answer: bool | None = True
    else:
        answer = table.standing_answer(offer, table.name(vassal))
    if answer:
        complete_sale(table, gk, vassal)
    elif answer is False:
        table.say("refuse", f"{table.name(ruler)} keeps {table.name(vassal)}.", khan=table.name(ruler))


def complete_sale(table: Table, gk: str, vassal: str) -> None:
    """The Genghis Khan pays two Wine and one Leader point; the khan is his."""
    ruler = table.khans[vassal].ruler
    if (
        gk != table.genghis
        or table.khans[gk].out
        or ruler in (None, gk)
        or table.khans[vassal].out
        or table.khans[gk].wine < SALE_PRICE
    ):
        table.say(
            "sale-fails",
            f"The sale of {table.name(vassal)} cannot be made now.",
            khan=table.name(vassal),
        )
        return
    assert ruler is not None
    table.pay_wine(gk, ruler, SALE_PRICE)
    table.add_mode(gk, "leader", -1)
    table.update(vassal, ruler=gk)
    table.offers = [o for o in table.offers if not (o.kind == "transfer" and o.by == vassal)]
    table.say(
        "sale",
        f"{table.name(vassal)} passes from {table.name(ruler)} to the Genghis Khan, "
        f"{table.name(gk)}, who pays {SALE_PRICE} Wine and loses one Leader point.",
        khan=table.name(vassal),
        seller=table.name(ruler),
        buyer=table.name(gk),
    )


def call_horde_feast(table: Table, gk: str, text: str) -> None:
    """Summon every khan to a Horde Feast at the start of next turn (RULINGS.md 18)."""
    if gk != table.genghis:
        table.void(gk, text, "only the Genghis Khan may call a Horde Feast")
        return
    if any(o.kind == "horde-feast" for o in table.offers):
        table.void(gk, text, "a Horde Feast is already called")
        return
    table.say(
        "horde-feast-called",
        f"The Genghis Khan, {table.name(gk)}, calls a Horde Feast for the start of next turn: "
        "every khan attends or forfeits one Honor to him.",
        khan=table.name(gk),
    )
    for guest in table.in_game():
        if guest == gk:
            continue
        standing = table.plan(guest).answer("horde-feast", "")
        answer = "" if standing is None else ("accept" if standing else "refuse")
        table.offers.append(Offer("horde-feast", gk, guest, table.turn, answer=answer))


def hold_horde_feast(table: Table, answers: dict[str, list[Answer]]) -> None:
    """Hold a Horde Feast called last turn: guests come unless they decline."""
    called = [o for o in table.offers if o.kind == "horde-feast"]
    if not called:
        return
    table.offers = [o for o in table.offers if o.kind != "horde-feast"]
    gk = called[0].by
    if gk != table.genghis or table.khans[gk].out:
        table.say(
            "horde-feast-cancelled",
            "The Horde Feast is not held: its host is no longer the Genghis Khan.",
        )
        return
    attending: list[str] = []
    declining: list[str] = []
    for offer in called:
        if table.khans[offer.to].out:
            continue
        said = Plan(answers=tuple(answers.get(offer.to, []))).answer("horde-feast", "")
        comes = said if said is not None else offer.answer != "refuse"
        (attending if comes else declining).append(offer.to)
    present = [gk, *attending]
    cost = HORDE_FEAST_WINE * ceil(len(present) / HORDE_FEAST_GROUP)
    if table.khans[gk].wine < cost:
        table.say(
            "horde-feast-cancelled",
            f"The Horde Feast is not held: {table.name(gk)} has not the {cost} Wine it costs.",
            khan=table.name(gk),
        )
        return
    table.add_wine(gk, -cost)
    for power in present:
        restore_to_full(table, power)
    for power in declining:
        table.add_honor(power, -1)
        table.add_honor(gk, 1)
    informer = len(present) // 2 + len(declining)
    gained = table.add_mode(gk, "informer", informer)
    table.feasted.update(present)
    declined = ""
    if declining:
        names = ", ".join(table.names(declining))
        verbs = (
            "declines and forfeits one Honor"
            if len(declining) == 1
            else ("decline and forfeit one Honor each")
        )
        declined = f"; {names} {verbs} to the Genghis Khan"
    table.say(
        "horde-feast",
        f"The Horde Feast of {table.name(gk)}: "
        + ", ".join(table.names(present))
        + f" feast for {cost} Wine, their Modes restored to full{declined}; "
        f"{table.name(gk)} gains {gained} Informer.",
        host=table.name(gk),
        present=table.names(present),
        declining=table.names(declining),
        cost=cost,
    )
