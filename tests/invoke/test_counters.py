"""Out-of-turn play by mail: standing counters, Haste, Target Current Invocation, Wands
(rulebook examples 1, 4 and 5; RULINGS.md "Timing")."""

from __future__ import annotations

import pytest

from pbem.ruleset import Adjudication
from pbem.rulesets.invoke import ruleset

from .tables import play, table, texts, with_wall

SEATS = ("Alice", "Bob", "Carol", "Dave")


def test_example_1_a_third_mage_diminishes_a_discard() -> None:
    game = table(
        SEATS,
        hands={
            "Alice": ["Target Hand", "Discard", "+2"],
            "Carol": ["Fire", "Air", "Earth", "Water", "Fire"],
            "Dave": ["Target Current Invocation", "-1"],
        },
    )
    counter = "IF Target Hand AT Carol: Target Current Invocation & -1"
    result = play(game, {"Alice": "Target Hand of Carol & Discard & +2", "Dave": counter})
    assert len(result.state.mages["Carol"].hand) == 5 - 2
    assert f"Dave's counter fires against Alice's invocation (speed 1 against 0): {counter}." in texts(
        result.events
    )
    assert result.state.mages["Dave"].counters == []
    assert result.state.mages["Dave"].hand == []


@pytest.mark.parametrize(
    "attack, stored, blocked",
    [
        # "Invoke & Fire" against a Wand of Build Wall & Fire & (+1): the Wand's built-in Haste
        # negates the first action of the mage whose turn it is.
        ("Invoke Carol & Fire", "face down +1", True),
        # "your Haste gets the fire through faster than they can build"
        ("Invoke Carol & Fire & Haste", "face down +1", False),
        # "EXCEPT - the face down card is not a +1, but a HASTE"
        ("Invoke Carol & Fire & Haste", "face down Haste", True),
        # "Unless you had Invoke & Fire & Haste & +1 (... the 1 adding to the Haste)"
        ("Invoke Carol & Fire & Haste & +1", "face down Haste", False),
    ],
)
def test_example_4_a_fireball_against_a_wand(attack: str, stored: str, blocked: bool) -> None:
    stored_card = stored.removeprefix("face down ")
    game = table(
        SEATS,
        hands={
            "Alice": ["Invoke", "Fire", "Haste", "+1"],
            "Carol": ["Wand", "Build Wall", "Fire", stored_card],
        },
        options={"first": "Carol"},
    )
    state = play(
        game, {"Carol": [f"Wand & Build Wall & Fire & {stored}", "IF Fire AT ME: ACTIVATE WAND"]}
    ).state
    state = play(state, {"Dave": "PASS"}).state
    result = play(state, {"Alice": attack})
    carol = result.state.mages["Carol"]
    if blocked:
        assert carol.gems == 5
        assert [w.charge[0].element for w in result.state.walls] == ["Fire"]
        assert carol.counters == []
    else:
        assert carol.gems == 4
        assert [t.card for t in result.state.things] == ["Wand"]
        assert len(carol.counters) == 1  # too slow: it stays set, unrevealed
        assert "ACTIVATE WAND" not in texts(result.events)


def test_a_steal_diminished_by_one_power_point_steals_one_gem_less_not_none() -> None:
    # Example 1: "Target Current Invocation & -1 = Your Invocation has been diminished by one
    # power point"; a steal of two gems (Target Power Gem & +1 & Move Left) then steals one.
    game = table(
        SEATS,
        hands={"Alice": ["Target Power Gem", "+1", "Move Left"], "Bob": ["Target Current Invocation", "-1"]},
    )
    counter = "IF Target Power Gem AT Dave: Target Current Invocation & -1"
    result = play(game, {"Alice": "Target Power Gem & +1 & Move Left", "Bob": counter})
    gems = {name: mage.gems for name, mage in result.state.mages.items()}
    assert gems["Alice"] == 5 + 1 and gems["Dave"] == 5 - 1
    assert "its Target Power Gem by -1" in texts(result.events)


def example_5(counters: dict[str, str], hands: dict[str, list[str]]):
    game = table(
        SEATS, hands={"Alice": ["Target Power Gem", "Invoke", "Fire"], **hands}, gems={"Alice": 6}, aether=1
    )
    return play(game, {"Alice": "Target Power Gem & Invoke Aether & Fire", **counters})


