"""Money and men: overtaxing, recruiting, training generals, income and recovery.

A region gives its holder income each turn and lets generals hire troops there up to its
hire limit, one gold per point (rulebook, Recruit Troops and Money). Overtaxing trades one
for the other: the gain lasts the turn, the loss recovers slowly (rulebook, Overtaxing
Cities). Recruiting happens after movement and before the battles, so new troops defend
the turn they are hired (RULINGS.md, ruling 10).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

from pbem.rulesets.generals.board import Board
from pbem.rulesets.generals.orders import Order, Overtax, Recruit, TrainGeneral, of_kind
from pbem.rulesets.generals.state import General, SkillLevel, Unit
from pbem.rulesets.generals.world import world


def overtax(board: Board, given: Mapping[str, Sequence[Order]]) -> None:
    step = world().rules.economy.overtax.hire_per_income
    for power, order in of_kind(given, Overtax):
        holding = board.holdings[order.region]
        if holding.owner != power:
            continue
        if order.spend == "income":
            amount = min(order.amount, holding.income)
            board.change_holding(order.region, income=holding.income - amount)
            board.hire_bonus[order.region] = board.hire_bonus.get(order.region, 0) + amount * step
            gain = f"{amount * step} more hire limit this turn"
        else:
            amount = min(order.amount, holding.hire_limit) // step * step
            board.change_holding(order.region, hire_limit=holding.hire_limit - amount)
            # the overtaxer's, even if the region falls this turn (ruling 31)
            board.overtax_income[power] = board.overtax_income.get(power, 0) + amount // step
            gain = f"{amount // step} more income this turn"
        board.tell(
            power,
            "overtax",
            f"{order.region} was overtaxed: {amount} {order.spend} converted, {gain}",
            region=order.region,
        )


def hire_limit(board: Board, region: str) -> int:
    """Points that may still be hired in ``region`` this turn."""
    holding = board.holdings[region]
    return holding.hire_limit + board.hire_bonus.get(region, 0) - board.hired.get(region, 0)


def recruit(board: Board, power: str, order: Recruit, general: General) -> None:
    region = general.region
    troop = world().troops[order.troop]
    if board.holder(region) != power or troop.name not in board.variant.regions[region].hire:
        board.event(
            "recruit",
            [power],
            f"{general.name} could not recruit in {region}",
            men=0,
            gold=0,
        )
        return
    limit = hire_limit(board, region)
    gold = board.realms[power].gold
    count = max(0, min(order.count, limit // troop.points, gold // troop.points))
    cost = count * troop.points
    free: list[Unit] = []
    if count:
        rouser = general.level("Rabble Rouser")
        if rouser and board.variant.regions[region].towns:
            share = world().skills["Rabble Rouser"].per_level["extra"] * rouser
            extra = math.floor(count * share)
            if extra:
                free.append(Unit(troop.name, extra))
        necro = general.level("Necromancer")
        if necro:
            skill = world().skills["Necromancer"]
            free.append(Unit(skill.undead_troop, int(skill.per_level["undead"] * necro)))
    why = []
    if count < order.count:
        # what was left before this hire: room for so many men by the hire limit, by the gold
        why.append(
            f"{order.count} asked; the hire limit had room for {limit // troop.points}, "
            f"the treasury for {gold // troop.points}"
        )
    board.spend(power, cost, "recruiting")
    board.hired[region] = board.hired.get(region, 0) + cost
    hired = [Unit(troop.name, count)] if count else []
    board.add_units(region, power, hired + free)
    extra_text = f", and {', '.join(f'{u.men} {u.troop}' for u in free)} joined for free" if free else ""
    short = f" ({'; '.join(why)})" if why else ""
    board.tell(
        power,
        "recruit",
        f"{general.name} recruited {count} {troop.name} at {region} for {cost} gold{extra_text}{short}",
        region=region,
        troop=troop.name,
        men=count,
        gold=cost,
        free=sum(u.men for u in free),
    )


def train(board: Board, power: str, order: TrainGeneral, general: General, rng: random.Random) -> None:
    cost = world().rules.economy.train_general_cost
    taken = {g.lower() for g in board.generals}
    if order.name.lower() in taken:
        refused = "the name was taken this turn"
    elif board.realms[power].gold < cost:
        refused = f"{cost} gold needed"
    else:
        refused = ""
    if refused:
        board.tell(power, "train", f"{general.name} could not train {order.name}: {refused}", gold=0)
        return
    skills = order.skills or _by_lot(rng)
    text = f"{general.name} trained general {order.name} at {general.region}"
    _new_general(board, power, order.name, general.region, skills, text)


def _by_lot(rng: random.Random) -> tuple[str, ...]:
    return tuple(sorted(rng.sample(sorted(world().skills), 2)))


def _new_general(
    board: Board, power: str, name: str, region: str, skills: tuple[str, ...], text: str
) -> None:
    """A general of ``power`` appears in ``region``, paid for like a trained one."""
    cost = world().rules.economy.train_general_cost
    board.spend(power, cost, "training")
    board.generals[name] = General(
        name, power, region, tuple(SkillLevel(skill) for skill in skills), trained_on=board.turn
    )
    board.tell(
        power,
        "train",
        f"{text} ({', '.join(skills)}) for {cost} gold",
        gold=cost,
        general=name,
    )


def heirs(board: Board, rng: random.Random) -> None:
    """A power left without a general raises one where it has the most men (ruling 35).

    He costs what training costs, once the power has the gold, and, like a trained general,
    may only move in his first turn.
    """
    cost = world().rules.economy.train_general_cost
    for power in board.alive():
        regions = board.owned(power)
        if not regions or any(g.power == power for g in board.generals.values()):
            continue
        if board.realms[power].gold < cost:
            board.tell(
                power,
                "heir",
                f"{power} has no general left and needs {cost} gold to raise one",
                gold=0,
            )
            continue
        number = 1
        while (name := f"Heir of {power}" + (f" {number}" if number > 1 else "")) in board.generals:
            number += 1
        region = board.strongest(regions)
        text = f"{power} had no general left and raised {name} at {region}"
        _new_general(board, power, name, region, _by_lot(rng), text)


def recruit_and_train(board: Board, given: Mapping[str, Sequence[Order]], rng: random.Random) -> None:
    for power, order, general in board.orders_of_generals(given, Recruit, TrainGeneral):
        if isinstance(order, Recruit):
            recruit(board, power, order, general)
        else:
            train(board, power, order, general, rng)


def collect(board: Board) -> None:
    """Each power gains the income of the regions it holds at the end of the turn, and the
    income it overtaxed for this turn wherever the region went (ruling 31)."""
    for power in board.alive():
        held = sum(board.holdings[r].income for r in board.owned(power))
        income = held + board.overtax_income.get(power, 0)
        board.earn(power, income, "income")
        book = board.ledger[power]
        flows = ", ".join(f"{reason} {gold:+d}" for reason, gold in book.items() if gold)
        board.tell(
            power,
            "treasury",
            f"{power} gained {income} gold of income; now {board.realms[power].gold} gold"
            + (f" ({flows})" if flows else ""),
            income=income,
            gold=board.realms[power].gold,
            flows=dict(book),
        )


def recover(board: Board) -> None:
    """Overtaxed regions recover at the start of every turn (rulebook): +2 income, +5 hire."""
    rules = world().rules.economy.overtax
    for name, holding in board.holdings.items():
        region = board.variant.regions[name]
        income = min(region.income, holding.income + rules.income_recovery)
        hire = min(region.hire_limit, holding.hire_limit + rules.hire_recovery)
        if (income, hire) != (holding.income, holding.hire_limit):
            board.change_holding(name, income=income, hire_limit=hire)
