"""French grammar that depends on what fills a message's fields.

A translator writes "l'effet du {card}" once; the card may be the Garde (masculine:
"du Garde"), the Valkyrie (feminine: "de la Valkyrie"), Odin (a name, no article: "d'Odin")
or the Arbalétrier (a vowel: "de l'Arbalétrier"). ``agree`` makes the article or
preposition written just before a field agree with what fills it: the field's gender
where its value has one (a ``Term`` carries ``fr.gender``; a Message that starts with a
field, "{card} {slot}", has that field's), then the elision before a vowel ("main de
{power}" with Alice is "main d'Alice"). A value starting with a vowel and a digit (a slot,
"a3"), a quote, or an address is left alone. A feminine subject makes its participle agree
("La Valkyrie b2 est capturée").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

#: the key of a Term's names that holds its French gender: m, f, or name (no article)
GENDER = "fr.gender"
GENDERS = ("m", "f", "name")

#: an article or preposition before a field -> its form before a masculine, feminine, name
_AGREEING: dict[str, tuple[str, str, str]] = {
    "le": ("le", "la", ""),
    "du": ("du", "de la", "de"),
    "au": ("au", "à la", "à"),
    "un": ("un", "une", "un"),
}
#: a word before a field -> its form before a vowel
_ELIDED = {
    "le": "l'", "la": "l'", "de": "d'", "que": "qu'", "ne": "n'", "du": "de l'", "au": "à l'",
    "de la": "de l'", "à la": "à l'", "lorsque": "lorsqu'", "jusque": "jusqu'",
}  # fmt: skip
_BEFORE_FIELD = re.compile(
    r"(?<![\w'’])(de la|à la|lorsque|jusque|le|la|du|au|un|de|que|ne) (\{(\w+)\}|%\((\w+)\)s)",
    re.IGNORECASE,
)
#: a field that is the sentence's subject ("Le {unit} est capturé"), and the participle after it
_SUBJECT = re.compile(r"^(?:(?:le|la|l') ?)?(?:\{(\w+)\}|%\((\w+)\)s) ", re.IGNORECASE)
_PARTICIPLE = re.compile(r"\b(est|a été) (\w+é)(s?)\b")
#: a participle that ends a line describing its subject ("{card} {attack}/{defense} incliné")
_LAST_PARTICIPLE = re.compile(r" (\w+é)(s?)$")
_VOWEL = re.compile(r"^[aeiouyàâäéèêëîïôöûüāēīōū][^\W\d_]", re.IGNORECASE)
_FIRST_FIELD = re.compile(r"^\{(\w+)\}")


#: the space a translator writes before ":", ";", "!", "?" and "»" and after "«"
_BEFORE_DOUBLE = re.compile(r" (?=[:;!?»](?:\s|$|[.,)]))|(?<=«) ", re.MULTILINE)
NO_BREAK = "\u00a0"


def typeset(template: str) -> str:
    """The translator's spaces around ":", ";", "!", "?" and guillemets made no-break spaces,
    as French typography has them, so no line breaks before a colon. Only the catalogue's
    text is set: the fields filled in (a player's own line) are left as written."""
    return _BEFORE_DOUBLE.sub(NO_BREAK, template)


def plural(name: str, kind: str) -> str:
    """A French noun in the plural ("4 Arbalétriers"); a name ("Anubis") and a word ending in
    s, x or z do not change."""
    return name if kind == "name" or name[-1:] in ("s", "x", "z") else name + "s"


def gender(value: Any) -> str | None:
    """m, f or name for a card (or a unit named by its card), None when unknown."""
    names = getattr(value, "names", None)
    if isinstance(names, Mapping):
        found = names.get(GENDER)
        return found if found in GENDERS else None
    msgid, args = getattr(value, "msgid", None), getattr(value, "args", None)
    if isinstance(msgid, str) and isinstance(args, Mapping):
        first = _FIRST_FIELD.match(msgid)
        return gender(args.get(first.group(1))) if first else None
    return None


def agree(template: str, args: Mapping[str, Any], rendered: Mapping[str, str]) -> str:
    """``template`` with each word just before a field ("{card}", or "%(power)s" in the
    templates' messages) made to agree with the field's value (``args``, rendered as
    ``rendered``)."""

    def fix(match: re.Match[str]) -> str:
        word, token, field = match.group(1), match.group(2), match.group(3) or match.group(4)
        if field not in rendered:
            return match.group(0)
        lower = word.lower()
        if lower in _AGREEING:
            kind = gender(args.get(field))
            if kind is not None:
                lower = _AGREEING[lower][GENDERS.index(kind)]
        text = str(rendered[field])
        if lower in _ELIDED and _VOWEL.match(text) and "@" not in text:  # an address is no word
            return _case(_ELIDED[lower], word) + token
        if not lower:  # a name takes no article: "le {card}" with Odin is "Odin"
            return token
        return _case(lower, word) + " " + token

    subject = _SUBJECT.match(template)
    if subject and gender(args.get(subject.group(1) or subject.group(2))) == "f":
        # "La {unit} est tuée": the participle agrees with a feminine subject
        agreed = _PARTICIPLE.sub(r"\1 \2e\3", template, count=1)
        template = agreed if agreed != template else _LAST_PARTICIPLE.sub(r" \1e\2", template, count=1)
    return _BEFORE_FIELD.sub(fix, template)


def _case(new: str, old: str) -> str:
    """``new`` capitalised as ``old`` is ("Le" -> "La", "De la" -> "De l'")."""
    return new[:1].upper() + new[1:] if old[:1].isupper() else new
