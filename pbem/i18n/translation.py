"""Rendering a Message in a game's language through the gettext catalogues beside this module
(``locale/<language>/LC_MESSAGES/*.po``), which Babel compiles at first use."""

from __future__ import annotations

import functools
import gettext
import io
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pbem.i18n import french
from pbem.i18n.message import Message, Term, from_data

LOCALE = Path(__file__).with_name("locale")
#: the languages a game may be played in (a game's ``options: {language: fr}``)
LANGUAGES = ("en", "fr")
DEFAULT = "en"


@functools.cache
def translations(language: str) -> gettext.NullTranslations:
    """Every catalogue of ``language``, compiled by Babel once; English ids fall through."""
    chain: gettext.NullTranslations = gettext.NullTranslations()
    folder = LOCALE / language / "LC_MESSAGES"
    if language == DEFAULT or not folder.is_dir():
        return chain
    from babel.messages.mofile import write_mo  # Babel: only where a game speaks another language
    from babel.messages.pofile import read_po

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
        value = from_data(value)
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
