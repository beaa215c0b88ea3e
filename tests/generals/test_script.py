"""The scripted game of script.py, played through the pure ruleset interface."""

from __future__ import annotations

from pbem.ruleset import get_ruleset

from . import script


def test_the_scripted_game_plays_through_the_ruleset_interface():
    ruleset = get_ruleset("generals")
    state = ruleset.start(script.VARIANT, script.POWERS, script.OPTIONS, script.START_SEED)
    states, events = [state], [[]]
    for index, mails in enumerate(script.TURNS):
        phase = ruleset.phase(state)
        assert set(mails) == set(phase.acting) and not phase.over
        orders: dict[str, list[str]] = {}
        for power, text in mails.items():
            kept: dict[str, list[str]] = {}
            for line in ruleset.parse_orders(state, power, text):
                mistake = any(
                    i == index and p == power and line.text.startswith(start)
                    for i, p, start in script.MISTAKES
                )
                assert (line.error is not None) == mistake, (power, line)
                if line.order:
                    kept.setdefault(line.key, []).append(line.order)
            orders[power] = [order for group in kept.values() for order in group]
        result = ruleset.adjudicate(state, orders, script.SEEDS[index])
        state = result.state
        states.append(state)
        events.append(result.events)
    refused = sum(1 for _ in script.MISTAKES)
    assert refused == 7
    script.check(states, events)
    assert ruleset.phase(state).over
