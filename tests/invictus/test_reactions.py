"""Standing reactions: set by mail in advance, fired by the engine at the right moment."""

from __future__ import annotations

from typing import Any

from pbem.rulesets.invictus import ruleset
from tests.invictus.tables import accepted, at, build, names, play, texts

GUARD_LEADER = "CANCEL ATTACK ON LEADER WITH Guard"


def test_cancel_the_first_attack_on_my_leader_with_a_guard() -> None:
    game = build(
        field={"a2": "Warrior", "b2": "Crossbowman", "a3": "Shogun", "b3": "Musha"},
        hands={"South": ["Guard"], "North": ["Samurai"]},
        leaders=("King", "Shogun"),
        reactions={"South": [GUARD_LEADER]},
    )
    after = play(game, {"North": ["SUPPORT Samurai", "ATTACK a2 ON a3", "ATTACK b2 ON b3"]})
    state = after.state
    assert at(state, "a3") == "Shogun" and names(state, state.camps[1].reserve) == ["Guard"]
    assert (
        "South reacts: Guard is played as a Support to cancel the attack of Warrior a2 on "
        "Shogun a3." in texts(after.events)
    )
    assert f"Your standing reaction {GUARD_LEADER} fired and is used up." in texts(after.events)
    # RULINGS 16: the attacker stays tilted; RULINGS 12: the cancelled attack used the boost
    assert state.camps[0].field["a2"].tilted
    assert "with Crossbowman b2: 1 attack" in texts(after.events, "attack")[1]
    # the reaction fired once and is gone; the attack on the Musha was not on the Leader
    assert state.players[1].reactions == []
    assert names(state, state.players[0].kingdom) == []
    assert state.camps[1].field["b3"].damage == 0


def test_a_reaction_whose_condition_does_not_match_stays_standing() -> None:
    game = build(
        field={"b2": "Warrior", "b3": "Musha"},
        hands={"South": ["Guard"]},
        reactions={"South": [GUARD_LEADER]},
    )
    after = play(game, {"North": ["ATTACK b2 ON b3"]}).state
    assert after.players[1].reactions == [GUARD_LEADER]
    assert names(after, after.players[1].hand)[:2] == ["Shogun", "Guard"]


def two_attacks_on_the_musha(reaction: str, b2: str) -> Any:
    """South holds a Guard and stands ready with ``reaction``; North's Sorcerer a2, then its
    ``b2``, attack South's Musha b3."""
    game = build(
        field={"a2": "Sorcerer", "b2": b2, "b3": "Musha"},
        hands={"South": ["Guard"]},
        reactions={"South": [reaction]},
    )
    return play(game, {"North": ["ATTACK a2 ON b3", "ATTACK b2 ON b3"]})


def test_if_lethal_lets_harmless_attacks_through() -> None:
    after = two_attacks_on_the_musha("CANCEL ATTACK ON Musha IF LETHAL WITH Guard", "Warrior")
    # X = 1 (the King in hand): harmless; then the Warrior's 2 would make 3: cancelled
    assert len(texts(after.events, "reaction")) == 1
    assert "the attack of Warrior b2 on Musha b3" in texts(after.events, "reaction")[0]
    assert at(after.state, "b3") == "Musha"


def test_by_matches_the_attacking_unit() -> None:
    after = two_attacks_on_the_musha("CANCEL ATTACK BY Ninja WITH Guard", "Ninja")
    assert "the attack of Ninja b2 on Musha b3" in texts(after.events, "reaction")[0]


def test_every_fires_as_long_as_cards_last_and_without_with_any_suitable_card_is_used() -> None:
    """RULINGS 26 and 27."""
    reaction = "CANCEL EVERY ATTACK"
    game = build(
        field={
            "a2": "Warrior",
            "b2": "Warrior",
            "c2": "Warrior",
            "a3": "Guard",
            "b3": "Musha",
            "c3": "Viking",
        },
        hands={"South": ["Medjay", "Viking", "Guard"]},
        reactions={"South": [reaction]},
    )
    after = play(game, {"North": ["ATTACK a2 ON a3", "ATTACK b2 ON b3", "ATTACK c2 ON c3"]})
    state = after.state
    assert names(state, state.camps[1].reserve) == ["Medjay", "Guard"]
    assert state.players[1].reactions == [reaction]
    assert names(state, state.camps[1].graveyard) == ["Viking"]


