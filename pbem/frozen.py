"""One way to declare a record that never changes: ``class Unit(Frozen)``.

Nearly every type pbem passes around is an immutable record: game states, orders, events,
rule numbers read from YAML, the store's rows. A subclass of ``Frozen`` is exactly a
``@dataclass(frozen=True)`` (fields from its annotations, equality, hashing, ``replace``,
the records codec), so the decorator is not written again on each of them, and a type is
frozen because of what it is, not because its author remembered. ``dataclass_transform``
tells type checkers the same, so fields stay typed.

A record that must be mutable, slotted or ordered keeps its own ``@dataclass(...)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, dataclass_transform


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
class Frozen:
    """A frozen dataclass, and so is every subclass."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        dataclass(frozen=True)(cls)
