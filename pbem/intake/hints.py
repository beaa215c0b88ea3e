"""The hint for a refused order line that is really a misspelt command.

Given only where it is likely right: every word of the command's name must be
the word written or one slip from it (``pbem.spelling``), and the line must
have the command's shape, as its usage in ``PLAYER_COMMANDS`` says (LIST
alone, CONCEDE with a power, SET ABSENCE with two dates). A player is never
pointed to a referee command: "Passe" is not PAUSE, and "Sent: Monday" is
not SET ABSENCE.
"""

from __future__ import annotations

import re

from pbem.i18n import Message, _
from pbem.intake.commands import PLAYER_COMMANDS, normalise, usage
from pbem.ruleset import OrderLine
from pbem.spelling import is_slip

_PUNCTUATION = ".,:;!?\"'()"


def hint_for(line: OrderLine) -> str | Message:
    """The hint an answer gives for one order line: for a refused line, a misspelt command
    (a line like "LSIT" is one more likely than an order), else the ruleset's own."""
    if line.error:
        return command_hint(line.text) or line.hint or ""
    return line.hint or ""


def command_hint(line: str) -> str | Message:
    """ "did you mean the command ...?" if ``line`` is likely a player command misspelt, else ""."""
    words = [word.strip(_PUNCTUATION).upper() for word in normalise(line).split()]
    words = [word for word in words if word]
    for name, written_as in PLAYER_COMMANDS.items():
        named = name.split()
        if len(words) < len(named) or not all(
            is_slip(written, word, free_text=True) for written, word in zip(words, named, strict=False)
        ):
            continue
        fewest, most = _arguments(name, written_as)
        if fewest <= len(words) - len(named) <= most:
            return _("did you mean the command {usage}?", usage=usage(name))
    return ""


def _arguments(name: str, usage: str) -> tuple[int, float]:
    """How many words may follow the command's name: "<...>" and literal words are required,
    "[...]" are optional; a "<...>" may be several words (power names, dates)."""
    shape = usage.split("(")[0].split("...")[0].split()[len(name.split()) :]
    required = [word for word in shape if not word.startswith("[")]
    optional = len(shape) - len(required)
    if any(re.fullmatch(r"<.*>", word) for word in required):
        return len(required), float("inf")
    return len(required), len(required) + optional
