"""How people open a mail: "Hi Christine,", "Hello", "Dear Ben,", "Hallo Martin,", "Hey all!".

A player who replies to a report writes as they write any mail: a greeting, then the orders. A
greeting is no order, and answered as a refused one it would hold the phase's early end for that
player (issue 31). This module says whether one line reads as a greeting: a greeting word of the
languages players write in, then at most a name (one to three words capitalised as names are,
none a word of the game's orders: "Hi Paris" is no greeting in Diplomacy) or a word for everyone,
and the punctuation people end a greeting with. Whether the line stands above the first order,
where a greeting stands, is for the caller (``pbem.intake.closings.opening_of``).
"""

from __future__ import annotations

import re
from collections.abc import Collection

from pbem.mail.closings import folded, game_words_of, name_shaped

#: greeting words, folded (lower case, no accents) as ``pbem.mail.closings`` folds a line
GREETINGS = frozenset(
    word.strip()
    for word in """
    hi|hello|hey|dear|hiya|howdy|greetings|good morning|good afternoon|good evening|morning|yo
    bonjour|bonsoir|salut|coucou|cher|chere|chers|cheres
    hallo|hi zusammen|hallo zusammen|liebe|lieber|moin|servus|guten morgen|guten tag|gruss gott|sehr geehrte
    sehr geehrter
    hola|buenos dias|buenas tardes|buenas|querido|querida|estimado|estimada
    ciao|buongiorno|buonasera|caro|cara|salve
    hoi|hallo allemaal|beste|goedemorgen|goedemiddag
    ola|bom dia|boa tarde|prezado|prezada
    hej|hei|moi|terve|czesc|witam|dzien dobry|ahoj|dobry den|szia|buna|привет|здравствуйте|добрый день
    """.replace("\n", "|").split("|")
    if word.strip()
)
#: words for everyone a greeting may name instead of a person
_EVERYONE = frozenset(
    {
        "all",
        "you all",
        "everyone",
        "everybody",
        "team",
        "folks",
        "guys",
        "there",
        "a tous",
        "tout le monde",
        "alle",
        "an alle",
        "zusammen",
        "a todos",
        "todos",
        "a tutti",
        "tutti",
        "allemaal",
        "allen",
        "wszystkim",
        "всем",
    }
)
_MOST_GREETING_WORDS = max(len(word.split()) for word in GREETINGS)
#: what a greeting ends with, and a comma or dash between its word and a name
_ENDING = re.compile(r"[\s,.!:;~\-–—]+$|^[\s¡¿]+")  # and Spanish's opening marks: "¡Hola Ana!"
_INSIDE = re.compile(r",|\s[-–—]\s")


def is_greeting(line: str, order_words: Collection[str] = frozenset(), vocative: bool = False) -> bool:
    """Whether ``line`` is a greeting: a greeting word, maybe "all" or "there", maybe a name ("Hi
    there Bob"), its punctuation; or, with ``vocative``, a name alone and a comma ("Simone,"), as
    a mail opens with no greeting word. No word of it is a word of the game's orders."""
    words = _ENDING.sub("", _INSIDE.sub(" ", line)).strip().split()
    game = frozenset(order_words)
    game_words = game_words_of(game)[0]
    if not words or len(words) > _MOST_GREETING_WORDS + 4:
        return False
    if vocative and line.rstrip().endswith(",") and name_shaped(words, game):
        return True
    for cut in range(min(len(words), _MOST_GREETING_WORDS), 0, -1):
        greeting = folded(" ".join(words[:cut]))
        if greeting not in GREETINGS or greeting in game_words:
            continue
        rest = words[cut:]
        for everyone in range(len(rest), -1, -1):  # "Hi all", "Hi there Bob", "Hallo zusammen"
            if everyone == 0 or folded(" ".join(rest[:everyone])) in _EVERYONE:
                return not rest[everyone:] or name_shaped(rest[everyone:], game)
    return False
