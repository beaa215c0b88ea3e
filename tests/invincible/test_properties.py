"""Properties of whole random games: they end, numbers stay in bounds, Wine is conserved."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.rulesets.invincible import ruleset
from pbem.rulesets.invincible.state import Game

from .random_khans import random_game

GAMES = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SEEDS = st.integers(0, 2**32)
PLAYERS = st.integers(2, 8)


def _check_table(game: Game) -> None:
    in_game = [k for k in game.khans if not k.out]
    for khan in game.khans:
        for value in (*khan.modes.__dict__.values(), *khan.full.__dict__.values()):
            assert 0 <= value <= 10
        assert khan.honor <= 10
        assert 0 <= khan.wine <= 10
        if khan.out:
            assert khan.ruler is None
        elif khan.ruler is not None:
            ruler = game.khan(khan.ruler)
            assert not ruler.out and ruler.ruler is None  # one level deep (ruling 23)
        if not khan.out:
            assert khan.honor > 0 or khan.modes.companion > 0  # else he was defeated
    if len(in_game) > 1 or game.step != "over":
        assert not game.khan(game.genghis).out
        assert game.khan(game.genghis).ruler is None


@GAMES
@given(seed=SEEDS, players=PLAYERS)
def test_every_game_ends_within_its_turn_limit(seed: int, players: int) -> None:
    limit = 8
    steps = list(random_game(seed, players, turn_limit=limit))
    assert len(steps) <= 2 * limit
    assert ruleset.phase(steps[-1].state).over
    for step in steps:
        rounds = [e["round"] for e in step.result.events if e["type"] == "round"]
        assert max(rounds, default=0) <= 10


@GAMES
@given(seed=SEEDS, players=PLAYERS, declarations=st.booleans())
def test_numbers_stay_within_the_rulebooks_limits(seed: int, players: int, declarations: bool) -> None:
    for step in random_game(seed, players, turn_limit=8, declarations=declarations):
        _check_table(step.state)


@GAMES
@given(seed=SEEDS, players=PLAYERS)
def test_wine_is_only_made_by_beating_mongol_enemies(seed: int, players: int) -> None:
    for step in random_game(seed, players, turn_limit=8):
        before = sum(k.wine for k in step.before.khans if not k.out)
        after = sum(k.wine for k in step.state.khans if not k.out)
        victories = sum(1 for e in step.result.events if e["type"] == "enemy-defeated")
        assert after <= before + victories


@GAMES
@given(seed=SEEDS, players=PLAYERS)
def test_modal_points_are_only_made_by_spending_honor_and_feasting(seed: int, players: int) -> None:
    # Assign Points and Assist Khan move points; battles and enemies destroy them. Only
    # Spend Honor, feasts and the Horde Feast's Informer make new ones.
    makers = {"spend-honor", "feast", "horde-feast"}
    for step in random_game(seed, players, turn_limit=8):
        if makers & {e["type"] for e in step.result.events}:
            continue
        before = sum(k.modes.total() for k in step.before.khans)
        after = sum(k.modes.total() for k in step.state.khans)
        assert after <= before


@GAMES
@given(seed=SEEDS, players=PLAYERS)
def test_states_round_trip_exactly_through_json(seed: int, players: int) -> None:
    for step in random_game(seed, players, turn_limit=5):
        data = ruleset.dump_state(step.state)
        assert ruleset.load_state(json.loads(json.dumps(data))) == step.state
        assert ruleset.dump_state(ruleset.load_state(data)) == data
        json.dumps(step.result.events)  # events are JSON-compatible too


@GAMES
@given(seed=SEEDS)
def test_a_defeated_khan_never_returns(seed: int) -> None:
    out: set[str] = set()
    for step in random_game(seed, 5, turn_limit=8):
        now = {k.power for k in step.state.khans if k.out}
        assert out <= now
        out = now
        assert not out & set(ruleset.phase(step.state).may_order)
