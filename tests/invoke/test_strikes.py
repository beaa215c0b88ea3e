"""Elements striking gems, walls blocking, absorbing and crumbling (rulebook "Elements",
"Build Wall", "Sequence of Play" 7-8), played through adjudicate."""

from __future__ import annotations

from pbem.rulesets.invoke.state import WallCard

from .tables import give, play, table, texts, with_wall


def test_an_unguarded_attack_destroys_gems_which_leave_play() -> None:
    game = table(hands={"Alice": ["Move Left", "Fire", "+2"]})
    after = play(game, {"Alice": "Move Left & Fire & +2"}).state
    assert after.mages["Bob"].gems == 7 - 3
    assert after.aether == game.aether  # "They are NOT placed into the Aether"
    assert after.destroyed == 3


def test_damage_is_taken_at_the_end_of_the_turn() -> None:
    # Bob has one gem. Alice strikes it, then steals it: the steal still finds it, because
    # the strike's damage waits for the end of the turn ("All damage takes effect at the
    # end of play").
    game = table(hands={"Alice": ["Move Left", "Fire", "Target Power Gem", "Move Right"]}, gems={"Bob": 1})
    after = play(game, {"Alice": ["Move Left & Fire", "Target Power Gem & Move Right"]}).state
    assert after.mages["Alice"].gems == 8
    assert after.mages["Bob"].gems == 0
    assert after.destroyed == 0


def test_a_wall_blocks_its_own_element_whole_without_damage() -> None:
    game = table(hands={"Alice": ["Move Left", "Fire", "+2"]})
    wall = with_wall(game, "Bob", "Fire", [[]])
    result = play(game, {"Alice": "Move Left & Fire & +2"})
    assert result.state.mages["Bob"].gems == 7
    assert [w.charge for w in result.state.walls if w.id == wall.id] == [[WallCard("Fire", [])]]
    assert "blocks the Fire (3)" in texts(result.events)


def test_a_wall_trades_power_for_power_with_its_opposite() -> None:
    game = table(hands={"Alice": ["Move Left", "Fire", "+1"]})
    with_wall(game, "Bob", "Water", [[], ["+1"]])  # 1 + 2 = 3 points
    after = play(game, {"Alice": "Move Left & Fire & +1"}).state
    assert after.mages["Bob"].gems == 7
    (wall,) = after.walls
    assert [w.element for w in wall.charge] == ["Water"]  # the +1 Water absorbed the 2
    assert after.discards["Manifest"].count("Water") == 1


def test_an_opposite_stronger_than_the_wall_crumbles_it_and_the_rest_strikes() -> None:
    game = table(hands={"Alice": ["Move Left", "Fire", "+2", "+1"]})
    with_wall(game, "Bob", "Water", [[], ["+1"]])
    result = play(game, {"Alice": "Move Left & Fire & +2 & +1"})
    assert result.state.walls == []
    assert result.state.mages["Bob"].gems == 7 - 1
    assert "crumbles" in texts(result.events)


def test_a_wall_ignores_the_elements_that_are_neither_its_own_nor_its_opposite() -> None:
    # "Fire and Water neither take damage from nor block attacks from Air or Earth"
    game = table(hands={"Alice": ["Move Left", "Air"]})
    with_wall(game, "Bob", "Water", [[]])
    after = play(game, {"Alice": "Move Left & Air"}).state
    assert after.mages["Bob"].gems == 6
    assert after.walls[0].charge == [WallCard("Water", [])]


def test_rulebook_shield_wall_example() -> None:
    # "So you build it with 2 Water, +1 modifying the Water. This wall will block and take
    # no damage from Water. It will block but also take damage from Fire. It does not
    # interact with Air or Earth at all"
    game = table(hands={"Bob": ["Build Wall", "Water", "Water", "+1"]}, options={"first": "Bob"})
    built = play(game, {"Bob": "Build Wall & Water & Water & +1"}).state
    (wall,) = built.walls
    assert (wall.owner, wall.guards) == ("Bob", "gems")
    give(built, "Carol", ["Move Right", "Water", "+2", "Move Right", "Fire", "Move Right", "Earth"])
    hit = play(built, {"Carol": ["Move Right & Water & +2", "Move Right & Fire", "Move Right & Earth"]})
    assert hit.state.mages["Bob"].gems == 7 - 1  # only the Earth got through
    (wall,) = hit.state.walls
    assert [(c.element, c.mods, c.adjust) for c in wall.charge] == [("Water", [], 0), ("Water", ["+1"], -1)]


def test_the_victim_of_a_theft_strikes_back_rulebook_example_2() -> None:
    # Alice steals a gem from the mage on her right (Carol); Carol, with Move Left and
    # elements but no Target Power Gem, sends a tornado at Alice: 1 damage.
    game = table(
        hands={
            "Alice": ["Target Power Gem", "Move Left"],
            "Carol": ["Move Left", "Air", "Fire", "Earth", "Water", "Air"],
        },
        seed=3,
    )
    first = play(game, {"Alice": "Target Power Gem & Move Left"}).state
    assert (first.mages["Alice"].gems, first.mages["Carol"].gems) == (8, 6)
    second = play(first, {"Bob": "PASS"}).state
    third = play(second, {"Carol": "Air & Move Left"}).state
    assert third.mages["Alice"].gems == 7
    assert third.destroyed == 1


def test_sequence_examples_strike_where_the_rulebook_says() -> None:
    seats = ("Alice", "Bob", "Carol", "Dave", "Erin")
    sweep = play(
        table(seats, hands={"Alice": ["+1", "Move Left", "Air", "Fire"]}),
        {"Alice": "+1 & Move Left & Air & Fire"},
    ).state
    assert [sweep.mages[n].gems for n in seats] == [5, 4, 4, 5, 5]
    jump = play(
        table(seats, hands={"Alice": ["Move Left", "+2", "Air", "Fire"]}),
        {"Alice": "Move Left & +2 & Air & Fire"},
    ).state
    assert [jump.mages[n].gems for n in seats] == [5, 5, 5, 3, 5]
    strong = play(
        table(seats, hands={"Alice": ["Move Left", "Air", "Fire", "+2"]}),
        {"Alice": "Move Left & Air & Fire & +2"},
    ).state
    assert [strong.mages[n].gems for n in seats] == [5, 1, 5, 5, 5]


def test_target_power_gem_with_an_element_destroys_gems_behind_their_wall() -> None:
    game = table(hands={"Alice": ["Target Power Gem", "Earth", "+1"]})
    with_wall(game, "Carol", "Air", [[]])
    after = play(game, {"Alice": "Target Power Gem of Carol & Earth & +1"}).state
    assert after.mages["Carol"].gems == 7 - 1
    assert after.walls == []
