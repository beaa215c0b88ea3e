"""Whole random games: they end in time, keep their books, and replay exactly."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.rulesets.generals import army, ruleset

from .helpers import new_game
from .randomplay import random_game


def total_men(state) -> int:
    return sum(army.men(h.units) for h in state.holdings)


def kinds(events, kind):
    return [e for e in events if e["kind"] == kind]


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 100_000), st.sampled_from(["standard", "duel"]))
def test_a_game_ends_within_its_turns_with_unique_phase_ids(seed, variant):
    state = new_game(variant, seed=seed)
    phases = [ruleset.phase(state)]
    for _, _, result in random_game(state, seed):
        phases.append(ruleset.phase(result.state))
        state = result.state
    assert state.over and phases[-1].over and phases[-1].id == "END"
    assert len(phases) - 1 <= state.last_turn
    assert len({p.id for p in phases}) == len(phases)
    for phase in phases[:-1]:
        assert phase.kind == "turn" and phase.acting == phase.may_order and phase.acting
    assert phases[-1].acting == () and phases[-1].winners


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 100_000))
def test_gold_men_and_generals_are_all_accounted_for(seed):
    for before, _, result in random_game(new_game(seed=seed), seed):
        after, events = result.state, result.events
        gold = sum(r.gold for r in after.realms) - sum(r.gold for r in before.realms)
        income = sum(e["income"] for e in kinds(events, "treasury"))
        plunder = sum(e["plunder"] for e in kinds(events, "battle"))
        spent = sum(e["gold"] for e in kinds(events, "recruit") + kinds(events, "train"))
        assert gold == income + plunder - spent
        hired = sum(e["men"] + e.get("free", 0) for e in kinds(events, "recruit"))
        killed = sum(e["attacker"]["killed"] + e["defender"]["killed"] for e in kinds(events, "battle"))
        gone = sum(e["men"] for e in kinds(events, "surrender") + kinds(events, "disband"))
        assert total_men(after) == total_men(before) + hired - killed - gone
        trained = sum(1 for e in kinds(events, "train") if e["gold"])
        died = sum(len(e["generals_killed"]) for e in kinds(events, "battle"))
        captured = len(kinds(events, "captured"))
        assert len(after.generals) == len(before.generals) + trained - died - captured
        for holding in after.holdings:
            assert (holding.owner is None) or holding.units, holding.region
        for general in after.generals:
            assert after.holding(general.region).owner == general.power


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 100_000))
def test_the_same_orders_and_seed_give_the_same_turn(seed):
    for before, given_orders, result in random_game(new_game(seed=seed), seed, turns=6):
        again = ruleset.adjudicate(before, given_orders, seed)
        first = ruleset.adjudicate(before, given_orders, seed)
        assert (again.state, again.events) == (first.state, first.events)
        assert result.state.turn == before.turn + 1
