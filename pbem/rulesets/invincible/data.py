"""The game's data: character cards, the Mongol Enemy table and the limits.

Everything a referee may want to change lives in ``variants/<name>.yaml``
beside this module; this module reads those files once, at import, and
checks every entry, so a bad file fails at start-up with an error naming
the file and the entry rather than in the middle of a turn.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

import yaml
from annotated_types import MinLen
from pydantic import Strict

from pbem.frozen import Frozen
from pbem.records import RecordError, from_plain

MODES = ("companion", "accuser", "informer", "leader")
VARIANTS_DIR = Path(__file__).with_name("variants")
#: a number of a card or an enemy: whole (never true, never "2", never 2.0); the variant's
#: limits say its range, checked after the records codec has read the table
Whole = Annotated[int, Strict()]


class DataError(ValueError):
    """A variant file is wrong; the message names the file and the entry."""


class Card(Frozen):
    """A character card: a khan's starting Modes, Honor and Wine."""

    name: str
    companion: Whole
    accuser: Whole
    informer: Whole
    leader: Whole
    honor: Whole
    wine: Whole
    aliases: tuple[Annotated[str, Strict(), MinLen(1)], ...] = ()


class EnemyKind(Frozen):
    """One line of the Mongol Enemy table."""

    roll: Whole
    name: str
    rating: Whole


class Variant(Frozen):
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
        raise DataError(f"{where}: {key} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _section(where: str, data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = data.get(key)
    if not isinstance(value, Mapping):
        raise DataError(f"{where}: needs a '{key}' section")
    return value


def _records(where: str, kind: Any, data: Any) -> Any:
    """``data`` read into ``kind`` by the records codec, its errors naming the file."""
    try:
        return from_plain(kind, data)
    except RecordError as error:
        raise DataError(f"{where}: {error}") from None


def parse_variant(name: str, where: str, data: Any) -> Variant:
    """Check one variant's data; ``where`` names the file in errors."""
    if not isinstance(data, Mapping):
        raise DataError(f"{where}: must be a mapping of sections")
    limits = _section(where, data, "limits")
    max_mode = _whole(f"{where}: limits", limits, "mode", 1, 100)
    max_honor = _whole(f"{where}: limits", limits, "honor", 1, 100)
    max_wine = _whole(f"{where}: limits", limits, "wine", 1, 100)
    battle = _section(where, data, "battle")
    cards: tuple[Card, ...] = _records(f"{where}: cards", tuple[Card, ...], data.get("cards"))
    if len(cards) < 2:
        raise DataError(f"{where}: needs a list of at least two cards")
    seen: dict[str, str] = {}
    for card in cards:
        # the ranges of a card's numbers are the variant's own limits
        at, numbers = f"{where}: card {card.name!r}", vars(card)
        for mode in MODES:
            _whole(at, numbers, mode, 0, max_mode)
        _whole(at, numbers, "honor", -max_honor, max_honor)
        _whole(at, numbers, "wine", 0, max_wine)
        for spelling in (card.name, *card.aliases):
            other = seen.setdefault(fold(spelling), card.name)
            if other != card.name:
                raise DataError(
                    f"{where}: card {card.name!r}: the name {spelling!r} is taken by card {other!r}"
                )
    enemies: tuple[EnemyKind, ...] = _records(f"{where}: enemies", tuple[EnemyKind, ...], data.get("enemies"))
    final = data.get("final_army")
    if not isinstance(final, Mapping):
        raise DataError(f"{where}: needs a final_army with a name and a rating")
    final_army: EnemyKind = _records(f"{where}: final_army", EnemyKind, {"roll": 6, **final})
    for kind in (*enemies, final_army):
        _whole(f"{where}: enemy {kind.name!r}", vars(kind), "roll", 1, 6)
        _whole(f"{where}: enemy {kind.name!r}", vars(kind), "rating", 1, 1000)
    rolls = sorted(e.roll for e in enemies)
    if rolls != [1, 2, 3, 4, 5, 6]:
        raise DataError(f"{where}: enemies must have one entry per roll 1 to 6, not rolls {rolls}")
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
