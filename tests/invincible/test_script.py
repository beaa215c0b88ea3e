"""The scripted four-player game, played mail by mail through the pure interface."""

from __future__ import annotations

from typing import Any

from pbem.ruleset import PUBLIC, REFEREE
from pbem.rulesets.invincible import ruleset

from . import script
from .render import orders_help, reports


def play_script() -> tuple[list[Any], list[list[dict[str, Any]]], dict[tuple[int, str], list[str]]]:
    """States, events and the rejected lines of each mail, through the pure interface."""
    state = ruleset.start(script.VARIANT, script.POWERS, script.OPTIONS, script.START_SEED)
    states, events = [state], []
    rejected: dict[tuple[int, str], list[str]] = {}
    for index, mails in enumerate(script.TURNS):
        phase = ruleset.phase(state)
        orders: dict[str, list[str]] = {}
        for power, text in mails.items():
            assert power in phase.may_order
            kept: dict[str, list[str]] = {}
            for line in ruleset.parse_orders(state, power, text):
                if line.order is None:
                    rejected.setdefault((index, power), []).append(line.text)
                else:
                    assert line.key is not None
                    kept.setdefault(line.key, []).append(line.order)
            orders[power] = [order for group in kept.values() for order in group]
        result = ruleset.adjudicate(state, orders, script.SEEDS[index])
        state = result.state
        states.append(state)
        events.append(result.events)
    return states, events, rejected


def test_the_scripted_game_plays_out_as_written() -> None:
    states, events, _ = play_script()
    script.check(states, events)


def test_the_scripted_mistakes_are_rejected() -> None:
    _, _, rejected = play_script()
    expected = {key: lines for key, lines in script.REJECTED.items() if lines}
    assert rejected == expected


def test_the_script_has_one_seed_per_phase() -> None:
    assert len(script.SEEDS) == len(script.TURNS)
    assert list(script.POWERS) == list(script.OPTIONS["khans"])


def test_every_report_of_the_scripted_game_renders_and_keeps_its_secrets() -> None:
    states, events, _ = play_script()
    for index in range(len(script.TURNS)):
        phase = ruleset.phase(states[index])
        for viewer in [*script.POWERS, REFEREE, PUBLIC]:
            facts = ruleset.hidden_facts(states[index + 1], events[index], viewer)
            for report in reports(phase, states[index + 1], events[index], viewer):
                assert not [fact for fact in facts if fact in report]
        for power in script.POWERS:
            assert "ATTACK KHAN" in orders_help(states[index], power)
