"""The example game config starts a game as it says."""

from __future__ import annotations

from pathlib import Path

import yaml

from pbem.ruleset import get_ruleset

CONFIG = Path(__file__).parents[2] / "config/invincible.example.yaml"


def test_the_example_config_starts_a_game() -> None:
    config = yaml.safe_load(CONFIG.read_text(encoding="utf-8"))
    ruleset = get_ruleset(config["ruleset"])
    powers = [player["power"] for player in config["players"]]
    game = ruleset.start(config["variant"], powers, config["options"], seed=1)
    assert game.khan("North").card == "Temujin" and game.khan("East").card == "Kublai"
    assert ruleset.phase(game).kind == "declarations"
    assert game.options.hand_signals
