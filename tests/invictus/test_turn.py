"""A turn: preparation, the one action (nothing, recruit, attacks), citizens and the discard."""

from __future__ import annotations

import pytest

from pbem.rulesets.invictus import board, ruleset
from pbem.rulesets.invictus.cards import CARD_SET
from tests.invictus.tables import accepted, at, build, names, notes, play, refusal, texts

# Preparation


def test_preparation_stands_the_next_players_units_up_and_draws_a_card() -> None:
    game = build(
        field={"b2": "Samurai", "b3": "Musha", "a3": "Viking"},
        tilted=["b3", "a3"],
        decks={"South": ["Guard", "Warrior"]},
    )
    after = play(game).state
    south = after.players[1]
    assert not any(u.tilted for u in after.camps[1].field.values())
    assert names(after, south.hand)[-1] == "Guard" and names(after, south.deck) == ["Warrior"]
    assert ruleset.phase(after).id == "T6"


def test_a_player_with_an_empty_deck_simply_draws_nothing() -> None:
    game = build(field={"b2": "Samurai", "b3": "Musha"}, decks={"South": [], "North": ["Guard"]})
    after = play(game)
    assert "South has no card left to draw." in texts(after.events)
    assert after.state.stage == "turn"


# The one action


def test_a_turn_has_one_action() -> None:
    game = build(field={"b2": "Samurai", "b3": "Musha"}, reserves={0: ["Guard"]})
    assert "a turn has one action" in refusal(game, "North", "RECRUIT Guard TO a2\nATTACK b2 ON b3")
    assert "a turn has one action" in refusal(game, "North", "PASS\nRECRUIT Guard TO a2")
    assert "a turn has one action" in refusal(game, "North", "ATTACK b2 ON b3\nPASS")


def test_a_turn_without_any_action_is_doing_nothing() -> None:
    """RULINGS 9: a silent player, or a mail with only Supports, does nothing."""
    game = build(field={"b2": "Samurai", "b3": "Musha"}, hands={"North": ["Guard"]})
    assert ruleset.default_orders(game, "North") == ["PASS"]
    after = play(game, {"North": ["CITIZEN Guard"]})
    assert after.state.camps[0].field.keys() == {"b2"}
    assert "North makes Guard a citizen of the kingdom." in texts(after.events)


# Recruiting


def test_recruiting_takes_the_leftmost_unit_of_the_reserve() -> None:
    game = build(field={"b2": "Samurai", "b3": "Musha"}, reserves={0: ["Guard", "Viking"]})
    assert "leftmost unit of your reserve, which is Guard" in refusal(game, "North", "RECRUIT Viking TO a2")
    orders = accepted(game, "North", "recruit a2")
    assert orders == ["RECRUIT TO a2"]
    assert notes(game, "North", "recruit a2") == ["as things stand: RECRUIT Guard TO a2"]
    after = play(game, {"North": orders}).state
    assert at(after, "a2") == "Guard" and names(after, after.camps[0].reserve) == ["Viking"]


def test_recruiting_onto_a_taken_slot_swaps_the_unit_to_the_right_end_of_the_reserve() -> None:
    game = build(field={"b2": "Samurai", "b3": "Musha"}, reserves={0: ["Guard", "Viking"]}, tilted=["b2"])
    after = play(game, {"North": ["RECRUIT Guard TO b2"]}).state
    assert at(after, "b2") == "Guard"
    assert names(after, after.camps[0].reserve) == ["Viking", "Samurai"]
    assert not after.camps[0].field["b2"].tilted


def test_recruiting_from_the_hand_when_the_reserve_is_empty_swaps_back_to_the_hand() -> None:
    game = build(field={"b2": "Samurai", "b3": "Musha"}, hands={"North": ["Guard"]})
    assert "say which unit" in refusal(game, "North", "RECRUIT TO b2")
    after = play(game, {"North": ["RECRUIT Guard TO b2"]}).state
    assert at(after, "b2") == "Guard"
    assert "Samurai" in names(after, after.players[0].hand)


def test_a_support_played_first_fills_the_reserve_so_the_recruit_comes_from_it() -> None:
    game = build(field={"b2": "Samurai", "b3": "Musha"}, hands={"North": ["Viking", "Guard"]})
    assert accepted(game, "North", "SUPPORT Viking\nRECRUIT Viking TO a2") == [
        "SUPPORT Viking",
        "RECRUIT Viking TO a2",
    ]
    assert "leftmost unit of your reserve, which is Viking" in refusal(
        game, "North", "SUPPORT Viking\nRECRUIT Guard TO a2"
    )


