"""Playing a game's scripted game (tests/<game>/script.py) through the pure ruleset interface.

Every game keeps a scripted game in the same form: VARIANT, OPTIONS, POWERS, START_SEED,
TURNS (per phase, each power's mail) and SEEDS (per phase, the adjudication seed). This
plays it as the service would, without mail: each mail read by ``parse_orders``, later
orders replacing earlier ones by key (pbem.turns.orders.merge_orders, one order per key where
the ruleset says so), each phase adjudicated with its seed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import yaml

from pbem.ruleset import OrderLine, Ruleset
from pbem.turns.orders import merge_orders


def mails(script_file: str) -> dict[str, list[dict[str, str]]]:
    """The mails of a game's script, kept as mail text in ``mails.yaml`` beside its script.py:
    under ``turns`` (and any other game the script holds) one entry a phase, power -> mail."""
    path = Path(script_file).with_name("mails.yaml")
    loaded: dict[str, list[dict[str, str]]] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return loaded


def event(phase_events: Sequence[Mapping[str, Any]], kind: str) -> Mapping[str, Any]:
    """The first event of ``kind`` among one phase's events (a script's ``check`` reads them)."""
    return next(e for e in phase_events if e["type"] == kind)


@dataclass
class Played:
    """What a scripted game did: states (the first is the start), events per phase, the lines
    each mail had refused, the orders each phase was adjudicated with, and every mail's lines
    as ``parse_orders`` read them (by phase index and power)."""

    states: list[Any] = field(default_factory=list)
    events: list[list[dict[str, Any]]] = field(default_factory=list)
    refused: dict[tuple[int, str], list[str]] = field(default_factory=dict)
    orders: list[dict[str, list[str]]] = field(default_factory=list)
    lines: dict[tuple[int, str], list[OrderLine]] = field(default_factory=dict)


def play(
    ruleset: Ruleset,
    script: ModuleType,
    options: dict[str, Any] | None = None,
    turns: list[dict[str, str]] | None = None,
) -> Played:
    """Play ``script``; ``options`` and ``turns`` stand in for its OPTIONS and TURNS where a
    script holds the same game twice (Invictus in English and in French)."""
    options = script.OPTIONS if options is None else options
    turns = script.TURNS if turns is None else turns
    state = ruleset.start(script.VARIANT, script.POWERS, options, script.START_SEED)
    played = Played(states=[state])
    for index, (mails, seed) in enumerate(zip(turns, script.SEEDS, strict=False)):
        stored: dict[str, list[dict[str, str]]] = {}
        for power, text in mails.items():
            assert power in ruleset.phase(state).may_order, (index, power)
            lines = ruleset.parse_orders(state, power, text)
            played.lines[(index, power)] = lines
            refused = [line.text for line in lines if line.error]
            if refused:
                played.refused[(index, power)] = refused
            stored[power], _ = merge_orders(stored.get(power, []), lines, ruleset.one_order_per_key)
        orders = {power: [entry["order"] for entry in entries] for power, entries in stored.items()}
        result = ruleset.adjudicate(state, orders, seed)
        state = result.state
        played.states.append(state)
        played.events.append(result.events)
        played.orders.append(orders)
    return played


def plays_as_written(ruleset: Ruleset, script: ModuleType) -> None:
    """Assert that a Diplomacy-family script (MISTAKES keyed by phase and power) plays as its
    ``check`` says, its mails refusing just the lines it lists, one seed a phase."""
    assert len(script.TURNS) == len(script.SEEDS)
    played = play(ruleset, script)
    assert played.refused == {key: lines for key, lines in script.MISTAKES.items() if lines}
    script.check(played.states, played.events)
