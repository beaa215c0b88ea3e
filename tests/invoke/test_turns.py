"""The sequence of play: drawing, discarding, passing, the ghost round, the end, phases."""

from __future__ import annotations

from collections import Counter

from pbem.rulesets.invoke import ruleset

from .tables import CARDS, give, play, stack, table, texts


def test_the_next_mage_draws_back_to_seven_at_most_three_from_a_deck() -> None:
    game = table(hands={"Alice": ["Move Left", "Fire"], "Bob": []})
    game.mages["Bob"].draw = [("Focus", 3), ("Manifest", 1)]
    result = play(game, {"Alice": "Move Left & Fire"})
    bob = result.state.mages["Bob"].hand
    decks = Counter(CARDS.deck_of(card) for card in bob)
    assert len(bob) == 7
    assert decks == {"Focus": 3, "Manifest": 3, "Thaumaturgy": 1}  # 3 F, 1 M, then filled
    (draw,) = [e for e in result.events if e["kind"] == "draw"]
    assert draw["to"] == ["Bob"]
    assert draw["text"] == ("Bob draws 3 cards from Manifest; 1 card from Thaumaturgy; 3 cards from Focus.")


def test_a_standing_draw_choice_is_set_by_mail_at_any_time() -> None:
    game = table()
    state = play(game, {"Alice": "PASS", "Carol": "refill 2 focus, 3 thaumaturgy"}).state
    assert state.mages["Carol"].draw == [("Focus", 2), ("Thaumaturgy", 3)]


def test_a_deck_that_runs_out_is_rebuilt_from_its_discard_pile() -> None:
    game = table(hands={"Alice": ["Move Left", "Fire"], "Bob": ["Air"] * 6})
    game.mages["Bob"].draw = [("Manifest", 1)]
    game.discards["Manifest"] = game.stock["Manifest"]
    game.stock["Manifest"] = []
    result = play(game, {"Alice": "Move Left & Fire"})
    assert "its discard pile is shuffled into a new deck" in texts(result.events)
    assert len(result.state.mages["Bob"].hand) == 7
    assert result.state.discards["Manifest"] == []


def test_a_mage_who_casts_nothing_discards_two() -> None:
    # "If the Mage is not able to Invoke, then they MUST discard two cards"
    game = table(hands={"Alice": ["Fire", "Air", "Earth", "Water"]})
    after = play(game, {"Alice": ["PASS", "DISCARD Air"]}).state
    assert len(after.mages["Alice"].hand) == 2 and "Air" not in after.mages["Alice"].hand


def test_silence_is_casting_nothing() -> None:
    game = table(hands={"Alice": ["Fire", "Air", "Earth"]})
    assert ruleset.default_orders(game, "Alice") == ["PASS"]
    assert ruleset.default_orders(game, "Bob") == []
    after = ruleset.adjudicate(game, {}, 4).state
    assert len(after.mages["Alice"].hand) == 1


def test_discarding_is_optional_after_an_invocation() -> None:
    game = table(hands={"Alice": ["Move Left", "Fire", "Air", "Earth"]})
    kept = play(game, {"Alice": "Move Left & Fire"}).state
    assert sorted(kept.mages["Alice"].hand) == ["Air", "Earth"]
    chose = play(game, {"Alice": ["Move Left & Fire", "DISCARD Earth"]}).state
    assert chose.mages["Alice"].hand == ["Air"]


def test_play_passes_clockwise_and_phases_follow() -> None:
    game = table(("Alice", "Bob", "Carol"))
    phases = [ruleset.phase(game)]
    for _ in range(3):
        game = play(game, {game.current: "PASS"}).state
        phases.append(ruleset.phase(game))
    assert [p.id for p in phases] == ["T1", "T2", "T3", "T4"]
    assert [p.acting for p in phases] == [("Alice",), ("Bob",), ("Carol",), ("Alice",)]
    assert {p.kind for p in phases} == {"turn"}
    assert phases[1].may_order == ("Alice", "Bob", "Carol")
    assert phases[1].label == "Turn 2 (round 1 of 25): Bob to play"
    assert phases[3].label == "Turn 4 (round 2 of 25): Alice to play"  # the house rule told


