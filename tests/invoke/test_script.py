"""The scripted game of script.py, played mail by mail through the pure interface."""

from __future__ import annotations

from typing import Any

from pbem.rulesets.invoke import ruleset

from . import script


def test_the_scripted_game_plays_as_written() -> None:
    state = ruleset.start(script.VARIANT, script.POWERS, script.OPTIONS, script.START_SEED)
    states: list[Any] = [state]
    events: list[list[dict[str, Any]]] = []
    assert len(script.TURNS) == len(script.SEEDS)
    for index, mails in enumerate(script.TURNS):
        orders: dict[str, dict[str, list[str]]] = {}
        for power, text in mails.items():
            assert power in ruleset.phase(state).may_order
            lines = ruleset.parse_orders(state, power, text)
            refused = [line.text for line in lines if line.error]
            assert refused == script.MISTAKES.get((index, power), []), (index, power, lines)
            keys: dict[str, list[str]] = {}
            for line in lines:
                if line.order and line.key:
                    keys.setdefault(line.key, []).append(line.order)
            orders.setdefault(power, {}).update(keys)  # a later mail replaces by key
        result = ruleset.adjudicate(
            state,
            {p: [o for group in k.values() for o in group] for p, k in orders.items()},
            script.SEEDS[index],
        )
        state = result.state
        states.append(state)
        events.append(result.events)
    assert ruleset.phase(state).over
    script.check(states, events)
