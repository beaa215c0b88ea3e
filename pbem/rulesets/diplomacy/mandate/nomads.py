"""Rule 2, the Hsiung-Nu: how many units the nomads may keep, where they build, and melting away.

The allowance is a schedule of the centres they own, not one unit per centre:
three armies with no centre or one, one more for every two centres, up to six
units (2-3 centres: 4, 4-5: 5, 6: 6); from six centres on the nomads are
exhausted and they keep one unit per centre, like any power. Below six units
they build in the vacant provinces of the placement area (the steppe and
desert of the north and west); from six, and once exhausted whatever their
number, in their vacant owned centres.

Melting away: at the end of the listed game years, nomads with fewer centres
than the year asks lose one army for good (``melted`` counts them, in the
game state), until a year comes when they own enough. Armies lost this way
come off the allowance below six centres; see RULINGS.md for the rulings.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.frozen import Frozen

from ..core import Board
from ..maps import Map, MapError


class Melting(Frozen):
    #: the game year at whose end the nomads are counted (as the engine counts years: -367 is 367 B.C.)
    year: int
    #: they lose an army if they own fewer centres than this
    fewer_than: int


class Nomads(Frozen):
    power: str
    placement_area: tuple[str, ...]
    armies: int
    centres_per_army: int
    limit: int
    melting: tuple[Melting, ...]

    @classmethod
    def read(cls, game_map: Map, source: str) -> Nomads:
        """The ``nomads`` entry of a map file, checked against the map; MapError names what is wrong."""
        data = game_map.extra.get("nomads")
        where = f"{source}: nomads"
        if not isinstance(data, Mapping):
            raise MapError(f"{where}: needs power, placement_area, armies, centres_per_army, limit, melting")
        power = data.get("power")
        if power not in game_map.powers:
            raise MapError(f"{where}: power {power!r} is not a power of the map")
        area = tuple(data.get("placement_area") or ())
        for abbr in area:
            province = game_map.provinces.get(abbr)
            if province is None or province.type != "land" or province.supply_centre:
                raise MapError(f"{where}: placement_area: {abbr} is not a land province without a centre")
        numbers: dict[str, int] = {}
        for key in ("armies", "centres_per_army", "limit"):
            value = data.get(key)
            if not isinstance(value, int) or value < 1:
                raise MapError(f"{where}: {key} must be a whole number above 0, not {value!r}")
            numbers[key] = value
        melting = []
        for entry in data.get("melting") or ():
            if not isinstance(entry, Mapping) or not all(
                isinstance(entry.get(key), int) for key in ("year", "fewer_than")
            ):
                raise MapError(f"{where}: melting: write each as {{year: <B.C.>, fewer_than: <centres>}}")
            melting.append(Melting(-entry["year"], entry["fewer_than"]))
        return cls(
            power=str(power),
            placement_area=area,
            armies=numbers["armies"],
            centres_per_army=numbers["centres_per_army"],
            limit=numbers["limit"],
            melting=tuple(melting),
        )

    def allowance(self, centres: int, melted: int, exhausted: bool = False) -> int:
        """How many units the nomads may have with ``centres`` owned, after ``melted`` armies melted
        away; once ``exhausted`` (they have owned six centres), one unit per centre for good."""
        if exhausted or centres >= self.limit:
            return centres
        schedule = min(self.armies + centres // self.centres_per_army, self.limit)
        return max(0, schedule - melted)

    def build_sites(self, board: Board, exhausted: bool = False) -> list[str]:
        """The placement area while they have fewer units than the limit, else their owned centres;
        once ``exhausted`` always their owned centres ("only native Chinese troops can be raised")."""
        if self.in_placement_area(board, exhausted):
            return list(self.placement_area)
        return board.centres_of(self.power)

    def in_placement_area(self, board: Board, exhausted: bool) -> bool:
        """Whether their next build is placed in the placement area: up to their sixth unit, and
        only before they are exhausted (RULINGS 7, 28 and 36)."""
        return not exhausted and len(board.units_of(self.power)) < self.limit

    def melts(self, year: int, board: Board) -> bool:
        """Whether, at the end of game year ``year``, the nomads lose an army."""
        centres = len(board.centres_of(self.power))
        return bool(board.units_of(self.power)) and any(
            melting.year == year and centres < melting.fewer_than for melting in self.melting
        )

    def new_armies(self, centres: int, placed: int) -> int | None:
        """How many armies the nomads may still add with ``centres`` owned, ``placed`` placed so far:
        with no centre or one only the first ``armies`` ("the barbarians will not need SCs to keep
        their units on the board *initially*"), so a lost army is not rebuilt for free; None where
        the allowance alone decides (two centres and more)."""
        if centres >= self.centres_per_army:
            return None
        return max(0, self.armies - placed)


def melted(extra: Mapping[str, Any]) -> int:
    """How many nomad armies have melted away so far, from the game state's ``extra``."""
    return int(extra.get("melted", 0))


def placed(extra: Mapping[str, Any]) -> int:
    """How many armies the nomads have placed (built) so far in the game."""
    return int(extra.get("placed", 0))


def exhausted(extra: Mapping[str, Any]) -> bool:
    """Whether the nomads have owned six centres: from then on they are a power like the others."""
    return bool(extra.get("exhausted", False))
