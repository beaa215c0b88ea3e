"""Assistance actions: Assign Points, Assist Khan, Spend Honor, Feast, Submit, Request Transfer.

These are the actions a khan takes outside battle ("Assistance Actions"),
and the few that also serve between rounds of a battle (Assign Points,
Spend Honor). Each function does one action for one khan on the table, or
says privately why it did not happen.
"""

from __future__ import annotations

from .orders import Assign, Assist, Feast, Submit
from .state import Offer
from .table import Table


def assign(table: Table, actor: str, order: Assign) -> None:
    """Move points between one's own Modes, or a submitted khan's ("Assign Points")."""
    whose = table.khan_named(order.vassal) if order.vassal else actor
    if whose is None:
        table.void(actor, order.text(), f"{order.vassal} is out of the game")
        return
    if order.vassal and table.khans[whose].ruler != actor:
        table.void(actor, order.text(), f"{order.vassal} has not submitted to you")
        return
    if not order.vassal and table.khans[actor].ruler:
        table.void(actor, order.text(), "your Modes are your ruler's to assign")
        return
    khan = table.khans[whose]
    room = table.variant.max_mode - khan.modes.get(order.target)
    amount = min(order.amount, khan.modes.get(order.source), room)
    if amount <= 0:
        table.void(actor, order.text(), "there are no points to move, or no room for them")
        return
    before = khan.modes
    table.add_mode(whose, order.source, -amount)
    table.add_mode(whose, order.target, amount)
    after = table.khans[whose].modes
    owner = "" if whose == actor else f"{table.name(whose)}'s "
    table.say(
        "assign",
        f"{table.name(actor)} assigns {amount} of {owner}{order.source.title()} to "
        f"{order.target.title()} ({order.source.title()} {before.get(order.source)} → "
        f"{after.get(order.source)}, {order.target.title()} {before.get(order.target)} → "
        f"{after.get(order.target)}).",
        khan=table.name(whose),
        amount=amount,
        source=order.source,
        target=order.target,
    )


def give(table: Table, offer: Offer) -> None:
    """Carry out accepted assistance: what the giver has and the receiver can hold."""
    giver = offer.source or offer.by
    receiver = offer.to
    if table.khans[giver].out or table.khans[receiver].out:
        return
    if offer.what == "wine":
        have, room = table.khans[giver].wine, table.variant.max_wine - table.khans[receiver].wine
    else:
        have = table.khans[giver].modes.get(offer.what)
        room = table.variant.max_mode - table.khans[receiver].modes.get(offer.what)
    amount = max(0, min(offer.amount, have, room))
    if offer.what == "wine":
        table.add_wine(giver, -amount)
        table.add_wine(receiver, amount)
    else:
        table.add_mode(giver, offer.what, -amount)
        table.add_mode(receiver, offer.what, amount)
    table.say(
        "assistance",
        f"{table.name(receiver)} receives {amount} {offer.what.title()} from {table.name(giver)}.",
        giver=table.name(giver),
        receiver=table.name(receiver),
        what=offer.what,
        amount=amount,
    )


def assist(table: Table, actor: str, order: Assist) -> None:
    """Offer Mode points or Wine to another khan ("Assist Khan"); he accepts or refuses."""
    receiver = table.khan_named(order.receiver)
    giver = table.khan_named(order.source) if order.source else actor
    if receiver is None or giver is None:
        table.void(actor, order.text(), "that khan is out of the game")
        return
    why = _cannot_give(table, actor, order, receiver, giver)
    if why:
        table.void(actor, order.text(), why)
        return
    offer = Offer(
        "assistance",
        actor,
        receiver,
        table.turn,
        order.amount,
        order.what,
        giver if order.source else "",
    )
    source = f" of {table.name(giver)}'s" if order.source else ""
    table.announce(
        offer,
        f"{table.name(actor)} offers {table.name(receiver)} {order.amount}{source} "
        f"{order.what.title()} (Assist Khan).",
    )
    if receiver == actor:
        give(table, offer)
        return
    answer = table.standing_answer(offer, table.name(actor))
    if answer:
        table.say(
            "accept",
            f"{table.name(receiver)} accepts the assistance (Accept Assistance).",
            khan=table.name(receiver),
        )
        give(table, offer)
    elif answer is False:
        table.say(
            "refuse",
            f"{table.name(receiver)} refuses the assistance (Refuse Assistance).",
            khan=table.name(receiver),
        )


def help_in_battle(table: Table, helper: str, order: Assist) -> None:
    """Mode points given to a khan between the rounds of his battle (RULINGS.md 38).

    "Khans can assist one another by assigning Modal points to other Khans during
    battle." A khan in battle cannot answer by mail, so the help is taken unless his
    plan refuses assistance from the helper (or from all).
    """
    receiver = table.khan_named(order.receiver)
    giver = table.khan_named(order.source) if order.source else helper
    if receiver is None or giver is None:
        table.void(helper, order.text(), "that khan is out of the game")
    elif table.khans[helper].modes.companion <= 0:
        table.void(helper, order.text(), "with no Companion a khan can only raise his Companion")
    elif why := _cannot_give(table, helper, order, receiver, giver):
        table.void(helper, order.text(), why)
    elif table.plan(receiver).answer("assistance", table.name(helper)) is False:
        table.void(helper, order.text(), f"{table.name(receiver)} refuses your assistance")
    else:
        table.say(
            "battle-help",
            f"{table.name(helper)} assists {table.name(receiver)} in his battle (Assist Khan).",
            by=table.name(helper),
            to=table.name(receiver),
        )
        source = giver if order.source else ""
        give(table, Offer("assistance", helper, receiver, table.turn, order.amount, order.what, source))


