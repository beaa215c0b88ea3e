"""The scripted year of script.py, mail by mail through the pure interface, and every turn replayed
in other processes with other hash seeds (a turn must replay exactly)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from . import script
from .games import ruleset

REPLAY = """
import json, sys
from pbem.ruleset import get_ruleset
ruleset = get_ruleset("diplomacy")
for number, turn in enumerate(json.load(open(sys.argv[1]))):
    result = ruleset.adjudicate(ruleset.load_state(turn["before"]), turn["orders"], turn["seed"])
    if json.dumps([ruleset.dump_state(result.state), result.events], sort_keys=True) != turn["after"]:
        sys.exit(f"turn {number} adjudicated differently")
"""


def play() -> tuple[list[Any], list[list[dict[str, Any]]], list[dict[str, Any]]]:
    state = ruleset.start(script.VARIANT, script.POWERS, script.OPTIONS, script.START_SEED)
    states: list[Any] = [state]
    events: list[list[dict[str, Any]]] = []
    turns = []
    for index, mails in enumerate(script.TURNS):
        orders: dict[str, list[str]] = {}
        for power, text in mails.items():
            assert power in ruleset.phase(state).may_order, (index, power)
            lines = ruleset.parse_orders(state, power, text)
            refused = [line.text for line in lines if line.error]
            assert refused == script.MISTAKES.get((index, power), []), (index, power, lines)
            kept: dict[str, str] = {}
            for line in lines:
                if line.order and line.key:
                    kept[line.key] = line.order
            orders[power] = list(kept.values())
        result = ruleset.adjudicate(state, orders, script.SEEDS[index])
        turns.append(
            {
                "before": ruleset.dump_state(state),
                "orders": orders,
                "seed": script.SEEDS[index],
                "after": json.dumps([ruleset.dump_state(result.state), result.events], sort_keys=True),
            }
        )
        state = result.state
        states.append(state)
        events.append(result.events)
    return states, events, turns


def test_the_scripted_year_plays_as_written() -> None:
    states, events, _ = play()
    assert len(script.TURNS) == len(script.SEEDS)
    script.check(states, events)


def test_every_turn_replays_the_same_in_another_process(tmp_path: Path) -> None:
    _, _, turns = play()
    path = tmp_path / "turns.json"
    path.write_text(json.dumps(turns))
    for hash_seed in ("0", "4242"):
        done = subprocess.run(
            [sys.executable, "-c", REPLAY, str(path)],
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert done.returncode == 0, done.stderr[-2000:]
