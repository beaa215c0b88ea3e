"""Delay and Sustain: established invocations that resolve on later turns (rulebook
"Delay", "Sustain", "Duration")."""

from __future__ import annotations

from pbem.rulesets.invoke import ruleset

from .tables import give, play, table, texts, until, with_wall


def test_delay_resolves_at_the_end_of_the_casters_next_turn() -> None:
    # "Delay & Move Right & Earth is targeting the Mage to their right, but ... placed down
    # as an Established Invocation ... damage calculated at the end of the Invoking Mage's
    # next turn"
    game = table(hands={"Alice": ["Delay", "Move Right", "Earth"]})
    state = play(game, {"Alice": "Delay & Move Right & Earth"}).state
    (spell,) = state.spells
    assert state.mages["Carol"].gems == 7
    view = ruleset.view(state, [], "Bob")
    assert view["mages"][0]["spells"] == [
        f"{spell.id}: Alice's Delay & Move Right & Earth, resolves at the end of Alice's next turn"
    ]
    state = until(state, "Alice")  # Bob and Carol pass
    assert state.mages["Carol"].gems == 7
    result = play(state, {"Alice": "PASS"})
    assert result.state.mages["Carol"].gems == 6
    assert result.state.spells == []
    assert {"Delay", "Earth"} <= set(result.state.discards["Focus"] + result.state.discards["Manifest"])


def test_sustain_moves_on_and_strikes_again_at_the_end_of_the_next_turn() -> None:
    # "Sustain & Move Right & Earth ... cast against the Mage to the immediate right ... and
    # moves one more space to the right with damages applied at the end of the next
    # Mage's turn"; Carol is Alice's right, Bob is Carol's right.
    game = table(hands={"Alice": ["Sustain", "Move Right", "Earth"]})
    state = play(game, {"Alice": "Sustain & Move Right & Earth"}).state
    assert (state.mages["Carol"].gems, state.mages["Bob"].gems) == (6, 7)
    state = play(state, {"Bob": "PASS"}).state
    assert (state.mages["Carol"].gems, state.mages["Bob"].gems) == (6, 6)
    assert state.spells == []


def test_sustain_with_invoke_strikes_the_same_mage_again_at_the_end_of_the_casters_next_turn() -> None:
    # "Sustain & Invoke & Earth would result in a Current Invocation cast against the
    # targeted Mage ... AND an Established Invocation cast against the same targeted Mage
    # with damages applied at the end of the Invoking Mage's next turn": not at the end of
    # Bob's or Carol's turn, at the end of Alice's.
    game = table(hands={"Alice": ["Sustain", "Invoke", "Earth"]})
    state = play(game, {"Alice": "Sustain & Invoke Carol & Earth"}).state
    assert state.mages["Carol"].gems == 6
    assert "at the end of Alice's next turn" in str(ruleset.view(state, [], "Carol")["mages"])
    state = until(state, "Alice")  # Bob and Carol pass
    assert state.mages["Carol"].gems == 6
    result = play(state, {"Alice": "PASS"})
    assert result.state.mages["Carol"].gems == 5
    assert result.state.spells == []


def test_a_delayed_fire_is_refused_beside_the_casters_water_wall() -> None:
    game = table(hands={"Alice": ["Delay", "Move Left", "Fire"]})
    with_wall(game, "Alice", "Water", [[]])
    result = play(game, {"Alice": "Delay & Move Left & Fire"})
    assert "opposite elements" in texts(result.events)
    assert result.state.spells == []


def test_a_waiting_invocation_can_be_answered_with_its_opposite() -> None:
    game = table(hands={"Alice": ["Delay", "Move Left", "Fire", "+1"]})
    state = play(game, {"Alice": "Delay & Move Left & Fire & +1"}).state
    (spell,) = state.spells
    give(state, "Bob", ["Target Established Invocation", "Water"])
    state = play(state, {"Bob": f"Target Established Invocation {spell.id} & Water"}).state
    state = until(state, "Alice")
    result = play(state, {"Alice": "PASS"})
    assert result.state.mages["Bob"].gems == 7 - 1  # Fire 2 less Water 1


def test_a_waiting_invocation_can_be_moved_with_target_established_invocation() -> None:
    game = table(hands={"Alice": ["Delay", "Move Left", "Fire"]})
    state = play(game, {"Alice": "Delay & Move Left & Fire"}).state
    (spell,) = state.spells
    give(state, "Bob", ["Target Established Invocation", "Move Left"])
    state = play(state, {"Bob": f"Target Established Invocation {spell.id} & Move Left"}).state
    state = until(state, "Alice")
    after = play(state, {"Alice": "PASS"}).state
    assert (after.mages["Bob"].gems, after.mages["Carol"].gems) == (7, 6)


def test_counters_answer_an_established_invocation_when_it_resolves() -> None:
    game = table(hands={"Alice": ["Delay", "Move Left", "Fire"], "Bob": ["Haste", "Build Wall", "Fire"]})
    state = play(
        game, {"Alice": "Delay & Move Left & Fire", "Bob": "IF Fire AT ME: Haste & Build Wall & Fire"}
    ).state
    assert len(state.mages["Bob"].counters) == 1  # nothing struck yet
    give(state, "Bob", ["Haste", "Build Wall", "Fire"])
    state = play(state, {"Bob": "PASS"}).state
    give(state, "Bob", ["Haste", "Build Wall", "Fire"])
    state = until(state, "Alice")
    after = play(state, {"Alice": "PASS"}).state
    assert after.mages["Bob"].gems == 7
    assert [w.owner for w in after.walls] == ["Bob"]
