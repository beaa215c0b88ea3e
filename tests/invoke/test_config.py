"""The example game config is a valid game for the service and starts as written."""

from __future__ import annotations

from pathlib import Path

import yaml

from pbem import config as configuration
from pbem.ruleset import get_ruleset

CONFIG = Path(__file__).resolve().parents[2] / "config" / "invoke.example.yaml"


def test_the_example_config_loads_in_the_service_and_starts_a_game(tmp_path: Path) -> None:
    entry = yaml.safe_load(CONFIG.read_text(encoding="utf-8"))
    service = {
        "address": "judge@example.org",
        "data_dir": str(tmp_path / "var"),
        "inbox": {"transport": "maildir", "path": str(tmp_path / "in")},
        "outbox": {"transport": "maildir", "path": str(tmp_path / "out")},
        "referee": {"address": "referee@example.org", "password": "secret"},
    }
    path = tmp_path / "pbem.yaml"
    path.write_text(yaml.safe_dump({"service": service, "games": [entry]}))
    game = configuration.load(path).game("mages")
    assert game is not None
    ruleset = get_ruleset(game.ruleset)
    state = ruleset.start(game.variant, [p.power for p in game.players], game.options, 1)
    phase = ruleset.phase(state)
    # Merlin's split is in the config; the others choose theirs by mail first (ruling 38)
    assert phase.acting == ("Morgana", "Nimue", "Taliesin") and phase.kind in game.deadlines
    phase = ruleset.phase(ruleset.adjudicate(state, {}, 1).state)
    assert phase.acting == ("Morgana",) and phase.kind in game.deadlines
    assert phase.may_order == ("Merlin", "Morgana", "Nimue", "Taliesin")
