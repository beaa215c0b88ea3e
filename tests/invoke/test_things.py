"""Magical items and creatures: Tomes, Wands, creatures and what they keep."""

from __future__ import annotations

from pbem.rulesets.invoke import ruleset

from .tables import give, play, table, texts, until, with_wall


def test_a_tome_banks_cards_face_down_and_they_are_played_as_from_the_hand() -> None:
    game = table(hands={"Alice": ["Tome", "Fire", "Fire", "Air"]})
    state = play(game, {"Alice": "Tome & Fire & Fire & Air"}).state
    (tome,) = state.things
    assert [p.card for p in tome.kept] == ["Fire", "Fire", "Air"]
    state = until(state, "Alice")
    give(state, "Alice", ["Move Left", "Move Left"])
    after = play(state, {"Alice": ["Move Left & Fire", "Move Left & Air"]})
    assert after.state.mages["Bob"].gems == 7 - 2
    assert "playing Fire kept on the table" in texts(after.events)
    assert [p.card for p in after.state.things[0].kept] == ["Fire"]


def test_a_depleted_tome_is_discarded_and_never_refilled() -> None:
    game = table(hands={"Alice": ["Tome", "Earth", "Move Left"]})
    state = play(game, {"Alice": "Tome & Earth"}).state
    state = until(state, "Alice")
    give(state, "Alice", ["Move Left"])
    after = play(state, {"Alice": "Move Left & Earth"})
    assert after.state.things == []
    assert "Tome" in after.state.discards["Manifest"]
    assert "is empty and crumbles" in texts(after.events)


def test_one_magical_item_per_mage() -> None:
    game = table(hands={"Alice": ["Tome", "Fire", "Wand", "Move Left", "Fire"]})
    result = play(game, {"Alice": ["Tome & Fire", "Wand & Move Left & Fire"]})
    assert "only one" in texts(result.events)
    assert [t.card for t in result.state.things] == ["Tome"]


def test_a_creature_holds_its_cards_and_is_destroyed_by_an_element() -> None:
    game = table(hands={"Alice": ["Imp", "Fire", "+1"], "Bob": ["Target Creature", "Water"]})
    state = play(game, {"Alice": "Imp & Fire & +1"}).state
    (imp,) = state.things
    assert [p.card for p in imp.kept] == ["Fire", "+1"]
    result = play(state, {"Bob": "Target Creature Imp of Alice & Water"})
    assert result.state.things == []
    assert {"Imp", "Fire"} <= set(result.state.discards["Manifest"])
    assert "is destroyed" in texts(result.events)


def test_a_creature_guarded_by_a_wall_of_its_own_element_survives_that_element() -> None:
    game = table(hands={"Alice": ["Imp", "Build Wall", "Fire"], "Bob": ["Target Creature", "Fire", "+1"]})
    state = play(game, {"Alice": ["Imp", "Build Wall on Imp & Fire"]}).state
    result = play(state, {"Bob": "Target Creature Imp of Alice & Fire & +1"})
    assert [t.card for t in result.state.things] == ["Imp"]
    assert "survives" in texts(result.events)


def test_target_magical_item_with_an_element_destroys_the_item() -> None:
    game = table(hands={"Alice": ["Wand", "Move Left", "Fire"], "Bob": ["Target Magical Item", "Earth"]})
    state = play(game, {"Alice": "Wand & Move Left & face down Fire"}).state
    result = play(state, {"Bob": "Target Magical Item of Alice & Earth"})
    assert result.state.things == []


def test_a_wand_stores_cards_face_up_or_down_and_fires_them_later() -> None:
    game = table(hands={"Alice": ["Wand", "Build Wall", "Fire", "+1"]})
    state = play(game, {"Alice": "Wand & Build Wall & Fire & face down +1"}).state
    (wand,) = state.things
    assert [p.down for p in wand.kept] == [False, False, True]
    state = until(state, "Alice")
    after = play(state, {"Alice": "ACTIVATE WAND"})
    assert [w.charge[0].mods for w in after.state.walls] == [["+1"]]
    assert after.state.things == []
    assert "Wand" in after.state.discards["Manifest"]


def test_a_wand_may_hold_an_opposite_element_but_not_fire_it_while_that_stands() -> None:
    # "even if a Mage has a Fire Wall, they CAN power a Wand with a Build Wall & Water
    # Invocation. They just cant ACTIVATE the Invocation until after their Fire Wall has
    # been destroyed"
    game = table(hands={"Alice": ["Wand", "Build Wall", "Water"]})
    with_wall(game, "Alice", "Fire", [[]])
    state = play(game, {"Alice": "Wand & Build Wall & Water"}).state
    assert [t.card for t in state.things] == ["Wand"]
    state = until(state, "Alice")
    result = play(state, {"Alice": "ACTIVATE WAND"})
    assert "cannot activate a Wand" in texts(result.events)
    assert [t.card for t in result.state.things] == ["Wand"]
    state = until(result.state, "Alice")
    state.walls.clear()  # the Fire wall is gone
    after = play(state, {"Alice": "ACTIVATE WAND"}).state
    assert [w.charge[0].element for w in after.walls] == ["Water"]


def test_an_unfired_wand_without_a_legitimate_invocation_explodes_at_the_end() -> None:
    game = table(
        hands={
            "Alice": ["Wand", "Move Left"],
            "Bob": ["Wand", "Fire", "Move Left"],
            "Carol": ["Target Power Gem", "Fire"],
        },
        aether=1,
    )
    state = play(game, {"Alice": "Wand & face down Move Left"}).state  # carries nothing
    state = play(state, {"Bob": "Wand & face down Move Left & face down Fire"}).state
    result = play(state, {"Carol": "Target Power Gem of Aether & Fire"})
    assert result.state.over
    assert result.state.mages["Alice"].gems == 7 - 1
    assert result.state.mages["Bob"].gems == 7
    assert "The Wand explodes and Alice loses 1 power gem" in texts(result.events)
    assert result.state.winners == ["Bob", "Carol"]


def test_a_face_down_card_is_hidden_from_the_others_until_fired() -> None:
    game = table(hands={"Alice": ["Wand", "Build Wall", "Fire", "Haste"]})
    result = play(game, {"Alice": "Wand & Build Wall & Fire & face down Haste"})
    mine = ruleset.view(result.state, result.events, "Alice")
    theirs = ruleset.view(result.state, result.events, "Bob")
    assert mine["mages"][0]["things"] == ["Alice's Wand M1 holding Build Wall & Fire & face down Haste"]
    assert theirs["mages"][0]["things"] == ["Alice's Wand M1 holding Build Wall & Fire & 1 face-down card"]
    assert "Haste" not in str(theirs)
