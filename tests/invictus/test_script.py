"""The scripted game played through the pure interface, mail by mail."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.rulesets.invictus import ruleset
from tests.invictus import script

GAMES = {
    "en": (script.OPTIONS, script.TURNS, script.REFUSED),
    "fr": (script.FRENCH_OPTIONS, script.FRENCH_TURNS, script.FRENCH_REFUSED),
}


@pytest.mark.parametrize("language", GAMES)
def test_the_scripted_game_plays_out_as_the_script_says(language: str) -> None:
    """The same game in English and, written in the rulebook's French, in French."""
    options, turns, expected = GAMES[language]
    state = ruleset.start(script.VARIANT, script.POWERS, options, script.START_SEED)
    states: list[Any] = [state]
    events: list[list[dict[str, Any]]] = []
    refused = []
    for index, (mails, seed) in enumerate(zip(turns, script.SEEDS, strict=True)):
        phase = ruleset.phase(state)
        orders: dict[str, list[str]] = {}
        for power, text in mails.items():
            assert power in phase.may_order, (phase.id, power)
            kept: dict[str, list[str]] = {}
            for line in ruleset.parse_orders(state, power, text):
                if line.error:
                    refused.append((index, power, line.text, f"{line.error} ({line.hint})"))
                elif line.order and line.key:
                    kept.setdefault(line.key, []).append(line.order)
            orders[power] = [order for group in kept.values() for order in group]
        adjudication = ruleset.adjudicate(state, orders, seed)
        state = adjudication.state
        states.append(state)
        events.append(adjudication.events)
    assert [r[:3] for r in refused] == [r[:3] for r in expected]
    for (_, _, _, reply), (_, _, _, gist) in zip(refused, expected, strict=True):
        assert gist in reply
    script.check(states, events)
    assert ruleset.phase(state).over
