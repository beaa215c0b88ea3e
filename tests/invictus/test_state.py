"""The JSON form of a state: exact round trips, and states are never changed in place."""

from __future__ import annotations

import json

from pbem.rulesets.invictus import ruleset
from tests.invictus.tables import build, play


def test_dump_and_load_round_trip_exactly_through_json() -> None:
    game = build(
        field={"b2": "Samurai", "b3": "Musha", "b4": "Shogun"},
        tilted=["b3"],
        hands={"North": ["Guard"]},
        reserves={1: ["Druid"]},
        kingdoms={"South": ["Viking"]},
        graveyards={0: ["Anubis"]},
        reactions={"South": ["CANCEL EVERY ATTACK"]},
        leaders=("King", "Shogun"),
    )
    game.players[1].conscription = ["red", "Guard"]
    data = json.loads(json.dumps(ruleset.dump_state(game)))
    again = ruleset.load_state(data)
    assert again == game
    assert ruleset.dump_state(again) == data


def test_a_whole_setup_round_trips_at_every_phase() -> None:
    game = ruleset.start("four-player", ["A", "B", "C", "D"], {"handicap": {"B": 3}}, 9)
    for _ in range(8):
        assert ruleset.load_state(json.loads(json.dumps(ruleset.dump_state(game)))) == game
        game = play(game).state


def test_adjudication_and_reading_leave_the_given_state_alone() -> None:
    game = build(field={"b2": "Samurai", "b3": "Musha"}, hands={"North": ["Samurai"]})
    frozen = json.dumps(ruleset.dump_state(game))
    ruleset.parse_orders(game, "North", "SUPPORT Samurai\nATTACK b2 ON b3")
    play(game, {"North": ["SUPPORT Samurai", "ATTACK b2 ON b3"]})
    assert json.dumps(ruleset.dump_state(game)) == frozen
