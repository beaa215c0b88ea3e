"""A region's orders, from the slots of a line (``phrasings.REGION_ORDERS``) to orders:
its standing defensive order, a withdrawal with its rearguard, and overtaxing."""

from __future__ import annotations

from collections.abc import Callable

from pbem.rulesets.generals.orders import Defend, Overtax
from pbem.rulesets.generals.phrasings import ORDER_ALIASES, REGION_HELP
from pbem.rulesets.generals.reading import Orders, Reading, read_picks
from pbem.rulesets.generals.state import Defence
from pbem.rulesets.generals.world import DEFENSIVE_ORDERS, WITHDRAW, world
from pbem.rulesets.lines import Refusal, Slots, match, number

RegionReader = Callable[[Orders, str, Slots], Reading]
OVERTAX_FORMS = "write 'convert <n> income to hire limit' or 'convert <n> hire limit to income'"
NOBODY = ("none", "nobody", "no one")


def defend(region: str, body: str) -> Reading:
    """A defensive order by its name ("Fortify", "field battle")."""
    try:
        order = match(
            body,
            DEFENSIVE_ORDERS,
            "defensive order",
            {k: v for k, v in ORDER_ALIASES.items() if v in DEFENSIVE_ORDERS},
        )
    except Refusal as refusal:
        raise Refusal(refusal.error, refusal.hint or f"region orders: {REGION_HELP}") from None
    return Reading(Defend(region, Defence(order)))


def withdraw(orders: Orders, region: str, slots: Slots) -> Reading:
    to = orders.region(slots.get("to") or "") if slots.get("to") else None
    if to is not None:
        if to not in orders.variant.regions[region].neighbours:
            raise Refusal(f"{to} is not next to {region}", orders.borders(region))
        if orders.holders.get(to) != orders.power:
            raise Refusal(f"{to} is not one of your regions", "withdraw into your own lands")
    rear = slots.get("rear")
    if rear is None:
        raise Refusal(
            "a withdrawal names its rearguard",
            "add e.g. ', rearguard 50 Spearmen' (or 'rearguard none' to run for it)",
        )
    picks = () if rear.strip().lower() in NOBODY else read_picks(rear)
    return Reading(Defend(region, Defence(WITHDRAW, to, picks)))


def _measure(word: str | None) -> str | None:
    """'income' or 'hire limit', as the slot wrote it."""
    if word is None:
        return None
    return "income" if word.lower() == "income" else "hire limit"


def overtax(orders: Orders, region: str, slots: Slots) -> Reading:
    spend = _measure(slots.get("spend"))
    gain = _measure(slots.get("gain"))
    assert spend is not None
    if gain == spend:
        raise Refusal("income converts into hire limit, and hire limit into income", OVERTAX_FORMS)
    amount = number(slots.get("amount") or "", spend)
    holding = orders.state.holding(region)
    step = world().rules.economy.overtax.hire_per_income
    gained = amount * step if spend == "income" else amount // step
    if slots.get("by") is not None and slots.get("by") != str(gained):
        rate = f"1 income for {step} hire limit"
        raise Refusal(
            f"the rate is {rate}: {amount} {spend} gives {gained} {gain}",
            f"write 'lower {spend} by {amount} to increase {gain} by {gained}' "
            f"(or 'convert {amount} {spend} to {gain}')",
        )
    if spend == "hire limit" and amount % step:
        raise Refusal(
            f"hire limit converts in steps of {step}",
            f"convert {amount // step * step or step} hire limit to income",
        )
    have = holding.income if spend == "income" else holding.hire_limit
    if amount > have:
        raise Refusal(f"{region} has only {have} {spend} this turn", "neither may go below 0")
    other = "hire limit" if spend == "income" else "income"
    rules = world().rules.economy.overtax
    recovery = rules.income_recovery if spend == "income" else rules.hire_recovery
    return Reading(
        Overtax(region, spend, amount),
        f"{other} +{gained} this turn; {spend} -{amount}, recovering by {recovery} at the start of each turn",
    )


READERS: dict[str, RegionReader] = {"withdraw": withdraw, "overtax": overtax}
