"""French grammar that depends on what fills a message's fields.

A translator writes "l'effet du {card}" once; the card may be the Garde (masculine:
"du Garde"), the Valkyrie (feminine: "de la Valkyrie"), Odin (a name, no article: "d'Odin")
or the Arbalétrier (a vowel: "de l'Arbalétrier"). ``agree`` makes the article or
preposition written just before a field agree with what fills it: the field's gender and
number where its value has them (a ``Term`` carries ``fr.gender``; a Message that starts
with a field, "{card} {slot}", has that field's; a joined list of several is plural), then
the elision before a vowel or a mute h ("main de {power}" with Alice is "main d'Alice"; a
Term marks its h, ``fr.h``: "l'Hoplite" but "le Hussard"). A value starting with a vowel
and a digit (a slot, "a3"), a quote, an address or an unmarked h (a player's name, "de
Hugo") is left alone.

A word that agrees with a field says so in the catalogue: the translator writes its
masculine singular and the field after it, "Le {unit} est capturé{=unit}", and ``agree``
writes "La Valkyrie b2 est capturée" or "Les Gardes ... sont capturés". Only the translator
knows which noun a participle or adjective agrees with (the subject of "être", the direct
object before "avoir": "le {card} que vous avez joué{=card}"), so it is marked, not guessed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

#: the key of a Term's names that holds its French gender: m, f, or a name, which takes no
#: article: "name" for a masculine one (Odin), "name f" for a feminine one (a goddess)
GENDER = "fr.gender"
GENDERS = ("m", "f", "name", "name f")
NAMES = ("name", "name f")
_FEMININE = ("f", "name f")
#: a gender -> its column in _AGREEING
_COLUMN = {"m": 0, "f": 1, "name": 2, "name f": 2}
#: the key of a Term's names that marks a name standing for several ("Gardes"): plural
NUMBER = "fr.number"
#: the key of a Term's names that says how a French name's first h is sounded
H = "fr.h"
#: aspirated: no elision ("le Hussard", "du Hussard"); mute: elision ("l'Hoplite")
H_SOUNDS = ("aspirated", "mute")

#: an article or preposition before a field -> its form before a masculine, feminine, name,
#: and several
_AGREEING: dict[str, tuple[str, str, str, str]] = {
    "le": ("le", "la", "", "les"),
    "du": ("du", "de la", "de", "des"),
    "au": ("au", "à la", "à", "aux"),
    "un": ("un", "une", "un", "des"),
}
#: a word before a field -> its form before a vowel or a mute h
_ELIDED = {
    "le": "l'", "la": "l'", "de": "d'", "que": "qu'", "ne": "n'", "du": "de l'", "au": "à l'",
    "de la": "de l'", "à la": "à l'", "lorsque": "lorsqu'", "jusque": "jusqu'",
    "je": "j'", "me": "m'", "te": "t'", "se": "s'",
}  # fmt: skip
_BEFORE_FIELD = re.compile(
    r"(?<![\w'’])(de la|à la|lorsque|jusque|le|la|du|au|un|de|que|ne|je|me|te|se) (\{(\w+)\}|%\((\w+)\)s)",
    re.IGNORECASE,
)
#: a word that agrees with a field, as the catalogue marks it: "capturé{=unit}"
_AGREES = re.compile(r"(\w+)\{=(\w+)\}")
_VOWEL = re.compile(r"^[aeiouyàâäéèêëîïôöûüāēīōū][^\W\d_]", re.IGNORECASE)
_FIRST_FIELD = re.compile(r"^\{(\w+)\}")
_ITEM = re.compile(r"i\d+")


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
    return name if kind in NAMES or name[-1:] in ("s", "x", "z") else name + "s"


#: words whose other forms no ending rule gives: feminine, masculine plural, feminine plural
_IRREGULAR = {
    "tout": ("toute", "tous", "toutes"),
    "lequel": ("laquelle", "lesquels", "lesquelles"),
    "nouveau": ("nouvelle", "nouveaux", "nouvelles"),
}
#: masculine ending -> feminine ending; otherwise the feminine adds an e
_FEMININE_ENDINGS = (
    ("eux", "euse"),
    ("if", "ive"),
    ("el", "elle"),
    ("en", "enne"),
    ("on", "onne"),
    ("er", "ère"),
)


def inflect(word: str, gender: str, several: bool) -> str:
    """A participle or adjective given in the masculine singular, in ``gender`` (m or f) and
    number: "capturé" -> "capturée", "capturés", "capturées"; "pris" -> "prise", "pris";
    "vide" -> "vides"."""
    if gender != "f" and not several:
        return word
    irregular = _IRREGULAR.get(word.lower())
    if irregular is not None:
        form = irregular[(0 if gender == "f" else -1) if not several else (2 if gender == "f" else 1)]
        return _case(form, word)
    if gender == "f" and not word.endswith("e"):
        ending = next((e for e in _FEMININE_ENDINGS if word.endswith(e[0])), None)
        word = word[: -len(ending[0])] + ending[1] if ending else word + "e"
    if several and word[-1:] not in ("s", "x"):
        word += "x" if word.endswith("eau") else "s"
    return word


def _items(value: Any) -> list[Any] | None:
    """The items of a list (a joined one, ``pbem.i18n.join``, or a Python one); None for one thing."""
    if isinstance(value, list | tuple):
        return list(value)
    msgid, args = getattr(value, "msgid", None), getattr(value, "args", None)
    if isinstance(msgid, str) and isinstance(args, Mapping) and msgid.startswith("{i0}"):
        return [args[k] for k in sorted((k for k in args if _ITEM.fullmatch(k)), key=lambda k: int(k[1:]))]
    return None


def _lead(value: Any) -> Any:
    """The Term a value starts with (itself, its first field's, its first item's), or None."""
    if isinstance(getattr(value, "names", None), Mapping):
        return value
    items = _items(value)
    if items is not None:
        return _lead(items[0]) if items else None
    msgid, args = getattr(value, "msgid", None), getattr(value, "args", None)
    if isinstance(msgid, str) and isinstance(args, Mapping):
        first = _FIRST_FIELD.match(msgid)
        return _lead(args.get(first.group(1))) if first else None
    return None


def gender(value: Any) -> str | None:
    """m, f, name or "name f" for a card (or a unit named by its card), None when unknown. A
    list is feminine when all its items are, names when all are names, else masculine."""
    items = _items(value)
    if items is not None:
        kinds = {gender(item) for item in items} - {None}
        if not kinds:
            return None
        feminine = all(kind in _FEMININE for kind in kinds)
        if all(kind in NAMES for kind in kinds):
            return "name f" if feminine else "name"
        return "f" if feminine else "m"
    lead = _lead(value)
    found = lead.names.get(GENDER) if lead is not None else None
    return found if found in GENDERS else None


def several(value: Any) -> bool:
    """Whether a value names more than one thing: a list of two or more, or a Term in the
    plural (a card counted, "4 Gardes")."""
    items = _items(value)
    if items is not None:
        return len(items) > 1
    names = getattr(value, "names", None)
    return isinstance(names, Mapping) and names.get(NUMBER) == "plural"


def _elides(value: Any, text: str) -> bool:
    """Whether a word elides before ``text``, the value rendered: before a vowel, or before a
    Term whose h is mute; never before an address."""
    if "@" in text:
        return False
    if text[:1] in ("h", "H"):
        lead = _lead(value)
        return lead is not None and lead.names.get(H) == "mute"
    return bool(_VOWEL.match(text))


def _agreed(match: re.Match[str], args: Mapping[str, Any]) -> str:
    """A marked word ("capturé{=unit}") in the gender and number of its field's value; as
    written when the field or its gender is unknown (a player's name)."""
    word, field = match.group(1), match.group(2)
    kind = gender(args[field]) if field in args else None
    if kind is None:
        return word
    return inflect(word, "f" if kind in _FEMININE else "m", several(args[field]))


def agree(template: str, args: Mapping[str, Any], rendered: Mapping[str, str]) -> str:
    """``template`` with each word marked ``{=field}`` agreeing with that field, and each word
    just before a field ("{card}", or "%(power)s" in the templates' messages) made to agree
    with the field's value (``args``, rendered as ``rendered``)."""

    def fix(match: re.Match[str]) -> str:
        word, token, field = match.group(1), match.group(2), match.group(3) or match.group(4)
        if field not in rendered:
            return match.group(0)
        lower = word.lower()
        value = args.get(field)
        if lower in _AGREEING:
            kind = gender(value)
            if kind is not None:
                # several take "les": "les Gardes", "les Anubis" (a card counted), not a list of names
                plural = several(value) and (kind not in NAMES or _items(value) is None)
                column = 3 if plural else _COLUMN[kind]
                lower = _AGREEING[lower][column]
        if lower in _ELIDED and _elides(value, str(rendered[field])):
            return _case(_ELIDED[lower], word) + token
        if not lower:  # a name takes no article: "le {card}" with Odin is "Odin"
            return token
        return _case(lower, word) + " " + token

    template = _AGREES.sub(lambda match: _agreed(match, args), template)
    return _BEFORE_FIELD.sub(fix, template)


def unmarked(template: str) -> str:
    """A catalogue's text without its agreement marks, as it reads when no field has a gender."""
    return _AGREES.sub(r"\1", template)


def marks(template: str) -> set[str]:
    """The fields a catalogue's text makes words agree with (a mark after no word too, which
    ``unmarked`` leaves in place for the catalogue's test to find)."""
    return set(re.findall(r"\{=(\w+)\}", template))


def _case(new: str, old: str) -> str:
    """``new`` capitalised as ``old`` is ("Le" -> "La", "De la" -> "De l'")."""
    return new[:1].upper() + new[1:] if old[:1].isupper() else new
