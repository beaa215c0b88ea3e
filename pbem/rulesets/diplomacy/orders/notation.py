"""Canonical notation read back into orders: the word after the unit names the order kind, and
``Notation`` remembers what one map's orders read as (the same texts come back every phase)."""

from __future__ import annotations

from collections.abc import Mapping

from ..core import Order, UnitOrder, province_of
from ..maps import Province
from .build import Build, Cancel, Waive
from .convoy import Convoy
from .disband import Disband
from .hold import Hold
from .move import Move
from .retreat import Retreat
from .support import SupportHold, SupportMove

#: the word after the unit that says which kind an order is (supports come in two shapes)
_BY_WORD: dict[str, tuple[type[UnitOrder], ...]] = {}
for _kind in (Hold, Move, SupportHold, SupportMove, Convoy, Retreat, Build, Disband):
    _BY_WORD[_kind.WORD] = (*_BY_WORD.get(_kind.WORD, ()), _kind)
_UNIT_TYPES = frozenset(("A", "F"))


class NotationError(ValueError):
    """Text that is not an order in canonical notation, or names no province of the map."""


def parse_order(text: str, provinces: Mapping[str, Province], known: frozenset[str] = frozenset()) -> Order:
    """The order written canonically in ``text``; NotationError says what is wrong with it.
    ``known`` may list the map's valid locations, to skip checking those one by one."""
    words = text.upper().split()
    order: Order | None = None
    if len(words) >= 3 and words[0] in _UNIT_TYPES:  # a unit's order, the common case first
        for kind in _BY_WORD.get(words[2], ()):
            try:
                order = kind.from_words(words)
            except KeyError:  # a unit letter that is neither A nor F
                order = None
            if order is not None:
                break
    elif words == ["WAIVE"]:
        order = Waive()
    elif words[:1] == ["CANCEL"] and len(words) > 1:
        taken_back = parse_order(" ".join(words[1:]), provinces, known)
        order = Cancel(taken_back) if isinstance(taken_back, (Build, Disband, Waive)) else None
    if order is None:
        raise NotationError(
            f"{text!r} is not an order: write it like 'A PAR - BUR', 'A PAR S A MAR - BUR', "
            "'F NTH C A LON - NWY', 'A PAR H', 'A PAR R BUR', 'A PAR B', 'A PAR D' or 'WAIVE'"
        )
    locations = order.locations()
    if known.issuperset(locations):
        return order
    for location in locations:
        province = provinces.get(province_of(location))
        if province is None or province.type == "impassable":
            raise NotationError(f"{province_of(location)} is not a province of this map")
        coast = location.partition("/")[2]
        if coast and coast not in province.coasts:
            raise NotationError(f"{province.name} has no coast {coast}")
    return order


class Notation:
    """Reads canonical orders for one map, remembering what it has read (orders are immutable,
    and the same texts come back every phase)."""

    LIMIT = 50_000

    def __init__(self, provinces: Mapping[str, Province]) -> None:
        self.provinces = provinces
        self._read: dict[str, Order] = {}
        self._locations = frozenset(
            location
            for province in provinces.values()
            if province.type != "impassable"
            for location in (province.abbr, *province.locations)
        )

    def remember(self, text: str, order: Order) -> None:
        """Note that ``text`` (canonical, as ``str(order)`` writes it) reads as ``order``."""
        if len(self._read) < self.LIMIT:
            self._read[text] = order

    def parse(self, text: str) -> Order:
        order = self._read.get(text)
        if order is None:
            order = parse_order(text, self.provinces, self._locations)
            if len(self._read) >= self.LIMIT:
                self._read.clear()
            self._read[text] = order
        return order

    def parse_afresh(self, text: str) -> Order:
        """``parse`` without the orders read before, for a caller that remembers lines itself."""
        return parse_order(text, self.provinces, self._locations)
