"""The JSON form of a game's state (``core.GameState``) for the archive."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .core import Dislodgement, GameState, board_of, parse_unit
from .variant import Variant, load_variant


def dislodgement_dict(dislodged: Dislodgement) -> dict[str, Any]:
    """A dislodged unit as the DATC cases write it, with where it may retreat."""
    return {
        "power": dislodged.unit.power,
        "unit": str(dislodged.unit),
        "attacker_from": dislodged.attacker_from,
        "attacker_power": dislodged.attacker_power,
        "attacker_via_convoy": dislodged.via_convoy,
        "retreats": list(dislodged.retreats),
    }


def dump_state(variant: Variant, state: GameState) -> dict[str, Any]:
    board = state.board
    units: dict[str, list[str]] = {}
    for unit in sorted(board.units.values(), key=lambda u: (u.power, u.location)):
        units.setdefault(unit.power, []).append(str(unit))
    centres: dict[str, list[str]] = {}
    for province, owner in sorted(board.centres.items()):
        centres.setdefault(owner, []).append(province)
    data: dict[str, Any] = {
        "variant": state.variant,
        "phase": variant.phase_id(state.turn),
        "powers": list(state.powers),
        "units": units,
        "supply_centres": centres,
        "dislodged": [dislodgement_dict(d) for d in board.dislodged],
        "winner": state.winner,
    }
    if state.extra:
        data["extra"] = dict(state.extra)
    return data


def load_state(data: Mapping[str, Any]) -> GameState:
    variant = load_variant(str(data["variant"]))
    units = [parse_unit(power, text) for power, texts in data["units"].items() for text in texts]
    centres = {
        province: power for power, owned in data.get("supply_centres", {}).items() for province in owned
    }
    dislodged = tuple(
        Dislodgement(
            unit=parse_unit(entry["power"], entry["unit"]),
            attacker_from=entry["attacker_from"],
            attacker_power=entry.get("attacker_power"),
            via_convoy=bool(entry.get("attacker_via_convoy", False)),
            retreats=tuple(entry.get("retreats", ())),
        )
        for entry in data.get("dislodged", ())
    )
    return GameState(
        variant=variant.name,
        turn=variant.parse_phase_id(str(data["phase"])),
        board=board_of(units, centres, dislodged),
        powers=tuple(data["powers"]),
        winner=data.get("winner"),
        extra=dict(data.get("extra", {})),
    )
