"""Is any English left in a French game's mail? The words the service and Invictus write in
English, from the English catalogues themselves, so a sentence added in English shows up here
the day its id is written, and a sentence never made a message id is caught by its words.

A word counts as English when an English message id uses it and no French translation does
(so "partie" and "ordres" are French, "deadline" and "the" are English); a sentence left
as its English id does not make its words French. ALL-CAPS command
words (READY, SIGNON, PRESS TO ALL ...) are the mail commands of every game, kept in French
games; the Invictus order words (ATTACK, CANCEL ...) are not among them, so an order written
back in English is caught. English card names ("Guard" where French says "Garde") count too.
"""

from __future__ import annotations

import re
from email.message import EmailMessage
from html.parser import HTMLParser
from typing import Any

from babel.messages.pofile import read_po

from pbem.i18n import LOCALE, translations
from pbem.intake.commands import PLAYER_COMMANDS, REFEREE_COMMANDS
from pbem.rulesets.invictus.cards import CARD_SET

DOMAINS = ("invictus", "mail")
_FIELD = re.compile(r"\{\w+(?:![rs])?\}|%\(\w+\)s")
_WORD = re.compile(r"\b[^\W\d_]{2,}\b")  # a run of letters inside a code (be9aaa4a) is no word
_ADDRESS = re.compile(r"\S+@\S+")  # addresses (with their random reply tokens) are no words
#: words spelled the same in both languages that French mail uses in its own sense
FRENCH_TOO = {"on", "me", "as", "an", "du", "pour", "but", "sort", "ce", "est", "pas", "plus", "dire"}


def ids(domain: str) -> list[Any]:
    with (LOCALE / "en" / "LC_MESSAGES" / f"{domain}.po").open("rb") as source:
        return [m.id for m in read_po(source, locale="en") if m.id]


def words(text: str) -> list[str]:
    return _WORD.findall(_FIELD.sub(" ", text))


def command_words() -> set[str]:
    """The upper-case words of the mail commands' usages (and the French AIDE, CARTES)."""
    usages = [*PLAYER_COMMANDS.values(), *REFEREE_COMMANDS.values()]
    return {w for usage in usages for w in words(usage) if w.isupper()} | {"AIDE", "CARTES", "REFEREE"}


def english_words() -> set[str]:
    """Lower-cased words of the English catalogues that no French translation uses."""
    french = translations("fr")
    english: set[str] = set()
    kept: set[str] = set()
    for domain in DOMAINS:
        for msgid in ids(domain):
            pair = (msgid,) if isinstance(msgid, str) else msgid
            english |= {w.lower() for text in pair for w in words(text)}
            translated = french.gettext(msgid) if isinstance(msgid, str) else french.ngettext(*msgid, 2)
            translated_one = translated if isinstance(msgid, str) else french.ngettext(*msgid, 1)
            # a sentence left as its English says nothing of French; a word ("Camps") may be both
            if translated_one != pair[0] or len(words(translated_one)) == 1:
                kept |= {w.lower() for w in words(translated) + words(translated_one)}
    for card in CARD_SET.cards.values():
        french_name = card.term.names.get("fr", str(card.term))
        if french_name.lower() != str(card.term).lower():
            english.add(str(card.term).lower())
    return english - kept - FRENCH_TOO


def english_left(text: str, vocabulary: set[str], commands: set[str]) -> list[str]:
    """The lines of ``text`` with English words (words of ``vocabulary``, but not the command
    words in capitals), each after the words found."""
    found = []
    for line in text.split("\n"):
        english = [
            w
            for w in words(_ADDRESS.sub(" ", line))
            if w.lower() in vocabulary and not (w.isupper() and w in commands)
        ]
        if english:
            found.append(f"{', '.join(english)}: {line.strip()}")
    return found


class _Visible(HTMLParser):
    """The text an HTML part shows (not its style sheet)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        self._hidden += tag in ("style", "script")

    def handle_endtag(self, tag: str) -> None:
        self._hidden -= tag in ("style", "script")

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


def readable(message: EmailMessage) -> str:
    """All a reader sees of a mail: its subject, its text and its HTML's visible text."""
    shown = [str(message["Subject"])]
    for part in message.walk():
        if part.get_content_maintype() != "text":
            continue
        content = part.get_content()
        if part.get_content_subtype() == "html":
            visible = _Visible()
            visible.feed(content)
            content = " ".join(visible.parts)
        shown.append(content)
    return "\n".join(shown)
