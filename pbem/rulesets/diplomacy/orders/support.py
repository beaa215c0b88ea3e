"""Support: a unit lends its strength to a neighbour holding, or to a move into a neighbour.

A support is given unless it is cut: attacked by a foreign unit from anywhere
but the province the support is directed at, or dislodged (DATC 5.B.5).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from ..core import UNIT_LETTERS, Board, IllegalOrder, Unit, UnitOrder, UnitType, coast_of
from ..maps import Map
from ..rules import Decisions, Rules
from .kind import NamesDest, NamesSupported, order_kind
from .move import Move, army_can_reach


def given(movement: Decisions, province: str, directed_at: str | None) -> bool:
    """Whether the support of the unit in ``province`` survives the attacks on it."""
    supporter = movement.units[province]
    for attacker in movement.moves_into.get(province, ()):
        if movement.units[attacker].power == supporter.power or not movement.path(attacker):
            continue
        if attacker == directed_at:
            # The unit attacked cannot cut the support aimed at it, only dislodge the supporter.
            if movement.resolve(attacker):
                return False
            continue
        return False
    return True


def _stand(order: SupportHold | SupportMove, units: Mapping[str, Unit]) -> bool:
    """Whether the supporter and the unit supported stand as the support names them."""
    unit = units.get(order.province)
    supported = units.get(order.supported_province)
    return (
        unit is not None
        and supported is not None
        and unit.location == order.location
        and unit.type is order.unit_type
        and supported.location == order.supported
        and supported.type is order.supported_type
    )


def _supported(variant: Rules, board: Board, unit: Unit, province: str, itself: str) -> Unit:
    """The unit in ``province`` that ``unit`` supports; IllegalOrder if none, or if it is ``unit``."""
    if province == unit.province:
        raise IllegalOrder(f"{unit} cannot support {itself}")
    supported = board.units.get(province)
    if supported is None:
        raise IllegalOrder(f"there is no unit in {variant.map.provinces[province].name} to support")
    return supported


def _can_support_into(variant: Rules, board: Board, province: str, target: str) -> None:
    unit = board.units[province]
    name = variant.map.provinces[target].name
    if target == unit.province:
        raise IllegalOrder(f"{unit} cannot support an order into its own province")
    if not variant.map.can_reach(unit.type, unit.location, target):
        raise IllegalOrder(f"{unit} cannot support into {name}: it could not move there itself")


@order_kind("S")
class SupportHold(UnitOrder, NamesSupported):
    supported_type: UnitType
    supported: str
    #: ``kind(*args)``, quicker (``kind.order_kind``), typed for this kind
    made: ClassVar[Callable[..., SupportHold]]

    @classmethod
    def from_words(cls, words: list[str]) -> SupportHold | None:
        if len(words) == 5 or (len(words) == 6 and words[5] == "H"):
            return cls.made(UNIT_LETTERS[words[0]], words[1], UNIT_LETTERS[words[3]], words[4])
        return None

    def __str__(self) -> str:
        return " ".join((self.unit_type, self.location, "S", self.supported_type, self.supported))

    def stands(self, units: Mapping[str, Unit]) -> bool:
        return _stand(self, units)

    def plain(self, game_map: Map) -> bool:
        """Support for a neighbour, not itself."""
        target = self.supported_province
        return target != self.province and game_map.can_reach(self.unit_type, self.location, target)

    def normalize(self, variant: Rules, board: Board) -> SupportHold:
        if self.stands(board.units) and self.plain(variant.map):
            return self  # as the engine would write it, to a neighbour: the common case
        unit = board.units[self.province]
        target = self.supported_province
        supported = _supported(variant, board, unit, target, "itself")
        _can_support_into(variant, board, unit.province, target)
        if (unit.type, unit.location, supported.type, supported.location) == (
            self.unit_type,
            self.location,
            self.supported_type,
            self.supported,
        ):
            return self
        return SupportHold(unit.type, unit.location, supported.type, supported.location)

    def matches(self, order: UnitOrder) -> bool:
        """Support to hold helps any unit that does not move (DATC 6.D.7)."""
        return not isinstance(order, Move)

    def adjudicate(self, movement: Decisions) -> bool:
        return given(movement, self.province, None)


@order_kind("S")
class SupportMove(UnitOrder, NamesSupported, NamesDest):
    supported_type: UnitType
    supported: str
    dest: str
    #: ``kind(*args)``, quicker (``kind.order_kind``), typed for this kind
    made: ClassVar[Callable[..., SupportMove]]

    @classmethod
    def from_words(cls, words: list[str]) -> SupportMove | None:
        if len(words) == 7 and words[5] == "-":
            return cls.made(UNIT_LETTERS[words[0]], words[1], UNIT_LETTERS[words[3]], words[4], words[6])
        return None

    def __str__(self) -> str:
        return " ".join(
            (self.unit_type, self.location, "S", self.supported_type, self.supported, "-", self.dest)
        )

    def stands(self, units: Mapping[str, Unit]) -> bool:
        return _stand(self, units)

    def plain(self, game_map: Map) -> bool:
        """Support for a move between neighbours, into a neighbour of the supporter, no coast
        named."""
        origin, dest = self.supported_province, self.dest_province
        return (
            dest == self.dest
            and self.province not in (origin, dest)
            and game_map.can_reach(self.unit_type, self.location, dest)
            and dest
            in (
                game_map.army_borders.get(origin, ())
                if self.supported_type is UnitType.ARMY
                else game_map.fleet_reach.get(self.supported, ())
            )
        )

    def normalize(self, variant: Rules, board: Board) -> SupportMove:
        if self.stands(board.units) and self.plain(variant.map):
            return self  # as the engine would write it, between neighbours: the common case
        game_map = variant.map
        unit = board.units[self.province]
        origin, dest = self.supported_province, self.dest_province
        supported = _supported(variant, board, unit, origin, "its own move")
        _can_support_into(variant, board, unit.province, dest)
        # Whether the supported unit could make that move at all, from any coast of its
        # province (the coast it stands on is checked when its own order is matched).
        if supported.type is UnitType.FLEET:
            possible = dest != origin and any(
                dest in game_map.fleet_reach.get(location, ())
                for location in game_map.provinces[origin].locations
            )
        else:
            possible = army_can_reach(variant, board, origin, dest, without=unit.province)
        if not possible:
            raise IllegalOrder(
                f"{supported} cannot move to {game_map.provinces[dest].name}, so it cannot be supported there"
            )
        # A coast matters only for a fleet; a support without one fits either coast (DATC 4.B.4).
        target = self.dest if supported.type is UnitType.FLEET and coast_of(self.dest) else dest
        normal = (unit.type, unit.location, supported.type, supported.location, target)
        if normal == (
            self.unit_type,
            self.location,
            self.supported_type,
            self.supported,
            self.dest,
        ):
            return self
        return SupportMove(*normal)

    def matches(self, order: UnitOrder) -> bool:
        """Whether ``order`` (the supported unit's) is the move this support is for."""
        if not isinstance(order, Move) or order.dest_province != self.dest_province:
            return False
        return not coast_of(self.dest) or order.dest == self.dest

    def adjudicate(self, movement: Decisions) -> bool:
        return given(movement, self.province, self.dest_province)
