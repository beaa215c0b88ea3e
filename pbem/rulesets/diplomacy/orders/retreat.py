"""Retreat: a dislodged unit moves to a neighbouring province it may retreat to."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ..core import Dislodgement, IllegalOrder, UnitOrder, UnitType, coast_of, province_of

if TYPE_CHECKING:
    from ..variant import Variant


@dataclass(frozen=True)
class Retreat(UnitOrder):
    dest: str

    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"^([AF]) (\S+) R (\S+)$")

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Retreat:
        return cls(UnitType(match[1]), match[2], match[3])

    def __str__(self) -> str:
        return f"{self.unit_text} R {self.dest}"

    @property
    def dest_province(self) -> str:
        return province_of(self.dest)

    def normalize(self, variant: Variant, dislodgement: Dislodgement) -> Retreat:
        """This retreat with its destination checked against the unit's retreat options."""
        unit = dislodgement.unit
        target = self.dest_province
        name = variant.map.provinces[target].name
        fits = [option for option in dislodgement.retreats if province_of(option) == target]
        if not fits:
            places = ", ".join(dislodgement.retreats) or "nowhere: it can only disband"
            raise IllegalOrder(f"{unit} cannot retreat to {name}; it may retreat to {places}")
        if unit.type is UnitType.FLEET and coast_of(self.dest):
            if self.dest not in fits:
                raise IllegalOrder(f"{unit} cannot retreat to {self.dest}; it may retreat to {', '.join(fits)}")
            return Retreat(unit.type, unit.location, self.dest)
        if len(fits) > 1:
            raise IllegalOrder(
                f"{name} has two coasts {unit} could retreat to: name one ({', '.join(fits)})",
                reason="coast not specified",
            )
        return Retreat(unit.type, unit.location, fits[0])