def _cannot_give(table: Table, actor: str, order: Assist, receiver: str, giver: str) -> str:
    """Why ``actor`` cannot give what ``order`` names (Assist Khan, in battle or not), or ""."""
    if order.source and table.khans[giver].ruler != actor:
        return f"{order.source} has not submitted to you"
    if order.what != "wine" and not order.source and table.khans[actor].ruler:
        return "your Modes are your ruler's to give"
    if receiver == giver:
        return "a khan cannot assist himself"
    return ""


def spend_honor(table: Table, actor: str, mode: str, text: str) -> None:
    """One Honor for 1d6 permanent points in a Mode ("Spend Honor")."""
    if table.khans[actor].honor < 1:
        table.void(actor, text, "you have no Honor to spend")
        return
    table.add_honor(actor, -1)
    roll = table.roll()
    before = table.khans[actor].modes.get(mode)
    table.add_mode(actor, mode, roll, permanent=True)
    after = table.khans[actor].modes.get(mode)
    table.say(
        "spend-honor",
        f"{table.name(actor)} spends one Honor on {mode.title()} and rolls {roll}: "
        f"{mode.title()} {before} → {after}, Honor now {table.khans[actor].honor}.",
        khan=table.name(actor),
        mode=mode,
        roll=roll,
    )


def restore_to_full(table: Table, power: str) -> None:
    """A feast raises every Mode to its full value; a Mode above it stays (RULINGS.md 16)."""
    khan = table.khans[power]
    for mode in ("companion", "accuser", "informer", "leader"):
        if khan.modes.get(mode) < khan.full.get(mode):
            table.add_mode(power, mode, khan.full.get(mode) - khan.modes.get(mode))


def feast(table: Table, host: str, order: Feast) -> None:
    """Spend one Wine per khan fed to restore their Modes ("Feast").

    Sharing Wine gains the host one permanent Informer per guest (RULINGS.md 17).
    """
    if host in table.engaged:
        table.void(host, order.text(), "a khan engaged in battle this turn cannot feast")
        return
    if host in table.feasted:  # his own Feast earlier in the mail, or the Horde Feast (ruling 19)
        table.void(host, order.text(), "a khan feasts once a turn, and he has feasted")
        return
    if table.khans[host].wine < 1:
        table.void(host, order.text(), "you have no Wine")
        return
    guests: list[str] = []
    for card in order.guests:
        guest = table.khan_named(card)
        if guest is None or guest == host or guest in table.engaged:
            table.void(host, f"sharing with {card}", "that khan cannot come to a feast now")
        elif table.khans[host].wine < 2 + len(guests):
            table.void(host, f"sharing with {card}", "there is not Wine enough")
        else:
            guests.append(guest)
    table.add_wine(host, -(1 + len(guests)))
    for power in (host, *guests):
        restore_to_full(table, power)
    if guests:
        table.add_mode(host, "informer", len(guests), permanent=True)
    table.feasted.add(host)
    shared = " with " + ", ".join(table.names(guests)) if guests else ""
    table.say(
        "feast",
        f"{table.name(host)} feasts{shared} for {1 + len(guests)} Wine: "
        + ("their Modes are" if guests else "his Modes are")
        + " restored to full"
        + (f"; {table.name(host)} gains {len(guests)} Informer for sharing." if guests else "."),
        host=table.name(host),
        guests=table.names(guests),
    )


def submit(table: Table, actor: str, order: Submit) -> None:
    """Submit to another khan of one's own will ("Submit").

    "A Khan may choose to Submit himself to the authority of any other Khan at any
    time": the Genghis Khan too, and his title passes to his ruler (RULINGS.md 23).
    """
    ruler = table.khan_named(order.ruler)
    if ruler is None or ruler == actor:
        table.void(actor, order.text(), "name another khan in the game")
    elif table.khans[actor].ruler:
        table.void(actor, order.text(), "you have already submitted")
    elif table.lord(ruler) == actor:
        table.void(actor, order.text(), f"{order.ruler} has submitted to you")
    else:
        table.submit(actor, ruler)


def request_transfer(table: Table, actor: str, text: str) -> None:
    """A submitted khan asks the Genghis Khan to buy him ("Request Transfer", RULINGS.md 24)."""
    ruler = table.khans[actor].ruler
    if ruler is None or ruler == table.genghis:
        table.void(actor, text, "only a khan submitted to another than the Genghis Khan may")
        return
    table.offers = [o for o in table.offers if not (o.kind == "transfer" and o.by == actor)]
    table.offers.append(Offer("transfer", actor, table.genghis, table.turn, source=actor))
    table.say(
        "request-transfer",
        f"{table.name(actor)} asks the Genghis Khan, {table.name(table.genghis)}, to take him "
        f"from {table.name(ruler)} (Request Transfer).",
        khan=table.name(actor),
    )
