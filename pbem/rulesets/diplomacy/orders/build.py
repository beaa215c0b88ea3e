"""Build and waive: what a power with more supply centres than units orders in winter."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from ..core import Order, UnitOrder, UnitType


@dataclass(frozen=True)
class Build(UnitOrder):
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"^([AF]) (\S+) B$")

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Build:
        return cls(UnitType(match[1]), match[2])

    def __str__(self) -> str:
        return f"{self.unit_text} B"


@dataclass(frozen=True)
class Waive(Order):
    """Give up one build."""

    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"^WAIVE$")

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Waive:
        return cls()

    def __str__(self) -> str:
        return "WAIVE"

    def key(self) -> str:
        return "waive"
