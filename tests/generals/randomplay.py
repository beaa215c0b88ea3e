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
from pbem.rulesets.generals.state import General, State
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


def random_lines(state: State, power: str, rng: random.Random, aggression: float = 0.0) -> list[str]:
    """A mail's lines; with ``aggression`` the chance that a general throws all his troops at an
    enemy region, as a player bent on conquest does (it ends realms, which random play never does)."""
    own = [h.region for h in state.owned(power)]
    others = [p for p in state.alive() if p != power]
    lines = []
    for general in state.generals_of(power):
        lines.append(f"{general.name}: {_action(state, general, own, rng, aggression)}")
        raisable = [s for s in general.skills if general.renown >= RAISE_COST * (s.level + 1)]
        if raisable and rng.random() < 0.5:
            skill = rng.choice(raisable)
            lines.append(f"{general.name}: raise {skill.skill} to {skill.level + 1}")
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
    if others and rng.random() < 0.6:
        lines.append(_diplomacy(state, power, rng.choice(others), rng))
    partner = _partner(state, power)
    if partner and rng.random() < 0.7:
        lines.append(f"propose {'formal' if state.turn % 4 == 1 else 'secret'} alliance with {partner}")
    return lines


#: renown a raise costs per level it raises to, and a new skill (data/rules.yaml)
RAISE_COST = world().rules.renown.raise_cost_per_level
NEW_SKILL_COST = world().rules.renown.new_skill_cost


def _action(state: State, general: General, own: list[str], rng: random.Random, aggression: float) -> str:
    """One action of a general, drawn among those the position allows (a trip to another of
    his power's regions, a skill he can pay for), now and then one it does not."""
    variant = world().variants[state.variant]
    here = general.region
    near = list(variant.regions[here].neighbours)
    mine = [r for r in near if r in own] or near
    foreign = [r for r in near if r not in own] or near
    elsewhere = [r for r in own if r != here]
    unknown = [s for s in world().skills if not general.level(s)]
    enemies = [r for r in near if r not in own]
    if enemies and aggression and rng.random() < aggression:
        return f"attack {rng.choice(enemies)} with all troops by {rng.choice(OFFENSIVE_ORDERS)}"
    choices = ["move", "attack", "attack", "attack", "recruit", "recruit", "prepare", "rest", "train"]
    choices += ["travel"] * 2 * bool(elsewhere) + ["learn"] * 3 * (general.renown >= NEW_SKILL_COST)
    choice = rng.choice(choices)
    if choice == "travel":
        return f"travel to {rng.choice(elsewhere)}"
    if choice == "move":
        return f"move army {_troops(state, here, rng)} to {rng.choice(mine)}"
    if choice == "attack":
        order = rng.choice(OFFENSIVE_ORDERS)
        return f"attack {rng.choice(foreign)} with {_troops(state, here, rng)} by {order}"
    if choice == "recruit":
        return f"recruit {rng.randint(1, 120)} {rng.choice(variant.regions[here].hire)}"
    if choice == "prepare":
        return "prepare battlefield"
    if choice == "train":
        name = "".join(rng.choice("aeiou" if n % 2 else "bdgklmnrst") for n in range(rng.randint(4, 7)))
        skills = rng.sample(sorted(world().skills), 2)
        return f"train general {name.capitalize()}" + (
            f" with {', '.join(skills)}" if rng.random() < 0.5 else ""
        )
    if choice == "learn" and unknown:
        return f"R and R, learn {rng.choice(unknown)}"
    return "R and R"


def _partner(state: State, power: str) -> str | None:
    """The power this one offers an alliance to on some turns, which offers it the same: an
    alliance is made only when both send it in one turn."""
    if state.turn % 2 == 0:
        return None
    alive = sorted(state.alive())
    turned = alive[state.turn % len(alive) :] + alive[: state.turn % len(alive)]
    at = turned.index(power)
    partner = at + 1 if at % 2 == 0 else at - 1
    return turned[partner] if partner < len(turned) else None


def _diplomacy(state: State, power: str, other: str, rng: random.Random) -> str:
    """A diplomatic line to ``other``, mostly one that fits how the two stand."""
    at_war = any(set(pair) == {power, other} for pair in state.wars)
    allied = any({power, other} <= set(a.members) for a in state.alliances)
    offered_to_me = state.peace_offer(other, power)
    offered_by_me = state.peace_offer(power, other)
    fitting = [f"gift {rng.randint(1, 80)} gold to {other}"]
    if at_war:
        fitting += [f"peace with {other}"] * 2
        fitting += [f"refuse peace with {other}"] * 3 * bool(offered_to_me)
        fitting += [f"withdraw peace offer to {other}"] * (3 if offered_by_me else 1)
    else:
        fitting += [f"declare war on {other}"]
        fitting += [f"propose {rng.choice(['formal', 'secret'])} alliance with {other}"] * 2
        fitting += [f"break alliance with {other}"] * 3 * allied
    return rng.choice(fitting)


def random_orders(state: State, power: str, rng: random.Random, aggression: float = 0.0) -> list[str]:
    """The canonical orders of a random mail (the lines the ruleset refused are dropped)."""
    text = "\n".join(random_lines(state, power, rng, aggression))
    return [line.order for line in ruleset.parse_orders(state, power, text) if line.order]


def random_game(
    state: State, seed: int, turns: int | None = None, aggression: float = 0.0
) -> Iterator[tuple[State, dict[str, list[str]], Adjudication]]:
    """Play random turns from ``state`` until the game ends (or ``turns`` are played)."""
    rng = random.Random(seed)
    played = 0
    while not state.over and (turns is None or played < turns):
        given: dict[str, Any] = {}
        for power in state.alive():
            if rng.random() < 0.1:
                continue  # this player sent nothing: the defaults apply
            given[power] = random_orders(state, power, rng, aggression)
        result = ruleset.adjudicate(state, given, rng.randrange(2**32))
        yield state, given, result
        state = result.state
        played += 1
