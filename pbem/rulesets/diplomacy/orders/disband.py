"""Disband: a dislodged unit leaves the board instead of retreating, or a power removes a unit
in the adjustment phase."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..core import UNIT_LETTERS, UnitOrder


@dataclass(frozen=True)
class Disband(UnitOrder):
    WORD: ClassVar[str] = "D"

    @classmethod
    def from_words(cls, words: list[str]) -> Disband | None:
        return cls(UNIT_LETTERS[words[0]], words[1]) if len(words) == 3 else None

    def __str__(self) -> str:
        return f"{self.unit_text} D"
