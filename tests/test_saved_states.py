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


def test_a_state_saved_before_a_field_existed_loads_with_the_fields_default() -> None:
    ruleset = get_ruleset("invincible")
    data = json.loads((SAVED / "invincible.json").read_text(encoding="utf-8"))[-1]
    del data["options"]["declarations_next_turn"]
    for khan in data["khans"]:
        del khan["warned"]
    game = ruleset.load_state(data)
    assert game.options.declarations_next_turn is None
    assert not any(khan.warned for khan in game.khans)


def test_a_state_with_a_field_no_record_has_is_refused_naming_where() -> None:
    ruleset = get_ruleset("invoke")
    data = json.loads((SAVED / "invoke.json").read_text(encoding="utf-8"))[-1]
    data["walls"][0]["colour"] = "red"
    with pytest.raises(ValueError, match=r"walls: 0: colour"):
        ruleset.load_state(data)
