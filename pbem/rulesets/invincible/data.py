"""The game's data: character cards, the Mongol Enemy table and the limits.

Everything a referee may want to change lives in ``variants/<name>.yaml``
beside this module; this module reads those files once, at import, and
checks every entry, so a bad file fails at start-up with an error naming
the file and the entry rather than in the middle of a turn.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

MODES = ("companion", "accuser", "informer", "leader")
VARIANTS_DIR = Path(__file__).with_name("variants")


class DataError(ValueError):
    """A variant file is wrong; the message names the file and the entry."""


@dataclass(frozen=True)
class Card:
    """A character card: a khan's starting Modes, Honor and Wine."""

    name: str
    aliases: tuple[str, ...]
    companion: int
    accuser: int
    informer: int
    leader: int
    honor: int
    wine: int


@dataclass(frozen=True)
class EnemyKind:
    """One line of the Mongol Enemy table."""

    roll: int
    name: str
    rating: int


@dataclass(frozen=True)
class Variant:
    """One variant file, checked."""

    name: str
    description: str
    cards: tuple[Card, ...]
    enemies: tuple[EnemyKind, ...]
    final_army: EnemyKind
    max_mode: int
    max_honor: int
    max_wine: int
    points_per_signal: int
    restore_per_turn: int
    battle_rounds: int
    default_defence: int

    def card(self, name: str) -> Card:
        """The card called ``name`` (its canonical spelling)."""
        for card in self.cards:
            if card.name == name:
                return card
        raise KeyError(name)

    def enemy(self, roll: int) -> EnemyKind:
        """The enemy a second d6 of ``roll`` brings."""
        for kind in self.enemies:
            if kind.roll == roll:
                return kind
        raise KeyError(roll)


def fold(text: str) -> str:
    """Upper case without accents, so "Ogađai" and "OGADAI" compare equal."""
    decomposed = unicodedata.normalize("NFKD", text.replace("đ", "d").replace("Đ", "D"))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).upper()


def _whole(where: str, entry: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = entry.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise DataError(
            f"{where}: {key} must be a whole number from {low} to {high}, not {value!r}"
        )
    return value


def _section(where: str, data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = data.get(key)
    if not isinstance(value, Mapping):
        raise DataError(f"{where}: needs a '{key}' section")
    return value


def _card(where: str, entry: Any, max_mode: int, max_honor: int, max_wine: int) -> Card:
    if not isinstance(entry, Mapping) or not isinstance(entry.get("name"), str):
        raise DataError(f"{where}: each card needs a name")
    where = f"{where}: card {entry['name']!r}"
    aliases = entry.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) and a for a in aliases):
        raise DataError(f"{where}: aliases must be a list of names")
    modes = {mode: _whole(where, entry, mode, 0, max_mode) for mode in MODES}
    return Card(
        name=entry["name"],
        aliases=tuple(aliases),
        honor=_whole(where, entry, "honor", -max_honor, max_honor),
        wine=_whole(where, entry, "wine", 0, max_wine),
        **modes,
    )


def _enemy(where: str, entry: Any) -> EnemyKind:
    if not isinstance(entry, Mapping) or not isinstance(entry.get("name"), str):
        raise DataError(f"{where}: each enemy needs a name")
    where = f"{where}: enemy {entry['name']!r}"
    return EnemyKind(
        roll=_whole(where, entry, "roll", 1, 6),
        name=entry["name"],
        rating=_whole(where, entry, "rating", 1, 1000),
    )


def parse_variant(name: str, where: str, data: Any) -> Variant:
    """Check one variant's data; ``where`` names the file in errors."""
    if not isinstance(data, Mapping):
        raise DataError(f"{where}: must be a mapping of sections")
    limits = _section(where, data, "limits")
    max_mode = _whole(f"{where}: limits", limits, "mode", 1, 100)
    max_honor = _whole(f"{where}: limits", limits, "honor", 1, 100)
    max_wine = _whole(f"{where}: limits", limits, "wine", 1, 100)
    battle = _section(where, data, "battle")
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, list) or len(raw_cards) < 2:
        raise DataError(f"{where}: needs a list of at least two cards")
    cards = tuple(_card(where, c, max_mode, max_honor, max_wine) for c in raw_cards)
    seen: dict[str, str] = {}
    for card in cards:
        for spelling in (card.name, *card.aliases):
            other = seen.setdefault(fold(spelling), card.name)
            if other != card.name:
                raise DataError(
                    f"{where}: card {card.name!r}: the name {spelling!r} is taken by card {other!r}"
                )
    raw_enemies = data.get("enemies")
    if not isinstance(raw_enemies, list):
        raise DataError(f"{where}: needs a list of enemies, one per roll of 1 to 6")
    enemies = tuple(_enemy(where, e) for e in raw_enemies)
    rolls = sorted(e.roll for e in enemies)
    if rolls != [1, 2, 3, 4, 5, 6]:
        raise DataError(f"{where}: enemies must have one entry per roll 1 to 6, not rolls {rolls}")
    final = data.get("final_army")
    if not isinstance(final, Mapping):
        raise DataError(f"{where}: needs a final_army with a name and a rating")
    final_army = _enemy(where, {"roll": 6, **final})
    description = data.get("description", "")
    if not isinstance(description, str):
        raise DataError(f"{where}: description must be text")
    return Variant(
        name=name,
        description=description,
        cards=cards,
        enemies=tuple(sorted(enemies, key=lambda e: e.roll)),
        final_army=final_army,
        max_mode=max_mode,
        max_honor=max_honor,
        max_wine=max_wine,
        points_per_signal=_whole(f"{where}: limits", limits, "points_per_signal", 1, 100),
        restore_per_turn=_whole(f"{where}: limits", limits, "restore_per_turn", 0, 100),
        battle_rounds=_whole(f"{where}: battle", battle, "rounds", 1, 100),
        default_defence=_whole(f"{where}: battle", battle, "default_defence", 0, max_mode),
    )


def load_variant(path: Path) -> Variant:
    """Read and check one variant file."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        raise DataError(f"{path.name}: not valid YAML: {error}") from None
    return parse_variant(path.stem, path.name, data)


def load_variants(folder: Path = VARIANTS_DIR) -> dict[str, Variant]:
    """Every variant in ``folder``, by name."""
    return {path.stem: load_variant(path) for path in sorted(folder.glob("*.yaml"))}


VARIANTS: dict[str, Variant] = load_variants()
