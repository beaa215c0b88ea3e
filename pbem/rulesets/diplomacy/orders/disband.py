"""Disband: a dislodged unit leaves the board instead of retreating, or a power removes a unit
in the adjustment phase."""

from __future__ import annotations

from ..core import UnitOrder
from .kind import order_kind


@order_kind("D")
class Disband(UnitOrder):
    """A unit leaves the board: "A PAR D"."""
