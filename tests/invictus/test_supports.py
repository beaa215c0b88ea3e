"""Supports in one's own turn: the reserve, "in full or not at all", and every effect kind."""

from __future__ import annotations

from pbem.rulesets.invictus import ruleset
from tests.invictus.tables import accepted, at, build, names, notes, play, refusal, texts


def test_a_support_goes_to_the_leftmost_free_slot_of_the_reserve() -> None:
    game = build(field={"b2": "Samurai", "b3": "Musha"}, reserves={0: ["Guard"]}, hands={"North": ["Viking"]})
    after = play(game, {"North": ["SUPPORT Viking"]}).state
    assert names(after, after.camps[0].reserve) == ["Guard", "Viking"]


def test_no_support_with_five_units_in_the_reserve() -> None:
    game = build(
        field={"b2": "Samurai", "b3": "Musha"},
        reserves={0: ["Guard"] * 5},
        hands={"North": ["Viking"]},
    )
    assert refusal(game, "North", "SUPPORT Viking").startswith("your reserve is full (5 units)")


def test_a_handicapped_reserve_holds_fewer_units() -> None:
    game = ruleset.start("standard", ["North", "South"], {"handicap": {"North": "maître", "South": 2}}, 1)
    assert [camp.reserve_limit for camp in game.camps] == [3, 2]
    game = build(
        field={"b2": "Samurai", "b3": "Musha"},
        reserves={0: ["Guard"] * 2},
        hands={"North": ["Viking"]},
        reserve_limit=2,
    )
    assert refusal(game, "North", "SUPPORT Viking").startswith("your reserve is full (2 units)")


def test_a_card_you_do_not_hold_cannot_be_played() -> None:
    game = build(field={"b2": "Samurai", "b3": "Musha"})
    assert refusal(game, "North", "SUPPORT Viking") == "you hold no Viking"


def test_an_attack_canceller_cannot_be_played_in_ones_own_turn() -> None:
    game = build(field={"b2": "Samurai", "b3": "Musha"}, hands={"North": ["Guard", "Sorcerer"]})
    assert "only be played in the opponent's turn" in refusal(game, "North", "SUPPORT Guard")
    assert "there is none to cancel now" in refusal(game, "North", "SUPPORT Sorcerer")


# boost_attack


def test_boosts_add_up_for_the_next_soldier_attack_only() -> None:
    game = build(
        field={"a2": "Samurai", "b2": "Warrior", "a3": "Cataphract", "b3": "Guard"},
        hands={"North": ["Samurai", "Samurai"]},
    )
    after = play(
        game,
        {"North": ["SUPPORT Samurai", "SUPPORT Samurai", "ATTACK a2 ON a3", "ATTACK b2 ON b3"]},
    )
    attacks = texts(after.events, "attack")
    assert "with Samurai a2: 7 attack" in attacks[0]
    assert "with Warrior b2: 2 attack" in attacks[1]


def attacks_after_a_samurai_boost(a2: str, a3: str) -> list[str]:
    """North plays SUPPORT Samurai (+3 for a Soldier attack), then attacks with ``a2`` on ``a3``
    and with a Warrior on a Medjay: the texts of the two attacks."""
    game = build(
        field={"a2": a2, "b2": "Warrior", "a3": a3, "b3": "Medjay"},
        hands={"North": ["Samurai"]},
    )
    after = play(game, {"North": ["SUPPORT Samurai", "ATTACK a2 ON a3", "ATTACK b2 ON b3"]})
    return texts(after.events, "attack")


def test_a_soldiers_only_boost_waits_past_a_leader_attack() -> None:
    """RULINGS 12: the Samurai's +3 is for the next Soldier attack."""
    attacks = attacks_after_a_samurai_boost("King", "Cataphract")
    assert "with King a2: 2 attack" in attacks[0]
    assert "with Warrior b2: 5 attack" in attacks[1]


def test_a_c_attack_never_uses_a_boost() -> None:
    """RULINGS 12: a C attack cannot be improved, so the boost waits for the next attack."""
    assert "with Warrior b2: 5 attack" in attacks_after_a_samurai_boost("Ninja", "Viking")[1]


