"""The steps of a turn, dispatched to the module of each kind, and the one-action rule.

Rulebook, "Action": a turn has exactly one action (do nothing, recruit or
attack, the last as several attacks), and around it any number of Supports
and at most one citizen, in the order the player chooses.
"""

from __future__ import annotations

from pbem.i18n import _
from pbem.rulesets.invictus import attack, kingdom, recruit, support
from pbem.rulesets.invictus.notation import notation
from pbem.rulesets.invictus.orders import (
    Attack,
    Citizen,
    Order,
    Pass,
    PlaySupport,
    Recruit,
    Refusal,
)
from pbem.rulesets.invictus.table import ALREADY, Table


def resolve(table: Table, order: Order) -> Order:
    """The step with every name and slot filled in, or Refusal if it cannot be done now."""
    if isinstance(order, Pass):
        if table.action not in (None, "pass"):
            raise Refusal(ALREADY[table.action])
        return order
    if isinstance(order, Recruit):
        return recruit.resolve(table, order)
    if isinstance(order, Attack):
        return attack.resolve(table, order)
    if isinstance(order, PlaySupport):
        return support.resolve(table, order)
    if isinstance(order, Citizen):
        return kingdom.resolve(table, order)
    raise Refusal(_("{order} is not a step of a turn", order=notation(order.text())))


def carry_out(table: Table, order: Order) -> None:
    if isinstance(order, Pass):
        table.action = "pass"
        table.say("pass", _("{power} does nothing this turn.", power=table.game.current.power))
    elif isinstance(order, Recruit):
        recruit.carry_out(table, order)
    elif isinstance(order, Attack):
        attack.carry_out(table, order)
    elif isinstance(order, PlaySupport):
        support.carry_out(table, order)
    elif isinstance(order, Citizen):
        kingdom.carry_out(table, order)
