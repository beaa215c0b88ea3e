"""The JSON form of a state: dump and load give back exactly what went in."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.rulesets.generals import ruleset

from .helpers import new_game
from .randomplay import random_game


def round_trip(state):
    data = ruleset.dump_state(state)
    again = ruleset.load_state(json.loads(json.dumps(data)))
    return data, again


@pytest.mark.parametrize("variant", ["standard", "duel"])
def test_the_opening_state_round_trips_exactly(variant):
    state = new_game(variant)
    data, again = round_trip(state)
    assert again == state
    assert ruleset.dump_state(again) == data


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000))
def test_every_state_of_a_random_game_round_trips_exactly(seed):
    for state, _, result in random_game(new_game(seed=seed), seed):
        for each in (state, result.state):
            data, again = round_trip(each)
            assert again == each
            assert ruleset.dump_state(again) == data


def test_a_dumped_state_is_plain_json_data():
    data = ruleset.dump_state(new_game())
    assert json.loads(json.dumps(data)) == data


def test_loading_refuses_fields_it_does_not_know():
    data = ruleset.dump_state(new_game())
    data["realms"][0]["mana"] = 3
    with pytest.raises(ValueError, match="mana"):
        ruleset.load_state(data)
