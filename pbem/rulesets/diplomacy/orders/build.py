"""Build and waive: what a power with more supply centres than units orders in winter."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..core import Order, UnitOrder, quick


@quick
@dataclass(slots=True, unsafe_hash=True)
class Build(UnitOrder):
    WORD: ClassVar[str] = "B"



@dataclass(slots=True, unsafe_hash=True)
class Waive(Order):
    """Give up one build."""

    WORD: ClassVar[str] = "WAIVE"

    @classmethod
    def from_words(cls, words: list[str]) -> Waive | None:
        return cls() if words == ["WAIVE"] else None

    def __str__(self) -> str:
        return "WAIVE"

    def key(self) -> str:
        return "waive"


@dataclass(slots=True, unsafe_hash=True)
class Cancel(Order):
    """Take back a build, removal or waive sent earlier this phase. It replaces that order where
    the orders are kept (same key) and is not adjudicated itself."""

    order: Order

    WORD: ClassVar[str] = "CANCEL"

    def __str__(self) -> str:
        return f"CANCEL {self.order}"

    def key(self) -> str:
        return self.order.key()

    def locations(self) -> tuple[str, ...]:
        return self.order.locations()
