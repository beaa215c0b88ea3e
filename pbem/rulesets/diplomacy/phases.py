"""Running a phase and moving on to the next phase in which someone must act.

Spring movement, spring retreats, fall movement, fall retreats, winter
adjustments, then the next spring. A retreat phase with nobody to retreat and
an adjustment phase with nobody to build or remove are skipped. A dislodged
unit with nowhere to go is disbanded at once. Supply centres change hands when
the fall season is over (after the fall retreats), and the game ends when a
power reaches the map's victory count.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from .adjustments import Ledger, adjudicate_adjustments, adjustments_due, must_act, vacant_build_sites
from .core import Board, GameState, Order, PhaseKind, UnitOrder
from .movement import adjudicate_movement
from .orders import Build, Disband, NotationError, Waive
from .retreats import adjudicate_retreats
from .state import dislodgement_dict
from .variant import Variant

Event = dict[str, Any]


def acting(variant: Variant, state: GameState) -> list[str]:
    """The players who must send orders in the current phase."""
    if state.over:
        return []
    board = state.board
    kind = state.turn.kind
    if kind is PhaseKind.MOVEMENT:
        having = {unit.power for unit in board.units.values()}
    elif kind is PhaseKind.RETREATS:
        having = {d.unit.power for d in board.dislodged}
    else:
        having = set(must_act(variant, board))
    return [power for power in state.powers if power in having]


def still_to_order(variant: Variant, state: GameState, power: str, orders: Sequence[str]) -> list[str]:
    """What ``power`` has not ordered yet: its units without an order, or builds and removals."""
    given = []
    for text in orders:
        try:
            given.append(variant.notation.parse(text))
        except NotationError:
            continue
    ordered = {order.province for order in given if isinstance(order, UnitOrder)}
    board = state.board
    kind = state.turn.kind
    if kind is PhaseKind.MOVEMENT:
        return sorted(str(u) for u in board.units_of(power) if u.province not in ordered)
    if kind is PhaseKind.RETREATS:
        return sorted(
            str(d.unit) for d in board.dislodged if d.unit.power == power and d.unit.province not in ordered
        )
    due = adjustments_due(variant, board).get(power, 0)
    if due > 0:
        over = _over_builds(variant, board, power, given)
        if over:
            return [over]
        builds = min(due, len(vacant_build_sites(variant, power, board)))
        left = builds - sum(1 for order in given if isinstance(order, (Build, Waive)))
        return [f"{left} build{'s' if left > 1 else ''} (or WAIVE)"] if left > 0 else []
    left = -due - sum(1 for order in given if isinstance(order, Disband))
    return [f"{left} removal{'s' if left > 1 else ''}"] if left > 0 else []


def _over_builds(variant: Variant, board: Board, power: str, given: Sequence[Order]) -> str | None:
    """Which builds stand when the orders kept (from every mail, in the order sent) build more
    than is due, said at once; None when they do not."""
    ledger = Ledger(variant, board)
    failing = [
        order
        for order in given
        if isinstance(order, (Build, Waive)) and ledger.apply(power, order) == "too many builds"
    ]
    if not failing:
        return None
    standing = [f"{unit} B" for unit in ledger.built_here(power)] + ["WAIVE"] * ledger.waives.get(power, 0)
    return (
        f"no more builds: you sent {len(standing) + len(failing)} for {ledger.due.get(power, 0)}; "
        f"{', '.join(standing)} stand (the first sent) and {', '.join(map(str, failing))} will fail; "
        "send CANCEL <order> to choose otherwise"
    )


def run_phase(
    variant: Variant, state: GameState, orders: Mapping[str, Sequence[str]]
) -> tuple[GameState, list[Event]]:
    """Adjudicate the current phase, then move on past every phase nobody acts in."""
    if state.over:
        raise ValueError(f"the game is over: {state.winner} has won")
    variant = variant.for_game(state)
    in_effect, events = variant.orders_in_effect(state, orders)
    board, decided = _adjudicate(variant, state, in_effect)
    events += decided
    turn, powers, extra = state.turn, state.powers, variant.remembered(state, decided)
    while True:
        following = variant.next_turn(turn)
        if following.season is not turn.season and variant.centres_change(turn):
            board, change = _take_centres(variant, board)
            if change["changes"]:
                events.append(change | {"phase": variant.phase_id(turn)})
            ended = GameState(state.variant, turn, board, powers, extra=extra)
            settled, noted = variant.centres_changed(ended)
            board, powers, extra = settled.board, settled.powers, dict(settled.extra)
            events += noted
            winner = variant.winner(board)
            if winner is not None:
                count = variant.victory_count(winner, board)
                events.append({"type": "victory", "power": winner, "centres": count})
                return GameState(state.variant, following, board, powers, winner, extra), events
        turn = following
        next_state = GameState(state.variant, turn, board, powers, extra=extra)
        variant = variant.for_game(next_state)
        if turn.kind is PhaseKind.MOVEMENT or acting(variant, next_state) or variant.voters(next_state):
            return next_state, events
        events.append(
            {
                "type": "skipped",
                "phase": variant.phase_id(turn),
                "label": variant.phase_label(turn),
                "why": "no unit must retreat"
                if turn.kind is PhaseKind.RETREATS
                else "no power has builds or removals to make",
            }
        )


def _adjudicate(
    variant: Variant, state: GameState, orders: Mapping[str, Sequence[str]]
) -> tuple[Board, list[Event]]:
    board = state.board
    header: Event = {
        "phase": variant.phase_id(state.turn),
        "label": variant.phase_label(state.turn),
    }
    kind = state.turn.kind
    if kind is PhaseKind.MOVEMENT:
        moved = adjudicate_movement(variant, board, orders)
        stranded = [d for d in moved.dislodged if not d.retreats]
        event = header | {
            "type": "movement",
            "results": [r.as_dict() for r in moved.results],
            "dislodged": [dislodgement_dict(d) for d in moved.dislodged],
            "standoffs": list(moved.standoffs),
            "disbanded": [{"power": d.unit.power, "unit": str(d.unit)} for d in stranded],
        }
        waiting = tuple(d for d in moved.dislodged if d.retreats)
        return Board(moved.units, board.centres, waiting), [event]
    if kind is PhaseKind.RETREATS:
        retreated = adjudicate_retreats(variant, board, orders)
        event = header | {
            "type": "retreats",
            "results": [r.as_dict() for r in retreated.results],
            "disbanded": [{"power": u.power, "unit": str(u)} for u in retreated.disbanded],
        }
        return Board(retreated.units, board.centres), [event]
    adjusted = adjudicate_adjustments(variant, board, orders)
    event = header | {
        "type": "adjustments",
        "results": [r.as_dict() for r in adjusted.results],
        "built": [{"power": u.power, "unit": str(u)} for u in adjusted.built],
        "removed": [{"power": u.power, "unit": str(u)} for u in adjusted.removed],
        "civil_disorder": [{"power": u.power, "unit": str(u)} for u in adjusted.civil_disorder],
        "waived": dict(adjusted.waived),
    }
    return Board(adjusted.units, board.centres), [event]


def _take_centres(variant: Variant, board: Board) -> tuple[Board, Event]:
    """Each supply centre with a unit in it now belongs to that unit's power."""
    centres = dict(board.centres)
    changes = []
    for province in variant.map.supply_centres:
        unit = board.units.get(province)
        if unit is None or centres.get(province) == unit.power:
            continue
        changes.append({"province": province, "from": centres.get(province), "to": unit.power})
        centres[province] = unit.power
    return replace(board, centres=centres), {"type": "centres", "changes": changes}
