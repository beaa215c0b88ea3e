"""Disband: a dislodged unit leaves the board instead of retreating, or a power removes a unit
in the adjustment phase."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from ..core import UnitOrder, UnitType


@dataclass(frozen=True)
class Disband(UnitOrder):
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"^([AF]) (\S+) D$")

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Disband:
        return cls(UnitType(match[1]), match[2])

    def __str__(self) -> str:
        return f"{self.unit_text} D"
