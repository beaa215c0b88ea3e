"""The steps of a turn, dispatched to the module of each kind, and the one-action rule.

Rulebook, "Action": a turn has exactly one action (do nothing, recruit or
attack, the last as several attacks), and around it any number of Supports
and at most one citizen, in the order the player chooses.
"""

from __future__ import annotations

from typing import Any, Protocol

from pbem.i18n import _
from pbem.rulesets.invictus import attack, kingdom, recruit, support
from pbem.rulesets.invictus.notation import notation
from pbem.rulesets.invictus.orders import Order, Pass, Refusal
from pbem.rulesets.invictus.table import ALREADY, Table


class Action(Protocol):
    """The module of one kind of step: the order it reads, and how it is checked and done."""

    @property
    def ORDER(self) -> type[Order]: ...

    def resolve(self, table: Table, order: Any) -> Order: ...

    def carry_out(self, table: Table, order: Any) -> None: ...


_MODULES: tuple[Action, ...] = (recruit, attack, support, kingdom)
#: each step but PASS -> the module that resolves and carries it out
ACTIONS = {action.ORDER: action for action in _MODULES}


def resolve(table: Table, order: Order) -> Order:
    """The step with every name and slot filled in, or Refusal if it cannot be done now."""
    if isinstance(order, Pass):
        if table.action not in (None, "pass"):
            raise Refusal(ALREADY[table.action])
        return order
    action = ACTIONS.get(type(order))
    if action is None:
        raise Refusal(_("{order} is not a step of a turn", order=notation(order.text())))
    return action.resolve(table, order)


def carry_out(table: Table, order: Order) -> None:
    if isinstance(order, Pass):
        table.action = "pass"
        table.say("pass", _("{power} does nothing this turn.", power=table.game.current.power))
    elif type(order) in ACTIONS:
        ACTIONS[type(order)].carry_out(table, order)
