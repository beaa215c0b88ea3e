"""What each word of an order line is: a keyword, a card, a slot, a colour, an effect, a
number, or unknown. The reader in ``orders`` works on these classified words, so a line
is folded and looked up once, whatever its language (``words``) or card set (``cards``)."""

from __future__ import annotations

import re

from pbem.frozen import Frozen
from pbem.rulesets.invictus.cards import CARD_SET
from pbem.rulesets.invictus.words import COLOUR_WORDS, EFFECT_WORDS, KEYWORDS, SLOT

_COUNT = re.compile(r"^x?(\d+)x?$")


class Word(Frozen):
    """One folded word of a line and what it is."""

    kind: str  # kw, card, slot, colour, effect, number, unknown
    value: str
    raw: str


def classify(word: str) -> Word:
    if SLOT.match(word):
        return Word("slot", word, word)
    if word in KEYWORDS:
        return Word("kw", KEYWORDS[word], word)
    card = CARD_SET.find(word)
    if card:
        return Word("card", card, word)
    if word in COLOUR_WORDS:
        return Word("colour", COLOUR_WORDS[word], word)
    if word in EFFECT_WORDS:
        return Word("effect", EFFECT_WORDS[word], word)
    if word.replace("_", "-") in EFFECT_WORDS:
        return Word("effect", EFFECT_WORDS[word.replace("_", "-")], word)
    count = _COUNT.match(word)
    if count:
        return Word("number", count.group(1), word)
    return Word("unknown", word, word)


VOCABULARY = sorted(set(KEYWORDS) | set(CARD_SET.names) | set(COLOUR_WORDS) | set(EFFECT_WORDS))
