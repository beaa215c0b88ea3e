"""Disband: a dislodged unit leaves the board instead of retreating, or a power removes a unit
in the adjustment phase."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..core import UnitOrder, quick


@quick
@dataclass(slots=True, unsafe_hash=True)
class Disband(UnitOrder):
    WORD: ClassVar[str] = "D"

