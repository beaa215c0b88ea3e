"""The scripted year of script.py, mail by mail through the pure interface. (Each of its turns is
replayed in other processes with other hash seeds by tests/reliability/test_determinism.py.)"""

from __future__ import annotations

from typing import Any

from . import script
from .games import ruleset


def play() -> tuple[list[Any], list[list[dict[str, Any]]]]:
    state = ruleset.start(script.VARIANT, script.POWERS, script.OPTIONS, script.START_SEED)
    states: list[Any] = [state]
    events: list[list[dict[str, Any]]] = []
    for index, mails in enumerate(script.TURNS):
        orders: dict[str, list[str]] = {}
        for power, text in mails.items():
            assert power in ruleset.phase(state).may_order, (index, power)
            lines = ruleset.parse_orders(state, power, text)
            assert [line.text for line in lines if line.error] == script.MISTAKES.get((index, power), [])
            orders[power] = list({line.key: line.order for line in lines if line.order and line.key}.values())
        result = ruleset.adjudicate(state, orders, script.SEEDS[index])
        state = result.state
        states.append(state)
        events.append(result.events)
    return states, events


def test_the_scripted_year_plays_as_written() -> None:
    assert len(script.TURNS) == len(script.SEEDS)
    script.check(*play())
