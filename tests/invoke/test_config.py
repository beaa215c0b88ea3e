"""The example config starts a game as written."""

from __future__ import annotations

from pathlib import Path

import yaml

from pbem.ruleset import get_ruleset

CONFIG = Path(__file__).resolve().parents[2] / "config" / "invoke.example.yaml"


def test_the_example_config_starts_a_game() -> None:
    config = yaml.safe_load(CONFIG.read_text(encoding="utf-8"))
    ruleset = get_ruleset(config["ruleset"])
    powers = [player["power"] for player in config["players"]]
    state = ruleset.start(config["variant"], powers, config["options"], 1)
    phase = ruleset.phase(state)
    assert phase.acting == (config["options"]["first"],)
    assert phase.may_order == tuple(powers)