def test_the_back_line_takes_a_unit_only_behind_a_front_line_unit() -> None:
    game = build(field={"b2": "Samurai", "b3": "Musha"}, reserves={0: ["Guard"]})
    assert "behind an empty front-line slot" in refusal(game, "North", "RECRUIT TO a1")
    after = play(game, {"North": ["RECRUIT Guard TO b1"]}).state
    assert at(after, "b1") == "Guard"


def test_recruiting_onto_the_enemy_battlefield_is_refused() -> None:
    game = build(field={"b2": "Samurai", "b3": "Musha"}, reserves={0: ["Guard"]})
    assert refusal(game, "North", "RECRUIT TO a3") == "a3 is not on your battlefield"


# Attacking


def test_the_rulebook_example_crossbowman_captures_the_viking() -> None:
    """Page 4: attack 1 against defense 1 in one attack: the Viking joins the kingdom."""
    game = build(field={"b2": "Crossbowman", "b3": "Viking", "a3": "Musha"})
    after = play(game, {"North": ["ATTACK b2 ON b3"]})
    assert at(after.state, "b3") is None
    assert names(after.state, after.state.players[0].kingdom) == ["Viking"]
    assert after.state.camps[0].field["b2"].tilted


def test_the_rulebook_example_boosted_samurai_kills_the_musha_and_the_leader_steps_up() -> None:
    """Page 5: Samurai 1 + 3 against Musha 3 kills; the Leader behind steps forward."""
    game = build(field={"b2": "Samurai", "b3": "Musha", "b4": "Shogun"}, hands={"North": ["Samurai"]})
    after = play(game, {"North": ["SUPPORT Samurai", "ATTACK Samurai b2 ON Musha b3"]})
    state = after.state
    assert names(state, state.camps[1].graveyard) == ["Musha"]
    assert at(state, "b3") == "Shogun" and at(state, "b4") is None
    assert "Shogun steps forward from b4 to b3." in texts(after.events)


def test_the_attack_may_not_target_an_empty_slot() -> None:
    game = build(field={"b2": "Samurai", "b3": "Musha"})
    assert refusal(game, "North", "ATTACK b2 ON a3").startswith("a3 is empty")


def test_the_target_must_be_in_range() -> None:
    game = build(field={"b2": "Samurai", "a3": "Musha", "b3": "Viking"})
    message = refusal(game, "North", "ATTACK b2 ON a3")
    assert message.startswith("Musha a3 is out of range of Samurai b2")


def test_there_is_no_line_of_sight_a_unit_in_front_does_not_shield_the_one_behind() -> None:
    """ "Dans Invictus, il n'y a pas de champ de vision ou de ligne de vue": the Ashigaru strikes
    the enemy back line over the unit standing in front of it."""
    game = build(field={"b2": "Ashigaru", "b3": "Musha", "b4": "Viking"})
    assert accepted(game, "North", "ATTACK b2 ON b4") == ["ATTACK b2 ON b4"]
    after = play(game, {"North": ["ATTACK b2 ON b4"]}).state
    assert at(after, "b4") is None and at(after, "b3") == "Musha"


def test_a_tilted_unit_cannot_attack_again() -> None:
    game = build(field={"b2": "Warrior", "b3": "Musha"})
    assert "is tilted" in refusal(game, "North", "ATTACK b2 ON b3\nATTACK b2 ON b3")


def test_several_attacks_add_up_to_a_kill_but_never_a_capture() -> None:
    game = build(field={"a2": "Sorcerer", "b2": "Warrior", "b3": "Musha"})
    after = play(game, {"North": ["ATTACK Sorcerer a2 ON b3", "ATTACK Warrior b2 ON b3"]})
    # X = 1 (the King in hand), then 2: 3 against defense 3 in two attacks: killed
    assert names(after.state, after.state.camps[1].graveyard) == ["Musha"]
    assert after.state.players[0].kingdom == []


def test_damage_lasts_only_for_the_turn() -> None:
    game = build(field={"b2": "Samurai", "b3": "Musha"})
    after = play(game, {"North": ["ATTACK b2 ON b3"]})
    assert "Musha b3 is wounded: 1 against defense 3, until the end of the turn." in texts(after.events)
    assert after.state.camps[1].field["b3"].damage == 0


