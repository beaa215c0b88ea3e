"""Orders a random player might give, and random positions: for property tests and benchmarks.

Never used in play. Everything comes from the ``random.Random`` passed in, so a
seed (or hypothesis, through ``st.randoms()``) replays the same game. Most
orders are sensible (moves to neighbours, supports of what neighbours really
do, convoys along chains of fleets); a few are deliberately wrong, so the
engine's handling of illegal orders gets exercised too.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from .adjustments import adjustments_due, vacant_build_sites
from .core import Board, GameState, PhaseKind, Unit, UnitType, board_of, parse_unit, province_of
from .phases import run_phase
from .variant import Variant


def random_board(variant: Variant, rng: random.Random, count: int) -> Board:
    """``count`` units of random powers on random provinces, each where it may stand."""
    game_map = variant.map
    provinces = [p for p in game_map.provinces.values() if p.type != "impassable"]
    rng.shuffle(provinces)
    powers = variant.powers()
    units = []
    for province in provinces[:count]:
        power = rng.choice(powers)
        if province.type == "land" or (province.type == "coast" and rng.random() < 0.5):
            units.append(Unit(power, UnitType.ARMY, province.abbr))
        else:
            units.append(Unit(power, UnitType.FLEET, rng.choice(province.locations)))
    centres = {p: rng.choice(powers) for p in game_map.supply_centres if rng.random() < 0.6}
    return board_of(units, centres)


def random_orders(
    variant: Variant, board: Board, kind: PhaseKind, rng: random.Random
) -> dict[str, list[str]]:
    """Orders for every power with something to order in this kind of phase."""
    if kind is PhaseKind.MOVEMENT:
        return _movement(variant, board, rng)
    if kind is PhaseKind.RETREATS:
        orders: dict[str, list[str]] = {}
        for d in board.dislodged:
            if d.retreats and rng.random() < 0.8:
                orders.setdefault(d.unit.power, []).append(f"{d.unit} R {rng.choice(d.retreats)}")
            elif rng.random() < 0.5:
                orders.setdefault(d.unit.power, []).append(f"{d.unit} D")
        return orders
    return _adjustments(variant, board, rng)


def _neighbours(variant: Variant, unit: Unit) -> list[str]:
    game_map = variant.map
    if unit.type is UnitType.ARMY:
        return sorted(game_map.army_borders.get(unit.province, ()))
    return sorted(game_map.fleet_borders.get(unit.location, ()))


def _movement(variant: Variant, board: Board, rng: random.Random) -> dict[str, list[str]]:
    game_map = variant.map
    units = board.units
    orders: dict[str, str] = {}
    helpers = []
    for province, unit in sorted(units.items()):
        roll = rng.random()
        if roll < 0.04:  # a blunder: a move anywhere at all
            orders[province] = f"{unit} - {rng.choice(sorted(game_map.provinces))}"
        elif roll < 0.15:
            orders[province] = f"{unit} H"
        elif roll < 0.60:
            orders[province] = f"{unit} - {rng.choice(_neighbours(variant, unit))}"
        else:
            helpers.append(unit)
    for unit in helpers:
        if unit.province in orders:
            continue  # drafted into a convoy meanwhile
        if (
            unit.type is UnitType.FLEET
            and game_map.provinces[unit.province].convoys
            and rng.random() < 0.5
            and _convoy(variant, board, unit, orders, rng)
        ):
            continue
        orders[unit.province] = _support(variant, board, unit, orders, rng)
    by_power: dict[str, list[str]] = {}
    for province, order in sorted(orders.items()):
        if rng.random() < 0.97:  # now and then a power forgets a unit
            by_power.setdefault(units[province].power, []).append(order)
    return by_power


def _support(variant: Variant, board: Board, unit: Unit, orders: dict[str, str], rng: random.Random) -> str:
    """A support for what a neighbour does (or says it does), else a hold."""
    game_map = variant.map
    choices = []
    for province, other in board.units.items():
        if province == unit.province:
            continue
        order = orders.get(province, "")
        if " - " in order and " C " not in order and " S " not in order:
            dest = province_of(order.split(" - ")[1].split()[0])
            if dest != unit.province and game_map.can_reach(unit.type, unit.location, dest):
                choices.append(f"{unit} S {other} - {dest}")
        elif game_map.can_reach(unit.type, unit.location, province):
            choices.append(f"{unit} S {other}")
    return rng.choice(choices) if choices else f"{unit} H"


def _convoy(variant: Variant, board: Board, fleet: Unit, orders: dict[str, str], rng: random.Random) -> bool:
    """Order a chain of unordered fleets from ``fleet`` to carry a neighbouring army; False if
    there is no army to carry."""
    game_map = variant.map
    armies = [
        board.units[p]
        for p in sorted(game_map.sea_borders(fleet.province))
        if p in board.units
        and board.units[p].type is UnitType.ARMY
        and (p not in orders or rng.random() < 0.3)
    ]
    if not armies:
        return False
    army = rng.choice(armies)
    chain = [fleet.province]
    while rng.random() < 0.4:
        onward = [
            p
            for p in sorted(game_map.sea_borders(chain[-1]))
            if p in board.units
            and p not in orders
            and p not in chain
            and board.units[p].type is UnitType.FLEET
            and game_map.provinces[p].convoys
        ]
        if not onward:
            break
        chain.append(rng.choice(onward))
    coasts = [
        p for p in sorted(game_map.sea_borders(chain[-1])) if game_map.is_coastal(p) and p != army.province
    ]
    if not coasts:
        return False
    dest = rng.choice(coasts)
    via = " VIA" if rng.random() < 0.3 else ""
    orders[army.province] = f"{army} - {dest}{via}"
    for sea in chain:
        orders[sea] = f"{board.units[sea]} C {army} - {dest}"
    return True


def _adjustments(variant: Variant, board: Board, rng: random.Random) -> dict[str, list[str]]:
    orders: dict[str, list[str]] = {}
    for power, due in adjustments_due(variant, board).items():
        if due > 0:
            sites = vacant_build_sites(variant, power, board)
            rng.shuffle(sites)
            for site in sites[:due]:
                orders.setdefault(power, []).append(_build(variant, site, rng))
        elif rng.random() < 0.8:  # otherwise civil disorder removes them
            units = board.units_of(power)
            rng.shuffle(units)
            orders[power] = [f"{unit} D" for unit in units[:-due]]
    return orders


def _build(variant: Variant, site: str, rng: random.Random) -> str:
    province = variant.map.provinces[site]
    if province.type == "coast" and rng.random() < 0.4:
        return f"F {rng.choice(province.locations)} B"
    return f"A {site} B"


def play(
    variant: Variant, rng: random.Random, years: int, powers: Iterable[str] | None = None
) -> list[tuple[GameState, dict[str, list[str]]]]:
    """A random game of ``years`` years: each phase's state and the orders given in it
    (the last state, with no orders, is where the game stopped)."""
    start = variant.map.start
    units = [parse_unit(power, text) for power, texts in start.units.items() for text in texts]
    centres = {p: power for power, owned in start.centres.items() for p in owned}
    state = GameState(
        variant.name,
        variant.first_turn(),
        board_of(units, centres),
        tuple(powers or variant.player_powers()),
    )
    history: list[tuple[GameState, dict[str, list[str]]]] = []
    last_year = state.turn.year + years
    while not state.over and state.turn.year < last_year:
        orders = random_orders(variant, state.board, state.turn.kind, rng)
        history.append((state, orders))
        state, _ = run_phase(variant, state, orders)
    history.append((state, {}))
    return history
