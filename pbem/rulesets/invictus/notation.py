"""Canonical orders in the game's language: the words pbem writes an order back with.

pbem stores orders in their canonical English form ("CANCEL ATTACK ON LEADER WITH
Guard"); a game played in French prints them with French keywords and card names
("ANNULER ATTAQUE SUR CHEF AVEC Garde"), words ``orders.parse`` reads back as the
same order (words.py has every one).
"""

from __future__ import annotations

import re

from pbem.i18n import Message, Term, _, join
from pbem.rulesets.invictus.cards import CARD_SET, COLOUR_NAMES

#: the words of canonical orders as a game in another language writes them back (and
#: ``parse`` reads them: words.py has every one)
ORDER_WORDS: dict[str, Message | Term] = {
    "PASS": _("PASS"), "RECRUIT": _("RECRUIT"), "ATTACK": _("ATTACK"), "SUPPORT": _("SUPPORT"),
    "CITIZEN": _("CITIZEN"), "ARMY": _("ARMY"), "KEEP": _("KEEP"), "MULLIGAN": _("MULLIGAN"),
    "FRONT": _("FRONT"), "RESERVE": _("RESERVE"), "CANCEL": _("CANCEL"), "EVERY": _("EVERY"),
    "ON": _("ON"), "BY": _("BY"), "WITH": _("WITH"), "TO": _("TO"), "IF": _("IF"),
    "LETHAL": _("LETHAL"), "LEADER": _("LEADER"), "SOLDIER": _("SOLDIER"), "NO": _("NO"),
    "REACTIONS": _("REACTIONS"), "CONSCRIPT": _("CONSCRIPT"), "ANY": _("ANY"),
    "BOOST-ATTACK": _("BOOST-ATTACK"), "DAMAGE": _("DAMAGE"), "CANCEL-ATTACK": _("CANCEL-ATTACK"),
    "CANCEL-SUPPORT": _("CANCEL-SUPPORT"), "RESURRECT": _("RESURRECT"),
    # not _("READY"): the catalogues share that id with the mail command READY ("prêt")
    "READY": Term("READY", fr="REDRESSER"),
    "SHIFT": _("SHIFT"), "ENLIST": _("ENLIST"), "BANISH": _("BANISH"),
}  # fmt: skip
#: words that are nouns after some keywords, where French has another word than the verb:
#: ANNULER ATTAQUE (the attack, not ATTAQUER), AUCUNE REACTION (no "S" after AUCUNE)
NOUNS: dict[tuple[str, str], Term] = {
    ("CANCEL", "ATTACK"): Term("ATTACK", fr="ATTAQUE"),
    ("EVERY", "ATTACK"): Term("ATTACK", fr="ATTAQUE"),
    ("NO", "REACTIONS"): Term("REACTIONS", fr="REACTION"),
}
_PIECES = re.compile(r"([\w-]+)")


def notation(text: str) -> Message:
    """A canonical order as a Message: its keywords, card names and colours in the game's
    language ("ANNULER ATTAQUE SUR CHEF AVEC Garde"), its English text the canonical one."""
    pieces: list[Message | Term | str] = []
    before = ""
    for piece in _PIECES.split(text):
        if (before, piece) in NOUNS:
            pieces.append(NOUNS[before, piece])
        elif piece in ORDER_WORDS:
            pieces.append(ORDER_WORDS[piece])
        elif piece in CARD_SET.cards:  # "ARMEE Roi : 6 Guerriers"
            count = int(before) if before.isdigit() else 1
            pieces.append(CARD_SET.card(piece).counted(count))
        elif piece in COLOUR_NAMES and piece:
            pieces.append(COLOUR_NAMES[piece])
        elif piece.startswith(":"):
            pieces.append(_(": ") if piece == ": " else piece)  # French puts a space before it
        elif piece:
            pieces.append(piece)
        if piece.strip():
            before = piece
    return join(pieces, "")
