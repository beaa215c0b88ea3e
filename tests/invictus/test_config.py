"""The example game config starts a game."""

from __future__ import annotations

from pathlib import Path

import yaml

from pbem.ruleset import get_ruleset

EXAMPLE = Path(__file__).resolve().parents[2] / "config" / "invictus.example.yaml"


def test_the_example_config_starts_a_game() -> None:
    config = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    ruleset = get_ruleset(config["ruleset"])
    powers = [p["power"] for p in config["players"]]
    game = ruleset.start(config["variant"], powers, config["options"], 1)
    assert ruleset.phase(game).acting == ("Bruno",)  # Alice's army is fixed
    assert [camp.reserve_limit for camp in game.camps] == [5, 3]
