"""The ways to play (standard, guerre éclair, four players), read from ``variants.yaml``.

A variant fixes the table, not the rules: how many seats, which seats share a
camp, army and hand sizes, the reserve limit and who places what at setup.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import yaml
from annotated_types import Ge

from pbem.frozen import Frozen
from pbem.i18n import Term
from pbem.records import RecordError, from_plain
from pbem.strict_numbers import Count

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


class Variant(Frozen):
    """One way to set up the table."""

    name: str
    label: str
    players: Annotated[Count, Ge(2)]
    camps: tuple[tuple[Count, ...], ...]
    soldiers: Annotated[Count, Ge(4)]
    opening_hand: Annotated[Count, Ge(1)]
    reserve_limit: Annotated[Count, Ge(1)]
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


def _variant(name: str, entry: Any, at: str) -> Variant:
    """The entry read through the records codec (types and bounds), then the checks that
    tie its fields together."""
    if not isinstance(entry, dict):
        raise VariantError(f"{at}: expected a mapping")
    try:
        variant = from_plain(Variant, {"name": name, **entry})
    except RecordError as error:
        raise VariantError(f"{at}: {error}") from None
    players, camps, deployment = variant.players, variant.camps, variant.deployment
    if len(camps) != 2:
        raise VariantError(f"{at}: camps must list the seats of the two camps")
    if sorted(s for c in camps for s in c) != list(range(players)):
        raise VariantError(f"{at}: camps must share out seats 0 to {players - 1}, each once")
    if any(camp_index != seat % 2 for camp_index, c in enumerate(camps) for seat in c):
        raise VariantError(f"{at}: turns go round the seats, so the camps must alternate")
    if len(deployment) != players:
        raise VariantError(f"{at}: deployment must give one list of roles per seat")
    for seat, roles in enumerate(deployment):
        if set(roles) - set(DEPLOYMENT_ROLES) or len(set(roles)) != len(roles):
            raise VariantError(
                f"{at}: deployment of seat {seat} must use each of {', '.join(DEPLOYMENT_ROLES)} at most once"
            )
    for index, seats in enumerate(camps):
        placed = [r for seat in seats for r in deployment[seat]]
        if placed.count("front") != 1:
            raise VariantError(f"{at}: camp {index} must place exactly one unit on its front line")
    return variant


VARIANTS = load_variants()
