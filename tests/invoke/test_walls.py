"""Building and repairing shield walls (rulebook "Build Wall", "Creatures")."""

from __future__ import annotations

import copy

from pbem.rulesets.invoke import ruleset
from pbem.rulesets.invoke.state import AETHER

from .tables import give, play, table, texts, until, with_wall


def errors(game, power: str, text: str) -> list[str]:
    return [line.error or "" for line in ruleset.parse_orders(game, power, text) if line.error]


def test_a_wall_built_alone_guards_its_builders_power_gems() -> None:
    game = table(hands={"Alice": ["Build Wall", "Earth", "+1"]})
    after = play(game, {"Alice": "Build Wall & Earth & +1"}).state
    (wall,) = after.walls
    assert (wall.owner, wall.guards, wall.charge[0].element) == ("Alice", "gems", "Earth")
    assert "Build Wall" not in after.discards["Thaumaturgy"]  # it stays on the table


def test_a_wall_can_guard_the_aether() -> None:
    game = table(hands={"Alice": ["Build Wall", "Fire"]})
    after = play(game, {"Alice": "Build Wall on Aether & Fire"}).state
    assert (after.walls[0].owner, after.walls[0].guards) == (AETHER, "gems")


def test_a_wall_built_in_front_of_the_aether_is_its_builders_to_count_and_repair() -> None:
    # Ruling 10: it guards the Aether's gems but is Alice's established invocation: she
    # cannot also have a Water one, and she alone repairs it.
    game = table(hands={"Alice": ["Build Wall", "Fire", "Build Wall", "Water", "Fire"], "Bob": ["Fire"]})
    result = play(game, {"Alice": ["Build Wall on Aether & Fire", "Build Wall & Water"]})
    assert "opposite elements" in texts(result.events)
    [wall] = result.state.walls
    assert (wall.owner, wall.builder, wall.held_by()) == (AETHER, "Alice", "Alice")
    assert "guarding the Aether's power gems, built by Alice is built." in texts(result.events)
    game = until(result.state, "Alice")
    give(game, "Alice", ["Fire"])
    assert errors(game, "Alice", f"REPAIR {wall.id} & Fire") == []
    assert "not a wall of yours" in errors(game, "Bob", f"REPAIR {wall.id} & Fire")[0]
    repaired = play(game, {"Alice": f"REPAIR {wall.id} & Fire"}).state
    assert [c.element for c in repaired.walls[0].charge] == ["Fire", "Fire"]


def test_a_wall_guarding_a_creature_is_built_on_it() -> None:
    game = table(hands={"Alice": ["Mermaid", "Build Wall", "Water"]})
    after = play(game, {"Alice": ["Mermaid", "Build Wall on Mermaid & Water"]}).state
    (mermaid,) = after.things
    assert after.walls[0].guards == mermaid.id


def test_a_mage_may_not_have_opposite_elements_established() -> None:
    # "So if you have a Water Wall, you can not also have a Fire Wall"
    game = table(hands={"Alice": ["Build Wall", "Fire"]})
    with_wall(game, "Alice", "Water", [[]], guards="gems")
    [line] = ruleset.parse_orders(game, "Alice", "Build Wall on Aether & Fire")
    assert "opposite elements" in (line.note or "")  # a wall she builds for the Aether is hers
    game2 = table(hands={"Alice": ["Mermaid", "Build Wall", "Fire"]})
    with_wall(game2, "Alice", "Water", [[]])
    result = play(game2, {"Alice": ["Mermaid", "Build Wall on Mermaid & Fire"]})
    assert "opposite elements" in texts(result.events)
    assert len(result.state.walls) == 1


def test_a_creature_may_not_be_guarded_by_its_opposite_but_the_gems_may() -> None:
    # "nor can you have an Imp (a fire based creature) protected by a Water Wall. But you
    # can have an Imp in Play and build a Water Wall that protects your power gems"
    game = table(hands={"Alice": ["Imp", "Build Wall", "Water", "Build Wall", "Water"]})
    result = play(game, {"Alice": ["Imp", "Build Wall on Imp & Water", "Build Wall & Water"]})
    assert "may not be guarded by a wall of Water" in texts(result.events)
    assert [(w.guards, w.charge[0].element) for w in result.state.walls] == [("gems", "Water")]


