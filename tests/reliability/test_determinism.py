"""Determinism: a turn replays exactly, in another process with another hash seed.

``pbem replay`` recomputes an archived turn from its state, orders and seed in a later
process. Python salts string hashes per process, so any rule that depends on the order of a
set would give another result there. Every game's scripted game is played here through the
pure interface; then two fresh processes with other hash seeds adjudicate every turn again
and must get the same states and events.
"""

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pbem.ruleset import get_ruleset
from tests.scripted import play

#: the test packages with a script.py; a script names its ruleset in RULESET if it is not the package
GAMES = ["diplomacy", "generals", "invictus", "invincible", "invoke", "mandate"]

REPLAY = """
import json, sys
from pbem.ruleset import get_ruleset
records = json.load(open(sys.argv[1]))
ruleset = get_ruleset(records["ruleset"])
for number, turn in enumerate(records["turns"]):
    result = ruleset.adjudicate(ruleset.load_state(turn["before"]), turn["orders"], turn["seed"])
    after = json.dumps(ruleset.dump_state(result.state), sort_keys=True)
    events = json.dumps(result.events, sort_keys=True, default=str)
    if after != turn["after"] or events != turn["events"]:
        sys.exit(f"turn {number} adjudicated differently")
"""


def records(name: str, script) -> dict:
    """Each phase of the scripted game: the state before, the orders, the seed, and the result."""
    name = getattr(script, "RULESET", name)
    ruleset = get_ruleset(name)
    played = play(ruleset, script)
    turns = []
    for before, after, events, orders, seed in zip(
        played.states, played.states[1:], played.events, played.orders, script.SEEDS, strict=False
    ):
        turns.append(
            {
                "before": ruleset.dump_state(before),
                "orders": orders,
                "seed": seed,
                "after": json.dumps(ruleset.dump_state(after), sort_keys=True),
                "events": json.dumps(events, sort_keys=True, default=str),
            }
        )
    return {"ruleset": name, "turns": turns}


@pytest.mark.parametrize("name", GAMES)
def test_every_turn_replays_the_same_in_another_process(tmp_path: Path, name: str) -> None:
    script = importlib.import_module(f"tests.{name}.script")
    recorded = records(name, script)
    assert len(recorded["turns"]) >= 3
    path = tmp_path / "turns.json"
    path.write_text(json.dumps(recorded))
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        result = subprocess.run(
            [sys.executable, "-c", REPLAY, str(path)], env=env, capture_output=True, text=True, timeout=300
        )
        assert result.returncode == 0, result.stderr[-2000:]


def test_the_property_tests_draw_the_same_examples_every_run() -> None:
    """CI starts with no example database: a test run must not meet a case no run saw before
    (tests/conftest.py; ``--hypothesis-profile=explore`` draws new ones on purpose)."""
    from hypothesis import settings

    if settings.get_current_profile_name() != "explore":
        assert settings.default.derandomize and settings.default.database is None
