"""The scripted four-player game, played mail by mail through the pure interface."""

from __future__ import annotations

from pbem.ruleset import PUBLIC, REFEREE
from pbem.rulesets.invincible import ruleset

from . import script
from .helpers import play_script
from .render import orders_help, reports


def test_the_scripted_game_plays_out_as_written() -> None:
    played = play_script()
    script.check(played.states, played.events)


def test_the_scripted_mistakes_are_rejected() -> None:
    rejected = {
        key: [line.text for line in lines if line.order is None] for key, lines in play_script().lines.items()
    }
    expected = {key: lines for key, lines in script.REJECTED.items() if lines}
    assert {key: lines for key, lines in rejected.items() if lines} == expected


def test_the_script_has_one_seed_per_phase() -> None:
    assert len(script.SEEDS) == len(script.TURNS)
    assert list(script.POWERS) == list(script.OPTIONS["khans"])


def test_every_report_of_the_scripted_game_renders_and_keeps_its_secrets() -> None:
    played = play_script()
    states, events = played.states, played.events
    for index in range(len(script.TURNS)):
        phase = ruleset.phase(states[index])
        for viewer in [*script.POWERS, REFEREE, PUBLIC]:
            facts = ruleset.hidden_facts(states[index + 1], events[index], viewer)
            for report in reports(phase, states[index + 1], events[index], viewer):
                assert not [fact for fact in facts if fact in report]
        for power in script.POWERS:
            assert "ATTACK KHAN" in orders_help(states[index], power)
