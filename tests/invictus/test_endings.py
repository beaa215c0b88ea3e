"""Conscription and the four ends of the game, with their tie-breaks."""

from __future__ import annotations

from pbem.rulesets.invictus import ruleset
from tests.invictus.tables import at, build, names, play


def _kill_last_unit(**kwargs):  # type: ignore[no-untyped-def]
    """South's only unit, a Viking on b3, falls to North's Knight."""
    game = build(field={"b2": "Knight", "b3": "Viking"}, **kwargs)
    return play(game, {"North": ["ATTACK b2 ON b3"]})


# Conscription


def test_conscription_takes_the_two_leftmost_units_of_the_reserve() -> None:
    after = _kill_last_unit(reserves={1: ["Guard", "Musha", "Druid"]})
    state = after.state
    # RULINGS 31: the front centre (b3), then the owner's left (c3, seen from South)
    assert (at(state, "b3"), at(state, "c3")) == ("Guard", "Musha")
    assert names(state, state.camps[1].reserve) == ["Druid"]


def test_one_unit_in_reserve_is_joined_by_a_citizen() -> None:
    after = _kill_last_unit(reserves={1: ["Guard"]}, kingdoms={"South": ["Viking", "Musha"]})
    state = after.state
    assert (at(state, "b3"), at(state, "c3")) == ("Guard", "Musha")
    assert names(state, state.players[1].kingdom) == ["Viking"]


def test_an_empty_reserve_means_two_citizens_chosen_by_the_conscript_order() -> None:
    game = build(
        field={"b2": "Knight", "b3": "Viking"},
        kingdoms={"South": ["Musha", "Viking", "Druid", "Guard"]},
    )
    after = play(game, {"North": ["ATTACK b2 ON b3"], "South": ["CONSCRIPT yellow, Viking"]})
    state = after.state
    assert (at(state, "b3"), at(state, "c3")) == ("Druid", "Viking")


def test_without_a_conscript_order_the_sturdiest_citizens_come() -> None:
    """RULINGS 31: highest upright defense first, then the order they joined the kingdom."""
    after = _kill_last_unit(kingdoms={"South": ["Viking", "Musha", "Druid", "Guard"]})
    assert (at(after.state, "b3"), at(after.state, "c3")) == ("Musha", "Guard")


def test_a_captured_soldier_can_be_conscripted() -> None:
    after = _kill_last_unit(kingdoms={"South": ["Warrior", "Ninja"]})
    assert sorted([at(after.state, "b3") or "", at(after.state, "c3") or ""]) == [
        "Ninja",
        "Warrior",
    ]


def test_a_camp_that_cannot_conscript_two_units_collapses() -> None:
    after = _kill_last_unit(reserves={1: ["Guard"]})
    assert after.state.stage == "over"
    assert after.state.result == "North wins by collapse: South cannot conscript two units."
    assert ruleset.phase(after.state).winners == ("North",)


# Execution


def test_killing_the_leader_wins() -> None:
    game = build(field={"b2": "Knight", "b3": "Shogun"}, leaders=("King", "Shogun"), tilted=["b3"])
    after = play(game, {"North": ["ATTACK b2 ON b3"]})
    # the Knight's 3 against the tilted Shogun's 2
    assert after.state.result == ("North wins by execution: South's Leader, the Shogun, was killed.")
    phase = ruleset.phase(after.state)
    assert (phase.id, phase.over, phase.winners) == ("end", True, ("North",))


def test_capturing_the_leader_wins_and_it_never_joins_the_kingdom() -> None:
    """RULINGS 17."""
    game = build(field={"b2": "King", "b3": "Shogun"}, leaders=("King", "Shogun"), tilted=["b3"])
    after = play(game, {"North": ["ATTACK b2 ON b3"]}).state
    assert after.result.endswith("the Shogun, was captured.")
    assert after.players[0].kingdom == []
    assert names(after, after.camps[1].graveyard) == ["Shogun"]


def test_steps_after_the_end_are_not_carried_out() -> None:
    game = build(
        field={"b2": "Knight", "b3": "Shogun"},
        leaders=("King", "Shogun"),
        hands={"North": ["Guard"]},
    )
    after = play(game, {"North": ["ATTACK b2 ON b3", "CITIZEN Guard"]}).state
    assert after.players[0].kingdom == []


# Development


