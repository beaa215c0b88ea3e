"""Resolving a phase in the rulebook's order ("Time", "Map of Play").

A turn is two mail phases. The first adjudication of a turn opens it:
hand-signal infractions are punished, offers left from last turn are
answered, suits for peace fall due, a Horde Feast called last turn is held.
In the declarations phase the declarations are then published, the Genghis
Khan's first and the rest clockwise. In the actions phase each khan's
actions happen in that same order, battles round by round as they start;
then the turn ends: negative Honor eats Companion, postponed enemies cost
Honor, defeated khans leave, the title may pass, the Genghis Khan rolls for
a Mongol Enemy, and the game may end.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pbem.english import counted
from pbem.ruleset import Adjudication

from . import orders as o
from . import succession
from .assistance import assign, assist, feast, request_transfer, spend_honor, submit
from .battle import attack_khan
from .enemies import attack_enemy, charge_postponed, raise_final_army, roll_for_enemy
from .mail import Sent, sort_orders
from .offers import settle_debts, settle_offers
from .plan import Plan
from .privileges import buy, call_horde_feast, hold_horde_feast, restore_honor
from .state import ACTIONS, DECLARATIONS, OVER, Game
from .table import Table


def adjudicate(
    game: Game,
    orders: Mapping[str, Sequence[str]],
    seed: int,
    dice: random.Random | None = None,
) -> Adjudication:
    """Resolve the current phase of ``game`` with everyone's canonical orders.

    Every die comes from ``random.Random(seed)``; ``dice`` replaces it where a
    test wants to name the rolls.
    """
    table = Table(game, dice or random.Random(seed))
    sent = {p: sort_orders(game, orders.get(p, ())) for p in game.in_game()}
    _record(table, sent)
    _hand_signals(table, sent)
    answers = {p: list(s.answers) for p, s in sent.items()}
    if game.step == DECLARATIONS:
        _open_turn(table, answers)
        _declarations(table, sent)
        _check_end(table)
        return _result(table, step=ACTIONS)
    if not game.options.declarations:
        _open_turn(table, answers)
    _actions(table, sent)
    if not table.over:
        _end_turn(table)
    table.feasted = set()
    options = game.options.for_next_turn()
    return _result(
        table, step=DECLARATIONS if options.declarations else ACTIONS, turn=game.turn + 1, options=options
    )


def _result(table: Table, step: str, turn: int | None = None, **changes: Any) -> Adjudication:
    if table.over:
        # no notice: the referee's report of the last turn says the game is over, and a notice
        # would reach him as "the rules need you" when they need nothing (RULINGS.md 36)
        state = table.freeze(step=OVER)
    else:
        state = table.freeze(step=step, turn=table.turn if turn is None else turn, **changes)
    return Adjudication(state, table.events, table.notices)


def _record(table: Table, sent: Mapping[str, Sent]) -> None:
    """What each khan sent, for his eyes (and the referee's) only."""
    for power, orders in sent.items():
        lines = [f"{table.name(power)} sent: {line}" for line in orders.lines]
        count = counted(len(lines), "order line")
        table.tell(power, "orders", f"{table.name(power)} sent {count}.", lines=lines)


def _hand_signals(table: Table, sent: Mapping[str, Sent]) -> None:
    """One warning, then one Honor for each mail without hand signals ("Hand Signals")."""
    for power, orders in sent.items():
        for _ in range(orders.infractions):
            if not table.khans[power].warned:
                table.update(power, warned=True)
                table.say(
                    "signals-warning",
                    f"{table.name(power)} is warned: a khan speaks with "
                    "hand signals. Next time it costs one Honor.",
                    khan=table.name(power),
                )
            else:
                table.add_honor(power, -1)
                table.say(
                    "signals-penalty",
                    f"{table.name(power)} will not use hand signals and loses one Honor.",
                    khan=table.name(power),
                )
    table.settle()


def _open_turn(table: Table, answers: dict[str, list[o.Answer]]) -> None:
    settle_offers(table, answers)
    settle_debts(table, answers)
    hold_horde_feast(table, answers)
    table.settle()


def _declarations(table: Table, sent: Mapping[str, Sent]) -> None:
    """Everyone's declared intentions, the Genghis Khan's first, then clockwise."""
    for power in table.order_of_play():
        declared = [x.text() for x in sent[power].orders if x.sort not in (o.ANSWER, o.INFRACTION)]
        text = "; ".join(declared) if declared else "nothing"
        table.say(
            "declaration",
            f"{table.name(power)} declares: {text}.",
            khan=table.name(power),
            lines=declared,
        )


def _actions(table: Table, sent: Mapping[str, Sent]) -> None:
    table.plans = {p: Plan.of(s.plan + s.answers) for p, s in sent.items()}
    for power in table.order_of_play():
        _pledge(table, power, sent[power].actions)
    for power in table.order_of_play():
        feasting = power in table.feasted or _feasts(table, power, sent[power].actions)
        for order in sent[power].actions:
            if table.over or table.khans[power].out:
                break
            _act(table, power, order, feasting)
            table.settle()


def _feasts(table: Table, power: str, actions: Sequence[o.Order]) -> bool:
    """Whether the khan's own Feast will be held, barring his other actions (RULINGS.md 19).

    A Feast that cannot be held (no Wine, or the khan is engaged in battle) is no
    feast: it does not happen, and neither does it void the rest of his mail.
    """
    return (
        any(isinstance(x, o.Feast) for x in actions)
        and table.khans[power].wine >= 1
        and power not in table.engaged
    )


def _pledge(table: Table, power: str, actions: Sequence[o.Order]) -> None:
    """The first COOPERATE line, gathered before anyone acts (RULINGS.md 30)."""
    order = next((x for x in actions if isinstance(x, o.Cooperate)), None)
    if order is None:
        return
    leader = table.khan_named(order.leader)
    table.willing[power] = leader or ""
    if leader is None or leader == power:
        table.void(power, order.text(), "name another khan in the game")
    elif not table.enemies:
        table.void(power, order.text(), "no Mongol Enemy threatens the Horde")
    elif power in table.feasted or _feasts(table, power, actions):
        table.void(power, order.text(), "a feasting khan takes no battle action this turn")
    elif not table.khans[power].free:
        table.void(power, order.text(), "a submitted khan rides with his ruler")
    else:
        table.pledges.setdefault(leader, []).append(power)


def _act(table: Table, power: str, order: o.Order, feasting: bool) -> None:
    """One action of one khan, in his place in the order of play."""
    text = order.text()
    if feasting and not isinstance(order, o.FEAST_ALLOWS):
        table.void(power, text, "a feasting khan takes no other action this turn")
        return
    if isinstance(order, o.Pass):
        return  # no action: also a khan without Companion may send it (RULINGS.md 22)
    if table.khans[power].modes.companion <= 0 and not o.raises_companion(order):
        table.void(power, text, "with no Companion a khan can only raise his Companion")
        return
    pledged = any(power in pledgers for pledgers in table.pledges.values())
    if isinstance(order, o.AttackKhan | o.AttackEnemy) and pledged:
        table.void(power, text, "a khan who cooperates takes no other battle action this turn")
        return
    act = ACTS.get(type(order))
    if act is not None:
        act(table, power, order)


def _attack_khan(table: Table, power: str, order: o.AttackKhan) -> None:
    target = table.khan_named(order.target)
    text = order.text()
    if table.khans[power].ruler:
        table.void(power, text, "a submitted khan's Modes are his ruler's")
    elif target is None or target == power:
        table.void(power, text, "name another khan in the game")
    elif table.khans[target].ruler == power:
        table.void(power, text, f"{order.target} has submitted to you")
    elif power in table.attacked:
        table.void(power, text, "a khan makes one Attack Khan a turn")
    else:
        table.attacked.add(power)
        attack_khan(table, power, target)


#: what each action does; COOPERATE was gathered before the first action, PASS does nothing
ACTS: dict[type, Callable[[Table, str, Any], None]] = {
    o.AttackKhan: _attack_khan,
    o.AttackEnemy: attack_enemy,
    o.Assign: assign,
    o.Assist: assist,
    o.Feast: feast,
    o.HordeFeast: lambda table, power, order: call_horde_feast(table, power, order.text()),
    o.SpendHonor: lambda table, power, order: spend_honor(table, power, order.mode, order.text()),
    o.Submit: submit,
    o.RequestTransfer: lambda table, power, order: request_transfer(table, power, order.text()),
    o.Buy: buy,
    o.RestoreHonor: restore_honor,
}


def _end_turn(table: Table) -> None:
    """Determine the results: wounds, costs, defeat, the title, the enemy roll, the end."""
    for power in table.in_game():
        khan = table.khans[power]
        if khan.honor < 0 and khan.modes.companion > 0:
            table.add_mode(power, "companion", -1)
            table.say(
                "dishonored",
                f"{khan.card} has negative Honor and loses one Companion.",
                khan=khan.card,
            )
    charge_postponed(table)
    table.settle()
    succession.end_of_turn(table)
    roll_for_enemy(table)
    raise_final_army(table)
    _check_end(table)
    limit = table.game.options.turn_limit
    if not table.over and table.turn >= limit:
        table.over = True
        table.result = (
            f"The turn limit of {limit} turn{'s' if limit != 1 else ''} is reached with the "
            "khans still divided; "
            f"{table.name(table.genghis)} is the Genghis Khan."
        )
        table.say("game-over", table.result)


def _check_end(table: Table) -> None:
    """The game also ends when one khan or none is left (RULINGS.md 36)."""
    if table.over:
        return
    left = table.in_game()
    if len(left) > 1:
        return
    table.over = True
    if left:
        table.winners = (left[0],)
        table.result = f"{table.name(left[0])} ({left[0]}) is the last khan left and rules the Horde alone."
    else:
        table.result = "No khan is left: the Horde is scattered."
    table.say("game-over", table.result)
