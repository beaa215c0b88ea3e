"""The rules a French reader's eye applies to a mail, each a function from a mail's text to
the faults it finds (the words around each, to say where). test_french_reading.py runs them
over every mail of whole games played in French, and on a wrong sentence each, so that each
can fail."""

from __future__ import annotations

import re
from collections.abc import Callable

from pbem.i18n.french import NAMES
from pbem.rulesets.invictus.cards import CARD_SET

_VOWEL = "aeiouyàâäéèêëîïôöûüāēīōū"
#: "de Alice", "le Arbalétrier", "que il": a word that elides before a vowel, not elided
_NOT_ELIDED = re.compile(rf"(?<![\w'’-])(de|le|la|que|ne|je|si) [{_VOWEL}][^\W\d_]", re.IGNORECASE)
#: "de le", "à les": a preposition and an article that French always contracts
_NOT_CONTRACTED = re.compile(r"(?<![\w'’-])(de le|de les|à le|à les) ", re.IGNORECASE)
#: "dégât(s)", "inconnu(e)", "ligne(s)": a plural or a feminine left to the reader
_OPEN_FORM = re.compile(r"\w\((s|e|es|x)\)")
#: a colon, semicolon, exclamation or question mark glued to the word before it
_GLUED = re.compile(r"(?<=[^\s\d])[:;!?](?=\s|$)", re.MULTILINE)
#: nouns that take an s in the plural, after a number that asks for the other form
_NOUNS = "unité|ligne|dégât|citoyen|carte|rapport|place|caractère|mot|attaque|Soldat"
_PLURAL_WANTED = re.compile(rf"(?<![\w,./])([2-9]|[1-9]\d+) ({_NOUNS})\b")
_SINGULAR_WANTED = re.compile(rf"(?<![\w,./])1 ({_NOUNS})s\b")
_CARD_PLURALS = "|".join(
    re.escape(card.french)
    for card in CARD_SET.cards.values()
    if card.gender not in NAMES and card.french[-1] not in "sxz"
)
#: "6 Guerrier": a card counted in the singular ("6 Guerriers")
_CARD_IN_THE_SINGULAR = re.compile(rf"(?<![\w,./])([2-9]|[1-9]\d+) ({_CARD_PLURALS})(?![\w])")
#: words the rulebook does not use ("Leader", not CHEF; "joueur", not puissance) and verbs
#: where the order has a noun (ANNULER ATTAQUE, AUCUNE REACTION)
_NOT_THE_BOOKS = re.compile(
    r"\bCHEF\b|\b[Pp]uissances?\b|\bANNULER (CHAQUE )?ATTAQUER\b|\bAUCUNE REACTIONS\b"
)  # CHEF in capitals: pbem's word for LEADER (a player may write "mon Chef" and be understood)
_CARDS = {card.french: card.gender for card in CARD_SET.cards.values()}
_UNIT = re.compile(r"(" + "|".join(sorted(map(re.escape, _CARDS), key=len, reverse=True)) + r") [a-c][1-4]\b")
_ARTICLE = re.compile(r"(\b(le|la|du|au|un|une|de)\s|\b[ld]['’])$", re.IGNORECASE)
_WRONG_GENDER = re.compile(
    r"\b(le|du|au|un)\s(" + "|".join(n for n, g in _CARDS.items() if g == "f") + r")\b"
    r"|\b(le|la|du|au)\s(" + "|".join(n for n, g in _CARDS.items() if g in NAMES) + r")\b"
    r"|\bl['’](" + "|".join(n for n, g in _CARDS.items() if g in NAMES) + r")\b",
    re.IGNORECASE,
)
_ROW = re.compile(r"^  [1-4] \S+ +", re.MULTILINE)
_FEMININE = "|".join(re.escape(n) for n, g in _CARDS.items() if g in ("f", "name f"))
#: "la Valkyrie b2 est capturé", "Valkyrie 2/2 incliné": a feminine card, a masculine participle
_MASCULINE_AFTER_FEMININE = re.compile(
    rf"\b({_FEMININE})\b(?: [a-c][1-4])?(?: (?:est|était|sera|a été|sont|ont été)| \d+/\d+) (\w+[éi]s?)\b"
)