def test_more_than_the_defense_kills_instead_of_capturing() -> None:
    game = build(field={"b2": "Knight", "b3": "Viking"})
    after = play(game, {"North": ["ATTACK b2 ON b3"]}).state
    assert names(after, after.camps[1].graveyard) == ["Viking"]


def test_a_captured_soldier_killed_for_its_captor_goes_to_its_owners_graveyard() -> None:
    """Page 4: a killed unit goes to "le cimetière de son propriétaire": South's Viking,
    captured and conscripted by North, killed by South, lies in South's graveyard."""
    game = build(field={"b2": "Viking", "b3": "Knight"}, active=1)
    viking = game.camps[0].field["b2"].card
    game.owners[viking] = 1  # South's card fighting for North
    after = play(game, {"South": ["ATTACK Knight b3 ON Viking b2"]}).state
    assert names(after, after.camps[1].graveyard) == ["Viking"]
    assert after.camps[0].graveyard == []


def test_a_tilted_target_defends_with_its_tilted_defense() -> None:
    game = build(field={"b2": "Warrior", "b3": "Musha"}, tilted=["b3"])
    after = play(game, {"North": ["ATTACK b2 ON b3"]}).state
    # Warrior 2 against a tilted Musha's 2: exactly, in one attack: captured
    assert names(after, after.players[0].kingdom) == ["Musha"]


def test_x_counts_the_hand_and_n_the_battlefield_when_the_unit_tilts() -> None:
    game = build(
        field={
            "a2": "Sorcerer",
            "b2": "Guard",
            "c2": "Commander",
            "a3": "Musha",
            "b3": "Medjay",
            "c3": "Cataphract",
        },
        hands={"North": ["Warrior", "Viking"]},
    )
    after = play(game, {"North": ["ATTACK Sorcerer a2 ON Medjay b3", "ATTACK Commander c2 ON Cataphract c3"]})
    attacks = texts(after.events, "attack")
    # hand: King, Warrior, Viking = 3 (X); battlefield: 3 units (N)
    assert "with Sorcerer a2: 3 attack against defense 2." in attacks[0]
    assert "with Commander c2: 3 attack against defense 3." in attacks[1]
    assert names(after.state, after.state.players[0].kingdom) == ["Cataphract"]


def test_a_c_attack_captures_a_soldier_whatever_its_defense() -> None:
    game = build(field={"b2": "Ninja", "b3": "Cataphract"})
    after = play(game, {"North": ["ATTACK b2 ON b3"]}).state
    assert names(after, after.players[0].kingdom) == ["Cataphract"]


def test_a_c_attack_captures_even_a_wounded_soldier() -> None:
    """RULINGS 14: C captures "automatiquement", wounded or not."""
    game = build(field={"b2": "Ninja", "b3": "Cataphract"}, hands={"North": ["Crossbowman"]})
    after = play(game, {"North": ["SUPPORT Crossbowman ON b3", "ATTACK b2 ON b3"]})
    assert "Cataphract b3 takes 1 damage (1 against defense 3)." in texts(after.events)
    assert names(after.state, after.state.players[0].kingdom) == ["Cataphract"]


def test_a_c_attack_on_a_leader_counts_one_attack_point() -> None:
    """Rulebook: C inflicts 1 attack point on a Leader (never boosted)."""
    game = build(field={"b2": "Ninja", "b3": "Emperor"}, hands={"North": ["Samurai"]})
    after = play(game, {"North": ["SUPPORT Samurai", "ATTACK b2 ON b3"]})
    assert "with Ninja b2: 1 attack against defense 3." in texts(after.events, "attack")[0]
    assert after.state.stage == "turn"


# Citizens


def test_one_citizen_a_turn_and_never_the_leader() -> None:
    game = build(field={"b2": "Samurai", "b3": "Musha"}, hands={"North": ["Guard", "Viking"]})
    assert "one a turn at most" in refusal(game, "North", "CITIZEN Guard\nCITIZEN Viking")
    assert "a Leader can never join the kingdom" in refusal(game, "North", "CITIZEN King")


def test_six_units_in_hand_at_the_end_of_the_turn_force_a_citizen() -> None:
    """RULINGS 30: the Soldier that came into the hand last goes."""
    game = build(
        field={"b2": "Samurai", "b3": "Musha"},
        hands={"North": ["Guard", "Viking", "Warrior", "Knight", "Druid"]},
    )
    after = play(game, {"North": ["PASS"]})
    north = after.state.players[0]
    assert names(after.state, north.kingdom) == ["Druid"] and len(north.hand) == 5
    assert "six units in hand" in texts(after.events, "citizen")[0]


