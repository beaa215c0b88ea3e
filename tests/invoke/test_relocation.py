"""Targets with a movement (relocation) and Target Hand with Discard (rulebook "Moves",
"Target")."""

from __future__ import annotations

from .tables import give, play, table, texts

SEATS = ("Alice", "Bob", "Carol", "Dave")  # clockwise: each mage's left is the next


def test_target_hand_of_a_mage_and_move_left_passes_one_card_to_their_left() -> None:
    # "Target Hand & Move Left = another Mage must pass one card from their hand to the Mage
    # to their Left"
    game = table(SEATS, hands={"Alice": ["Target Hand", "Move Left"], "Carol": ["Fire"] * 3, "Dave": ["Air"]})
    after = play(game, {"Alice": "Target Hand of Carol & Move Left"}).state
    assert after.mages["Carol"].hand == ["Fire", "Fire"]
    assert after.mages["Dave"].hand == ["Air", "Fire"]


def test_target_hand_plus_two_moves_three_cards() -> None:
    game = table(
        SEATS,
        hands={
            "Alice": ["Target Hand", "+2", "Move Left"],
            "Carol": ["Fire", "Air", "Earth", "Water"],
            "Dave": [],
        },
    )
    after = play(game, {"Alice": "Target Hand of Carol & +2 & Move Left"}).state
    assert len(after.mages["Carol"].hand) == 1
    assert len(after.mages["Dave"].hand) == 3


def test_target_hand_move_left_plus_one_sends_one_card_two_seats() -> None:
    game = table(SEATS, hands={"Alice": ["Target Hand", "Move Left", "+1"], "Carol": ["Earth"]})
    after = play(game, {"Alice": "Target Hand of Carol & Move Left & +1"}).state
    assert after.mages["Carol"].hand == []
    assert after.mages["Alice"].hand == ["Earth"]  # Carol's left is Dave, then Alice


def test_a_stolen_card_is_seen_only_by_the_two_hands_it_moves_between() -> None:
    game = table(SEATS, hands={"Alice": ["Target Hand", "Move Left"], "Dave": ["Wand"]})
    result = play(game, {"Alice": "Target Hand & Move Left"})  # from Dave, Alice's right
    (event,) = [e for e in result.events if e["kind"] == "relocate"]
    assert event["to"] == ["Alice", "Dave"]
    assert "Wand" in event["secret"] and "Wand" not in event["text"]
    assert "Wand" in result.state.mages["Alice"].hand


def test_a_hand_never_grows_past_seven_by_relocation() -> None:
    game = table(
        SEATS,
        hands={"Alice": ["Target Hand", "+1", "Move Left"], "Carol": ["Fire", "Fire"], "Dave": ["Air"] * 6},
    )
    result = play(game, {"Alice": "Target Hand of Carol & +1 & Move Left"})
    assert len(result.state.mages["Dave"].hand) == 7
    assert "hand is full" in texts(result.events)


def test_target_hand_discard_and_plus_two_makes_a_mage_discard_three() -> None:
    game = table(
        SEATS, hands={"Alice": ["Target Hand", "Discard", "+2"], "Carol": ["Fire", "Air", "Earth", "Water"]}
    )
    after = play(game, {"Alice": "Target Hand of Carol & Discard & +2"}).state
    assert len(after.mages["Carol"].hand) == 1


def test_target_hand_reached_by_a_move_discards_from_the_mage_there() -> None:
    game = table(
        SEATS, hands={"Alice": ["Target Hand", "Move Left", "+1", "Discard"], "Carol": ["Fire", "Air"]}
    )
    after = play(game, {"Alice": "Target Hand & Move Left & +1 & Discard"}).state
    assert len(after.mages["Carol"].hand) == 1


def test_target_power_gem_relocates_between_two_other_mages() -> None:
    game = table(SEATS, hands={"Alice": ["Target Power Gem", "+1", "Invoke"]})
    after = play(game, {"Alice": "Target Power Gem of Bob & +1 & Invoke Dave"}).state
    assert (after.mages["Bob"].gems, after.mages["Dave"].gems) == (3, 7)


def test_target_creature_steals_a_creature_and_leaves_its_wall_behind() -> None:
    game = table(
        SEATS,
        hands={"Bob": ["Mermaid", "Build Wall", "Water"], "Alice": ["Target Creature", "Move Left"]},
        options={"first": "Bob"},
    )
    after_bob = play(game, {"Bob": ["Mermaid", "Build Wall on Mermaid & Water"]}).state
    # Carol passes, Dave passes, then Alice steals the Mermaid from Bob (her left)
    state = play(play(after_bob, {"Carol": "PASS"}).state, {"Dave": "PASS"}).state
    give(state, "Alice", ["Target Creature", "Move Right"])
    result = play(state, {"Alice": "Target Creature Mermaid & Move Right"})
    (mermaid,) = result.state.things
    assert mermaid.owner == "Alice"
    assert result.state.walls == []
    assert "left behind" in texts(result.events)


def test_a_magical_item_cannot_join_a_mage_who_has_one() -> None:
    game = table(SEATS, hands={"Bob": ["Tome", "Fire"], "Carol": ["Wand", "Fire"]}, options={"first": "Bob"})
    state = play(game, {"Bob": "Tome & Fire"}).state
    state = play(state, {"Carol": "Wand & Move Left & face down Fire"}).state
    state = play(state, {"Dave": "PASS"}).state
    give(state, "Alice", ["Target Magical Item", "Move Left"])
    result = play(state, {"Alice": "Target Magical Item Tome of Bob & Move Left"})
    assert "only one" in texts(result.events)
    assert {t.card: t.owner for t in result.state.things} == {"Tome": "Bob", "Wand": "Carol"}


def test_creatures_of_opposite_elements_cannot_be_in_play_together() -> None:
    # "nor may they have two creatures in play at the same time that are of opposing
    # Elements (A Mermaid and an Imp for instance)"
    game = table(SEATS, hands={"Alice": ["Mermaid", "Imp", "Gnome"]})
    result = play(game, {"Alice": ["Mermaid", "Imp", "Gnome"]})
    assert sorted(t.card for t in result.state.things) == ["Gnome", "Mermaid"]
    assert "opposite elements" in texts(result.events)
