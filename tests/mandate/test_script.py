"""The scripted year of script.py, mail by mail through the pure interface. (Each of its turns is
replayed in other processes with other hash seeds by tests/reliability/test_determinism.py.)"""

from __future__ import annotations

from tests.scripted import play

from . import script
from .games import ruleset


def test_the_scripted_year_plays_as_written() -> None:
    assert len(script.TURNS) == len(script.SEEDS)
    played = play(ruleset, script)
    assert played.refused == {key: lines for key, lines in script.MISTAKES.items() if lines}
    script.check(played.states, played.events)
