"""The scripted game of script.py, played mail by mail through the pure interface.

(tests/reliability/test_determinism.py replays it turn by turn in other processes.)
"""

from __future__ import annotations

from pbem.rulesets.diplomacy import ruleset
from tests.scripted import play

from . import script


def test_the_scripted_game_plays_as_written() -> None:
    assert len(script.TURNS) == len(script.SEEDS)
    played = play(ruleset, script)
    assert played.refused == {key: lines for key, lines in script.MISTAKES.items() if lines}
    script.check(played.states, played.events)
