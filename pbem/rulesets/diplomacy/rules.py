"""What an order kind may ask while it is checked and decided, as two small interfaces.

godip's ``godip.go`` declares the interfaces its order kinds talk to (Validator,
Resolver), so an order kind never needs the module that decides a phase. These are
ours: ``Rules`` is the variant as an order sees it while it is checked (the map),
``Decisions`` the movement phase as an order sees it while it is decided. Both are
implemented elsewhere (``variant.Variant``, ``movement.Movement``) and imported by
nobody here, so the arrows point one way: core, maps -> rules -> orders -> resolver,
movement.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Protocol

from .core import Unit, UnitOrder
from .maps import Map


class Rules(Protocol):
    """The rules an order is checked against: the variant's map."""

    @property
    def map(self) -> Map: ...


class Decisions(Protocol):
    """One movement phase being decided, as the order kinds question it."""

    @property
    def units(self) -> Mapping[str, Unit]: ...

    @property
    def orders(self) -> Mapping[str, UnitOrder]: ...

    #: origins of the moves into each province
    @property
    def moves_into(self) -> Mapping[str, Sequence[str]]: ...

    #: destination province of each move, by origin
    @property
    def dest(self) -> Mapping[str, str]: ...

    #: the supporters of the order at each province
    @property
    def supports(self) -> Mapping[str, Sequence[str]]: ...

    #: origins of the armies that go by convoy
    @property
    def by_convoy(self) -> Collection[str]: ...

    #: the variant's defence bonus, or None where it gives none
    @property
    def defence_bonus(self) -> Callable[[Decisions, Unit], int] | None: ...

    def resolve(self, key: str) -> bool:
        """Whether the order at ``key`` succeeds."""
        ...

    def path(self, origin: str) -> bool:
        """Whether the move from ``origin`` has a way there."""
        ...

    def head_to_head(self, origin: str) -> str | None:
        """The province of the unit moving the opposite way over the same border, if any."""
        ...

    def dislodged(self, province: str) -> bool:
        """Whether the unit in ``province`` is pushed out."""
        ...

    def convoy_holds(self, province: str) -> bool:
        """Whether the convoy of the fleet in ``province`` still carries (the variant decides)."""
        ...