def test_the_ghost_round_then_removal() -> None:
    # "When a Mage's power is depleted the Mage may remain in the game until the end of
    # their next turn. If they have no Power Gems left at the end of their next turn, then
    # they are removed from the game."
    game = table(hands={"Alice": ["Move Left", "Fire"]}, gems={"Bob": 1})
    state = play(game, {"Alice": "Move Left & Fire"}).state
    assert state.mages["Bob"].ghost and not state.mages["Bob"].out
    assert ruleset.phase(state).acting == ("Bob",)
    result = play(state, {"Bob": "PASS"})
    assert result.state.mages["Bob"].out
    assert result.state.in_game() == ["Alice", "Carol"]
    assert result.state.mages["Bob"].hand == []
    assert ruleset.phase(result.state).may_order == ("Alice", "Carol")
    after = play(result.state, {"Carol": "PASS"}).state
    assert after.current == "Alice"
    assert "Bob" not in ruleset.phase(after).may_order


def test_a_ghost_who_regains_power_stays() -> None:
    game = table(hands={"Alice": ["Move Left", "Fire"]}, gems={"Bob": 1})
    state = play(game, {"Alice": "Move Left & Fire"}).state
    give(state, "Bob", ["Target Power Gem", "Move Left"])
    after = play(state, {"Bob": "Target Power Gem & Move Left"}).state  # from Alice
    assert after.mages["Bob"].gems == 1 and not after.mages["Bob"].ghost
    assert not after.mages["Bob"].out


def test_the_game_ends_when_one_mage_has_power_left() -> None:
    game = table(("Alice", "Bob"), hands={"Alice": ["Move Left", "Fire", "+1"]}, gems={"Bob": 2})
    result = play(game, {"Alice": "Move Left & Fire & +1"})
    assert result.state.over
    assert result.state.winners == ["Alice"]
    phase = ruleset.phase(result.state)
    assert (phase.id, phase.kind, phase.over, phase.acting) == ("END", "over", True, ())
    assert phase.winners == ("Alice",) and "Alice wins with 7 power gems" in phase.result


def test_the_game_ends_when_the_aether_is_empty_and_the_most_gems_win() -> None:
    game = table(
        hands={"Alice": ["Target Power Gem", "Fire", "+1"]}, aether=2, gems={"Alice": 5, "Bob": 6, "Carol": 6}
    )
    result = play(game, {"Alice": "Target Power Gem of Aether & Fire & +1"})
    assert result.state.over
    assert result.state.winners == ["Bob", "Carol"]
    assert "share the win" in result.state.result


def test_the_game_ends_after_its_rounds() -> None:
    game = table(("Alice", "Bob"), options={"rounds": 2})
    for _ in range(3):
        game = play(game, {game.current: "PASS"}).state
        assert not game.over
    last = play(game, {game.current: "PASS"})
    game = last.state
    assert game.over and "the last turn (4)" in game.result
    assert last.notices == []  # the referee reads the end in his report, not in a notice


def test_orders_after_the_end_are_refused() -> None:
    game = table(("Alice", "Bob"), options={"rounds": 1})
    game = play(play(game, {"Alice": "PASS"}).state, {"Bob": "PASS"}).state
    assert game.over
    (line,) = ruleset.parse_orders(game, "Alice", "PASS")
    assert line.error == "the game is over"
    assert ruleset.adjudicate(game, {}, 1).state is game


def test_a_chaos_card_drawn_at_the_start_of_a_turn_can_end_the_game() -> None:
    game = table(hands={"Bob": ["Fire"] * 6}, aether=1)
    game.mages["Bob"].draw = [("Thaumaturgy", 1)]
    stack(game, "Thaumaturgy", ["Aether Boon"])
    result = play(game, {"Alice": "PASS"})
    assert result.state.over and result.state.winners == ["Bob"]


def test_the_mage_whose_turn_it_is_owes_invocations_or_pass() -> None:
    game = table()
    owed = ["your invocations for this turn (or PASS)"]
    assert ruleset.missing(game, "Alice", []) == owed
    assert ruleset.missing(game, "Alice", ["REFILL 3 Focus", "DISCARD Fire"]) == owed
    assert ruleset.missing(game, "Alice", ["PASS"]) == []
    assert ruleset.missing(game, "Alice", ["Move Left & Fire"]) == []
    assert ruleset.missing(game, "Bob", []) == []
