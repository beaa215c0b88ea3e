"""The ways to play (standard, guerre éclair, four players), read from ``variants.yaml``.

A variant fixes the table, not the rules: how many seats, which seats share a
camp, army and hand sizes, the reserve limit and who places what at setup.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from pbem.i18n import Term

VARIANTS_FILE = Path(__file__).with_name("variants.yaml")
DEPLOYMENT_ROLES = ("front", "reserve", "citizen")

#: handicap level -> reserve limit (rulebook, "Variantes"); French and English names
HANDICAPS: dict[str, int] = {  # fmt: skip
    "none": 5,
    "experienced": 4,
    "experimente": 4,
    "master": 3,
    "maitre": 3,
    "king": 2,
    "roi": 2,
    "invictus": 1,
}


class VariantError(ValueError):
    """variants.yaml says something the engine cannot set up; the message names the entry."""


@dataclass(frozen=True)
class Variant:
    """One way to set up the table."""

    name: str
    label: str
    players: int
    camps: tuple[tuple[int, ...], ...]
    soldiers: int
    opening_hand: int
    reserve_limit: int
    deployment: tuple[tuple[str, ...], ...]
    french: str = ""

    @property
    def term(self) -> Term:
        """The label in English and French, for reports."""
        return Term(self.label, fr=self.french or self.label)

    def camp_of(self, seat: int) -> int:
        return next(i for i, seats in enumerate(self.camps) if seat in seats)


def load_variants(path: Path = VARIANTS_FILE, text: str | None = None) -> dict[str, Variant]:
    """Read and check the variants file; VariantError names the file and entry."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8") if text is None else text)
    if not isinstance(raw, dict) or not raw:
        raise VariantError(f"{path.name}: expected a mapping of variant names")
    return {name: _variant(name, entry, f"{path.name}: {name}") for name, entry in raw.items()}


def _number(entry: dict[str, Any], field: str, at: str, low: int) -> int:
    value = entry.get(field)
    if not (isinstance(value, int) and not isinstance(value, bool) and value >= low):
        raise VariantError(f"{at}: {field} must be a whole number >= {low}")
    return value


def _variant(name: str, entry: Any, at: str) -> Variant:
    if not isinstance(entry, dict):
        raise VariantError(f"{at}: expected a mapping")
    players = _number(entry, "players", at, 2)
    camps_raw = entry.get("camps")
    if not isinstance(camps_raw, list) or len(camps_raw) != 2:
        raise VariantError(f"{at}: camps must list the seats of the two camps")
    camps: tuple[tuple[int, ...], ...] = tuple(tuple(c) for c in camps_raw)
    if sorted(s for c in camps for s in c) != list(range(players)):
        raise VariantError(f"{at}: camps must share out seats 0 to {players - 1}, each once")
    if any(camp_index != seat % 2 for camp_index, c in enumerate(camps) for seat in c):
        raise VariantError(f"{at}: turns go round the seats, so the camps must alternate")
    deployment_raw = entry.get("deployment")
    if not isinstance(deployment_raw, list) or len(deployment_raw) != players:
        raise VariantError(f"{at}: deployment must give one list of roles per seat")
    deployment = tuple(tuple(roles) for roles in deployment_raw)
    for seat, roles in enumerate(deployment):
        if set(roles) - set(DEPLOYMENT_ROLES) or len(set(roles)) != len(roles):
            raise VariantError(
                f"{at}: deployment of seat {seat} must use each of {', '.join(DEPLOYMENT_ROLES)} at most once"
            )
    for index, seats in enumerate(camps):
        placed = [r for seat in seats for r in deployment[seat]]
        if placed.count("front") != 1:
            raise VariantError(f"{at}: camp {index} must place exactly one unit on its front line")
    label = entry.get("label")
    if not isinstance(label, str):
        raise VariantError(f"{at}: label must be a text")
    return Variant(
        name=name,
        label=label,
        players=players,
        camps=camps,
        soldiers=_number(entry, "soldiers", at, 4),
        opening_hand=_number(entry, "opening_hand", at, 1),
        reserve_limit=_number(entry, "reserve_limit", at, 1),
        deployment=deployment,
        french=str(entry.get("french") or label),
    )


VARIANTS = load_variants()
