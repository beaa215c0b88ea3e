"""The example game config starts a game."""

from __future__ import annotations

from pathlib import Path

import yaml

from pbem.ruleset import get_ruleset
from tests.harness import Table, text_of

EXAMPLE = Path(__file__).resolve().parents[2] / "config" / "invictus.example.yaml"


def test_the_example_config_starts_a_game() -> None:
    config = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    ruleset = get_ruleset(config["ruleset"])
    powers = [p["power"] for p in config["players"]]
    game = ruleset.start(config["variant"], powers, config["options"], 1)
    assert ruleset.phase(game).acting == ("Bruno",)  # Alice's army is fixed
    assert [camp.reserve_limit for camp in game.camps] == [5, 3]


def test_new_game_with_one_army_fixed_welcomes_both_players_with_their_card_sheets(tmp_path: Path) -> None:
    """Issue 30: the welcome's card catalogue looked up the fixed army's Leader before the armies
    were raised (KeyError: ''), so ``pbem new-game`` crashed on the example config."""
    entry = {"id": "g1", **yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))}
    table = Table(tmp_path, [entry])  # the service's own config loader checks the entry
    table.start("g1")
    welcomes = {str(m["To"]): text_of(m) for m in table.take() if "welcome" in str(m["Subject"])}
    alice, bruno = welcomes["alice@example.org"], welcomes["bruno@example.org"]
    own = alice.split("Your army:")[1].split("The other cards of the game:")[0]
    assert [
        line.split(",")[0].strip()
        for line in own.splitlines()
        if line.startswith("  ") and not line.startswith("      ")
    ] == ["Shogun", "Anubis", "Druid", "Musha", "Samurai"]
    assert "Your army:" not in bruno and "Shogun, Leader" in bruno  # the whole sheet, none first
