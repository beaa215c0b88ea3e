"""What a report shows: the whole board and the last phases' results, shaped for templates.

Diplomacy hides nothing on the board, and once a phase is adjudicated every
order is public, so every viewer gets the same view. (What is secret, other
players' pending orders and press, never reaches the ruleset's views.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .adjustments import adjustments_due, vacant_build_sites
from .core import GameState, PhaseKind
from .results import REASONS
from .state import dislodgement_dict
from .variant import Variant

PHASE_EVENTS = ("movement", "retreats", "adjustments")


def build_view(variant: Variant, state: GameState, events: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    board = state.board
    names = {abbr: p.name for abbr, p in variant.map.provinces.items()}
    victory = next((e for e in events if e.get("type") == "victory"), None)
    return {
        "variant": {"name": variant.name, "title": variant.map.title},
        "phase": {
            "id": variant.phase_id(state.turn),
            "label": variant.phase_label(state.turn),
            "kind": state.turn.kind.word,
        },
        "over": state.over,
        "winner": state.winner,
        "victory_centres": variant.map.victory_centres,
        #: where builds go: "home" (owned home centres) or "any" (any owned centre)
        "builds": variant.map.builds,
        "victory": dict(victory) if victory else None,
        "phases": [_phase(e) for e in events if e.get("type") in PHASE_EVENTS],
        "skipped": [
            {"id": e["phase"], "label": e["label"], "why": e["why"]}
            for e in events
            if e.get("type") == "skipped"
        ],
        "centre_changes": [
            dict(change, name=names[change["province"]])
            for e in events
            if e.get("type") == "centres"
            for change in e["changes"]
        ],
        "powers": _powers(variant, state),
        "unowned_centres": [p for p in variant.map.supply_centres if p not in board.centres],
        "retreats_due": [dislodgement_dict(d) for d in board.dislodged]
        if state.turn.kind is PhaseKind.RETREATS and not state.over
        else [],
        "adjustments_due": _adjustments(variant, state),
    }


def shown(order: str, kind: str) -> str:
    """An order as a player reads it back: the winter's "Build A BER" and "Remove A BER", and a
    retreat phase's "Disband A BER", rather than the Judge's "A BER B" and "A BER D", which
    players write as BUILD and REMOVE (templates/diplomacy/orders.txt.j2); others as stored."""
    words = order.split()
    if len(words) == 3 and words[2] == "B":
        return f"Build {words[0]} {words[1]}"
    if len(words) == 3 and words[2] == "D":
        return f"{'Remove' if kind == 'adjustments' else 'Disband'} {words[0]} {words[1]}"
    return order


def _note(result: Mapping[str, Any]) -> str:
    """The few words a report puts after an order that failed."""
    if result["result"] == "success":
        return ""
    return str(result.get("reason") or "failed")


def _phase(event: Mapping[str, Any]) -> dict[str, Any]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for result in event["results"]:
        groups.setdefault(result["power"], []).append(
            {
                "order": result["order"],
                "shown": shown(str(result["order"]), str(event["type"])),
                "result": result["result"],
                "reason": result.get("reason"),
                "note": _note(result),
                "explanation": REASONS.get(result.get("reason") or "", ""),
                "dislodged": bool(result.get("dislodged")),
            }
        )
    return {
        "id": event["phase"],
        "label": event["label"],
        "kind": event["type"],
        "orders": [{"power": power, "orders": groups[power]} for power in sorted(groups)],
        "dislodged": list(event.get("dislodged", ())),
        "standoffs": list(event.get("standoffs", ())),
        "disbanded": list(event.get("disbanded", ())),
        "built": list(event.get("built", ())),
        "removed": list(event.get("removed", ())),
        "civil_disorder": list(event.get("civil_disorder", ())),
        "waived": [{"power": p, "count": n} for p, n in sorted(event.get("waived", {}).items())],
    }


def _powers(variant: Variant, state: GameState) -> list[dict[str, Any]]:
    """The supply-centre chart. A dislodged unit still counts as its power's until it retreats or
    disbands, and builds and removals are shown only when they are due, in the winter (before,
    centres may still change hands)."""
    board = state.board
    winter = state.turn.kind is PhaseKind.ADJUSTMENTS and not state.over
    due = adjustments_due(variant, board) if winter else {}
    # a build needs a vacant site: "builds 1 of 3" where only one is free, as _adjustments says
    possible = {
        power: min(count, len(vacant_build_sites(variant, power, board)))
        for power, count in due.items()
        if count > 0
    }
    alive = set(variant.survivors(state))  # the nomads may live on with nothing yet placed
    rows = []
    for power in variant.powers():
        units = sorted(str(u) for u in board.units_of(power))
        units += sorted(f"{d.unit} (dislodged)" for d in board.dislodged if d.unit.power == power)
        centres = board.centres_of(power)
        if not units and not centres and power not in state.powers:
            continue
        rows.append(
            {
                "power": power,
                "units": units,
                "unit_count": len(units),
                "centres": centres,
                "centre_count": len(centres),
                "adjustment": due.get(power, 0),
                "builds_possible": possible.get(power, 0),
                "player": power in state.powers,
                "eliminated": not units and not centres and power not in alive,
            }
        )
    return rows


def _adjustments(variant: Variant, state: GameState) -> list[dict[str, Any]]:
    if state.turn.kind is not PhaseKind.ADJUSTMENTS or state.over:
        return []
    rows = []
    for power, count in sorted(adjustments_due(variant, state.board).items()):
        sites = vacant_build_sites(variant, power, state.board) if count > 0 else []
        rows.append(
            {
                "power": power,
                "action": "build" if count > 0 else "remove",
                "count": min(count, len(sites)) if count > 0 else -count,
                "due": abs(count),
                "sites": sites,
            }
        )
    return [row for row in rows if row["count"]]
