"""Starting a game: configuration, armies, the mulligan and deployment."""

from __future__ import annotations

from collections import Counter

import pytest

from pbem.ruleset import SetupError, get_ruleset
from pbem.rulesets.invictus import ruleset
from pbem.rulesets.invictus.cards import CARD_SET
from pbem.rulesets.invictus.state import Game
from tests.invictus.tables import accepted, at, names, play, texts

SHOGUN = "ARMY Shogun: 4 Samurai, 4 Ashigaru, 4 Musha, 4 Enchanter, 4 Ninja"


def test_the_registry_finds_the_ruleset() -> None:
    assert get_ruleset("invictus") is ruleset
    assert ruleset.variants() == ["standard", "guerre-eclair", "four-player"]


@pytest.mark.parametrize(
    ("variant", "powers", "options", "message"),
    [
        ("chess", ["A", "B"], {}, "unknown Invictus variant 'chess'"),
        ("standard", ["A", "B", "C"], {}, "is for 2 players; the config lists 3"),
        ("standard", ["A", "A"], {}, "distinct"),
        ("standard", ["A", "B"], {"colour": 1}, "unknown Invictus option colour;"),
        ("standard", ["A", "B"], {"colour": 1, "speed": 2}, "unknown Invictus options colour, speed;"),
        ("standard", ["A", "B"], {"armies": {"C": "King"}}, "names 'C', who is not a power"),
        (
            "standard",
            ["A", "B"],
            {"armies": {"A": "King: 20 Samurai, 1 Guard"}},
            "option armies, A: an army in this game has 20 Soldiers",
        ),
        ("standard", ["A", "B"], {"handicap": {"A": "grandmaster"}}, "option handicap, A"),
    ],
)
def test_a_game_that_cannot_start_says_what_to_change(
    variant: str, powers: list[str], options: dict, message: str
) -> None:
    with pytest.raises(SetupError) as error:
        ruleset.start(variant, powers, options, 1)
    assert message in str(error.value)


def test_a_new_game_asks_both_players_for_their_army() -> None:
    game = ruleset.start("standard", ["North", "South"], {}, 1)
    phase = ruleset.phase(game)
    assert (phase.id, phase.kind, phase.acting) == ("army", "setup", ("North", "South"))


def test_armies_fixed_in_the_options_skip_the_army_phase() -> None:
    game = ruleset.start("standard", ["North", "South"], {"armies": {"North": "King", "South": SHOGUN}}, 1)
    assert ruleset.phase(game).id == "hand"
    north, south = game.players
    assert north.army == ("ARMY King: 4 Warrior, 4 Crossbowman, 4 Guard, 4 Sorcerer, 4 Knight")
    assert Counter(names(game, south.deck + south.hand)) == Counter(
        {"Samurai": 4, "Ashigaru": 4, "Musha": 4, "Enchanter": 4, "Ninja": 4, "Shogun": 1}
    )
    assert len(south.hand) == 4 and game.name(south.hand[0]) == "Shogun"


def test_an_army_mixes_versions_with_one_soldier_type_per_colour() -> None:
    game = ruleset.start("standard", ["North", "South"], {}, 1)
    mixed = "ARMY Odin: 4 Samurai, 4 Crossbowman, 4 Medjay, 4 Druid, 4 Anubis"
    assert accepted(game, "North", mixed) == [mixed]
    [line] = ruleset.parse_orders(game, "North", "ARMY Odin: 10 Samurai, 10 Viking")
    assert line.error and "Samurai and Viking are both blue" in line.error


def test_an_army_may_skip_soldier_types() -> None:
    """RULINGS 5: skipping types is allowed ('à vos risques et périls'); no copy limit."""
    game = ruleset.start("standard", ["North", "South"], {}, 1)
    assert accepted(game, "North", "ARMY Odin: 12 Viking, 8 Druid") == ["ARMY Odin: 12 Viking, 8 Druid"]


def test_an_army_must_have_the_variants_number_of_soldiers() -> None:
    game = ruleset.start("guerre-eclair", ["North", "South"], {}, 1)
    assert accepted(game, "North", "ARMY Pharaon") == [
        "ARMY Pharaoh: 2 Commander, 2 Archer, 2 Medjay, 2 Priest, 2 Anubis"
    ]
    [line] = ruleset.parse_orders(game, "North", "ARMY King: 4 Warrior, 4 Guard")
    assert line.error == "an army in this game has 10 Soldiers and a Leader; yours has 8 Soldiers"


def test_a_silent_player_gets_the_default_army_of_their_seat() -> None:
    """RULINGS 4: King for the first seat, Shogun for the second."""
    game = ruleset.start("standard", ["North", "South"], {}, 1)
    after = play(game, {"South": ["ARMY Odin"]}).state
    assert [p.leader for p in after.players] == ["King", "Odin"]
    assert ruleset.default_orders(game, "North") == [
        "ARMY King: 4 Warrior, 4 Crossbowman, 4 Guard, 4 Sorcerer, 4 Knight"
    ]


def test_each_player_draws_three_soldiers_and_holds_their_leader() -> None:
    after = play(ruleset.start("standard", ["North", "South"], {}, 1)).state
    for player in after.players:
        assert len(player.hand) == 4 and len(player.deck) == 17
        assert after.card(player.hand[0]).leader