def test_example_5_destroying_the_last_gem_of_the_aether_ends_the_game() -> None:
    result = example_5({}, {})
    assert result.state.aether == 0
    assert result.state.over and result.state.winners == ["Alice"]


def test_example_5_blocked_by_a_fire_wall_built_in_front_of_the_aether() -> None:
    result = example_5(
        {"Bob": "IF ANY AT Aether: Target Current Invocation & Build Wall & Fire"},
        {"Bob": ["Target Current Invocation", "Build Wall", "Fire"]},
    )
    assert result.state.aether == 1 and not result.state.over
    assert [(w.owner, w.charge[0].element) for w in result.state.walls] == [("Aether", "Fire")]


def test_example_5_blocked_by_water_answering_the_fire() -> None:
    result = example_5(
        {"Carol": "IF Fire AT Aether: Target Current Invocation & Haste & Invoke & Water"},
        {"Carol": ["Target Current Invocation", "Haste", "Invoke", "Water"]},
    )
    assert result.state.aether == 1 and not result.state.over
    assert "cancels 1 point of Fire" in texts(result.events)


def alice_casts(cards: list[str], counters: dict[str, str], hands: dict[str, list[str]]) -> Adjudication:
    """Alice holds ``cards`` and casts them, in that order, as her one invocation; the other
    mages hold ``hands`` and stand ready with ``counters``."""
    game = table(SEATS, hands={"Alice": cards, **hands})
    return play(game, {"Alice": " & ".join(cards), **counters})


def test_the_victim_builds_a_wall_with_haste_before_the_attack_lands() -> None:
    result = alice_casts(
        ["Move Left", "Fire", "+1"],
        {"Bob": "IF Fire AT ME: Haste & Build Wall & Water"},
        {"Bob": ["Haste", "Build Wall", "Water"]},
    )
    assert result.state.mages["Bob"].gems == 5 - 1  # Water 1 absorbed 1 of the Fire 2
    assert result.state.walls == []  # ... and crumbled doing it


def test_a_counter_without_its_cards_does_not_fire_and_stays() -> None:
    counter = "IF Fire AT ME: Haste & Build Wall & Water"
    result = alice_casts(["Move Left", "Fire"], {"Bob": counter}, {"Bob": ["Haste", "Water"]})
    assert result.state.mages["Bob"].gems == 4
    assert len(result.state.mages["Bob"].counters) == 1
    assert "counter" not in texts(result.events)


def test_counters_answer_only_what_they_wait_for() -> None:
    result = alice_casts(
        ["Move Left", "Air"],
        {
            "Bob": "IF Fire AT ME: Target Current Invocation & Earth",
            "Carol": "IF Air BY Dave AT Bob: Target Current Invocation & Earth",
        },
        {"Bob": ["Target Current Invocation", "Earth"], "Carol": ["Target Current Invocation", "Earth"]},
    )
    assert result.state.mages["Bob"].gems == 4
    assert "counter" not in texts(result.events)


def test_counters_fire_once_fastest_first_and_only_while_still_needed() -> None:
    # Carol and Dave both wait to save Bob from Fire with Water; both have speed 1, so the
    # first in the order of play from Alice answers (Carol); after it the Fire is spent and
    # no longer reaches Bob, so Dave's counter stays set.
    counter = "IF Fire AT Bob: Target Current Invocation & Water"
    result = alice_casts(
        ["Move Left", "Fire"],
        {"Carol": counter, "Dave": counter},
        {"Carol": ["Target Current Invocation", "Water"], "Dave": ["Target Current Invocation", "Water"]},
    )
    assert result.state.mages["Bob"].gems == 5
    assert result.state.mages["Carol"].counters == []
    assert len(result.state.mages["Dave"].counters) == 1


