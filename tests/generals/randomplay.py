"""Random but legal play, for the property tests: mails a careless player might send.

Each general gets a random action drawn from what the map allows; regions get random
defences, now and then an overtaxing; and there is random diplomacy. Every line is then
read by the ruleset itself and only the lines it accepts are kept, so what is played is
legal by the parser's own judgement.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from pbem.ruleset import Adjudication
from pbem.rulesets.generals import ruleset
from pbem.rulesets.generals.state import State
from pbem.rulesets.generals.world import DEFENSIVE_ORDERS, OFFENSIVE_ORDERS, world


def _troops(state: State, region: str, rng: random.Random) -> str:
    units = state.holding(region).units
    if not units or rng.random() < 0.3:
        return "all troops"
    chosen = rng.sample(units, rng.randint(1, len(units)))
    parts = []
    for unit in chosen:
        count = "all" if rng.random() < 0.3 else str(rng.randint(1, unit.men))
        parts.append(f"{count} {unit.troop}")
    return ", ".join(parts)


def random_lines(state: State, power: str, rng: random.Random) -> list[str]:
    variant = world().variants[state.variant]
    own = [h.region for h in state.owned(power)]
    others = [p for p in state.alive() if p != power]
    lines = []
    for general in state.generals_of(power):
        here = general.region
        near = list(variant.regions[here].neighbours)
        mine = [r for r in near if r in own] or near
        foreign = [r for r in near if r not in own] or near
        choice = rng.choice(
            [
                "travel",
                "move",
                "attack",
                "attack",
                "attack",
                "recruit",
                "recruit",
                "prepare",
                "rest",
                "train",
                "learn",
                "raise",
            ]
        )
        if choice == "travel" and own:
            lines.append(f"{general.name}: travel to {rng.choice(own)}")
        elif choice == "move":
            lines.append(f"{general.name}: move army {_troops(state, here, rng)} to {rng.choice(mine)}")
        elif choice == "attack":
            lines.append(
                f"{general.name}: attack {rng.choice(foreign)} with "
                f"{_troops(state, here, rng)} by {rng.choice(OFFENSIVE_ORDERS)}"
            )
        elif choice == "recruit":
            hire = variant.regions[here].hire
            lines.append(f"{general.name}: recruit {rng.randint(1, 120)} {rng.choice(hire)}")
        elif choice == "prepare":
            lines.append(f"{general.name}: prepare battlefield")
        elif choice == "train":
            lines.append(f"{general.name}: train general G{state.turn}{rng.randint(0, 999)}")
        elif choice == "learn":
            lines.append(f"{general.name}: R and R, learn {rng.choice(list(world().skills))}")
        elif choice == "raise" and general.skills:
            skill = rng.choice(general.skills)
            lines.append(f"{general.name}: raise {skill.skill} to {skill.level + 1}")
        else:
            lines.append(f"{general.name}: R and R")
        if rng.random() < 0.1:
            lines.append(f"{general.name}: fight alongside {rng.choice(list(world().troops))}")
    for region in own:
        roll = rng.random()
        if roll < 0.4:
            order = rng.choice(DEFENSIVE_ORDERS)
            if order == "Withdraw":
                lines.append(f"{region}: Withdraw, rearguard {_troops(state, region, rng)}")
            else:
                lines.append(f"{region}: {order}")
        elif roll < 0.5:
            lines.append(f"{region}: convert {rng.randint(1, 3)} income to hire limit")
        elif roll < 0.55:
            lines.append(f"{region}: convert 10 hire limit to income")
    if others and rng.random() < 0.5:
        other = rng.choice(others)
        lines.append(
            rng.choice(
                [
                    f"declare war on {other}",
                    f"peace with {other}",
                    f"propose formal alliance with {other}",
                    f"propose secret alliance with {other}",
                    f"break alliance with {other}",
                    f"gift {rng.randint(1, 80)} gold to {other}",
                ]
            )
        )
    return lines


def random_orders(state: State, power: str, rng: random.Random) -> list[str]:
    """The canonical orders of a random mail (the lines the ruleset refused are dropped)."""
    text = "\n".join(random_lines(state, power, rng))
    return [line.order for line in ruleset.parse_orders(state, power, text) if line.order]


def random_game(
    state: State, seed: int, turns: int | None = None
) -> Iterator[tuple[State, dict[str, list[str]], Adjudication]]:
    """Play random turns from ``state`` until the game ends (or ``turns`` are played)."""
    rng = random.Random(seed)
    played = 0
    while not state.over and (turns is None or played < turns):
        given: dict[str, Any] = {}
        for power in state.alive():
            if rng.random() < 0.1:
                continue  # this player sent nothing: the defaults apply
            given[power] = random_orders(state, power, rng)
        result = ruleset.adjudicate(state, given, rng.randrange(2**32))
        yield state, given, result
        state = result.state
        played += 1
