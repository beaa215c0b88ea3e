"""The catalogues as the templates' ``_()`` and ``ngettext()`` (jinja2's i18n extension).

jinja2's own "newstyle" gettext fills a message's ``%(name)s`` fields after looking it up,
so French grammar that depends on a field ("message de %(sender)s" with Alice is "message
d'Alice") could not be applied; these callables look up, set French typography
(``french.typeset``), make the words agree (``french.agree``) and fill, escaping the values
in HTML as jinja2 does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from markupsafe import Markup

from pbem.i18n import french, translations


def callables(language: str, html: bool) -> tuple[Callable[..., str], Callable[..., str]]:
    """``gettext(message, **fields)`` and ``ngettext(singular, plural, n, **fields)`` in
    ``language``, for ``Environment.install_gettext_callables(..., newstyle=False)``."""
    found = translations(language)

    def fill(template: str, fields: dict[str, Any]) -> str:
        if language == "fr":
            template = french.typeset(template)
        if language == "fr" and fields:
            template = french.agree(template, fields, {k: str(v) for k, v in fields.items()})
        if html:
            return Markup(template) % fields if fields else Markup(template)
        return template % fields if fields else template

    def gettext(message: str, **fields: Any) -> str:
        return fill(found.gettext(message), fields)

    def ngettext(singular: str, plural: str, n: int, **fields: Any) -> str:
        fields.setdefault("num", n)
        return fill(found.ngettext(singular, plural, n), fields)

    return gettext, ngettext
