"""The turn cycle: phases, the order of play, the end of turn, succession, the end."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.ruleset import SetupError
from pbem.rulesets.invincible import ruleset
from pbem.rulesets.invincible.state import Debt, Offer

from .helpers import events, new_game, play, set_khan

QUIET = 1
GAME = new_game()


def test_phases_have_ids_labels_kinds_and_who_acts() -> None:
    game = new_game(declarations=True)
    phase = ruleset.phase(game)
    assert (phase.id, phase.label, phase.kind) == (
        "T1-declarations",
        "Turn 1 declarations",
        "declarations",
    )
    assert phase.acting == ()  # declaring is optional
    assert phase.may_order == ("Temujin", "Kublai", "Ogadai", "Jamukha")
    actions = play(game, {}, []).state
    phase = ruleset.phase(actions)
    assert (phase.id, phase.kind) == ("T1-actions", "actions")
    assert phase.acting == phase.may_order == ("Temujin", "Kublai", "Ogadai", "Jamukha")
    after = play(set_khan(actions, "Kublai", out=True), {}, [QUIET]).state
    assert ruleset.phase(after).id == "T2-declarations"
    assert "Kublai" not in ruleset.phase(after).may_order


def test_the_referee_switches_declarations_off_from_the_next_turn() -> None:
    switched, change = ruleset.set_option(new_game(declarations=True), "declarations", "off")
    assert change == "declarations phases off from turn 2"
    assert ruleset.load_state(ruleset.dump_state(switched)) == switched
    assert ruleset.phase(switched).id == "T1-declarations"  # the phase announced stands
    actions = play(switched, {}, []).state
    assert ruleset.phase(actions).id == "T1-actions"
    turn_2 = play(actions, {}, [QUIET]).state
    assert ruleset.phase(turn_2).id == "T2-actions"
    assert (turn_2.options.declarations, turn_2.options.declarations_next_turn) == (False, None)


def test_declarations_switched_on_in_the_actions_open_the_next_turn() -> None:
    game = replace(new_game(), offers=(Offer("assistance", "Kublai", "Jamukha", 0, 2, "wine"),))
    switched, change = ruleset.set_option(game, "declarations", "ON")
    assert change == "declarations phases on from turn 2"
    # this turn had no declarations phase: its actions still open it (offers answered first)
    acted = play(switched, {"Jamukha": "accept assistance from kublai"}, [QUIET])
    assert acted.state.khan("Jamukha").wine == 4
    assert ruleset.phase(acted.state).id == "T2-declarations"


def test_only_declarations_can_be_switched_and_only_on_or_off() -> None:
    with pytest.raises(SetupError, match="only the option declarations"):
        ruleset.set_option(GAME, "hand_signals", "on")
    with pytest.raises(SetupError, match="OPTION declarations on"):
        ruleset.set_option(GAME, "declarations", "maybe")


def test_the_genghis_khan_begins_and_the_rest_follow_clockwise() -> None:
    game = replace(GAME, genghis="Ogadai")
    mails = {p: "Assign 1 Leader to Accuser" for p in ("Temujin", "Kublai", "Ogadai", "Jamukha")}
    result = play(game, mails, [QUIET])
    assert [e["khan"] for e in events(result, "assign")] == [
        "Ogadai",
        "Jamukha",
        "Temujin",
        "Kublai",
    ]


def test_declarations_are_published_in_order_and_bind_no_one() -> None:
    game = replace(new_game(declarations=True), genghis="Kublai")
    mails = {"Temujin": "Feast", "Kublai": "Attack Khan Temujin\nDefend 2"}
    declared = play(game, mails, [])
    assert [e["text"] for e in events(declared, "declaration")] == [
        "Kublai declares: ATTACK KHAN TEMUJIN; DEFEND 2.",
        "Ogadai declares: nothing.",
        "Jamukha declares: nothing.",
        "Temujin declares: FEAST.",
    ]
    assert "seen_by" not in events(declared, "declaration")[0]
    acted = play(declared.state, {"Kublai": "Feast"}, [QUIET])
    assert events(acted, "attack") == [] and len(events(acted, "feast")) == 1


def test_offers_open_from_last_turn_are_answered_in_the_declarations_mail() -> None:
    game = replace(
        new_game(declarations=True),
        offers=(Offer("assistance", "Kublai", "Jamukha", 0, 2, "wine"),),
    )
    result = play(game, {"Jamukha": "accept assistance from kublai\nFeast"}, [])
    assert result.state.khan("Jamukha").wine == 4
    assert [e["text"] for e in events(result, "declaration")][-1] == "Jamukha declares: FEAST."


def test_negative_honor_eats_one_companion_a_turn() -> None:
    game = set_khan(GAME, "Kublai", honor=-1)
    result = play(game, {}, [QUIET])
    assert result.state.khan("Kublai").modes.companion == 4
    assert result.state.khan("Temujin").modes.companion == 6


def test_a_khan_with_neither_honor_nor_companion_is_defeated() -> None:
    game = set_khan(GAME, "Kublai", honor=-1, companion=1)
    result = play(game, {}, [QUIET])
    assert result.state.khan("Kublai").out
    assert any("Kublai (Kublai) is defeated" in n for n in result.notices)
    assert "Kublai" not in ruleset.phase(result.state).acting


def test_the_title_passes_after_two_turns_at_zero_honor() -> None:
    game = set_khan(GAME, "Temujin", honor=0)
    first = play(game, {}, [QUIET])
    assert first.state.genghis == "Temujin" and first.state.gk_zero_turns == 1
    assert len(events(first, "genghis-warning")) == 1
    second = play(first.state, {}, [QUIET])
    assert second.state.genghis == "Jamukha"  # the greatest Honor, 9
    assert ruleset.phase(second.state).acting[0] == "Jamukha"


def test_honor_regained_in_time_keeps_the_title() -> None:
    game = set_khan(GAME, "Temujin", honor=0)
    first = play(game, {}, [QUIET])
    again = play(set_khan(first.state, "Temujin", honor=1), {}, [QUIET])
    third = play(set_khan(again.state, "Temujin", honor=0), {}, [QUIET])
    assert third.state.genghis == "Temujin"


def test_ties_for_the_title_go_to_companion_counting_submitted_khans() -> None:
    game = set_khan(GAME, "Temujin", honor=0, companion=9)
    game = set_khan(game, "Kublai", honor=9)  # Companion 5, against Jamukha's 7
    first = play(game, {}, [QUIET])
    assert play(first.state, {}, [QUIET]).state.genghis == "Jamukha"
    # With Ogadai (Companion 8) submitted to him, Kublai counts 13.
    second = play(set_khan(first.state, "Ogadai", ruler="Kublai"), {}, [QUIET])
    assert second.state.genghis == "Kublai"


def test_then_leader_informer_and_accuser_break_ties() -> None:
    game = set_khan(GAME, "Temujin", honor=0)
    game = set_khan(game, "Kublai", honor=9, companion=7, leader=5, informer=6, accuser=4)
    first = play(game, {}, [QUIET])
    assert play(first.state, {}, [QUIET]).state.genghis == "Kublai"  # Accuser 4 against 3


def test_a_full_tie_for_the_title_is_rolled_off() -> None:
    game = set_khan(GAME, "Temujin", honor=0)
    game = set_khan(game, "Kublai", honor=9, companion=7, leader=5, informer=6, accuser=3)
    first = play(game, {}, [QUIET])
    # Kublai and Jamukha roll: 2 and 5.
    result = play(first.state, {}, [2, 5, QUIET])
    assert result.state.genghis == "Jamukha"
    assert events(result, "roll-off")[0]["rounds"] == [[["Kublai", 2], ["Jamukha", 5]]]


def test_submitted_khans_are_not_candidates_for_the_title() -> None:
    game = set_khan(set_khan(GAME, "Temujin", honor=0), "Jamukha", ruler="Kublai")
    first = play(game, {}, [QUIET])
    assert play(first.state, {}, [QUIET]).state.genghis == "Kublai"


def test_hand_signals_cost_honor_after_one_warning() -> None:
    game = new_game(hand_signals=True)
    first = play(game, {"Kublai": "Greetings, brothers"}, [QUIET])
    assert first.state.khan("Kublai").honor == 7 and first.state.khan("Kublai").warned
    second = play(first.state, {"Kublai": "Greetings again"}, [QUIET])
    assert second.state.khan("Kublai").honor == 6


def test_a_suit_for_peace_is_paid_the_turn_after() -> None:
    game = replace(GAME, debts=(Debt("Jamukha", "Kublai", 1),))
    result = play(game, {}, [QUIET])
    jamukha, kublai = result.state.khan("Jamukha"), result.state.khan("Kublai")
    assert (jamukha.honor, jamukha.wine) == (8, 1)
    assert (kublai.honor, kublai.wine) == (8, 7)
    assert result.state.debts == ()


def test_a_dishonored_peace_costs_one_honor_and_makes_an_enemy() -> None:
    game = replace(GAME, debts=(Debt("Jamukha", "Kublai", 1),))
    result = play(game, {"Jamukha": "Dishonor peace with Kublai"}, [QUIET])
    jamukha, kublai = result.state.khan("Jamukha"), result.state.khan("Kublai")
    assert (jamukha.honor, jamukha.wine) == (8, 2)
    assert (kublai.honor, kublai.wine) == (7, 6)
    assert result.state.feuds == (("Kublai", "Jamukha"),)
    [told] = events(result, "dishonor")
    assert told["text"] == (
        "Jamukha dishonors his peace with Kublai: he does not pay the Wine and Honor he owes, "
        "loses one Honor, and Kublai is his true enemy."
    )


def test_a_suit_answered_in_the_next_mail_is_paid_at_once() -> None:
    game = replace(GAME, offers=(Offer("peace", "Jamukha", "Kublai", 0),))
    result = play(game, {"Kublai": "Accept peace with Jamukha"}, [QUIET])
    assert result.state.khan("Kublai").honor == 8
    assert result.state.debts == ()


def test_the_last_khan_left_wins() -> None:
    game = set_khan(new_game(["Temujin", "Kublai"]), "Kublai", honor=-1, companion=1)
    result = play(game, {}, [QUIET])
    phase = ruleset.phase(result.state)
    assert phase.over and phase.winners == ("Temujin",) and phase.survivors == ("Temujin",)
    assert phase.id == "T1-over"


def test_the_turn_limit_ends_the_game_undecided() -> None:
    game = new_game(turn_limit=1)
    result = play(game, {}, [QUIET])
    phase = ruleset.phase(result.state)
    assert phase.over and phase.winners == ()
    assert "turn limit of 1" in phase.result
    assert len(phase.survivors) == 4
    with pytest.raises(ValueError, match="the game is over"):
        ruleset.adjudicate(result.state, {}, 1)


def test_the_turn_limit_and_the_way_to_win_are_told_in_every_report_and_the_help() -> None:
    """RULINGS 36: the turn limit is ours, not the book's, so the players are told it, with the
    book's end (the great opposing army), in the orders help and in every report."""
    from .render import orders_help, reports

    game = new_game(turn_limit=12)
    result = play(game, {}, [QUIET])
    phase = ruleset.phase(result.state)
    for text in reports(phase, result.state, result.events, "Kublai"):
        assert "ends undecided after turn 12 (this is turn 2)" in text
        assert "great opposing army (rating 80)" in text
    help_text = " ".join(orders_help(result.state, "Kublai").split())
    assert "ends undecided, with no winner, after turn 12" in help_text
    assert "conquers the great opposing army (rating 80)" in help_text


