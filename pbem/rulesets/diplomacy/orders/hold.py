"""Hold: the unit stays. Every unit without a valid order of its own holds."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ..core import Board, UnitOrder, UnitType

if TYPE_CHECKING:
    from ..movement import Movement
    from ..variant import Variant


@dataclass(frozen=True)
class Hold(UnitOrder):
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"^([AF]) (\S+) H$")

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Hold:
        return cls(UnitType(match[1]), match[2])

    def __str__(self) -> str:
        return f"{self.unit_text} H"

    def normalize(self, variant: Variant, board: Board) -> Hold:
        unit = board.units[self.province]
        return Hold(unit.type, unit.location)

    def adjudicate(self, movement: Movement) -> bool:
        """A hold "succeeds" when the unit keeps its province."""
        return not movement.dislodged(self.province)
