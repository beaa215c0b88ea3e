"""Alliances, wars and gifts of gold between the players (rulebook, Alliances and Wars).

All powers start neutral to each other. A war needs one declaration (or one attack); an
alliance needs every member to send the same proposal in the same turn; peace needs both
sides to send it, the same turn or while the other's offer stands. A
formal alliance is public and costs victory points to break; a secret one is known only to
its members. Diplomacy is the first step of a turn, so what is agreed holds for the
battles of the same turn (RULINGS.md, rulings 20 to 25).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pbem.rulesets.generals.board import Board, pair
from pbem.rulesets.generals.orders import (
    BreakAlliance,
    DeclareWar,
    Gift,
    Order,
    Peace,
    ProposeAlliance,
    RefusePeace,
    WithdrawPeace,
    of_kind,
)
from pbem.rulesets.generals.state import Alliance, PeaceOffer
from pbem.rulesets.generals.world import world


def resolve(board: Board, given: Mapping[str, Sequence[Order]]) -> None:
    """Breaks first, then declarations of war, then peace, then new alliances."""
    for power, order in of_kind(given, BreakAlliance):
        if board.allied(power, order.power):
            board.leave_alliances(power, order.power, f"{power} left it")
    for power, order in of_kind(given, DeclareWar):
        if not board.at_war(power, order.power):
            board.declare_war(power, order.power, f"{power} declared war on {order.power}")
    _peace(board, given)
    _alliances(board, given)


def _standing(board: Board, by: str, to: str) -> PeaceOffer | None:
    return next((o for o in board.peace_offers if (o.by, o.to) == (by, to)), None)


def _answer(board: Board, offer: PeaceOffer, kind: str, text: str) -> None:
    board.peace_offers.remove(offer)
    board.event(kind, [offer.by, offer.to], text, powers=[offer.by, offer.to])


def _peace(board: Board, given: Mapping[str, Sequence[Order]]) -> None:
    """An offer of peace stands until answered, withdrawn, or the end of its last turn."""
    board.peace_offers = [o for o in board.peace_offers if board.at_war(o.by, o.to)]
    for power, order in of_kind(given, WithdrawPeace):
        if offer := _standing(board, power, order.power):
            _answer(board, offer, "peace withdrawn", f"{power} withdrew its offer of peace to {order.power}")
    for power, order in of_kind(given, RefusePeace):
        if offer := _standing(board, order.power, power):
            _answer(board, offer, "peace refused", f"{power} refused the peace {order.power} offered")
    asked = {(power, order.power) for power, order in of_kind(given, Peace)}
    for power, other in sorted(asked):
        if not board.at_war(power, other):
            continue
        if (other, power) in asked or _standing(board, other, power):
            board.wars.discard(pair(power, other))
            board.peace_offers = [o for o in board.peace_offers if {o.by, o.to} != {power, other}]
            board.public("peace", f"{power} and {other} made peace", powers=[power, other])
            continue
        if offer := _standing(board, power, other):
            board.peace_offers.remove(offer)
        until = board.turn + world().rules.diplomacy.peace_offer_turns
        board.peace_offers.append(PeaceOffer(power, other, until))
        board.event(
            "peace offered",
            [power, other],
            f"{power} offered peace to {other}; the offer stands until the end of turn {until}, "
            f"unless {power} withdraws it: {other} may answer 'peace with {power}' "
            f"or 'refuse peace with {power}'",
            powers=[power, other],
            until=until,
        )
    for offer in list(board.peace_offers):
        if offer.until <= board.turn:
            _answer(
                board,
                offer,
                "peace lapsed",
                f"{offer.by}'s offer of peace to {offer.to} lapsed unanswered "
                f"at the end of turn {offer.until}",
            )


def _alliances(board: Board, given: Mapping[str, Sequence[Order]]) -> None:
    proposals: dict[tuple[str, tuple[str, ...]], set[str]] = {}
    for power, order in of_kind(given, ProposeAlliance):
        members = tuple(sorted({power, *order.powers}))
        proposals.setdefault((order.kind, members), set()).add(power)
    for (kind, members), senders in sorted(proposals.items()):
        names = ", ".join(members)
        if senders != set(members):
            missing = ", ".join(m for m in members if m not in senders)
            board.event(
                "alliance proposed",
                members,
                f"{', '.join(sorted(senders))} proposed a {kind} alliance of {names}; "
                f"not yet sent by {missing}",
                kind_of_alliance=kind,
                members=list(members),
            )
            continue
        if any(a.kind == kind and a.members == members for a in board.alliances):
            board.event(
                "alliance",
                members,
                f"the {kind} alliance of {names} stands already",
                kind_of_alliance=kind,
                members=list(members),
            )
            continue
        for i, first in enumerate(members):
            for second in members[i + 1 :]:
                if board.at_war(first, second):
                    board.wars.discard(pair(first, second))
                    board.public("peace", f"{first} and {second} made peace", powers=[first, second])
        formed = Alliance(kind, members)
        board.alliances.append(formed)
        board.alliance_news("alliance", formed, f"{names} formed a {kind} alliance")


def gifts(board: Board, given: Mapping[str, Sequence[Order]]) -> None:
    """Gifts are paid from the gold held at the start of the turn, in the order written."""
    received: dict[str, int] = {}
    for power, order in of_kind(given, Gift):
        if order.power not in board.alive():
            continue
        have = board.realms[power].gold
        if order.gold > have:
            board.tell(
                power,
                "gift refused",
                f"{power} could not give {order.gold} gold to {order.power}: only {have} gold left",
                to=order.power,
            )
            continue
        board.spend(power, order.gold, "gifts given")
        received[order.power] = received.get(order.power, 0) + order.gold
        board.event(
            "gift",
            [power, order.power],
            f"{power} gave {order.gold} gold to {order.power}",
            power=power,
            to=order.power,
            gold=order.gold,
        )
    for power, gold in received.items():
        board.earn(power, gold, "gifts received")
        board.change_realm(power, tribute=board.realms[power].tribute + gold)
