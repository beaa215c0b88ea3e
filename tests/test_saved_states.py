"""States saved in a database before a change of code still load, and save again the same.

``tests/data/saved_states/<ruleset>.json`` holds states dumped by the code of 26 November 2026
(the scripted game's start, richest and last states, and random-play states that fill every
list a state has), before the rulesets' hand-written loaders gave way to ``pbem.records``.
A game in progress is stored as that JSON: it must load, and dump to the very same JSON.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pbem.ruleset import get_ruleset

SAVED = Path(__file__).parent / "data" / "saved_states"


@pytest.mark.parametrize("name", ["generals", "invictus", "invincible", "invoke"])
def test_a_state_saved_by_earlier_code_loads_and_saves_unchanged(name: str) -> None:
    ruleset = get_ruleset(name)
    saved = json.loads((SAVED / f"{name}.json").read_text(encoding="utf-8"))
    assert saved
    for data in saved:
        state = ruleset.load_state(data)
        again = ruleset.dump_state(state)
        assert json.dumps(again, sort_keys=False) == json.dumps(data, sort_keys=False)
        assert ruleset.load_state(json.loads(json.dumps(again))) == state