def _opening(seed: int = 3) -> Game:
    return play(ruleset.start("standard", ["North", "South"], {}, 1), seed=seed).state


def test_a_mulligan_reshuffles_the_soldiers_and_draws_three_new_ones() -> None:
    """RULINGS 2: the Leader is not shuffled in; the deck keeps its 20 Soldiers."""
    game = _opening()
    before = list(game.players[0].hand)
    after = play(game, {"North": ["MULLIGAN"]}, seed=11).state
    north, south = after.players
    assert north.hand[0] == before[0]
    assert len(north.hand) == 4 and len(north.deck) == 17
    assert sorted(north.hand[1:] + north.deck) == sorted(before[1:] + game.players[0].deck)
    assert north.hand[1:] != before[1:] or north.deck != game.players[0].deck
    assert south.hand == game.players[1].hand and south.deck == game.players[1].deck
    assert ruleset.phase(after).id == "deploy"


def test_there_is_only_one_mulligan() -> None:
    game = play(_opening(), {"North": ["MULLIGAN"]}).state
    [line] = ruleset.parse_orders(game, "North", "MULLIGAN")
    assert line.error == "MULLIGAN is not an order for now"


def test_deployment_places_a_front_unit_a_reserve_unit_and_a_citizen() -> None:
    game = play(_opening()).state
    north = game.players[0]
    soldiers = names(game, north.hand[1:])
    mail = f"FRONT {soldiers[0]} TO a2\nRESERVE {soldiers[1]}\nCITIZEN {soldiers[2]}"
    orders = accepted(game, "North", mail)
    after = play(game, {"North": orders}).state
    north = after.players[0]
    assert at(after, "a2") == soldiers[0]
    assert names(after, after.camps[0].reserve) == [soldiers[1]]
    assert names(after, north.kingdom) == [soldiers[2]]
    # the Leader and the first turn's draw are in the hand
    assert names(after, north.hand)[0] == "King" and len(north.hand) == 2
    assert ruleset.phase(after).id == "T1"


def test_the_rulebooks_placer_places_a_unit_where_it_says() -> None:
    """Mise en place: "place une unité de sa main sur sa ligne de front", "dans sa réserve",
    "un Soldat ... dans son royaume": the book's verb, with the place it names."""
    game = play(_opening()).state
    soldiers = names(game, game.players[0].hand[1:])
    french = {s: CARD_SET.card(s).french for s in soldiers}
    mail = (
        f"Placer le {french[soldiers[0]]} sur sa ligne de front en a2\n"
        f"Placer le {french[soldiers[1]]} dans sa réserve\n"
        f"Mettre le {french[soldiers[2]]} dans son royaume"
    )
    assert accepted(game, "North", mail) == [
        f"FRONT {soldiers[0]} TO a2",
        f"RESERVE {soldiers[1]}",
        f"CITIZEN {soldiers[2]}",
    ]


def test_deployment_is_simultaneous_and_revealed_together() -> None:
    """RULINGS 1: nobody sees the other's placement before placing."""
    game = play(_opening()).state
    assert ruleset.phase(game).acting == ("North", "South")
    events = play(game).events
    deploys = texts(events, "deploy")
    assert len(deploys) == 6 and all("to" not in e for e in events if e["type"] == "deploy")


def test_deployment_refuses_what_the_hand_cannot_give() -> None:
    game = play(_opening()).state
    lines = ruleset.parse_orders(game, "North", "CITIZEN King\nFRONT King TO b3\nRESERVE Anubis")
    assert [line.error for line in lines] == [
        "a Leader can never join the kingdom; only Soldiers become citizens",
        "b3 is not on your front line",
        "you hold no Anubis left to place",
    ]


def test_a_silent_player_deploys_the_sturdiest_soldier_to_the_front_centre() -> None:
    """RULINGS 7."""
    game = play(_opening()).state
    north = game.players[0]
    soldiers = north.hand[1:]
    sturdiest = max(soldiers, key=lambda c: game.card(c).upright)
    after = play(game).state
    assert after.camps[0].field["b2"].card == sturdiest


def test_the_first_power_listed_plays_first() -> None:
    """RULINGS 3."""
    game = play(play(_opening()).state).state
    assert ruleset.phase(game).acting == ("North",)
    game = ruleset.start("standard", ["South", "North"], {}, 1)
    for _ in range(3):
        game = play(game).state
    assert ruleset.phase(game).acting == ("South",)


def test_what_is_still_missing_is_named_for_the_reply() -> None:
    game = ruleset.start("standard", ["North", "South"], {}, 1)
    assert ruleset.missing(game, "North", []) == ["your army (ARMY ...)"]
    assert ruleset.missing(game, "North", ["ARMY King"]) == []
    game = play(_opening()).state
    assert ruleset.missing(game, "North", ["FRONT King TO b2", "CANCEL EVERY ATTACK"]) == [
        "your RESERVE order",
        "your CITIZEN order",
    ]
    game = play(game).state
    assert ruleset.missing(game, "North", ["NO REACTIONS"]) == ["your turn (PASS if you do nothing)"]
    assert ruleset.missing(game, "North", ["PASS"]) == []
    assert ruleset.missing(game, "South", []) == []
