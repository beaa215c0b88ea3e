"""Maps as data: reading a variant's YAML file and checking it before any game uses it.

A map file (see ``variants/standard.yaml``) lists the powers with their home
centres, the provinces (name, type, coasts, supply centre, aliases for the mail
parser, a position for a picture), army and fleet borders, the start position
and the victory count. ``load_map`` refuses a map whose borders are one-sided,
whose coasts do not add up or whose start puts a unit where it cannot stand,
with an error that names the file and the province. Any other top-level entry
is kept, unread, in ``Map.extra``: data for a variant's own rules (Mandate of
Heaven's placement area and calendar), which its ``Variant`` subclass checks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import field
from functools import cached_property
from pathlib import Path
from typing import Any

import yaml

from pbem.frozen import Frozen

from .core import UnitType, coast_of, parse_unit, province_of

PROVINCE_TYPES = ("sea", "coast", "land", "impassable")
#: the top-level entries of a map file this loader reads; the others go to ``Map.extra``
MAP_ENTRIES = ("name", "title", "rules", "powers", "provinces", "adjacency", "start", "victory", "builds")


class MapError(ValueError):
    """A map file is wrong; the message names the file and the entry to fix."""


class Province(Frozen):
    abbr: str
    name: str
    type: str
    supply_centre: bool = False
    coasts: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    position: tuple[int, int] = (0, 0)
    #: fleets here may convoy armies (seas; a variant may add rivers)
    convoys: bool = False

    @property
    def locations(self) -> tuple[str, ...]:
        """Where a fleet can stand in this province: its coasts, or the province itself."""
        if self.coasts:
            return tuple(f"{self.abbr}/{coast}" for coast in self.coasts)
        return (self.abbr,) if self.type in ("sea", "coast") else ()


class Power(Frozen):
    name: str
    adjective: str
    home_centres: tuple[str, ...]
    #: False for non-player powers (neutrals) whose units are ordered some other way
    player: bool = True


class Start(Frozen):
    phase: str
    units: Mapping[str, tuple[str, ...]]
    centres: Mapping[str, tuple[str, ...]]


_NONE: frozenset[str] = frozenset()


class Map(Frozen):
    """A checked map: provinces, borders, powers and the start position."""

    name: str
    title: str
    rules: str
    powers: Mapping[str, Power]
    provinces: Mapping[str, Province]
    army_borders: Mapping[str, frozenset[str]]
    #: location -> locations a fleet there can move to
    fleet_borders: Mapping[str, frozenset[str]]
    start: Start
    victory_centres: int
    #: supply centres that do not count toward victory
    victory_ignores: frozenset[str] = frozenset()
    #: "home": build in vacant owned home centres; "any": in any vacant owned centre
    builds: str = "home"
    #: province -> provinces a fleet there (any coast) borders; derived from fleet_borders
    sea_neighbours: Mapping[str, frozenset[str]] = field(default_factory=dict)
    #: location -> provinces a fleet there borders; derived from fleet_borders
    fleet_reach: Mapping[str, frozenset[str]] = field(default_factory=dict)
    #: the file's top-level entries this loader does not read, for the variant's own rules
    extra: Mapping[str, Any] = field(default_factory=dict)

    def province(self, abbr: str) -> Province:
        return self.provinces[abbr]

    @property
    def supply_centres(self) -> list[str]:
        return sorted(p.abbr for p in self.provinces.values() if p.supply_centre)

    @cached_property
    def convoy_provinces(self) -> frozenset[str]:
        """The provinces where a fleet may convoy: the seas, and where the variant allows."""
        return frozenset(p.abbr for p in self.provinces.values() if p.convoys)

    def fleet_can_reach(self, location: str, province: str) -> list[str]:
        """The locations of ``province`` a fleet at ``location`` can move to."""
        borders = self.fleet_borders.get(location, frozenset())
        return [loc for loc in self.provinces[province].locations if loc in borders]

    def can_reach(self, unit_type: UnitType, location: str, province: str) -> bool:
        """Whether a unit at ``location`` borders ``province`` (any coast of it, for a fleet)."""
        if unit_type is UnitType.ARMY:
            return province in self.army_borders.get(location.partition("/")[0], _NONE)
        return province in self.fleet_reach.get(location, _NONE)

    def sea_borders(self, province: str) -> frozenset[str]:
        """Provinces a fleet in ``province`` (any coast) borders: the graph convoys follow."""
        return self.sea_neighbours.get(province, _NONE)

    def is_coastal(self, province: str) -> bool:
        return self.provinces[province].type == "coast"

    def all_borders(self, province: str) -> frozenset[str]:
        """Neighbours by any border, land or sea: for counting distances whatever the unit."""
        return self.army_borders.get(province, frozenset()) | self.sea_borders(province)


#: libyaml's safe loader where PyYAML has it (its wheels do): the standard map in 8 ms rather
#: than 50, which every command that adjudicates pays at start-up; the same data, and its errors
#: name the line as well
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_map(path: Path) -> Map:
    """Read and check a map file; MapError names the file and the faulty entry."""
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
    except (OSError, yaml.YAMLError) as error:
        raise MapError(f"{path.name}: cannot read the map: {error}") from None
    return build_map(data, path.name)


def build_map(data: Any, source: str) -> Map:
    """A checked Map from the parsed YAML of ``source`` (a file name used in errors)."""
    check = _Checker(source)
    if not isinstance(data, Mapping):
        check.fail("the file must hold a mapping with name, powers, provinces, adjacency, start")
    for key in ("name", "powers", "provinces", "adjacency", "start", "victory"):
        if key not in data:
            check.fail(f"missing top-level entry {key!r}")

    provinces = {abbr: check.province(abbr, entry) for abbr, entry in data["provinces"].items()}
    powers = {name: check.power(name, entry, provinces) for name, entry in data["powers"].items()}
    adjacency = data["adjacency"]
    if not isinstance(adjacency, Mapping) or set(adjacency) != {"army", "fleet"}:
        check.fail("adjacency must have exactly two entries, army and fleet")
    army = check.army_borders(adjacency["army"], provinces)
    fleet = check.fleet_borders(adjacency["fleet"], provinces)
    victory = data["victory"]
    if not isinstance(victory, Mapping) or not isinstance(victory.get("centres"), int):
        check.fail("victory must give centres: <number of supply centres that wins>")
    ignores = frozenset(victory.get("ignore", ()))
    for abbr in ignores:
        if abbr not in provinces or not provinces[abbr].supply_centre:
            check.fail(f"victory ignore: {abbr} is not a supply centre")
    centre_count = sum(1 for p in provinces.values() if p.supply_centre) - len(ignores)
    if not 0 < victory["centres"] <= centre_count:
        check.fail(f"victory centres {victory['centres']} must be between 1 and {centre_count}")
    builds = data.get("builds", "home")
    if builds not in ("home", "any"):
        check.fail(f"builds must be 'home' or 'any', not {builds!r}")
    game_map = Map(
        name=str(data["name"]),
        title=str(data.get("title", data["name"])),
        rules=str(data.get("rules", "standard")),
        powers=powers,
        provinces=provinces,
        army_borders=army,
        fleet_borders=fleet,
        start=check.start(data["start"], provinces, powers),
        victory_centres=victory["centres"],
        victory_ignores=ignores,
        builds=builds,
        sea_neighbours=_province_borders(fleet),
        fleet_reach={loc: frozenset(province_of(t) for t in ts) for loc, ts in fleet.items()},
        extra={key: value for key, value in data.items() if key not in MAP_ENTRIES},
    )
    check.start_units(game_map)
    return game_map


def _province_borders(fleet: Mapping[str, frozenset[str]]) -> dict[str, frozenset[str]]:
    borders: dict[str, set[str]] = {}
    for location, targets in fleet.items():
        borders.setdefault(province_of(location), set()).update(province_of(t) for t in targets)
    return {province: frozenset(targets) for province, targets in borders.items()}


class _Checker:
    """The checks of one map file, each failing with the file and entry named."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, message: str) -> None:
        raise MapError(f"{self.source}: {message}")

    def province(self, abbr: Any, entry: Any) -> Province:
        if not isinstance(abbr, str) or not abbr.isalnum() or abbr != abbr.upper():
            self.fail(f"province {abbr!r}: abbreviations are upper-case letters and digits")
        if not isinstance(entry, Mapping) or "name" not in entry or "type" not in entry:
            self.fail(f"province {abbr}: needs at least a name and a type")
        kind = entry["type"]
        if kind not in PROVINCE_TYPES:
            self.fail(f"province {abbr}: type {kind!r} is not one of {', '.join(PROVINCE_TYPES)}")
        coasts = tuple(str(c).upper() for c in entry.get("coasts", ()))
        if coasts and kind != "coast":
            self.fail(f"province {abbr}: only coastal provinces have coasts, this one is {kind}")
        if len(coasts) == 1:
            self.fail(f"province {abbr}: a split coast needs at least two coasts, not one")
        position = entry.get("position", (0, 0))
        if (
            not isinstance(position, (list, tuple))
            or len(position) != 2
            or not all(isinstance(n, int) for n in position)
        ):
            self.fail(f"province {abbr}: position must be [x, y] in whole numbers")
        supply = bool(entry.get("supply_centre", False))
        if supply and kind not in ("coast", "land"):
            self.fail(f"province {abbr}: a supply centre must be on land, this one is {kind}")
        return Province(
            abbr=abbr,
            name=str(entry["name"]),
            type=kind,
            supply_centre=supply,
            coasts=coasts,
            aliases=tuple(str(a).lower() for a in entry.get("aliases", ())),
            position=(position[0], position[1]),
            convoys=bool(entry.get("convoys", kind == "sea")),
        )

    def power(self, name: Any, entry: Any, provinces: Mapping[str, Province]) -> Power:
        if not isinstance(entry, Mapping):
            self.fail(f"power {name}: needs home_centres (and may give adjective, player)")
        homes = tuple(entry.get("home_centres", ()))
        for abbr in homes:
            if abbr not in provinces:
                self.fail(f"power {name}: home centre {abbr} is not a province")
            if not provinces[abbr].supply_centre:
                self.fail(f"power {name}: home centre {abbr} is not a supply centre")
        return Power(
            name=str(name),
            adjective=str(entry.get("adjective", name)),
            home_centres=homes,
            player=bool(entry.get("player", True)),
        )

    def army_borders(self, borders: Any, provinces: Mapping[str, Province]) -> dict[str, frozenset[str]]:
        result: dict[str, frozenset[str]] = {}
        for abbr, targets in borders.items():
            if abbr not in provinces:
                self.fail(f"army adjacency: {abbr} is not a province")
            if provinces[abbr].type not in ("coast", "land"):
                self.fail(
                    f"army adjacency: province {abbr} is {provinces[abbr].type}, armies cannot stand there"
                )
            for target in targets:
                if target not in provinces:
                    self.fail(f"army adjacency: province {abbr}: {target} is not a province")
                if provinces[target].type not in ("coast", "land"):
                    self.fail(f"army adjacency: province {abbr}: {target} is {provinces[target].type}")
            result[abbr] = frozenset(targets)
        self.both_ways(
            result,
            lambda abbr, target: (
                f"army adjacency: province {abbr} borders {target} but {target} does not border {abbr}"
            ),
        )
        return result

    def both_ways(self, borders: Mapping[str, frozenset[str]], message: Callable[[str, str], str]) -> None:
        """Fail for every border written one way only (``message(place, target)`` says it)."""
        for place, targets in borders.items():
            for target in targets:
                if place not in borders.get(target, frozenset()):
                    self.fail(message(place, target))

    def fleet_location(self, location: str, provinces: Mapping[str, Province], where: str) -> None:
        province = provinces.get(province_of(location))
        if province is None:
            self.fail(f"{where}: {province_of(location)} is not a province")
            return
        if province.type not in ("sea", "coast"):
            self.fail(f"{where}: province {province.abbr} is {province.type}, fleets cannot stand there")
        coast = coast_of(location)
        if province.coasts and coast not in province.coasts:
            self.fail(
                f"{where}: province {province.abbr} has coasts {', '.join(province.coasts)}; "
                f"write {location!r} as one of {', '.join(province.locations)}"
            )
        if coast and not province.coasts:
            self.fail(f"{where}: province {province.abbr} has no coast {coast}")

    def fleet_borders(self, borders: Any, provinces: Mapping[str, Province]) -> dict[str, frozenset[str]]:
        result: dict[str, frozenset[str]] = {}
        for location, targets in borders.items():
            self.fleet_location(location, provinces, "fleet adjacency")
            for target in targets:
                self.fleet_location(target, provinces, f"fleet adjacency: {location}")
            result[location] = frozenset(targets)
        self.both_ways(
            result,
            lambda location, target: (
                f"fleet adjacency: province {province_of(location)}: {location} "
                f"borders {target} but {target} does not border {location}"
            ),
        )
        for province in provinces.values():
            for location in province.locations:
                if location not in result and province.type != "impassable":
                    self.fail(f"fleet adjacency: province {province.abbr}: {location} has no borders")
        return result

    def start(self, entry: Any, provinces: Mapping[str, Province], powers: Mapping[str, Power]) -> Start:
        if not isinstance(entry, Mapping) or "phase" not in entry or "units" not in entry:
            self.fail("start needs phase, units and supply_centres")
        units = {power: tuple(us) for power, us in entry["units"].items()}
        centres = {power: tuple(cs) for power, cs in entry.get("supply_centres", {}).items()}
        owners: dict[str, str] = {}
        for power, owned in centres.items():
            if power not in powers:
                self.fail(f"start supply_centres: {power} is not a power of this map")
            for abbr in owned:
                if abbr not in provinces or not provinces[abbr].supply_centre:
                    self.fail(f"start supply_centres: {power}: {abbr} is not a supply centre")
                if abbr in owners:
                    self.fail(f"start supply_centres: province {abbr} owned by {owners[abbr]} and {power}")
                owners[abbr] = power
        for power in units:
            if power not in powers:
                self.fail(f"start units: {power} is not a power of this map")
        return Start(phase=str(entry["phase"]), units=units, centres=centres)

    def start_units(self, game_map: Map) -> None:
        taken: dict[str, str] = {}
        for power, texts in game_map.start.units.items():
            for text in texts:
                try:
                    unit = parse_unit(power, text)
                except ValueError as error:
                    self.fail(f"start units: {power}: {error}")
                    return
                where = f"start units: {power}: {text}"
                province = game_map.provinces.get(unit.province)
                if province is None:
                    self.fail(f"{where}: {unit.province} is not a province")
                    return
                if unit.type is UnitType.ARMY:
                    if province.type not in ("coast", "land") or coast_of(unit.location):
                        self.fail(
                            f"{where}: an army cannot stand in province {unit.province} ({unit.location})"
                        )
                elif unit.location not in province.locations:
                    self.fail(
                        f"{where}: a fleet cannot stand at {unit.location} "
                        f"in province {unit.province}"
                        + (f" (its coasts: {', '.join(province.locations)})" if province.coasts else "")
                    )
                if unit.province in taken:
                    self.fail(
                        f"{where}: province {unit.province} already holds a unit of {taken[unit.province]}"
                    )
                taken[unit.province] = power
