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

from pbem.i18n.message import N_, Message, Term, _, join
from pbem.i18n.translation import DEFAULT, LANGUAGES, LOCALE, check_language, render, translate, translations

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "LOCALE",
    "Message",
    "N_",
    "Term",
    "_",
    "check_language",
    "join",
    "render",
    "translate",
    "translations",
]
