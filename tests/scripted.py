"""Playing a game's scripted game (tests/<game>/script.py) through the pure ruleset interface.

Every game keeps a scripted game in the same form: VARIANT, OPTIONS, POWERS, START_SEED,
TURNS (per phase, each power's mail) and SEEDS (per phase, the adjudication seed). This
plays it as the service would, without mail: each mail read by ``parse_orders``, later
orders replacing earlier ones by key (pbem.turns.orders.merge_orders), each phase adjudicated
with its seed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from pbem.ruleset import Ruleset
from pbem.turns.orders import merge_orders


@dataclass
class Played:
    """What a scripted game did: states (the first is the start), events per phase, the lines
    each mail had refused, and the orders each phase was adjudicated with."""

    states: list[Any] = field(default_factory=list)
    events: list[list[dict[str, Any]]] = field(default_factory=list)
    refused: dict[tuple[int, str], list[str]] = field(default_factory=dict)
    orders: list[dict[str, list[str]]] = field(default_factory=list)


def play(ruleset: Ruleset, script: ModuleType) -> Played:
    state = ruleset.start(script.VARIANT, script.POWERS, script.OPTIONS, script.START_SEED)
    played = Played(states=[state])
    for index, (mails, seed) in enumerate(zip(script.TURNS, script.SEEDS, strict=False)):
        stored: dict[str, list[dict[str, str]]] = {}
        for power, text in mails.items():
            assert power in ruleset.phase(state).may_order, (index, power)
            lines = ruleset.parse_orders(state, power, text)
            refused = [line.text for line in lines if line.error]
            if refused:
                played.refused[(index, power)] = refused
            stored[power], _ = merge_orders(stored.get(power, []), lines)
        orders = {power: [entry["order"] for entry in entries] for power, entries in stored.items()}
        result = ruleset.adjudicate(state, orders, seed)
        state = result.state
        played.states.append(state)
        played.events.append(result.events)
        played.orders.append(orders)
    return played