def test_a_hasted_counter_beats_a_built_in_haste_on_speed() -> None:
    result = alice_casts(
        ["Move Left", "Fire"],
        {
            "Carol": "IF Fire AT Bob: Target Current Invocation & Water",
            "Dave": "IF Fire AT Bob: Target Current Invocation & Haste & Fire & +1",
        },
        {
            "Carol": ["Target Current Invocation", "Water"],
            "Dave": ["Target Current Invocation", "Haste", "Fire", "+1"],
        },
    )
    # Dave (speed 2) first: Fire 1 becomes 2; then Carol (speed 1): Water cancels 1 of it.
    assert result.state.mages["Bob"].gems == 5 - 1
    fired = [e["power"] for e in result.events if e["kind"] == "counter"]
    assert fired == ["Dave", "Carol"]


def test_target_current_invocation_and_a_move_redirects_it() -> None:
    game = table(
        SEATS, hands={"Alice": ["Invoke", "Fire"], "Bob": ["Target Current Invocation", "Move Left"]}
    )
    result = play(
        game, {"Alice": "Invoke Bob & Fire", "Bob": "IF ANY AT ME: Target Current Invocation & Move Left"}
    )
    assert (result.state.mages["Bob"].gems, result.state.mages["Carol"].gems) == (5, 4)


def test_a_counter_must_be_able_to_interrupt() -> None:
    (line,) = ruleset.parse_orders(table(SEATS), "Bob", "IF Fire AT ME: Build Wall & Water")
    assert line.error and "Haste" in line.error
    assert line.hint == "e.g. IF Fire AT ME: Haste & Build Wall & Water"


def test_target_established_invocation_in_ones_own_turn_breaks_a_wall() -> None:
    game = table(SEATS, hands={"Alice": ["Target Established Invocation", "Water"]})
    wall = with_wall(game, "Bob", "Fire", [[]])
    result = play(game, {"Alice": f"Target Established Invocation {wall.id} & Water"})
    assert result.state.walls == []


def test_target_established_invocation_with_a_modifier_weakens_a_wall() -> None:
    game = table(SEATS, hands={"Alice": ["Target Established Invocation", "-1"]})
    wall = with_wall(game, "Bob", "Earth", [["+1"]])
    after = play(game, {"Alice": f"Target Established Invocation {wall.id} & -1"}).state
    assert after.walls[0].charge[0].adjust == -1


def test_target_established_invocation_cannot_move_a_wall() -> None:
    game = table(SEATS, hands={"Alice": ["Target Established Invocation", "Move Left"]})
    wall = with_wall(game, "Bob", "Earth", [[]])
    result = play(game, {"Alice": f"Target Established Invocation {wall.id} & Move Left"})
    assert "walls stay where they were built" in texts(result.events)
    assert result.state.walls[0].owner == "Bob"


def test_target_established_invocation_cannot_raise_a_wall_above_three_points() -> None:
    game = table(SEATS, hands={"Alice": ["Target Established Invocation", "+2"]})
    wall = with_wall(game, "Bob", "Earth", [["+1"]])
    after = play(game, {"Alice": f"Target Established Invocation {wall.id} & +2"}).state
    assert after.walls[0].charge[0].adjust == 1  # 2 points + 1 = the wall's 3


def test_a_counter_that_fires_shows_the_table_its_cards_never_its_condition() -> None:
    """At the table the others see the cards played, not what the counter was set to answer:
    only its owner reads his standing order (ruling 24, as Invictus's ruling 41)."""
    game = table(
        SEATS,
        hands={
            "Alice": ["Target Hand", "Discard", "+2"],
            "Carol": ["Fire", "Air", "Earth", "Water", "Fire"],
            "Dave": ["Target Current Invocation", "-1"],
        },
    )
    counter = "IF Target Hand AT Carol: Target Current Invocation & -1"
    result = play(game, {"Alice": "Target Hand of Carol & Discard & +2", "Dave": counter})
    fired = "Dave's counter fires against Alice's invocation (speed 1 against 0): "
    for viewer in ("Alice", "Bob", "Carol", "PUBLIC"):
        seen = " ".join(e["text"] for e in ruleset.view(result.state, result.events, viewer)["events"])
        assert f"{fired}Target Current Invocation & -1." in seen, viewer
        assert "IF Target Hand AT Carol" not in seen, viewer
        assert f"{fired}{counter}." in ruleset.hidden_facts(result.state, result.events, viewer)
    owners = ruleset.view(result.state, result.events, "Dave")["events"]
    assert f"{fired}{counter}." in [e["text"] for e in owners]