def test_a_majority_in_four_colours_wins_at_once() -> None:
    game = build(
        field={"b2": "Ninja", "b3": "Musha", "a3": "Viking"},
        kingdoms={"North": ["Warrior", "Crossbowman", "Sorcerer"], "South": ["Guard"]},
    )
    after = play(game, {"North": ["ATTACK b2 ON b3"]}).state
    # the captured Musha makes red 1-1: no majority yet
    assert after.stage == "turn"
    game = build(
        field={"b2": "Ninja", "b3": "Knight", "a3": "Viking"},
        kingdoms={"North": ["Warrior", "Crossbowman", "Sorcerer"], "South": ["Guard"]},
    )
    after = play(game, {"North": ["ATTACK b2 ON b3"]}).state
    assert after.result == (
        "North wins by development: North holds the majority of citizens in 4 colours "
        "(blue, green, yellow, purple)."
    )


def test_development_counts_after_every_step_even_the_opponents_loss() -> None:
    """A banished citizen can hand the majority to the other player at once."""
    game = build(
        field={"b2": "Samurai", "b3": "Musha"},
        hands={"North": ["Pochtecatl"]},
        kingdoms={"North": ["Warrior", "Crossbowman", "Sorcerer", "Guard"], "South": ["Guard"]},
    )
    after = play(game, {"North": ["SUPPORT Pochtecatl: Guard"]}).state
    assert after.result.startswith("North wins by development")


# End of the war


def _last_turn(
    north_kingdom: list[str],
    south_kingdom: list[str],
    graveyards: dict[int, list[str]] | None = None,
):  # type: ignore[no-untyped-def]
    game = build(
        field={"b2": "Samurai", "b3": "Musha"},
        decks={"North": [], "South": []},
        kingdoms={"North": north_kingdom, "South": south_kingdom},
        graveyards=graveyards or {},
        active=1,
    )
    return play(game, {"South": ["PASS"]}).state


def test_the_war_ends_when_both_decks_are_empty_and_the_most_majorities_win() -> None:
    after = _last_turn(["Warrior", "Crossbowman"], ["Guard"])
    assert after.stage == "over" and after.winners == ["North"]
    assert after.result.startswith("The war is over: North wins")


def test_the_war_goes_on_while_one_deck_has_cards() -> None:
    game = build(field={"b2": "Samurai", "b3": "Musha"}, decks={"North": ["Guard"], "South": []}, active=1)
    after = play(game, {"South": ["PASS"]}).state
    assert after.stage == "turn" and ruleset.phase(after).acting == ("North",)


def test_tied_majorities_go_to_the_most_citizens() -> None:
    # blue 2-1 North, red 1-2 South, yellow 0-1 South: South holds 2 majorities to 1
    after = _last_turn(["Warrior", "Warrior", "Guard"], ["Guard", "Guard", "Samurai", "Druid"])
    assert after.winners == ["South"]
    # blue North, red South, yellow 1-1: one majority each; citizens 5 to 4
    after = _last_turn(
        ["Warrior", "Warrior", "Warrior", "Guard", "Druid"], ["Warrior", "Guard", "Guard", "Druid"]
    )
    assert after.winners == ["North"] and "tied, so citizens: North 5, South 4" in after.result


def test_a_tie_on_everything_is_a_draw() -> None:
    # blue 2-1 North, red 1-2 South; 3 citizens each; no Soldier in either graveyard
    after = _last_turn(["Warrior", "Warrior", "Guard"], ["Guard", "Guard", "Warrior"])
    assert after.winners == [] and after.result.startswith("The war is over and ends in a draw")
    assert ruleset.phase(after).winners == ()


def test_tied_citizens_go_to_the_fewest_soldiers_in_the_graveyard() -> None:
    after = _last_turn(
        ["Warrior", "Warrior", "Guard"],
        ["Guard", "Guard", "Warrior"],
        graveyards={0: ["Viking"], 1: ["Viking", "Druid"]},
    )
    assert after.winners == ["North"]
    assert "Soldiers in the graveyard: North 1, South 2" in after.result


def test_the_reply_to_the_attacker_does_not_depend_on_the_defenders_conscript_choice() -> None:
    """RULINGS 11: a reply uses the sturdiest citizens, whatever the other player chose."""
    mail = "ATTACK b2 ON b3\nATTACK b1 ON b3"
    replies = []
    for choice in ([], ["Viking"]):
        game = build(
            field={"b2": "Knight", "b1": "Crossbowman", "b3": "Viking"},
            kingdoms={"South": ["Viking", "Musha", "Guard"]},
        )
        game.players[1].conscription = choice
        replies.append(ruleset.parse_orders(game, "North", mail))
    assert replies[0] == replies[1]
    assert replies[0][1].note == "as things stand: ATTACK Crossbowman b1 ON Musha b3"
