"""The scripted game of script.py, played mail by mail through the pure interface."""

from __future__ import annotations

from pbem.rulesets.invoke import ruleset
from tests.scripted import play

from . import script


def test_the_scripted_game_plays_as_written() -> None:
    assert len(script.TURNS) == len(script.SEEDS)
    played = play(ruleset, script)
    assert played.refused == script.MISTAKES
    assert ruleset.phase(played.states[-1]).over
    script.check(played.states, played.events)