def _around(text: str, match: re.Match[str]) -> str:
    return text[max(0, match.start() - 25) : match.end() + 25].replace("\n", " ")


def _found(pattern: re.Pattern[str]) -> Callable[[str], list[str]]:
    def faults(text: str) -> list[str]:
        return [_around(text, m) for m in pattern.finditer(text) if "@" not in _around(text, m)]

    return faults


def articles(text: str) -> list[str]:
    """A unit named in an event ("  - " lines) without its article ("attaque Sorcier a3"),
    or an article of the wrong gender ("le Valkyrie", "l'Odin")."""
    faults = _found(_WRONG_GENDER)(text)
    for line in text.splitlines():
        if not line.startswith("  - "):
            continue
        for unit in _UNIT.finditer(line):
            before = line[4 : unit.start()]
            in_an_order = re.search(r"\b[A-Z]{2,}\s$", before)  # "SUR Samurai b2": an order's words
            if _CARDS[unit.group(1)] not in NAMES and not _ARTICLE.search(before) and not in_an_order:
                faults.append(line.strip())
    return faults


def plurals(text: str) -> list[str]:
    """ "2 unité", "1 lignes", and the "(s)" that leaves the choice to the reader."""
    return [
        *_found(_PLURAL_WANTED)(text),
        *_found(_SINGULAR_WANTED)(text),
        *_found(_CARD_IN_THE_SINGULAR)(text),
        *_found(_OPEN_FORM)(text),
    ]


def battlefield(text: str) -> list[str]:
    """The battlefield's rows begin their cells at one column, under the column letters."""
    starts = {m.end() - m.start() for m in _ROW.finditer(text)}
    faults = [f"rows start their cells at columns {sorted(starts)}"] if len(starts) > 1 else []
    for header in re.finditer(r"^( +)[abc] +[abc] +[abc] *\n(?=  [1-4] )", text, re.MULTILINE):
        if starts and len(header.group(1)) not in starts:
            faults.append(f"the column letters start at {len(header.group(1))}, the cells at {starts}")
    return faults


def agreement(text: str) -> list[str]:
    """A participle after a feminine card written in the masculine ("Valkyrie 2/2 incliné")."""
    return [_around(text, m) for m in _MASCULINE_AFTER_FEMININE.finditer(text)]


RULES: dict[str, Callable[[str], list[str]]] = {
    "elision": _found(_NOT_ELIDED),
    "contraction": _found(_NOT_CONTRACTED),
    "plurals": plurals,
    "punctuation": _found(_GLUED),
    "the book's words": _found(_NOT_THE_BOOKS),
    "articles": articles,
    "battlefield": battlefield,
    "agreement": agreement,
}

#: for each rule, a sentence it must find at fault (and the same sentence put right)
WRONG = {
    "agreement": (
        "  - La Valkyrie a3 est capturé (2).\n  2 front   Valkyrie 2/2 incliné",
        "  - La Valkyrie a3 est capturée (2).\n  2 front   Valkyrie 2/2 inclinée",
    ),
    "elision": ("la main de Alice", "la main d'Alice"),
    "contraction": ("l'effet de le Garde", "l'effet du Garde"),
    "plurals": (
        "Le Garde subit 2 dégât(s). 3 ligne avaient. ARMEE Roi : 6 Guerrier",
        "Le Garde subit 2 dégâts. 3 lignes avaient. ARMEE Roi : 6 Guerriers, 4 Anubis",
    ),
    "punctuation": ("Tour 1: Alice; prêt?", "Tour 1 : Alice ; prêt ?"),
    "the book's words": (
        "ANNULER ATTAQUER SUR CHEF ; la puissance",
        "ANNULER ATTAQUE SUR LEADER ; le joueur",
    ),
    "articles": (
        "  - Alice attaque Sorcier a3 avec le Valkyrie b2.\n  - l'Odin a1 se redresse.",
        "  - Alice attaque le Sorcier a3 avec la Valkyrie b2.\n  - Odin a1 se redresse.",
    ),
    "battlefield": (
        "            a    b    c\n  4 arrière .    .    .\n  3 front .    .    .",
        "            a    b    c\n  4 arrière .    .    .\n  3 front   .    .    .",
    ),
}
