"""The Mandate of Heaven calendar: years counted down B.C., and the Chinese zodiac.

The engine's years count up, so a year B.C. is kept as a negative number:
369 B.C. is -369, and the year after it, -368, is 368 B.C. Phase ids write the
year with "BC" (``W369BCA``, ``S368BCM``), so they stay plain file names for
the archive. The zodiac sign of a year is read from the map file's
``calendar`` entry: 369 B.C. is the Rat, and the signs follow in a 12-year cycle.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from pbem.frozen import Frozen

from ..core import PhaseKind, Season, Turn
from ..maps import MapError

_PHASE_ID = re.compile(r"^([SFW])\s*(\d+)\s*B\.?\s*C\.?\s*([MRA])$", re.IGNORECASE)


class Calendar(Frozen):
    #: the year (as the engine counts it) of the first sign
    first: int
    signs: tuple[str, ...]

    @classmethod
    def read(cls, data: Any, source: str) -> Calendar:
        """The ``calendar`` entry of a map file; MapError names what is wrong."""
        if not isinstance(data, Mapping) or data.get("era") != "B.C.":
            raise MapError(f"{source}: calendar: needs era: B.C. and a zodiac")
        zodiac = data.get("zodiac")
        if not isinstance(zodiac, Mapping) or not isinstance(zodiac.get("first"), int):
            raise MapError(f"{source}: calendar: zodiac needs first: <the year B.C. of the first sign>")
        signs = zodiac.get("signs")
        if not isinstance(signs, list) or len(signs) != 12 or len(set(signs)) != 12:
            raise MapError(f"{source}: calendar: zodiac signs must be twelve different names")
        return cls(first=-zodiac["first"], signs=tuple(str(sign) for sign in signs))

    def year_name(self, year: int) -> str:
        """369 B.C. for -369; after 1 B.C. comes A.D. 1 (there is no year 0)."""
        return f"{-year} B.C." if year < 0 else f"A.D. {year + 1}"

    def phase_id(self, turn: Turn) -> str:
        number = -turn.year if turn.year < 0 else turn.year + 1
        era = "BC" if turn.year < 0 else "AD"
        return f"{turn.season.value}{number}{era}{turn.kind.value}"

    def parse_phase_id(self, text: str) -> Turn:
        """The turn of a phase id such as S368BCM (or "S 368 B.C. M"); ValueError if it is not one."""
        match = _PHASE_ID.match(text.strip())
        if not match:
            raise ValueError(f"{text!r} is not a phase: write it like S368BCM, F368BCR or W368BCA")
        season, year, kind = match.groups()
        if int(year) < 1:
            raise ValueError(f"{text!r} is not a phase: years B.C. start at 1; write it like S368BCM")
        return Turn(-int(year), Season(season.upper()), PhaseKind(kind.upper()))

    def sign(self, year: int) -> str:
        """The zodiac sign of a year: 369 B.C. is the Rat."""
        return self.signs[(year - self.first) % len(self.signs)]