def test_a_boosted_attack_exactly_equal_to_the_defense_captures() -> None:
    """RULINGS 13: Supports change attack points; only damage points forbid a capture."""
    # Samurai 1 + Viking 2 = 3: more than the Knight's 2 kills it
    game = build(field={"b2": "Samurai", "b3": "Knight"}, hands={"North": ["Viking"]})
    after = play(game, {"North": ["SUPPORT Viking", "ATTACK b2 ON b3"]}).state
    assert names(after, after.camps[1].graveyard) == ["Knight"]
    # exactly the Musha's 3 captures it
    game = build(field={"b2": "Samurai", "b3": "Musha"}, hands={"North": ["Viking"]})
    after = play(game, {"North": ["SUPPORT Viking", "ATTACK b2 ON b3"]}).state
    assert names(after, after.players[0].kingdom) == ["Musha"]


def test_an_unused_boost_is_lost_at_the_end_of_the_turn() -> None:
    game = build(field={"b2": "Samurai", "b3": "Musha"}, hands={"North": ["Samurai"]})
    after = play(game, {"North": ["SUPPORT Samurai"]}).state
    after = play(after, {"South": ["ATTACK b3 ON b2"]})
    assert "with Musha b3: 2 attack" in texts(after.events, "attack")[0]


# damage


def test_damage_wounds_for_the_turn_and_never_captures() -> None:
    game = build(field={"b2": "Samurai", "b3": "Musha"}, hands={"North": ["Crossbowman"] * 2})
    after = play(
        game,
        {"North": ["SUPPORT Crossbowman ON b3", "SUPPORT Crossbowman ON b3", "ATTACK b2 ON b3"]},
    ).state
    # 1 + 1 damage then an attack of 1: 3 against defense 3, killed and not captured
    assert names(after, after.camps[1].graveyard) == ["Musha"]
    assert after.players[0].kingdom == []


def test_damage_alone_can_kill() -> None:
    game = build(field={"b2": "Samurai", "b3": "Viking", "a3": "Guard"}, hands={"North": ["Crossbowman"]})
    after = play(game, {"North": ["SUPPORT Crossbowman ON Viking"]}).state
    assert names(after, after.camps[1].graveyard) == ["Viking"]


def test_damage_can_kill_a_leader() -> None:
    """RULINGS 22: the damage of a Support is no attack but kills a Leader all the same."""
    game = build(
        field={"b2": "Samurai", "b3": "Shogun"},
        tilted=["b3"],
        hands={"North": ["Crossbowman", "Crossbowman"]},
    )
    after = play(game, {"North": ["SUPPORT Crossbowman ON b3", "SUPPORT Crossbowman ON b3"]})
    assert after.state.stage == "over"
    assert after.state.result.startswith("North wins by execution")


def test_a_soldiers_only_damage_cannot_target_a_leader() -> None:
    game = build(field={"b2": "Samurai", "b3": "Shogun"}, hands={"North": ["Sagittary"]})
    assert "only hit a Soldier" in refusal(game, "North", "SUPPORT Sagittary ON b3")


def test_damage_needs_a_target() -> None:
    game = build(field={"b2": "Samurai", "b3": "Musha"}, hands={"North": ["Crossbowman"]})
    assert refusal(game, "North", "SUPPORT Crossbowman").startswith("say which enemy unit")
    assert refusal(game, "North", "SUPPORT Crossbowman ON b2") == "b2 is not on the enemy battlefield"


# resurrect


def test_anubis_brings_a_soldier_back_from_the_graveyard_upright() -> None:
    game = build(
        field={"b2": "Samurai", "b3": "Musha"},
        hands={"North": ["Anubis"]},
        graveyards={0: ["Crossbowman", "Guard"]},
        tilted=["b2"],
    )
    assert accepted(game, "North", "SUPPORT Anubis: Arbaletrier TO a2") == [
        "SUPPORT Anubis: Crossbowman TO a2"
    ]
    after = play(game, {"North": ["SUPPORT Anubis: Crossbowman TO a2"]}).state
    assert at(after, "a2") == "Crossbowman" and not after.camps[0].field["a2"].tilted
    assert names(after, after.camps[0].graveyard) == ["Guard"]


