"""The order kinds, one module each, and the canonical notation they are written in.

Canonical notation is what the engine stores and reads back (DATC style):
``A PAR H``, ``A PAR - BUR`` (``VIA`` appended for an explicit convoy),
``A PAR S A MAR``, ``A PAR S A MAR - BUR``, ``F NTH C A LON - NWY``,
``A PAR R BUR``, ``A PAR B``, ``F STP/NC B``, ``A PAR D`` and ``WAIVE``.
What players write in mail is read by ``parser``, which produces these.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core import Order, UnitOrder, province_of
from ..maps import Province
from .build import Build, Waive
from .convoy import Convoy
from .disband import Disband
from .hold import Hold
from .move import Move
from .retreat import Retreat
from .support import SupportHold, SupportMove

__all__ = [
    "Build", "Convoy", "Disband", "Hold", "Move", "NotationError", "Order", "Retreat",
    "SupportHold", "SupportMove", "UnitOrder", "Waive", "parse_order",
]

KINDS: tuple[type, ...] = (Hold, Move, SupportHold, SupportMove, Convoy, Retreat, Build, Disband, Waive)


class NotationError(ValueError):
    """Text that is not an order in canonical notation, or names no province of the map."""


def parse_order(text: str, provinces: Mapping[str, Province]) -> Order:
    """The order written canonically in ``text``; NotationError says what is wrong with it."""
    canonical = " ".join(text.upper().split())
    for kind in KINDS:
        match = kind.PATTERN.match(canonical)  # type: ignore[attr-defined]
        if match:
            order: Order = kind.from_match(match)  # type: ignore[attr-defined]
            _check_locations(order, text, provinces)
            return order
    raise NotationError(
        f"{text!r} is not an order: write it like 'A PAR - BUR', 'A PAR S A MAR - BUR', "
        "'F NTH C A LON - NWY', 'A PAR H', 'A PAR R BUR', 'A PAR B', 'A PAR D' or 'WAIVE'"
    )


def _check_locations(order: Order, text: str, provinces: Mapping[str, Province]) -> None:
    for field in ("location", "dest", "supported", "army"):
        location = getattr(order, field, None)
        if location is None:
            continue
        province = provinces.get(province_of(location))
        if province is None or province.type == "impassable":
            raise NotationError(f"{text!r}: {province_of(location)} is not a province of this map")
        coast = location.partition("/")[2]
        if coast and coast not in province.coasts:
            raise NotationError(f"{text!r}: {province.name} has no coast {coast}")


def unit_order(order: Order) -> UnitOrder | None:
    return order if isinstance(order, UnitOrder) else None