def test_a_citizen_made_during_the_turn_is_the_turns_discard() -> None:
    game = build(
        field={"b2": "Samurai", "b3": "Musha"},
        hands={"North": ["Guard", "Viking", "Warrior", "Knight", "Druid"]},
    )
    after = play(game, {"North": ["CITIZEN Guard"]}).state
    assert names(after, after.players[0].kingdom) == ["Guard"]


# Geometry


@pytest.mark.parametrize(
    ("slot", "reach"),
    [("b2", {"b3"}), ("a2", {"a3"}), ("b3", {"b2"}), ("a3", {"a2"}), ("b1", {"b2"})],
)
def test_straight_ahead_is_mirrored_for_the_second_camp(slot: str, reach: set[str]) -> None:
    assert board.in_reach(slot, CARD_SET.card("Guard").reach) == reach


def test_diagonal_and_long_ranges_seen_from_each_camp() -> None:
    assert board.in_reach("a2", CARD_SET.card("Sorcerer").reach) == {"b3"}
    assert board.in_reach("a3", CARD_SET.card("Sorcerer").reach) == {"b2"}
    # Ashigaru: the three slots two rows ahead: the enemy back line from the front,
    # the enemy front line from the back line
    assert board.in_reach("b2", CARD_SET.card("Ashigaru").reach) == {"a4", "b4", "c4"}
    assert board.in_reach("b1", CARD_SET.card("Ashigaru").reach) == {"a3", "b3", "c3"}
    assert board.in_reach("c1", CARD_SET.card("Ashigaru").reach) == {"b3", "c3"}
    assert board.in_reach("b4", CARD_SET.card("Ashigaru").reach) == {"a2", "b2", "c2"}


# Steps as written


def test_a_step_naming_only_a_slot_acts_on_whatever_stands_there_then() -> None:
    """RULINGS 8: the reply says what stands there now; the step hits what stands there then."""
    game = build(field={"b2": "Warrior", "b1": "Crossbowman", "b3": "Viking", "b4": "Guard"})
    mail = "ATTACK Warrior b2 ON b3\nATTACK b1 ON b3"
    assert accepted(game, "North", mail) == ["ATTACK Warrior b2 ON b3", "ATTACK b1 ON b3"]
    assert notes(game, "North", mail)[1] == "as things stand: ATTACK Crossbowman b1 ON Guard b3"
    # South's Musha cancels the Warrior's attack: the Crossbowman then hits the Viking (1 = 1)
    game = build(
        field={"b2": "Warrior", "b1": "Crossbowman", "b3": "Viking", "b4": "Guard"},
        hands={"South": ["Musha"]},
        reactions={"South": ["CANCEL ATTACK BY Warrior"]},
    )
    after = play(game, {"North": accepted(game, "North", mail)}).state
    assert names(after, after.players[0].kingdom) == ["Viking"]


def test_a_step_that_cannot_be_done_any_more_is_skipped_and_told_only_to_its_player() -> None:
    """RULINGS 8: a reaction cancels the resurrection, so the recruit behind it fails."""
    game = build(
        field={"b2": "Samurai", "a3": "Musha"},
        hands={"North": ["Anubis"], "South": ["Druid"]},
        graveyards={0: ["Guard"]},
        reactions={"South": ["CANCEL SUPPORT WITH Druid"]},
    )
    orders = accepted(game, "North", "SUPPORT Anubis: Guard TO a2\nATTACK Guard a2 ON a3")
    after = play(game, {"North": orders})
    [failed] = [e for e in after.events if e["type"] == "failed"]
    assert failed["to"] == ["North"]
    assert failed["text"] == ("North's order ATTACK Guard a2 ON a3 could not be carried out: a2 is empty.")


def test_an_attack_worth_nothing_still_tilts_the_attacker() -> None:
    """RULINGS 15: X with an empty hand is 0: allowed, harmless, and the unit tilts."""
    game = build(field={"a2": "Sorcerer", "b2": "King", "b3": "Medjay"})
    after = play(game, {"North": ["ATTACK a2 ON b3"]})
    assert "with Sorcerer a2: 0 attack against defense 2." in texts(after.events, "attack")[0]
    assert after.state.camps[0].field["a2"].tilted and at(after.state, "b3") == "Medjay"
