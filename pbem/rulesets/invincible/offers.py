"""Offers answered in the next phase's mail, and suits for peace paid a turn later.

An offer made during a turn (Assist Khan, the Genghis Khan buying a
submitted khan) is answered at once by a standing answer in the receiver's
plan; without one it waits for his next mail, and is settled at the first
adjudication of the next turn, before anything else. Unanswered offers are
refused (RULINGS.md 15). A suit for peace no longer waits (RULINGS.md 9); one
left waiting in a game started before that ruling is still settled here.
Accepted suits for peace fall due then too ("not concluded until the
following Turn"): the khan who sued pays one Wine and one Honor, unless his
mail says DISHONOR PEACE.
"""

from __future__ import annotations

from .assistance import give
from .orders import Answer
from .plan import Plan
from .privileges import complete_sale
from .state import Debt
from .table import Table


def settle_offers(table: Table, answers: dict[str, list[Answer]]) -> None:
    """Answer every offer left from last turn; requests for transfer last one more turn."""
    kept = []
    for offer in table.offers:
        if offer.kind == "transfer":
            if offer.made >= table.turn - 1:
                kept.append(offer)
            continue
        if offer.kind == "horde-feast":
            kept.append(offer)
            continue
        by, to = table.name(offer.by), table.name(offer.to)
        # SELL / KEEP name the submitted khan; the other answers name who offered.
        about = table.name(offer.source) if offer.kind == "sale" else by
        said = Plan(answers=tuple(answers.get(offer.to, []))).answer(offer.kind, about)
        if said is None:
            table.say("lapse", f"{to} did not answer {by}'s offer: it is refused.", khan=to)
            continue
        word = "accepts" if said else "refuses"
        if offer.kind == "assistance":
            table.say("answer", f"{to} {word} {by}'s assistance.", khan=to, accept=said)
            if said:
                give(table, offer)
        elif offer.kind == "peace":
            table.say("answer", f"{to} {word} {by}'s suit for peace.", khan=to, accept=said)
            if said:
                table.debts.append(Debt(offer.by, offer.to, offer.made + 1))
        elif offer.kind == "sale":
            vassal = table.name(offer.source)
            table.say("answer", f"{to} {'sells' if said else 'keeps'} {vassal}.", khan=to, accept=said)
            if said:
                complete_sale(table, offer.by, offer.source)
    table.offers = kept


def settle_debts(table: Table, answers: dict[str, list[Answer]]) -> None:
    """Pay the suits for peace that fall due, or dishonor them."""
    due = [d for d in table.debts if d.due <= table.turn]
    table.debts = [d for d in table.debts if d.due > table.turn]
    for debt in due:
        debtor, creditor = table.name(debt.debtor), table.name(debt.creditor)
        if Plan(answers=tuple(answers.get(debt.debtor, []))).answer("debt", creditor) is False:
            table.add_honor(debt.debtor, -1)
            table.feuds.append((debt.creditor, debt.debtor))
            table.say(
                "dishonor",
                f"{debtor} dishonors his peace with {creditor}: he does not pay the Wine and Honor "
                f"he owes, loses one Honor, and {creditor} is his true enemy.",
                debtor=debtor,
                creditor=creditor,
            )
            continue
        table.add_honor(debt.debtor, -1)
        table.add_honor(debt.creditor, 1)
        wine = table.pay_wine(debt.debtor, debt.creditor, 1)
        table.say(
            "peace-paid",
            f"{debtor} concludes his peace with {creditor}: one Honor"
            + (" and one Wine." if wine else " (he has no Wine to give)."),
            debtor=debtor,
            creditor=creditor,
        )
