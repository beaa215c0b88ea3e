"""Renown and skills: what a general's fame buys (rulebook, The General).

Renown starts at 0 and is earned in battle (``battle``). A general buys a new skill at
level 1 for 5 renown during R and R, and may raise a skill one level at a time, at any time,
for 5 renown times the new level. Spending comes early in the turn, before the battles,
so what is bought fights the same turn (RULINGS.md, ruling 61).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pbem.rulesets.generals.board import Board
from pbem.rulesets.generals.orders import Champion, Order, RaiseSkill, Rest
from pbem.rulesets.generals.state import SkillLevel
from pbem.rulesets.generals.world import world


def raise_cost(current: int, level: int) -> int:
    """Renown to go from ``current`` to ``level``, one level at a time."""
    per_level = world().rules.renown.raise_cost_per_level
    return sum(per_level * n for n in range(current + 1, level + 1))


def spend(board: Board, given: Mapping[str, Sequence[Order]]) -> None:
    """New skills (R and R), then raised skills, then champions, in the order written."""
    rules = world().rules.renown
    for power, order, general in board.orders_of_generals(given, Rest):
        if order.learn is None:
            continue
        if general.level(order.learn) or general.renown < rules.new_skill_cost:
            board.event("skill", [power], f"{general.name} could not learn {order.learn}", power=power)
            continue
        board.change_general(
            general.name,
            renown=general.renown - rules.new_skill_cost,
            skills=(*general.skills, SkillLevel(order.learn)),
        )
        board.tell(
            power,
            "skill",
            f"{general.name} learnt {order.learn} for {rules.new_skill_cost} renown",
        )
    for power, raising, general in board.orders_of_generals(given, RaiseSkill):
        current = general.level(raising.skill)
        cost = raise_cost(current, raising.level)
        if not current or raising.level <= current or cost > general.renown:
            board.tell(
                power,
                "skill",
                f"{general.name} could not raise {raising.skill} to {raising.level}",
            )
            continue
        skills = tuple(
            SkillLevel(s.skill, raising.level) if s.skill == raising.skill else s for s in general.skills
        )
        board.change_general(general.name, renown=general.renown - cost, skills=skills)
        board.tell(
            power,
            "skill",
            f"{general.name} raised {raising.skill} to {raising.level} for {cost} renown",
        )
    for _, champion, general in board.orders_of_generals(given, Champion):
        board.change_general(general.name, champion=champion.troop)
