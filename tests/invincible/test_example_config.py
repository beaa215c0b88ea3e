"""The example game entry loads in a pbem config and starts a game as it says."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pbem import config as configuration
from pbem.ruleset import get_ruleset

TOP = Path(__file__).parents[2]
EXAMPLE = TOP / "config/invincible.example.yaml"


def test_the_example_game_loads_and_starts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_REFEREE_PASSWORD", "secret")  # config/pbem.yaml reads it
    service = yaml.safe_load((TOP / "config/pbem.yaml").read_text(encoding="utf-8"))["service"]
    games = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    path = tmp_path / "pbem.yaml"
    path.write_text(yaml.safe_dump({"service": service, "games": games}), encoding="utf-8")
    loaded = configuration.load(path)  # checks the entry, and asks the ruleset to start it
    game = loaded.game("steppe")
    assert game is not None
    assert {"declarations", "actions"} <= set(game.deadlines)
    ruleset = get_ruleset(game.ruleset)
    state = ruleset.start(game.variant, [p.power for p in game.players], game.options, seed=1)
    assert state.khan("North").card == "Temujin" and state.khan("East").card == "Kublai"
    assert ruleset.phase(state).kind == "declarations" and state.options.hand_signals
