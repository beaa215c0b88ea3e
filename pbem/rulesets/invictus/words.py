"""The words players may use in their mails, English and French, and how they are matched.

Orders are read case- and accent-insensitively ("Arbaletrier" is "Arbalétrier"),
so this module folds text to a plain form once and keeps the vocabulary of
keywords in one table. Misspelt words get "did you mean" suggestions from here.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from pbem.spelling import closest

#: plain word -> the keyword it means; French and English synonyms side by side
# fmt: off
KEYWORDS: dict[str, str] = {
    # turn steps
    "pass": "PASS", "nothing": "PASS", "rien": "PASS", "passer": "PASS", "passe": "PASS",
    "passes": "PASS",
    "recruit": "RECRUIT", "recruter": "RECRUIT", "recrute": "RECRUIT",
    "attack": "ATTACK", "attacks": "ATTACK", "attaquer": "ATTACK", "attaque": "ATTACK",
    "attaques": "ATTACK",
    "support": "SUPPORT", "play": "SUPPORT", "soutien": "SUPPORT", "jouer": "SUPPORT",
    "joue": "SUPPORT", "supports": "SUPPORT", "soutiens": "SUPPORT",
    # the rulebook, page 5: "annuler l'effet du Samurai" (its Support)
    "effet": "SUPPORT", "effect": "SUPPORT",
    "citizen": "CITIZEN", "kingdom": "CITIZEN", "citoyen": "CITIZEN", "royaume": "CITIZEN",
    # the rulebook: "Défausser 1 Soldat de sa main pour le rajouter à son royaume"
    "defausser": "CITIZEN", "defausse": "CITIZEN", "discard": "CITIZEN",
    # setup
    "army": "ARMY", "armee": "ARMY",
    "keep": "KEEP", "garder": "KEEP",
    "mulligan": "MULLIGAN", "redraw": "MULLIGAN", "remelanger": "MULLIGAN",
    "front": "FRONT",
    "reserve": "RESERVE",
    # the rulebook's "placer" (setup: "place une unité de sa main sur sa ligne de front",
    # "dans sa réserve", "dans son royaume"; Royaume: "le placer dans son royaume"): the
    # place named after it says which order it is (orders.parse)
    "placer": "PLACE", "place": "PLACE", "placez": "PLACE", "mettre": "PLACE",
    "mets": "PLACE", "mettez": "PLACE", "poser": "PLACE", "pose": "PLACE", "put": "PLACE",
    # standing instructions
    "cancel": "CANCEL", "annuler": "CANCEL", "annule": "CANCEL",
    "react": "REACT", "reaction": "REACT", "reactions": "REACTIONS", "reagir": "REACT",
    "no": "NO", "none": "NO", "aucune": "NO", "aucun": "NO", "pas": "NO",
    "conscript": "CONSCRIPT", "conscription": "CONSCRIPT", "conscrire": "CONSCRIPT",
    # joining words
    "with": "WITH", "using": "WITH", "avec": "WITH",
    "hand": "HAND", "main": "HAND",
    "on": "ON", "against": "ON", "sur": "ON", "contre": "ON", "->": "ON",
    "vs": "ON",
    "to": "TO", "into": "TO", "in": "TO", "vers": "TO", "en": "TO", "dans": "TO",
    "by": "BY", "from": "BY", "par": "BY",
    "every": "EVERY", "any": "EVERY", "all": "EVERY", "each": "EVERY", "chaque": "EVERY",
    "toute": "EVERY", "toutes": "EVERY", "tout": "EVERY", "tous": "EVERY",
    "if": "IF", "si": "IF",
    "lethal": "LETHAL", "mortelle": "LETHAL", "mortel": "LETHAL", "fatal": "LETHAL",
    "deadly": "LETHAL",
    "leader": "LEADER", "chef": "LEADER",
    "soldier": "SOLDIER", "soldat": "SOLDIER",
}

#: words that carry no meaning in an order and are skipped
FILLERS = frozenset(
    {
        "the", "first", "a", "an", "one", "my", "our", "that", "which", "would", "its", "it",
        "of", "at", "le", "la", "les", "l", "un", "une", "premier", "premiere", "mon", "ma",
        "mes", "notre", "nos", "qui", "de", "du", "des", "d", "card", "carte", "please",
        "unit", "unite", "ne", "faire", "do", "as", "comme", "son", "sa", "ses", "your",
        # "sur sa ligne de front", "sur sa zone de bataille", "on the front line"
        "ligne", "line", "zone", "bataille", "champ", "battlefield",
        # "je passe mon tour", "j'attaque", "jouer Anubis pour ressusciter ...", "pass my turn"
        "je", "j", "tour", "turn", "pour",
    }
)

#: plain colour word -> colour; the rulebook's French colours are accepted too
COLOUR_WORDS: dict[str, str] = {
    "blue": "blue", "bleu": "blue", "green": "green", "vert": "green", "red": "red",
    "rouge": "red", "yellow": "yellow", "jaune": "yellow", "purple": "purple",
    "violet": "purple",
}

#: plain effect word -> support effect kind, for "CANCEL SUPPORT RESURRECT" and the like
EFFECT_WORDS: dict[str, str] = {
    "boost": "boost_attack", "boost-attack": "boost_attack", "damage": "damage",
    "degats": "damage", "cancel-attack": "cancel_attack", "cancel-support": "cancel_support",
    "resurrect": "resurrect", "resurrection": "resurrect", "ressusciter": "resurrect",
    "raise": "resurrect", "ready": "ready", "redresser": "ready", "shift": "shift",
    "move": "shift", "deplacer": "shift", "enlist": "enlist", "enroler": "enlist",
    "banish": "banish", "bannir": "banish", "renfort": "boost_attack",
    "annule-attaque": "cancel_attack", "annule-soutien": "cancel_support",
}

# fmt: on

SLOT = re.compile(r"^[abc][1-4]$")
_SPLIT = re.compile(r"(->)|[\s,;:()\[\]]+")
_LIST_MARK = re.compile(r"^\s*(?:\d+[.)]|[-*•])\s+")


def singular(word: str) -> str | None:
    """The folded word without its plural mark ("samurais", "arbaletriers"), or None."""
    return word[:-1] if len(word) > 3 and word[-1] in "sx" else None


def fold(text: str) -> str:
    """Lower case without accents or macrons: the form every name is compared in."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return plain.replace("’", "'").lower()


def tokens(line: str) -> list[str]:
    """The folded words of one order line, list markers and punctuation dropped."""
    line = _LIST_MARK.sub("", line)
    folded = fold(line).replace("'", " ").replace("→", "->")
    parts = (p.strip(".!?") for p in _SPLIT.split(folded) if p)
    return [p for p in parts if p and p not in FILLERS]


def suggest(word: str, vocabulary: Iterable[str]) -> str | None:
    """The closest known word to a misspelt one, if any is close enough."""
    return closest(fold(word), vocabulary)
