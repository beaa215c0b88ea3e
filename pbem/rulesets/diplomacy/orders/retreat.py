"""Retreat: a dislodged unit moves to a neighbouring province it may retreat to."""

from __future__ import annotations

from ..core import UNIT_LETTERS, Dislodgement, IllegalOrder, UnitOrder, UnitType, coast_of, province_of
from ..rules import Rules
from .kind import NamesDest, order_kind


@order_kind("R")
class Retreat(UnitOrder, NamesDest):
    dest: str

    @classmethod
    def from_words(cls, words: list[str]) -> Retreat | None:
        return cls.made(UNIT_LETTERS[words[0]], words[1], words[3]) if len(words) == 4 else None

    def __str__(self) -> str:
        return f"{self.unit_text} R {self.dest}"

    def normalize(self, variant: Rules, dislodgement: Dislodgement) -> Retreat:
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
                raise IllegalOrder(
                    f"{unit} cannot retreat to {self.dest}; it may retreat to {', '.join(fits)}"
                )
            return Retreat(unit.type, unit.location, self.dest)
        if len(fits) > 1:
            raise IllegalOrder(
                f"{name} has two coasts {unit} could retreat to: name one ({', '.join(fits)})",
                reason="coast not specified",
            )
        return Retreat(unit.type, unit.location, fits[0])
