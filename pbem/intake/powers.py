"""Power names as players write them in commands: several words, quoted or not.

A power's name is whatever the variant or the game's config calls it, and some
have two words ("Genghis Khan", "Red Queen") or a hyphen ("Hsiung-Nu"). In
SIGNON, PRESS TO, CONCEDE and REPLACE a player may write such a name as it is,
in quotes, or with "_" or "-" for the space; case does not matter. Pure: the
game's power names are passed in.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_QUOTES = "\"'\u201c\u201d\u2018\u2019\u00ab\u00bb"
_FOLD = re.compile(r"[\s_\-]+")


def unquote(name: str) -> str:
    """``"Genghis Khan"`` -> ``Genghis Khan``; a name with an apostrophe inside (Ch'in) is kept."""
    name = " ".join(name.split())
    if len(name) >= 2 and name[0] in _QUOTES and name[-1] in _QUOTES:
        return " ".join(name[1:-1].split())
    return name


def fold(name: str) -> str:
    """A power name as compared: no case, and spaces, "_" and "-" alike ("genghis_khan")."""
    return _FOLD.sub("", unquote(name).lower())


def find_power(name: str, powers: Sequence[str]) -> str | None:
    """The power ``name`` means, written whole (in any case, quoted or not), or None."""
    wanted = fold(name)
    return next((power for power in powers if fold(power) == wanted), None)


def match_powers(names: Sequence[str], powers: Sequence[str]) -> tuple[list[str], list[str]]:
    """The powers named by ``names`` (words of a command, commas and quotes allowed), and what
    named none.

    The longest run of words that names a power whole wins ("Genghis Khan" over a power
    "Genghis"); a single word may also be a prefix of exactly one power ("Eng").
    """
    words = [word for name in names for word in name.replace(",", " ").split()]
    words = [word.strip(_QUOTES) for word in words if word.strip(_QUOTES)]
    found: list[str] = []
    unknown: list[str] = []
    start = 0
    while start < len(words):
        for end in range(len(words), start, -1):
            power = find_power(" ".join(words[start:end]), powers)
            if power is not None:
                break
        else:
            end = start + 1
            prefix = [power for power in powers if fold(power).startswith(fold(words[start]))]
            power = prefix[0] if len(prefix) == 1 else None
        if power is None:
            unknown.append(words[start])
        elif power not in found:
            found.append(power)
        start = end
    return found, unknown