def test_default_orders_are_a_pass_in_the_actions_phase_only() -> None:
    assert ruleset.default_orders(GAME, "Kublai") == ["PASS"]
    assert ruleset.default_orders(new_game(declarations=True), "Kublai") == []


def test_a_turn_replays_exactly_from_its_seed() -> None:
    game = ruleset.start("standard", ["A", "B", "C", "D"], {"declarations": False}, 4)
    cards = {k.power: k.card.upper() for k in game.khans}
    orders = {"A": [f"ATTACK KHAN {cards['B']}"], "C": [f"ATTACK KHAN {cards['D']}"]}
    first = ruleset.adjudicate(game, orders, 77)
    again = ruleset.adjudicate(game, orders, 77)
    assert first.state == again.state and first.events == again.events


def test_a_genghis_khan_defeated_outside_battle_hands_the_title_on_at_once() -> None:
    game = set_khan(GAME, "Temujin", honor=-1, companion=1)
    result = play(game, {}, [QUIET])
    assert result.state.khan("Temujin").out
    assert result.state.genghis == "Jamukha"  # the greatest Honor; no wait of two turns


def test_khans_submitted_to_a_khan_defeated_outside_battle_are_freed() -> None:
    game = set_khan(set_khan(GAME, "Kublai", honor=-1, companion=1), "Ogadai", ruler="Kublai")
    result = play(game, {}, [QUIET])
    assert result.state.khan("Kublai").out
    assert result.state.khan("Ogadai").ruler is None


def test_each_khans_orders_are_counted_as_english_counts_them() -> None:
    result = play(new_game(), {"Kublai": "Pass", "Jamukha": "Feast\nSpend honor on leader"}, [QUIET, 3])
    told = {event["text"] for event in events(result, "orders")}
    assert {"Kublai sent 1 order line.", "Jamukha sent 2 order lines."} <= told, told
