"""Properties of the engine on random positions and orders (hypothesis drives the randomness).

* every position and set of orders resolves, and no unit is lost, doubled or
  left sharing a province;
* a dislodged unit is offered only legal retreats, and after the retreat
  phase stands on one of them alone, or is disbanded;
* the outcome does not depend on the order in which units are listed (and so
  on the order the resolver meets the questions in);
* whole random games keep the board consistent from phase to phase.
"""

from __future__ import annotations

import dataclasses
import itertools
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.rulesets.diplomacy.core import Board, PhaseKind, Season, UnitType, board_of, province_of
from pbem.rulesets.diplomacy.movement import adjudicate_movement
from pbem.rulesets.diplomacy.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Retreat,
    SupportHold,
    SupportMove,
)
from pbem.rulesets.diplomacy.randomplay import play, random_board, random_orders
from pbem.rulesets.diplomacy.retreats import adjudicate_retreats
from pbem.rulesets.diplomacy.variant import load_variant

VARIANT = load_variant("standard")
GAME_MAP = VARIANT.map
SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def positions(draw) -> tuple[Board, dict[str, list[str]]]:
    rng = draw(st.randoms(use_true_random=False))
    board = random_board(VARIANT, rng, draw(st.integers(min_value=2, max_value=45)))
    return board, random_orders(VARIANT, board, PhaseKind.MOVEMENT, rng)


@SETTINGS
@given(positions())
def test_movement_resolves_and_keeps_every_unit_once(position) -> None:
    board, orders = position
    moved = adjudicate_movement(VARIANT, board, orders)
    assert len(moved.results) == sum(len(texts) for texts in orders.values())
    for province, unit in moved.units.items():
        assert unit.province == province  # keyed where it stands: never two in one province
    dislodged = [d.unit for d in moved.dislodged]
    assert len(moved.units) + len(dislodged) == len(board.units)
    assert not {d.province for d in dislodged} - set(board.units)
    powers = sorted(u.power for u in board.units.values())
    assert sorted(u.power for u in [*moved.units.values(), *dislodged]) == powers


@SETTINGS
@given(positions())
def test_retreats_offered_are_legal(position) -> None:
    board, orders = position
    moved = adjudicate_movement(VARIANT, board, orders)
    for dislodgement in moved.dislodged:
        unit = dislodgement.unit
        if unit.type is UnitType.ARMY:
            borders = GAME_MAP.army_borders.get(unit.province, frozenset())
        else:
            borders = GAME_MAP.fleet_borders.get(unit.location, frozenset())
        for location in dislodgement.retreats:
            assert location in borders
            assert province_of(location) not in moved.units
            assert province_of(location) not in moved.standoffs
            assert dislodgement.via_convoy or province_of(location) != dislodgement.attacker_from


@SETTINGS
@given(positions(), st.randoms(use_true_random=False))
def test_a_dislodged_unit_retreats_legally_or_disbands(position, rng) -> None:
    board, orders = position
    moved = adjudicate_movement(VARIANT, board, orders)
    waiting = Board(moved.units, board.centres, moved.dislodged)
    retreated = adjudicate_retreats(
        VARIANT, waiting, random_orders(VARIANT, waiting, PhaseKind.RETREATS, rng)
    )
    arrived = {p: u for p, u in retreated.units.items() if p not in moved.units}
    # Each arrival is some dislodged unit of its power and type that could retreat there, and no
    # two arrivals are the same dislodged unit (two such units may share retreats).
    could_be = []
    for province, unit in arrived.items():
        assert unit.province == province
        could_be.append(
            [
                i
                for i, d in enumerate(moved.dislodged)
                if d.unit.power == unit.power and d.unit.type is unit.type and unit.location in d.retreats
            ]
        )
    assert all(could_be)
    assert any(len(set(pick)) == len(pick) for pick in itertools.product(*could_be))
    assert len(arrived) + len(retreated.disbanded) == len(moved.dislodged)
    assert {p: u for p, u in retreated.units.items() if p in moved.units} == moved.units


@SETTINGS
@given(positions(), st.randoms(use_true_random=False))
def test_outcome_does_not_depend_on_the_order_units_are_met(position, rng) -> None:
    board, orders = position
    shuffled_units = list(board.units.values())
    rng.shuffle(shuffled_units)
    shuffled_orders = {power: rng.sample(texts, len(texts)) for power, texts in orders.items()}
    first = adjudicate_movement(VARIANT, board, orders)
    second = adjudicate_movement(VARIANT, board_of(shuffled_units, board.centres), shuffled_orders)
    assert second.units == first.units
    assert sorted(map(str, second.dislodged)) == sorted(map(str, first.dislodged))
    assert second.standoffs == first.standoffs
    assert sorted((r.order, r.result) for r in second.results) == sorted(
        (r.order, r.result) for r in first.results
    )


@settings(max_examples=8, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_random_games_keep_the_board_consistent(seed: int) -> None:
    history = play(VARIANT, random.Random(seed), years=8)
    for (state, _), (after, _) in zip(history, history[1:], strict=False):
        board = after.board
        assert all(unit.province == p for p, unit in board.units.items())
        assert set(board.centres) <= set(GAME_MAP.supply_centres)
        leaving_fall = state.turn.season is Season.FALL and after.turn.season is not Season.FALL
        if not leaving_fall:
            assert board.centres == state.board.centres  # centres change hands only after the fall
        if after.turn.season is Season.SPRING and state.turn.season is not Season.SPRING:
            for power in VARIANT.powers():  # the winter left nobody more units than centres
                assert len(board.units_of(power)) <= len(board.centres_of(power))


_LOCATIONS = st.sampled_from(sorted(VARIANT.notation._locations))
_TYPES = st.sampled_from(list(UnitType))


@given(
    kind=st.sampled_from([Hold, Move, SupportHold, SupportMove, Convoy, Retreat, Build, Disband]),
    types=st.tuples(_TYPES, _TYPES),
    places=st.tuples(_LOCATIONS, _LOCATIONS, _LOCATIONS),
    via=st.booleans(),
)
def test_an_order_made_quickly_is_the_order_its_constructor_makes(kind, types, places, via) -> None:
    """``made`` skips ``__init__``; every field, derived ones too, must come out the same."""
    arguments = {
        Hold: (types[0], places[0]),
        Move: (types[0], places[0], places[1], via),
        SupportHold: (types[0], places[0], types[1], places[1]),
        SupportMove: (types[0], places[0], types[1], places[1], places[2]),
        Convoy: (types[0], places[0], places[1], places[2]),
        Retreat: (types[0], places[0], places[1]),
        Build: (types[0], places[0]),
        Disband: (types[0], places[0]),
    }[kind]
    made, built = kind.made(*arguments), kind(*arguments)
    assert _slots(made) == _slots(built)
    assert made == built and hash(made) == hash(built) and str(made) == str(built)
    assert made.locations() == built.locations()
    if kind is Move:  # the default of via_convoy holds for made too
        assert _slots(Move.made(*arguments[:3])) == _slots(Move(*arguments[:3]))


def _slots(order: object) -> dict[str, object]:
    """Every field of an order, derived ones too, set or not."""
    return {f.name: getattr(order, f.name, "unset") for f in dataclasses.fields(order)}
