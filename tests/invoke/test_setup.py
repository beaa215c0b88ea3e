"""Setting the table: gems by table size, the Aether, starting hands, Chaos at setup."""

from __future__ import annotations

from collections import Counter

import pytest
import yaml

from pbem.ruleset import SetupError
from pbem.rulesets.invoke import ruleset
from pbem.rulesets.invoke.cards import VARIANTS, VARIANTS_DIR, build_cardset

from .tables import CARDS, all_cards, dealt, full_set

NAMES = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon"]


@pytest.mark.parametrize(
    "mages, gems, aether",
    [
        (2, 7, 4),
        (3, 7, 4),
        (4, 5, 3),
        (5, 5, 3),
        (6, 4, 2),
        (7, 4, 2),
        (8, 4, 2),
        (9, 4, 2),
        (10, 3, 2),
    ],
)
def test_power_gems_by_table_size_and_the_aether_at_half_rounded_up(
    mages: int, gems: int, aether: int
) -> None:
    game = ruleset.start("starter", NAMES[:mages], {}, 7)
    assert {m.gems for m in game.mages.values()} == {gems}
    assert game.aether == aether  # "3 Mages, 7 gems - Aether = 4 gems"
    assert game.turn_limit == 25 * mages


@pytest.mark.parametrize("seed", range(12))
def test_starting_hands_hold_seven_at_most_three_per_deck_and_no_chaos(seed: int) -> None:
    game = dealt(ruleset.start("starter", NAMES, {}, seed))
    for mage in game.mages.values():
        decks = Counter(CARDS.deck_of(card) for card in mage.hand)
        assert max(decks.values()) <= 3
        assert not any(CARDS.kind(card) == "chaos" for card in mage.hand)
        assert len(mage.hand) == 7 or decks["Thaumaturgy"] < 3  # a Chaos card took a place
    assert all_cards(game) == full_set()
    assert sum(1 for c in game.stock["Thaumaturgy"] if CARDS.kind(c) == "chaos") == 12


def test_chaos_cards_drawn_at_setup_are_set_aside_and_shuffled_back(monkeypatch) -> None:
    data = yaml.safe_load((VARIANTS_DIR / "starter.yaml").read_text())
    data["name"] = "chaotic"  # the starter set, with 30 Backfires as its only Chaos cards
    backfire = data["decks"]["Thaumaturgy"]["Chaos"][0]
    data["decks"]["Thaumaturgy"]["Chaos"] = [{**backfire, "count": 30}]
    for action in data["decks"]["Thaumaturgy"]["Action"]:
        action["count"] = 1
    monkeypatch.setitem(VARIANTS, "chaotic", build_cardset(data, "chaotic.yaml"))
    game = dealt(ruleset.start("chaotic", ["Ann", "Ben"], {"draw": {"Ann": "3 Thaumaturgy"}}, 2))
    thaumaturgy = [c for c in game.mages["Ann"].hand if CARDS.deck_of(c) == "Thaumaturgy"]
    # her three Thaumaturgy draws were Backfires, set aside; the other decks give 3 each
    assert thaumaturgy == [] and len(game.mages["Ann"].hand) == 6
    assert game.mages["Ann"].gems == 7  # the Chaos cards were not played
    assert not any(card == "Backfire" for m in game.mages.values() for card in m.hand)
    assert game.stock["Thaumaturgy"].count("Backfire") == 30
    assert game.discards["Thaumaturgy"] == []


def test_the_same_seed_deals_the_same_table() -> None:
    one = ruleset.dump_state(ruleset.start("starter", NAMES[:4], {}, 11))
    two = ruleset.dump_state(ruleset.start("starter", NAMES[:4], {}, 11))
    other = ruleset.dump_state(ruleset.start("starter", NAMES[:4], {}, 12))
    assert one == two and one != other


def test_options_choose_the_first_mage_starting_draws_and_rounds() -> None:
    game = dealt(
        ruleset.start(
            "starter",
            NAMES[:3],
            {"first": "Cid", "rounds": 4, "draw": {"Ben": "3 Focus, 3 Manifest, 1 Thaumaturgy"}},
            3,
        )
    )
    assert game.current == "Cid" and game.turn_limit == 12
    decks = Counter(CARDS.deck_of(card) for card in game.mages["Ben"].hand)
    assert decks["Focus"] == 3 and decks["Manifest"] == 3
    assert game.mages["Ben"].draw == [("Focus", 3), ("Manifest", 3), ("Thaumaturgy", 1)]


@pytest.mark.parametrize(
    "powers, options, message",
    [
        (["Ann"], {}, "for 2 to 10 mages, not 1"),
        (NAMES + ["Kim"], {}, "for 2 to 10 mages, not 11"),
        (["Ann", "ann"], {}, "two mages are called"),
        (["Ann", "Fire"], {}, "a word of the game"),
        (["Ann", "aether"], {}, "a word of the game"),
        (["Ann", "B&B"], {}, "may not contain"),
        (["Ann", "Lord of Fire"], {}, "may not contain the words"),
        (["Ann", "Ben"], {"first": "Cid"}, "not one of the mages"),
        (["Ann", "Ben"], {"speed": 2}, "unknown option speed;"),
        (["Ann", "Ben"], {"speed": 2, "colour": 1}, "unknown options colour, speed;"),
        (["Ann", "Ben"], {"rounds": 0}, "at least 1"),
        (["Ann", "Ben"], {"draw": {"Ann": "4 Focus"}}, "at most 3"),
        (["Ann", "Ben"], {"language": "fr"}, "English only so far"),
    ],
)
def test_setup_errors_say_what_to_change(powers, options, message) -> None:
    with pytest.raises(SetupError, match=message):
        ruleset.start("starter", powers, options, 1)


def test_unknown_variant() -> None:
    with pytest.raises(SetupError, match="known: starter"):
        ruleset.start("deluxe", ["Ann", "Ben"], {}, 1)
    assert ruleset.variants() == ["starter"]