def test_a_reaction_without_its_card_in_hand_waits() -> None:
    game = build(
        field={"b2": "Warrior", "b3": "Shogun"},
        hands={"South": ["Medjay"]},
        reactions={"South": [GUARD_LEADER]},
        leaders=("King", "Shogun"),
    )
    after = play(game, {"North": ["ATTACK b2 ON b3"]}).state
    assert after.players[1].reactions == [GUARD_LEADER]


def the_knight_attacks_the_shogun(
    hands: dict[str, list[str]], reactions: dict[str, list[str]], **table: Any
) -> Any:
    """North's Knight b2 attacks South's Leader, the Shogun b3, the players holding ``hands``
    and standing ready with ``reactions`` (``table``: the rest of ``build``'s layout)."""
    game = build(
        field={"b2": "Knight", "b3": "Shogun"},
        leaders=("King", "Shogun"),
        hands=hands,
        reactions=reactions,
        **table,
    )
    return play(game, {"North": ["ATTACK b2 ON b3"]})


def test_a_reaction_needs_room_in_the_reserve() -> None:
    after = the_knight_attacks_the_shogun(
        {"South": ["Guard"]}, {"South": [GUARD_LEADER]}, reserves={1: ["Viking"] * 5}
    ).state
    assert after.stage == "over" and after.result.startswith("North wins by execution")


def test_cancel_any_support_that_would_resurrect() -> None:
    reaction = "CANCEL EVERY SUPPORT RESURRECT"
    assert accepted(build(), "South", "cancel any Support that would resurrect") == [reaction]
    game = build(
        field={"b2": "Samurai", "b3": "Musha"},
        hands={"North": ["Anubis"], "South": ["Druid"]},
        graveyards={0: ["Guard"]},
        reactions={"South": [reaction]},
    )
    after = play(game, {"North": ["SUPPORT Anubis: Guard TO a2"]})
    state = after.state
    assert at(state, "a2") is None and names(state, state.camps[0].graveyard) == ["Guard"]
    assert names(state, state.camps[0].reserve) == ["Anubis"]
    assert names(state, state.camps[1].reserve) == ["Druid"]
    assert "The effect of the Anubis is cancelled." in texts(after.events)


def test_a_support_filter_names_a_card_or_an_effect() -> None:
    game = build(
        field={"b2": "Samurai", "b3": "Musha"},
        hands={"North": ["Samurai", "Viking"], "South": ["Druid"]},
        reactions={"South": ["CANCEL SUPPORT Viking WITH Druid"]},
    )
    after = play(game, {"North": ["SUPPORT Samurai", "SUPPORT Viking"]})
    assert texts(after.events, "boost") == ["The next Soldier attack this turn gets +3 attack."]


def test_the_active_player_may_answer_a_reaction_and_the_next_reaction_tries_again() -> None:
    """RULINGS 28: Sorcerer (either turn) cancels the Guard; the second Guard holds."""
    after = the_knight_attacks_the_shogun(
        {"North": ["Sorcerer"], "South": ["Guard", "Guard"]},
        {"South": [GUARD_LEADER, GUARD_LEADER], "North": ["CANCEL SUPPORT WITH Sorcerer"]},
    )
    lines = texts(after.events, "reaction")
    assert [line.split(":")[0] for line in lines] == [
        "South reacts",
        "North reacts",
        "South reacts",
    ]
    assert "The Guard of South is cancelled: the attack of Knight b2 on Shogun b3 still stands." in texts(
        after.events
    )
    assert after.state.stage == "turn" and at(after.state, "b3") == "Shogun"


def test_a_reactor_may_cancel_the_answer_to_its_reaction() -> None:
    after = the_knight_attacks_the_shogun(
        {"North": ["Sorcerer"], "South": ["Guard", "Druid"]},
        {
            "South": [GUARD_LEADER, "CANCEL SUPPORT Sorcerer WITH Druid"],
            "North": ["CANCEL SUPPORT WITH Sorcerer"],
        },
    )
    assert len(texts(after.events, "reaction")) == 3
    assert "The attack on Shogun b3 is cancelled." in texts(after.events)


