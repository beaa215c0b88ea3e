"""Replaying an archived turn: the same state, orders and seed must give the same result."""

from __future__ import annotations

from typing import Any

from pbem.ruleset import get_ruleset
from pbem.store import Store


def replay(store: Store, game_id: str, phase_id: str) -> dict[str, Any]:
    """Adjudicate ``phase_id`` of ``game_id`` again from the archive and compare."""
    game = store.game(game_id)
    if game is None:
        raise LookupError(f"no game {game_id!r}")
    turn = store.turn(game_id, phase_id)
    if turn is None:
        raise LookupError(f"game {game_id} has no adjudicated phase {phase_id!r}")
    ruleset = get_ruleset(game.ruleset)
    result = ruleset.adjudicate(ruleset.load_state(turn.state_before), turn.orders, turn.seed)
    state_after = ruleset.dump_state(result.state)
    differences = []
    if _normal(state_after) != _normal(turn.state_after):
        differences.append("the state after differs")
    if _normal(result.events) != _normal(turn.events):
        differences.append("the events differ")
    return {
        "game": game_id,
        "phase": turn.phase_id,
        "seed": turn.seed,
        "matches": not differences,
        "differences": differences,
    }


def _normal(data: Any) -> Any:
    """JSON round trip: tuples and lists, int keys and str keys compare as stored."""
    import json

    return json.loads(json.dumps(data, sort_keys=True))
