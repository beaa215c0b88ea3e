"""Convoy: a fleet at sea carries an army along a chain of fleets to a coast.

Also the route-finding every convoy question needs: whether fleets form a chain
from one coast to another, and whether a given fleet is needed on some chain.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from ..core import UNIT_LETTERS, Board, IllegalOrder, UnitOrder, UnitType
from ..maps import Map
from ..rules import Decisions, Rules
from .kind import NamesArmy, NamesDest, order_kind


def convoying_fleets(variant: Rules, board: Board) -> frozenset[str]:
    """Provinces holding a fleet that may convoy (a fleet at sea, or where the variant allows)."""
    return board.fleets & variant.map.convoy_provinces


def route_exists(game_map: Map, origin: str, dest: str, fleets: frozenset[str]) -> bool:
    """Whether fleets in ``fleets`` form a chain from the coast ``origin`` to ``dest``."""
    frontier = [sea for sea in game_map.sea_borders(origin) if sea in fleets]
    seen = set(frontier)
    while frontier:
        borders = game_map.sea_borders(frontier.pop())
        if dest in borders:
            return True
        for sea in borders:
            if sea in fleets and sea not in seen:
                seen.add(sea)
                frontier.append(sea)
    return False


def needed_on_route(game_map: Map, origin: str, dest: str, fleets: frozenset[str], fleet: str) -> bool:
    """Whether ``fleet`` lies on a route from ``origin`` to ``dest`` none of whose fleets is spare.

    A route with a spare fleet has a shortcut: two fleets of it, or a fleet and
    an end, border each other out of turn. So the routes that need all their
    fleets are the chordless paths, and this searches those (DATC 6.G.19).
    """
    if fleet not in fleets:
        return False
    starts = game_map.sea_borders(origin) & fleets
    return any(_chordless(game_map, dest, fleets, fleet, [sea], starts) for sea in starts)


def _chordless(
    game_map: Map, dest: str, fleets: frozenset[str], fleet: str, path: list[str], blocked: frozenset[str]
) -> bool:
    """Whether ``path`` extends without shortcuts to ``dest`` through ``fleet``; ``blocked`` are the
    fleets that would make a shortcut if added next."""
    borders = game_map.sea_borders(path[-1])
    if dest in borders:
        return fleet in path
    onward = borders & fleets
    return any(
        sea not in blocked and _chordless(game_map, dest, fleets, fleet, [*path, sea], blocked | onward)
        for sea in onward
    )


@order_kind("C")
class Convoy(UnitOrder, NamesArmy, NamesDest):
    army: str
    dest: str
    #: ``kind(*args)``, quicker (``kind.order_kind``), typed for this kind
    made: ClassVar[Callable[..., Convoy]]

    @classmethod
    def from_words(cls, words: list[str]) -> Convoy | None:
        # "F NTH C A LON - NWY"; the army's letter may be left out
        rest = words[4:] if len(words) == 7 and words[3] in ("A", "F") else words[3:]
        if len(rest) == 3 and rest[1] == "-":
            return cls.made(UNIT_LETTERS[words[0]], words[1], rest[0], rest[2])
        return None

    def __str__(self) -> str:
        return " ".join((self.unit_type, self.location, "C A", self.army, "-", self.dest))

    def normalize(self, variant: Rules, board: Board) -> Convoy:
        game_map = variant.map
        unit = board.units[self.province]
        if unit.type is not UnitType.FLEET or not game_map.provinces[unit.province].convoys:
            raise IllegalOrder(f"{unit} cannot convoy: only fleets at sea convoy")
        army = board.units.get(self.army_province)
        if army is None or army.type is not UnitType.ARMY:
            raise IllegalOrder(f"there is no army in {_name(variant, self.army_province)} to convoy")
        dest = self.dest_province
        if dest == army.province:
            raise IllegalOrder(f"{army} cannot be convoyed to its own province")
        for end in (army.province, dest):
            if not game_map.is_coastal(end):
                raise IllegalOrder(f"{_name(variant, end)} is not on a coast: no convoy reaches it")
        if not needed_on_route(
            game_map, army.province, dest, convoying_fleets(variant, board), unit.province
        ):
            raise IllegalOrder(
                f"{unit} is not on any convoy route from {_name(variant, army.province)} "
                f"to {_name(variant, dest)} that needs it"
            )
        return Convoy(unit.type, unit.location, army.location, dest)

    def adjudicate(self, movement: Decisions) -> bool:
        """A convoy carries unless the fleet is dislodged (or the variant says otherwise)."""
        return movement.convoy_holds(self.province)


def _name(variant: Rules, province: str) -> str:
    return variant.map.provinces[province].name