def test_reactions_stand_across_turns_until_replaced() -> None:
    """RULINGS 29: a mail's reactions replace all earlier ones; NO REACTIONS clears them."""
    game = build(field={"b2": "Knight", "b3": "Musha"}, reactions={"South": [GUARD_LEADER]})
    after = play(game, {"South": ["CANCEL SUPPORT WITH Druid"]}).state
    assert after.players[1].reactions == ["CANCEL SUPPORT WITH Druid"]
    after = play(after, {"South": ["PASS"]}).state
    assert after.players[1].reactions == ["CANCEL SUPPORT WITH Druid"]
    after = play(after, {"South": ["NO REACTIONS"]}).state
    assert after.players[1].reactions == []


def test_reactions_are_checked_when_written() -> None:
    game = build(field={"b2": "Knight", "b3": "Musha"}, hands={"South": ["Druid"]})
    lines = ruleset.parse_orders(
        game,
        "South",
        "CANCEL ATTACK ON LEADER WITH Druid\nCANCEL ATTACK ON b2\nCANCEL SUPPORT WITH Druid\n"
        "CANCEL ATTACK ON LEADER WITH Guard\nATTACK b3 ON b2",
    )
    assert lines[0].error and "the Druid cannot cancel an attack" in lines[0].error
    assert lines[1].error == "b2 is not on your battlefield; ON names your unit"
    assert lines[2].order == "CANCEL SUPPORT WITH Druid" and lines[2].note is None
    assert lines[3].note == "you hold no Guard now: this reaction can only fire once you do"
    assert lines[4].error == "it is North's turn, not yours"
    assert {line.key for line in lines if line.order} == {"reactions"}


def test_the_reply_to_the_active_player_ignores_the_opponents_reactions() -> None:
    """RULINGS 11: what North is told cannot depend on South's secret reactions."""
    plain = build(field={"b2": "Knight", "b3": "Shogun"}, leaders=("King", "Shogun"))
    guarded = build(
        field={"b2": "Knight", "b3": "Shogun"},
        leaders=("King", "Shogun"),
        hands={"South": ["Guard"]},
        reactions={"South": [GUARD_LEADER]},
    )
    mail = "ATTACK b2 ON b3\nCITIZEN King"
    assert ruleset.parse_orders(plain, "North", mail) == ruleset.parse_orders(guarded, "North", mail)
    [_, line] = ruleset.parse_orders(plain, "North", mail)
    assert line.note and line.note.startswith("not checked")


def test_an_unfired_reaction_is_seen_only_by_its_owner() -> None:
    game = build(field={"b2": "Knight", "b3": "Musha"})
    events = play(game, {"South": [GUARD_LEADER]}).events
    standing = [{k: v for k, v in e.items() if k != "msg"} for e in events if e["type"] == "standing"]
    assert standing == [
        {
            "type": "standing",
            "text": f"standing reactions of South: {GUARD_LEADER}",
            "to": ["South"],
        }
    ]


def test_the_opponent_sees_the_card_played_never_the_standing_reactions_words() -> None:
    """At the table the opponent sees only the Guard played; an EVERY reaction still stands,
    so its words are South's secret: only South's report tells them."""
    every = "CANCEL EVERY ATTACK ON LEADER WITH Guard"
    game = build(
        field={"a2": "Warrior", "a3": "Shogun"},
        hands={"South": ["Guard"]},
        leaders=("King", "Shogun"),
        reactions={"South": [every]},
    )
    after = play(game, {"North": ["ATTACK a2 ON a3"]})
    north = ruleset.view(after.state, after.events, "North")
    south = ruleset.view(after.state, after.events, "South")
    seen_by_north = " ".join(e["text"] for e in north["events"])
    assert "South reacts: Guard is played as a Support" in seen_by_north
    assert "CANCEL" not in seen_by_north and "standing reaction" not in seen_by_north
    assert f"Your standing reaction {every} fired and stands." in [e["text"] for e in south["events"]]
