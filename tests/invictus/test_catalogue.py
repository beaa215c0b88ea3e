"""The card catalogue (rulebook: "la fiche d'aide dédiée à la description complète des effets"):
mailed with the welcome, sent again for AIDE and HELP CARDS, every card told."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pbem.rulesets.invictus
from pbem.rulesets.invictus import ruleset
from pbem.rulesets.invictus.cards import CARD_SET
from tests.harness import game, text_of

RULINGS = Path(pbem.rulesets.invictus.__file__).with_name("RULINGS.md")


def test_the_catalogue_tells_every_card_and_puts_the_players_army_first() -> None:
    state = ruleset.start("standard", ["North", "South"], {"armies": {"North": "King", "South": "Shogun"}}, 1)
    catalogue = ruleset.view(state, [], "North")["catalogue"]
    army = [card["name"] for card in catalogue["army"]]
    assert army[0] == "King"
    assert set(army) == {"King", "Warrior", "Crossbowman", "Guard", "Sorcerer", "Knight"}
    everything = army + [card["name"] for card in catalogue["others"]]
    assert sorted(everything) == sorted(CARD_SET.cards)
    guard = next(card for card in catalogue["army"] if card["name"] == "Guard")
    assert guard["kind"] == "red Soldier"
    assert guard["lines"] == [
        "attack 1, defense 3 upright / 2 tilted, range .#./.o.",
        "Support: cancel an attack on one of your units (opponent's turn)",
        "reaction: set it in advance with CANCEL ATTACK ON LEADER WITH Guard",
        "the rulebook gives this Support; numbers it does not give are ours",
    ]
    knight = next(card for card in catalogue["army"] if card["name"] == "Knight")
    assert knight["lines"][-1].startswith("this Support is reconstructed by pbem")


def test_the_catalogue_never_tells_the_opponents_army() -> None:
    state = ruleset.start("standard", ["North", "South"], {"armies": {"North": "King", "South": "Shogun"}}, 1)
    south = ruleset.view(state, [], "North")["catalogue"]
    # the whole sheet is listed, the opponent's cards among all the others, in sheet order
    others = [card["name"] for card in south["others"]]
    assert others.index("Shogun") < others.index("Pharaoh") and "Samurai" in others


def test_rulings_say_which_support_effects_the_rulebook_gives_and_which_are_reconstructed() -> None:
    text = RULINGS.read_text(encoding="utf-8")
    given = re.search(r"Given by the rulebook: ([^.]+)\.", text)
    ours = re.search(r"Reconstructed by pbem: ([^.]+)\.", text)
    assert given and ours
    listed = {name.strip() for name in given.group(1).split(",")}
    rebuilt = {name.strip() for name in ours.group(1).split(",")}
    assert listed == {c.name for c in CARD_SET.cards.values() if c.effect_from_rulebook}
    assert rebuilt == {c.name for c in CARD_SET.cards.values() if not c.effect_from_rulebook}


def test_the_catalogue_comes_with_the_welcome_and_answers_aide_and_help_cards(make_table: Any) -> None:
    addresses = {"North": "north@example.test", "South": "south@example.test"}
    table = make_table([game("g1", "invictus", addresses)])
    table.start("g1")
    [welcome] = table.take(addresses["North"])
    assert "THE CARDS (AIDE or HELP CARDS sends them again)" in text_of(welcome)
    assert "Guard, red Soldier" in text_of(welcome)
    for command in ("AIDE", "HELP CARDS", "aide cartes"):
        table.send(addresses["North"], f"SIGNON North g1 pw\n{command}")
        table.run()
        [reply] = table.take(addresses["North"])
        body = text_of(reply)
        assert "ERROR" not in body, body
        assert "THE CARDS" in body and "Support: cancel an attack on one of your units" in body, command


def test_the_help_tells_each_player_the_rows_of_their_camp() -> None:
    """ "Chaque camp possède sa zone de bataille avec deux lignes": the help's examples name the
    first camp's slots (b2), so each player is told which rows are theirs."""
    from tests.invictus.rendering import orders_help

    game = ruleset.start("standard", ["North", "South"], {}, 1)
    north = " ".join(orders_help(game, "North").split())
    south = " ".join(orders_help(game, "South").split())
    assert "Your camp holds row 2 (your front line: a2, b2, c2) and row 1 (your back line)" in north
    assert "the enemy front line is row 3" in north
    assert "Your camp holds row 3 (your front line: a3, b3, c3) and row 4 (your back line)" in south
    assert "the enemy front line is row 2" in south
