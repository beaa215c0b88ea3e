"""Diplomatic lines, from the slots of a line (``phrasings.DIPLOMACY``) to orders: war,
peace, alliances and gifts (rulebook, Alliances and Wars)."""

from __future__ import annotations

from collections.abc import Callable

from pbem.rulesets.generals.orders import (
    BreakAlliance,
    DeclareWar,
    Gift,
    Peace,
    ProposeAlliance,
    RefusePeace,
    WithdrawPeace,
)
from pbem.rulesets.generals.reading import Orders, Reading
from pbem.rulesets.generals.world import world
from pbem.rulesets.lines import Refusal, Slots, items, number

DiplomacyReader = Callable[[Orders, Slots], Reading]


def _power(orders: Orders, slots: Slots, name: str = "power") -> str:
    return orders.other_power(slots.get(name) or "")


def war(orders: Orders, slots: Slots) -> Reading:
    power = _power(orders, slots)
    if orders.at_war(power):
        raise Refusal(f"you are already at war with {power}", f"to end it: 'peace with {power}'")
    note = f"this breaks your alliance with {power}" if orders.allied(power) else None
    return Reading(DeclareWar(power), note)


def peace(orders: Orders, slots: Slots) -> Reading:
    power = _power(orders, slots)
    if not orders.at_war(power):
        raise Refusal(
            f"you are not at war with {power}",
            f"to ally: 'propose formal alliance with {power}' (or secret)",
        )
    state, me = orders.state, orders.power
    if state.peace_offer(power, me):
        return Reading(
            Peace(power),
            f"you accept {power}'s offer of peace: peace is made this turn, unless {power} withdraws it",
        )
    until = state.turn + world().rules.diplomacy.peace_offer_turns
    return Reading(
        Peace(power),
        f"{power} is told of your offer at the end of this turn; peace is made when {power} "
        f"sends 'peace with {me}' this turn or later, until the end of turn {until} "
        f"(you may take the offer back with 'withdraw peace offer to {power}')",
    )


def refuse_peace(orders: Orders, slots: Slots) -> Reading:
    power = _power(orders, slots)
    if not orders.state.peace_offer(power, orders.power):
        raise Refusal(
            f"{power} has made you no offer of peace", f"to offer peace yourself: 'peace with {power}'"
        )
    return Reading(RefusePeace(power), f"{power} is told that you refuse its offer")


def withdraw_peace(orders: Orders, slots: Slots) -> Reading:
    """Takes back a standing offer, or (sharing its key) an offer sent earlier this turn."""
    power = _power(orders, slots)
    if not orders.at_war(power):
        raise Refusal(f"you are not at war with {power}", "there is no peace to offer or take back")
    if orders.state.peace_offer(orders.power, power):
        return Reading(WithdrawPeace(power), f"your offer of peace to {power} is taken back")
    return Reading(
        WithdrawPeace(power), f"you have no standing offer to {power}: none will be made this turn"
    )


def alliance(orders: Orders, slots: Slots) -> Reading:
    if not slots.get("kind"):
        raise Refusal(
            "say whether the alliance is formal (public) or secret",
            "write 'propose formal alliance with ...' or 'propose secret ...'",
        )
    powers = tuple(sorted({orders.other_power(p) for p in items(slots.get("powers") or "")}))
    kind = (slots.get("kind") or "").lower()
    return Reading(
        ProposeAlliance(kind, powers),
        f"the alliance is made when {' and '.join(powers)} "
        f"{'sends' if len(powers) == 1 else 'send'} the same proposal this turn",
    )


def break_alliance(orders: Orders, slots: Slots) -> Reading:
    power = _power(orders, slots)
    if not orders.allied(power):
        raise Refusal(f"you are not allied with {power}", "nothing to break")
    return Reading(BreakAlliance(power))


def gift(orders: Orders, slots: Slots) -> Reading:
    gold = number(slots.get("gold") or "", "gold")
    power = _power(orders, slots)
    have = orders.state.realm(orders.power).gold
    note = f"you have {have} gold now" if gold > have else None
    return Reading(Gift(power, gold), note)


READERS: dict[str, DiplomacyReader] = {
    "war": war,
    "peace": peace,
    "refuse peace": refuse_peace,
    "withdraw peace": withdraw_peace,
    "alliance": alliance,
    "break": break_alliance,
    "gift": gift,
}
