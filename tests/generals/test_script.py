"""The scripted game of script.py, played through the pure ruleset interface."""

from __future__ import annotations

from pbem.ruleset import get_ruleset
from tests.scripted import play

from . import script


def test_the_scripted_game_plays_through_the_ruleset_interface():
    ruleset = get_ruleset("generals")
    played = play(ruleset, script)
    assert len(played.events) == len(script.TURNS)
    for index, mails in enumerate(script.TURNS):
        phase = ruleset.phase(played.states[index])
        assert set(mails) == set(phase.acting) and not phase.over
        for power in mails:
            for line in played.lines[(index, power)]:
                mistake = any(
                    i == index and p == power and line.text.startswith(start)
                    for i, p, start in script.MISTAKES
                )
                assert (line.error is not None) == mistake, (power, line)
    assert len(script.MISTAKES) == 7
    script.check(played.states, [[], *played.events])  # check counts phases from 1
    assert ruleset.phase(played.states[-1]).over