def test_a_resurrection_that_cannot_be_applied_in_full_cannot_be_played() -> None:
    game = build(field={"b2": "Samurai", "b3": "Musha"}, hands={"North": ["Anubis"]})
    assert "your graveyard is empty" in refusal(game, "North", "SUPPORT Anubis")
    full = {f"{c}{r}": "Samurai" for c in "abc" for r in "12"}
    game = build(field={**full, "b3": "Musha"}, hands={"North": ["Anubis"]}, graveyards={0: ["Guard"]})
    assert "your battlefield has no free slot" in refusal(game, "North", "SUPPORT Anubis")


def test_a_support_with_one_possible_choice_needs_no_more_words() -> None:
    """RULINGS 20: the reply says what it will do as things stand."""
    game = build(
        field={
            "a2": "Samurai",
            "b2": "Guard",
            "c2": "Viking",
            "a1": "Druid",
            "b1": "Druid",
            "b3": "Musha",
        },
        hands={"North": ["Anubis"]},
        graveyards={0: ["Guard", "Guard"]},
    )
    assert accepted(game, "North", "SUPPORT Anubis") == ["SUPPORT Anubis"]
    assert notes(game, "North", "SUPPORT Anubis") == ["as things stand: SUPPORT Anubis: Guard TO c1"]
    assert at(play(game, {"North": ["SUPPORT Anubis"]}).state, "c1") == "Guard"


# ready, shift, enlist, banish


def test_ready_stands_a_tilted_unit_up_so_it_attacks_again() -> None:
    game = build(field={"b2": "Warrior", "b3": "Musha"}, hands={"North": ["Knight"]})
    orders = accepted(game, "North", "ATTACK b2 ON b3\nSUPPORT Knight\nATTACK b2 ON b3")
    assert orders[1] == "SUPPORT Knight"
    after = play(game, {"North": orders}).state
    assert names(after, after.camps[1].graveyard) == ["Musha"]


def test_ready_needs_a_tilted_unit() -> None:
    game = build(field={"b2": "Warrior", "b3": "Musha"}, hands={"North": ["Knight"]})
    assert refusal(game, "North", "SUPPORT Knight") == "none of your units is tilted"


def test_a_moved_front_unit_lets_the_unit_behind_step_forward() -> None:
    """Rulebook, "Important": captured, killed *or moved by a Support*."""
    game = build(field={"b2": "Samurai", "b1": "Guard", "b3": "Musha"}, hands={"North": ["Ninja"]})
    after = play(game, {"North": ["SUPPORT Ninja ON b2 TO a2"]})
    assert (at(after.state, "a2"), at(after.state, "b2"), at(after.state, "b1")) == (
        "Samurai",
        "Guard",
        None,
    )
    assert "Guard steps forward from b1 to b2." in texts(after.events)


def test_a_move_must_go_somewhere_else() -> None:
    game = build(field={"b2": "Samurai", "b3": "Musha"}, hands={"North": ["Ninja"]})
    assert "already on b2" in refusal(game, "North", "SUPPORT Ninja ON b2 TO b2")
    assert "behind an empty front-line slot" in refusal(game, "North", "SUPPORT Ninja ON b2 TO b1")


def test_enlist_brings_a_citizen_onto_the_battlefield() -> None:
    game = build(
        field={"b2": "Samurai", "b3": "Musha"},
        hands={"North": ["Priest"]},
        kingdoms={"North": ["Guard", "Viking"]},
    )
    after = play(game, {"North": ["SUPPORT Priest: Guard TO c2"]}).state
    assert at(after, "c2") == "Guard" and names(after, after.players[0].kingdom) == ["Viking"]


def test_banish_sends_an_enemy_citizen_to_its_graveyard() -> None:
    game = build(
        field={"b2": "Samurai", "b3": "Musha"},
        hands={"North": ["Pochtecatl"]},
        kingdoms={"South": ["Guard", "Viking"]},
    )
    after = play(game, {"North": ["SUPPORT Pochtecatl: Viking"]}).state
    assert names(after, after.players[1].kingdom) == ["Guard"]
    assert names(after, after.camps[1].graveyard) == ["Viking"]
