"""One turn of The Generals, step by step: the order of resolution in one place.

Players' orders are simultaneous; the rulebook leaves it to the game master to sort them
out. This is the order pbem uses (RULINGS.md, ruling 10, says why):

 1. diplomacy: alliances left, wars declared, peace and alliances agreed
 2. gifts of gold, from the gold held at the start of the turn
 3. overtaxing
 4. renown spent on skills (R and R, raise), champions named
 5. movement: Travel and Move Army, all at once
 6. standing defensive orders given to the regions held now
 7. recruiting and training generals, in the order written
 8. battlefields prepared
 9. attacks: all set out, then arrive fastest first; battles
10. generals without an army fall back; powers without regions are out; a power left
    without a general raises an heir
11. income, then once-only objectives, then overtaxed regions recover
12. the next turn begins, or the game ends and is scored; scouts report
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from pbem.ruleset import Adjudication
from pbem.rulesets.generals import (
    campaign,
    diplomacy,
    economy,
    movement,
    renown,
    scouts,
    victory,
)
from pbem.rulesets.generals.board import Board
from pbem.rulesets.generals.orders import ACTIONS, Defend, Order, Rest, of_kind
from pbem.rulesets.generals.parse import read_orders
from pbem.rulesets.generals.state import State


def default_orders(state: State, power: str) -> list[str]:
    """A power that sent nothing: its generals rest; its regions keep their defences."""
    return [Rest(g.name).text() for g in state.generals_of(power)]


def without_action(state: State, power: str, orders: Sequence[str]) -> list[str]:
    """The generals of ``power`` that ``orders`` give no action: "the player must choose one
    action for each general" (The Rules of the Turn), so a turn waits for them (ruling 15)."""
    if power not in state.alive():
        return []
    given, _ = read_orders(state, power, orders)
    acting = {order.general for order in given if isinstance(order, ACTIONS)}
    return [g.name for g in state.generals_of(power) if g.name not in acting]


def gather(board: Board, state: State, orders: Mapping[str, Sequence[str]]) -> dict[str, list[Order]]:
    """Each living power's orders, a later one replacing an earlier one with its key."""
    given: dict[str, list[Order]] = {}
    for power in state.alive():
        lines = orders.get(power)
        if lines is None:
            lines = default_orders(state, power)
        parsed, bad = read_orders(state, power, lines)
        for line in bad:
            board.notices.append(f"{power}: an order that does not read was ignored: {line}")
        latest: dict[str, Order] = {}
        for order in parsed:
            latest.pop(order.key(), None)
            latest[order.key()] = order
        given[power] = list(latest.values())
    return given


def defend(board: Board, given: Mapping[str, Sequence[Order]]) -> None:
    for power, order in of_kind(given, Defend):
        if board.holder(order.region) == power:
            board.change_holding(order.region, defence=order.defence)


def resolve(state: State, orders: Mapping[str, Sequence[str]], seed: int) -> Adjudication:
    if state.over:
        return Adjudication(state, [], ["the game is over; nothing was adjudicated"])
    rng = random.Random(seed)
    board = Board(state)
    given = gather(board, state, orders)
    diplomacy.resolve(board, given)
    diplomacy.gifts(board, given)
    economy.overtax(board, given)
    renown.spend(board, given)
    movement.resolve(board, given)
    defend(board, given)
    economy.recruit_and_train(board, given, rng)
    campaign.prepare(board, given)
    campaign.attacks(board, given, rng)
    campaign.settle(board)
    economy.heirs(board, rng)
    economy.collect(board)
    victory.progress(board)
    economy.recover(board)
    board.turn += 1
    victory.finish_if_over(board)
    scouts.scout(board, rng)
    return Adjudication(board.freeze(), board.events, board.notices)
