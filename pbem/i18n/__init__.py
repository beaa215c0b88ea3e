"""Mail in a game's own language: message ids with arguments, rendered through gettext catalogues.

A ruleset says what happened, what it refuses and what a card does as a ``Message``: an
English message id with named arguments (``_("{power} reacts: {card} is played ...",
power=..., card=...)``). A Message *is* its English text (a ``str``), so English games,
tests and old archives read it as before; ``data()`` is its JSON form, kept beside the
text in stored events so a report can be rendered again in any language.

``render(message, language)`` looks the id up in that language's catalogue and fills the
arguments, each rendered too (a card's name is a Message of its own, so it comes out as
"Garde" in French). Catalogues are gettext ``.po`` files in ``locale/<language>/LC_MESSAGES/``
beside this module, one domain per ruleset and ``mail`` for the service's own templates;
Babel compiles them at first use (nothing to build, the wheel carries the ``.po`` files).
The message ids are English, so English needs no translation: its catalogue is the list
of ids, written by ``python -m pbem.i18n.catalogue`` (which the tests run to check that the
catalogues hold every id in the code and templates).

Templates get the same catalogues through jinja2's i18n extension (``pbem.reports``).
"""

from __future__ import annotations

import functools
import gettext
import io
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from pbem.i18n import french

LOCALE = Path(__file__).with_name("locale")
#: the languages a game may be played in (a game's ``options: {language: fr}``)
LANGUAGES = ("en", "fr")
DEFAULT = "en"


class Message(str):
    """An English message id with its arguments; its value is the English text."""

    msgid: str
    plural: str
    args: dict[str, Any]

    def __new__(cls, msgid: str, plural: str = "", **args: Any) -> Message:
        template = plural if plural and args.get("n") != 1 else msgid
        text = template.format(**{k: str(v) for k, v in args.items()}) if args else template
        self = super().__new__(cls, text)
        self.msgid, self.plural, self.args = msgid, plural, args
        return self

    def data(self) -> dict[str, Any]:
        """The JSON form: {"id", "args"} (and "plural"), arguments nested the same way."""
        out: dict[str, Any] = {"id": self.msgid, "args": {k: _data(v) for k, v in self.args.items()}}
        if self.plural:
            out["plural"] = self.plural
        return out

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Message:
        args = {k: _from(v) for k, v in (data.get("args") or {}).items()}
        return cls(str(data["id"]), str(data.get("plural", "")), **args)

    def __reduce__(self) -> Any:  # copy.deepcopy and pickle keep the id and arguments
        return (_rebuild, (self.msgid, self.plural, self.args))


class Term(str):
    """A name the game's data already gives in each language (a card: "Guard", fr "Garde");
    its value is the English name."""

    names: dict[str, str]

    def __new__(cls, english: str, **names: str) -> Term:
        self = super().__new__(cls, english)
        self.names = names
        return self

    def data(self) -> dict[str, Any]:
        return {"term": str(self), **self.names}

    def __reduce__(self) -> Any:
        return (_term, (str(self), self.names))


def _term(english: str, names: dict[str, str]) -> Term:
    return Term(english, **names)


def _rebuild(msgid: str, plural: str, args: dict[str, Any]) -> Message:
    return Message(msgid, plural, **args)


def _data(value: Any) -> Any:
    if isinstance(value, Message | Term):
        return value.data()
    if isinstance(value, list | tuple):
        return [_data(v) for v in value]
    return value


def _from(value: Any) -> Any:
    if isinstance(value, Mapping) and "id" in value:
        return Message.from_data(value)
    if isinstance(value, Mapping) and "term" in value:
        return Term(**{k: str(v) for k, v in value.items() if k != "term"}, english=str(value["term"]))
    if isinstance(value, list):
        return [_from(v) for v in value]
    return value


def _(msgid: str, **args: Any) -> Message:
    """A message: ``_("{power} passes.", power="North")``. The name is gettext's, so Babel
    finds the ids in the code."""
    return Message(msgid, **args)


def N_(singular: str, plural: str, n: int, **args: Any) -> Message:
    """A message with a plural: ``N_("{n} card", "{n} cards", n=3)``."""
    return Message(singular, plural, n=n, **args)


def join(items: Any, separator: str = ", ") -> Message:
    """Items (Messages or text) joined: a Message, so each item is translated (and the
    separator, when it is a Message: " and " is " et " in French)."""
    parts = list(items)
    fields: dict[str, Any] = {f"i{k}": part for k, part in enumerate(parts)}
    names = ["{" + name + "}" for name in fields]
    if isinstance(separator, Message):
        return Message("{sep}".join(names), sep=separator, **fields)
    return Message(separator.join(names), **fields)


@functools.cache
def translations(language: str) -> gettext.NullTranslations:
    """Every catalogue of ``language``, compiled by Babel once; English ids fall through."""
    chain: gettext.NullTranslations = gettext.NullTranslations()
    folder = LOCALE / language / "LC_MESSAGES"
    if language == DEFAULT or not folder.is_dir():
        return chain
    for path in sorted(folder.glob("*.po")):
        with path.open("rb") as source:
            catalog = read_po(source, locale=language)
        compiled = io.BytesIO()
        write_mo(compiled, catalog)
        compiled.seek(0)
        domain = gettext.GNUTranslations(compiled)
        domain.add_fallback(chain)
        chain = domain
    return chain


def render(value: Any, language: str) -> str:
    """``value`` in ``language``: a Message (or its JSON form) translated, anything else as text."""
    if isinstance(value, Mapping) and ("id" in value or "term" in value):
        value = _from(value)
    if isinstance(value, Term):
        return value.names.get(language, str(value))
    if isinstance(value, list | tuple):
        return ", ".join(render(v, language) for v in value)
    if not isinstance(value, Message) or language == DEFAULT:
        return str(value)
    found = translations(language)
    if value.plural:
        template = found.ngettext(value.msgid, value.plural, int(value.args.get("n", 0)))
    else:
        template = found.gettext(value.msgid)
    if language == "fr":
        template = french.typeset(template)
    if not value.args:
        return template
    rendered = {k: render(v, language) for k, v in value.args.items()}
    if language == "fr":
        template = french.agree(template, value.args, rendered)
    return template.format(**rendered)


def translate(value: Any, language: str) -> str:
    """What a template's ``tr`` filter prints: a Message rendered, a plain sentence looked up
    in the catalogues as its own id (the service's fixed answers), anything else as it is.
    Unlike jinja2's ``_()``, it never treats the text as a %-format."""
    if isinstance(value, Message | Term | Mapping) or language == DEFAULT:
        return render(value, language)
    found = translations(language).gettext(str(value))
    return french.typeset(found) if language == "fr" else found


def check_language(language: Any) -> str:
    """The language a game's options name, or ValueError saying which exist."""
    if language is None:
        return DEFAULT
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; known: {', '.join(LANGUAGES)}")
    return str(language)
