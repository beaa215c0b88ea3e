"""The world of The Generals as data: troops, skills, rule numbers and the scenarios.

Everything numeric in the game lives in YAML beside this module (``data/`` for what all
scenarios share, ``variants/`` for one map and scenario each), so a referee can rebalance
or add a scenario without touching Python. This module reads those files once, checks
them, and raises ``DataError`` naming the file and the entry when something is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from pbem.frozen import Frozen
from pbem.records import RecordError, from_plain
from pbem.rulesets.generals.rule_numbers import Rules, TerrainEffect

HERE = Path(__file__).parent
DATA = HERE / "data"
VARIANTS = HERE / "variants"

#: The battle orders, by their rulebook names. "Flee" is what a routed side fights on.
AMBUSH, SKIRMISH, FIELD_BATTLE, FORTIFY = "Ambush", "Skirmish", "Field Battle", "Fortify"
WITHDRAW, FLANKING, FLEE = "Withdraw", "Flanking Maneuvers", "Flee"
DEFENSIVE_ORDERS = (AMBUSH, SKIRMISH, FIELD_BATTLE, FORTIFY, WITHDRAW)
OFFENSIVE_ORDERS = (AMBUSH, SKIRMISH, FIELD_BATTLE, FLANKING)
BATTLE_ORDERS = (AMBUSH, SKIRMISH, FIELD_BATTLE, FORTIFY, FLANKING, WITHDRAW, FLEE)

#: The twelve skills, and the numbers each must define per level (see data/skills.yaml).
SKILL_EFFECTS: dict[str, tuple[str, ...]] = {
    "Arcane Mage": ("wounds",),
    "Necromancer": ("undead",),
    "Healer": ("casualty_reduction",),
    "Invincible Warrior": ("offense", "defense"),
    "Undying": ("death_reduction",),
    "Inspirational": ("morale",),
    "Rabble Rouser": ("extra",),
    "Sneaky": ("discovery", "hide"),
    "Master Tactician": ("defense",),
    "Guerilla Tactics": ("offense", "defense"),
    "Fortification Expert": ("offense", "defense"),
    "Battlefield Planner": ("offense", "defense"),
}

OBJECTIVE_KINDS = ("hold", "take", "victories", "defeat", "hoard", "tribute")


class DataError(ValueError):
    """A game data file is wrong; the message names the file and the entry."""


class Bonus(Frozen):
    offense: float = 0.0
    defense: float = 0.0


class TroopType(Frozen):
    name: str
    movement: int
    offense: float
    defense: float
    health: int
    range: int
    morale: int
    points: int
    tags: tuple[str, ...] = ()
    hireable: bool = True
    aliases: tuple[str, ...] = ()
    terrain_bonus: Mapping[str, Bonus] = field(default_factory=dict)
    order_bonus: Mapping[str, Bonus] = field(default_factory=dict)

    @property
    def reserve(self) -> bool:
        """Troops that shoot from behind the main body and die only after it (rulebook)."""
        return self.range >= 2


class Skill(Frozen):
    name: str
    description: str
    per_level: Mapping[str, float]
    undead_troop: str = ""


class Region(Frozen):
    name: str
    terrain: str
    income: int
    hire_limit: int
    hire: tuple[str, ...]
    neighbours: tuple[str, ...]
    towns: tuple[str, ...] = ()


class Objective(Frozen):
    """A secret task of one power: what it asks (kind and target) and what it is worth."""

    kind: str
    target: str | int
    vp: int

    def describe(self) -> str:
        """The objective as its owner reads it."""
        wording = {
            "hold": "hold {} at the end of the game",
            "take": "take {} (once)",
            "victories": "win {} battles",
            "defeat": "win a battle against {}",
            "hoard": "hold {} gold at the end of the game",
            "tribute": "receive {} gold in gifts from other players",
        }[self.kind]
        return f"{wording.format(self.target)} ({self.vp} VP)"

    @property
    def at_end(self) -> bool:
        """Scored when the game ends, not when achieved."""
        return self.kind in ("hold", "hoard")


class GeneralSetup(Frozen):
    name: str
    region: str
    skills: tuple[str, ...]


class PowerSetup(Frozen):
    name: str
    gold: int
    armies: Mapping[str, Mapping[str, int]]
    generals: tuple[GeneralSetup, ...]
    objectives: tuple[Objective, ...]


class Garrison(Frozen):
    order: str
    troops: Mapping[str, int]


class Variant(Frozen):
    name: str
    description: str
    turns: int
    gold_per_vp: int
    regions: Mapping[str, Region]
    powers: Mapping[str, PowerSetup]
    garrisons: Mapping[str, Garrison]


class World(Frozen):
    """All the data of the game: what every scenario shares, and the scenarios."""

    troops: Mapping[str, TroopType]
    skills: Mapping[str, Skill]
    rules: Rules
    variants: Mapping[str, Variant]

    def troop_order(self, name: str) -> int:
        """Troops are listed in the order of troops.yaml, the cheap line first."""
        return list(self.troops).index(name)


# --- reading -------------------------------------------------------------------------------


def _read(path: Path) -> Any:
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as error:
        raise DataError(f"{path}: cannot be read: {error}") from None


def _mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise DataError(f"{where}: expected a mapping, found {value!r}")
    return value


def _number(value: Any, where: str, *, whole: bool = False, minimum: float | None = None) -> Any:
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or (whole and not isinstance(value, int))
    ):
        kind = "a whole number" if whole else "a number"
        raise DataError(f"{where}: expected {kind}, found {value!r}")
    if minimum is not None and value < minimum:
        raise DataError(f"{where}: must be at least {minimum}, found {value}")
    return value


def _names(value: Any, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise DataError(f"{where}: expected a list of names, found {value!r}")
    return tuple(value)


def _bonus(data: Any, where: str) -> Bonus:
    data = _mapping(data, where)
    unknown = set(data) - {"offense", "defense"}
    if unknown:
        raise DataError(f"{where}: unknown entries {', '.join(sorted(unknown))}; use offense, defense")
    return Bonus(
        offense=float(_number(data.get("offense", 0), f"{where}: offense")),
        defense=float(_number(data.get("defense", 0), f"{where}: defense")),
    )


def load_rules(path: Path) -> Rules:
    where = str(path)
    data = dict(_mapping(_read(path), where))
    battle = dict(_mapping(data.get("battle"), f"{where}: battle"))
    orders = _mapping(battle.get("orders"), f"{where}: battle: orders")
    missing = [o for o in BATTLE_ORDERS if o.lower() not in orders]
    if missing:
        raise DataError(f"{where}: battle: orders: missing {', '.join(missing)}")
    battle["orders"] = {o: orders[o.lower()] for o in BATTLE_ORDERS}
    try:
        return from_plain(Rules, {**data, "battle": battle})
    except RecordError as error:
        raise DataError(f"{where}: {error}") from None


TROOP_NUMBERS = ("movement", "offense", "defense", "health", "range", "morale", "points")


def load_troops(path: Path, terrains: Mapping[str, TerrainEffect]) -> dict[str, TroopType]:
    troops: dict[str, TroopType] = {}
    for name, data in _mapping(_read(path), str(path)).items():
        where = f"{path}: troop '{name}'"
        data = _mapping(data, where)
        known = set(TROOP_NUMBERS) | {"tags", "hireable", "aliases", "bonuses"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise DataError(f"{where}: unknown entries {', '.join(unknown)}")
        numbers: dict[str, Any] = {}
        for key in TROOP_NUMBERS:
            if key not in data:
                raise DataError(f"{where}: missing '{key}'")
            whole = key in ("movement", "health", "range", "points", "morale")
            numbers[key] = _number(data[key], f"{where}: {key}", whole=whole, minimum=0)
        for key in ("movement", "health", "range", "points"):
            if numbers[key] < 1:
                raise DataError(f"{where}: {key} must be at least 1")
        bonuses = _mapping(data.get("bonuses") or {}, f"{where}: bonuses")
        if set(bonuses) - {"terrain", "order"}:
            raise DataError(f"{where}: bonuses: use 'terrain' and 'order'")
        terrain_bonus = {}
        for terrain, value in _mapping(bonuses.get("terrain") or {}, where).items():
            if terrain not in terrains:
                raise DataError(
                    f"{where}: bonuses: unknown terrain '{terrain}'; known: {', '.join(terrains)}"
                )
            terrain_bonus[terrain] = _bonus(value, f"{where}: bonuses: terrain: {terrain}")
        order_bonus = {}
        orders = {o.lower(): o for o in BATTLE_ORDERS}
        for order, value in _mapping(bonuses.get("order") or {}, where).items():
            if order not in orders:
                raise DataError(f"{where}: bonuses: unknown order '{order}'; known: {', '.join(orders)}")
            order_bonus[orders[order]] = _bonus(value, f"{where}: bonuses: order: {order}")
        hireable = data.get("hireable", True)
        if not isinstance(hireable, bool):
            raise DataError(f"{where}: hireable must be true or false")
        troops[str(name)] = TroopType(
            name=str(name),
            tags=_names(data.get("tags"), f"{where}: tags"),
            hireable=hireable,
            aliases=tuple(a.lower() for a in _names(data.get("aliases"), f"{where}: aliases")),
            terrain_bonus=terrain_bonus,
            order_bonus=order_bonus,
            **numbers,
        )
    return troops


def load_skills(path: Path, troops: Mapping[str, TroopType]) -> dict[str, Skill]:
    data = _mapping(_read(path), str(path))
    skills: dict[str, Skill] = {}
    for name, effects in SKILL_EFFECTS.items():
        where = f"{path}: skill '{name}'"
        if name not in data:
            raise DataError(f"{path}: missing skill '{name}' (the rulebook has twelve)")
        entry = _mapping(data[name], where)
        per_level = _mapping(entry.get("per_level"), f"{where}: per_level")
        if set(per_level) != set(effects):
            raise DataError(f"{where}: per_level must give exactly {', '.join(effects)}")
        undead = str(entry.get("undead_troop", ""))
        if name == "Necromancer" and undead not in troops:
            raise DataError(f"{where}: undead_troop must name a troop of troops.yaml")
        skills[name] = Skill(
            name=name,
            description=str(entry.get("description", "")).strip(),
            per_level={k: float(_number(v, f"{where}: {k}")) for k, v in per_level.items()},
            undead_troop=undead,
        )
    extra = sorted(set(data) - set(SKILL_EFFECTS))
    if extra:
        raise DataError(f"{path}: unknown skills {', '.join(extra)}")
    return skills


def _army(data: Any, where: str, troops: Mapping[str, TroopType]) -> dict[str, int]:
    army: dict[str, int] = {}
    for troop, men in _mapping(data, where).items():
        if troop not in troops:
            raise DataError(f"{where}: unknown troop '{troop}'; known: {', '.join(troops)}")
        army[troop] = _number(men, f"{where}: {troop}", whole=True, minimum=1)
    return army


def _objective(data: Any, where: str, variant: dict[str, Any]) -> Objective:
    data = _mapping(data, where)
    kinds = [k for k in data if k != "vp"]
    if len(kinds) != 1 or kinds[0] not in OBJECTIVE_KINDS:
        raise DataError(f"{where}: give one of {', '.join(OBJECTIVE_KINDS)} and vp")
    kind = kinds[0]
    target = data[kind]
    if kind in ("hold", "take"):
        if target not in variant["regions"]:
            raise DataError(f"{where}: unknown region '{target}'")
    elif kind == "defeat":
        if target not in variant["powers"]:
            raise DataError(f"{where}: unknown power '{target}'")
    else:
        target = _number(target, f"{where}: {kind}", whole=True, minimum=1)
    return Objective(kind, target, _number(data.get("vp"), f"{where}: vp", whole=True, minimum=1))


def load_variant(
    path: Path, rules: Rules, troops: Mapping[str, TroopType], skills: Mapping[str, Skill]
) -> Variant:
    where = str(path)
    data = dict(_mapping(_read(path), where))
    for key in ("name", "turns", "gold_per_vp", "regions", "powers"):
        if key not in data:
            raise DataError(f"{where}: missing '{key}'")
    regions: dict[str, Region] = {}
    for name, entry in _mapping(data["regions"], f"{where}: regions").items():
        at = f"{where}: region '{name}'"
        entry = _mapping(entry, at)
        for key in ("terrain", "income", "hire_limit", "hire", "neighbours"):
            if key not in entry:
                raise DataError(f"{at}: missing '{key}'")
        if entry["terrain"] not in rules.terrains:
            raise DataError(f"{at}: unknown terrain '{entry['terrain']}'; known: {', '.join(rules.terrains)}")
        hire = _names(entry["hire"], f"{at}: hire")
        for troop in hire:
            if troop not in troops or not troops[troop].hireable:
                raise DataError(f"{at}: hire: '{troop}' is not a hireable troop of troops.yaml")
        regions[str(name)] = Region(
            name=str(name),
            terrain=entry["terrain"],
            income=_number(entry["income"], f"{at}: income", whole=True, minimum=0),
            hire_limit=_number(entry["hire_limit"], f"{at}: hire_limit", whole=True, minimum=0),
            hire=hire,
            neighbours=_names(entry["neighbours"], f"{at}: neighbours"),
            towns=_names(entry.get("towns"), f"{at}: towns"),
        )
    for place in regions.values():
        for other in place.neighbours:
            if other not in regions:
                raise DataError(f"{where}: region '{place.name}': unknown neighbour '{other}'")
            if place.name not in regions[other].neighbours:
                raise DataError(
                    f"{where}: region '{place.name}' lists '{other}' as a neighbour "
                    f"but '{other}' does not list '{place.name}'"
                )
    data["regions"] = regions
    powers: dict[str, PowerSetup] = {}
    held: dict[str, str] = {}
    general_names: set[str] = set()
    for name, entry in _mapping(data["powers"], f"{where}: powers").items():
        at = f"{where}: power '{name}'"
        entry = _mapping(entry, at)
        armies = {}
        for region, army in _mapping(entry.get("armies"), f"{at}: armies").items():
            if region not in regions:
                raise DataError(f"{at}: armies: unknown region '{region}'")
            if region in held:
                raise DataError(f"{at}: armies: '{region}' is already held by {held[region]}")
            held[region] = str(name)
            armies[str(region)] = _army(army, f"{at}: armies: {region}", troops)
        if not armies:
            raise DataError(f"{at}: a power starts with at least one region and army")
        generals = []
        for general, setup in _mapping(entry.get("generals"), f"{at}: generals").items():
            g_at = f"{at}: general '{general}'"
            setup = _mapping(setup, g_at)
            if setup.get("region") not in armies:
                raise DataError(f"{g_at}: region must be one of the power's armies")
            chosen = _names(setup.get("skills"), f"{g_at}: skills")
            if len(set(chosen)) != 2 or any(s not in skills for s in chosen):
                raise DataError(f"{g_at}: a general starts with two different skills of skills.yaml")
            if general in general_names:
                raise DataError(f"{g_at}: another general has this name")
            general_names.add(str(general))
            generals.append(GeneralSetup(str(general), setup["region"], chosen))
        if not generals:
            raise DataError(f"{at}: a power starts with a general")
        objectives = tuple(
            _objective(o, f"{at}: objectives[{i}]", data) for i, o in enumerate(entry.get("objectives") or [])
        )
        for i, objective in enumerate(objectives):
            if objective.kind == "take" and objective.target in armies:
                raise DataError(f"{at}: objectives[{i}]: {objective.target} is the power's own at the start")
        powers[str(name)] = PowerSetup(
            name=str(name),
            gold=_number(entry.get("gold"), f"{at}: gold", whole=True, minimum=0),
            armies=armies,
            generals=tuple(generals),
            objectives=objectives,
        )
    garrisons = {}
    for region, entry in _mapping(data.get("garrisons") or {}, f"{where}: garrisons").items():
        at = f"{where}: garrison '{region}'"
        entry = _mapping(entry, at)
        if region not in regions or region in held:
            raise DataError(f"{at}: must be a region of the map that no power holds")
        order = str(entry.get("order", FIELD_BATTLE))
        if order not in DEFENSIVE_ORDERS or order == WITHDRAW:
            raise DataError(f"{at}: order must be Ambush, Skirmish, Field Battle or Fortify")
        garrisons[str(region)] = Garrison(order, _army(entry.get("troops"), f"{at}: troops", troops))
    names = list(regions) + list(powers) + sorted(general_names)
    clashes = sorted({n for n in names if names.count(n) > 1})
    if clashes:
        raise DataError(f"{where}: names used twice (regions, powers, generals): {', '.join(clashes)}")
    return Variant(
        name=str(data["name"]),
        description=str(data.get("description", "")),
        turns=_number(data["turns"], f"{where}: turns", whole=True, minimum=1),
        gold_per_vp=_number(data["gold_per_vp"], f"{where}: gold_per_vp", whole=True, minimum=1),
        regions=regions,
        powers=powers,
        garrisons=garrisons,
    )


def load_world(data: Path = DATA, variants: Path = VARIANTS) -> World:
    """Read and check every data file; DataError names the first problem found."""
    rules = load_rules(data / "rules.yaml")
    troops = load_troops(data / "troops.yaml", rules.terrains)
    skills = load_skills(data / "skills.yaml", troops)
    loaded = {}
    for path in sorted(variants.glob("*.yaml")):
        variant = load_variant(path, rules, troops, skills)
        if variant.name != path.stem:
            raise DataError(f"{path}: name '{variant.name}' must match the file name '{path.stem}'")
        loaded[variant.name] = variant
    return World(troops=troops, skills=skills, rules=rules, variants=loaded)


@cache
def world() -> World:
    """The game's data, read once (the first call checks every file)."""
    return load_world()