def test_one_wall_per_thing() -> None:
    game = table(hands={"Alice": ["Build Wall", "Earth"]})
    with_wall(game, "Alice", "Earth", [[]])
    result = play(game, {"Alice": "Build Wall & Earth"})
    assert "already have a wall" in texts(result.events)
    assert len(result.state.walls) == 1
    # it was never cast, so Alice cast nothing and must discard two
    assert "no invocation this turn" in texts(result.events)


def test_repair_adds_elements_or_modifiers_at_the_start_of_the_owners_turn() -> None:
    # "Later on you are attacked and the wall is diminished to 1 Water Element. At the
    # beginning of your next turn you can repair by adding either a power modifier or
    # another Water Element."
    game = table(hands={"Alice": ["+1", "Water"]})
    wall = with_wall(game, "Alice", "Water", [[]])
    after = play(game, {"Alice": f"REPAIR {wall.id} & +1 & Water"}).state
    assert [(c.element, c.mods) for c in after.walls[0].charge] == [("Water", ["+1"]), ("Water", [])]


def test_repair_cannot_change_the_element_or_exceed_three_points() -> None:
    game = table(hands={"Alice": ["Air", "+2", "+1"]})
    wall = with_wall(game, "Alice", "Water", [[]])
    assert "adds only Water" in errors(game, "Alice", f"REPAIR {wall.id} & Air")[0]
    assert "at most 3" in errors(game, "Alice", f"REPAIR {wall.id} & +2 & +1")[0]


def test_only_the_owner_repairs_and_only_in_their_turn() -> None:
    game = table(hands={"Alice": ["Water"], "Bob": ["Water"]})
    wall = with_wall(game, "Alice", "Water", [[]])
    assert "not a wall of yours" in errors(game, "Alice", "REPAIR E99 & Water")[0]
    assert "not a wall of yours" in errors(game, "Bob", f"REPAIR {wall.id} & Water")[0]
    bobs = with_wall(game, "Bob", "Water", [[]])
    assert "Alice's turn, not yours" in errors(game, "Bob", f"REPAIR {bobs.id} & Water")[0]


def test_a_wall_with_no_element_left_crumbles_at_once_no_ghost_round_for_walls() -> None:
    game = table(hands={"Alice": ["Move Left", "Fire"], "Bob": ["Build Wall", "Water"]})
    with_wall(game, "Bob", "Water", [[]])
    result = play(game, {"Alice": "Move Left & Fire"})
    assert result.state.walls == []
    assert "crumbles" in texts(result.events)
    give(result.state, "Bob", ["Water"])
    assert "not a wall of yours" in errors(result.state, "Bob", "REPAIR E1 & Water")[0]


def test_names_keep_their_capitals_where_a_sentence_starts_with_them() -> None:
    """ "Baba yaga's power gems", "The aether's power gems": str.capitalize lowered the rest."""
    game = table(("Alice", "Baba Yaga", "Carol"), hands={"Alice": ["Move Left", "Fire"]})
    result = play(game, {"Alice": "Move Left & Fire"})
    assert "Baba Yaga's power gems take 1 point of damage" in texts(result.events)
    game = table(hands={"Alice": ["Target Power Gem", "Fire"]})
    result = play(game, {"Alice": "Target Power Gem of Aether & Fire"})
    assert "The Aether's power gems take 1 point of damage" in texts(result.events)


def test_a_stored_repair_of_a_wall_that_is_gone_is_ignored_and_the_referee_told() -> None:
    """Ruling 41: a line read against another position (Alice's wall, since destroyed) does not
    read when the turn is played: no order of the turn, no event, a notice to the referee."""
    game = table(hands={"Alice": ["Fire", "Air"]})
    walled = copy.deepcopy(game)
    wall = with_wall(walled, "Alice", "Fire", [[]])
    [line] = ruleset.parse_orders(walled, "Alice", f"REPAIR {wall.id} & Fire")
    assert line.order is not None
    result = ruleset.adjudicate(game, {"Alice": [line.order, "PASS"]}, 0)
    assert result.events and not [e for e in result.events if "REPAIR" in str(e)]
    assert [n for n in result.notices if f"REPAIR {wall.id}" in n and "not a wall of yours" in n]
    assert (game.current, result.state.current) == ("Alice", "Bob")  # her PASS is played
