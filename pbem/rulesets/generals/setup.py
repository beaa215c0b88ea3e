"""The opening state of a game: the scenario's regions, armies, generals and gold.

Checks that the game's config fits the scenario (its powers, its options) and raises
``SetupError`` saying what to change; then lays out the scenario and sends out the first
scouts, so every player's first report already shows its neighbours.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pbem.english import in_number
from pbem.ruleset import SetupError
from pbem.rulesets.generals import army, scouts
from pbem.rulesets.generals.board import Board
from pbem.rulesets.generals.state import (
    Defence,
    General,
    Holding,
    Realm,
    SkillLevel,
    State,
    Unit,
)
from pbem.rulesets.generals.world import world

#: options a game's config may set, with what they mean
OPTIONS = {"turns": "the number of turns the game lasts (default: the scenario's)"}


def start(variant_name: str, powers: Sequence[str], options: Mapping[str, Any], seed: int) -> State:
    variants = world().variants
    if variant_name not in variants:
        raise SetupError(f"unknown variant {variant_name!r} of generals; known: {', '.join(variants)}")
    variant = variants[variant_name]
    if sorted(powers) != sorted(variant.powers) or len(set(powers)) != len(powers):
        raise SetupError(
            f"the {variant_name} scenario is played by {', '.join(variant.powers)}; "
            f"the config names {', '.join(powers) or 'nobody'}"
        )
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        known = "; ".join(f"{k}: {v}" for k, v in OPTIONS.items())
        words = f"{in_number(len(unknown), 'option')} {', '.join(unknown)}"
        raise SetupError(f"unknown {words} for generals; known: {known}")
    turns = options.get("turns", variant.turns)
    if isinstance(turns, bool) or not isinstance(turns, int) or turns < 1:
        raise SetupError(f"option turns must be a whole number of at least 1, not {turns!r}")
    holders = {r: p.name for p in variant.powers.values() for r in p.armies}
    armies = {r: a for p in variant.powers.values() for r, a in p.armies.items()}
    holdings = []
    for name, region in variant.regions.items():
        troops = armies.get(name) or (variant.garrisons[name].troops if name in variant.garrisons else {})
        defence = Defence(variant.garrisons[name].order) if name in variant.garrisons else Defence()
        holdings.append(
            Holding(
                region=name,
                income=region.income,
                hire_limit=region.hire_limit,
                owner=holders.get(name),
                units=army.merge(Unit(troop, men) for troop, men in troops.items()),
                defence=defence,
            )
        )
    generals = tuple(
        General(g.name, power, g.region, tuple(SkillLevel(s) for s in g.skills))
        for power in powers
        for g in variant.powers[power].generals
    )
    state = State(
        variant=variant_name,
        turn=1,
        last_turn=turns,
        holdings=tuple(holdings),
        generals=generals,
        realms=tuple(Realm(power, variant.powers[power].gold) for power in powers),
    )
    board = Board(state)
    scouts.scout(board, random.Random(seed))
    return board.freeze()
