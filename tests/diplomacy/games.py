"""Game states for tests: the standard powers, a position loaded as the archive would, and a
position one move from victory."""

from __future__ import annotations

from typing import Any

from pbem.ruleset import get_ruleset

POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
ruleset = get_ruleset("diplomacy")

#: seventeen supply centres: one more and Germany has won
SEVENTEEN = [
    "BER",
    "KIE",
    "MUN",
    "DEN",
    "HOL",
    "SWE",
    "NWY",
    "WAR",
    "MOS",
    "STP",
    "SEV",
    "VIE",
    "BUD",
    "TRI",
    "PAR",
    "BRE",
    "MAR",
]


def position(
    phase: str,
    units: dict[str, list[str]],
    centres: dict[str, list[str]] | None = None,
    dislodged: list[dict[str, Any]] | None = None,
) -> Any:
    """A state of the standard game at ``phase`` with these units and centre owners."""
    return ruleset.load_state(
        {
            "variant": "standard",
            "phase": phase,
            "powers": POWERS,
            "units": units,
            "supply_centres": centres or {},
            "dislodged": dislodged or [],
        }
    )
