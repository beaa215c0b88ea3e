"""Build and waive: what a power with more supply centres than units orders in winter."""

from __future__ import annotations

from ..core import Order, UnitOrder
from .kind import order_kind


@order_kind("B")
class Build(UnitOrder):
    """A new unit on one of the power's build sites: "A PAR B"."""


@order_kind("WAIVE")
class Waive(Order):
    """Give up one build."""

    @classmethod
    def from_words(cls, words: list[str]) -> Waive | None:
        return cls() if words == ["WAIVE"] else None

    def __str__(self) -> str:
        return "WAIVE"

    def key(self) -> str:
        return "waive"


@order_kind("CANCEL")
class Cancel(Order):
    """Take back a build, removal or waive sent earlier this phase. It replaces that order where
    the orders are kept (same key) and is not adjudicated itself."""

    order: Order

    def __str__(self) -> str:
        return f"CANCEL {self.order}"

    def key(self) -> str:
        return self.order.key()

    def locations(self) -> tuple[str, ...]:
        return self.order.locations()
