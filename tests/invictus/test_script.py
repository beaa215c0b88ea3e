"""The scripted game played through the pure interface, mail by mail."""

from __future__ import annotations

import pytest

from pbem.rulesets.invictus import ruleset
from tests.invictus import script
from tests.scripted import play

GAMES = {
    "en": (script.OPTIONS, script.TURNS, script.REFUSED),
    "fr": (script.FRENCH_OPTIONS, script.FRENCH_TURNS, script.FRENCH_REFUSED),
}


@pytest.mark.parametrize("language", GAMES)
def test_the_scripted_game_plays_out_as_the_script_says(language: str) -> None:
    """The same game in English and, written in the rulebook's French, in French."""
    options, turns, expected = GAMES[language]
    assert len(turns) == len(script.SEEDS)
    played = play(ruleset, script, options, turns)
    refused = [
        (index, power, line.text, f"{line.error} ({line.hint})")
        for (index, power), lines in played.lines.items()
        for line in lines
        if line.error
    ]
    assert [r[:3] for r in refused] == [r[:3] for r in expected]
    for (_, _, _, reply), (_, _, _, gist) in zip(refused, expected, strict=True):
        assert gist in reply.replace("\u00a0", " ")  # French sets no-break spaces before "?"
    script.check(played.states, played.events)
    assert ruleset.phase(played.states[-1]).over
