"""Starting a game: the config must fit the scenario, and the example config does."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pbem.ruleset import SetupError, get_ruleset

from .helpers import POWERS

EXAMPLE = Path(__file__).resolve().parents[2] / "config" / "generals.example.yaml"


def test_the_example_config_starts_a_game():
    ruleset = get_ruleset("generals")
    [game] = yaml.safe_load(EXAMPLE.read_text())["games"]
    assert game["ruleset"] == "generals" and game["variant"] in ruleset.variants()
    powers = [player["power"] for player in game["players"]]
    state = ruleset.start(game["variant"], powers, game.get("options", {}), 1)
    phase = ruleset.phase(state)
    assert phase.kind in game["deadlines"] and phase.acting == tuple(powers)
    assert phase.id == "T1" and phase.label == "Turn 1 of 12"


@pytest.mark.parametrize(
    ("variant", "powers", "options", "message"),
    [
        ("grand", POWERS, {}, "unknown variant 'grand'"),
        ("standard", POWERS[:3], {}, "played by Aldmark, Brenn, Corvath, Dunmere"),
        ("standard", ["Aldmark", "Brenn", "Corvath", "Zog"], {}, "Zog"),
        ("standard", POWERS, {"fog": False}, "unknown options fog"),
        ("standard", POWERS, {"turns": 0}, "turns must be a whole number of at least 1"),
    ],
)
def test_a_config_that_does_not_fit_is_refused_saying_what_to_change(
    variant, powers, options, message
):
    with pytest.raises(SetupError, match=message):
        get_ruleset("generals").start(variant, powers, options, 1)


def test_the_turns_option_sets_the_length_of_the_game():
    state = get_ruleset("generals").start("duel", ["Brenn", "Aldmark"], {"turns": 3}, 1)
    assert state.last_turn == 3 and [r.power for r in state.realms] == ["Brenn", "Aldmark"]
