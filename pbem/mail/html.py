"""HTML mail made plain text, without the parts a mail program added to the player's words.

The standard library's HTMLParser is enough: orders are short lines, and all
we need is the line structure (block elements and <br> end lines), the text
with entities decoded, and none of scripts, styles, quoted replies and
signatures. Mail programs mark those in their HTML, and the marks say more
than any wording can, whatever the language:

* a quote the program wraps in an element (Gmail's ``gmail_quote``, Apple
  Mail's and iOS's ``<blockquote type="cite">``, Thunderbird's
  ``moz-cite-prefix`` and ``moz-forward-container``, Yahoo's ``yahoo_quoted``)
  is skipped, and what follows it is read (a player may answer below it);
* a quote that is not wrapped, whose header block stands before the rest of the
  page (Outlook on the web and new Outlook: ``divRplyFwdMsg`` after an ``<hr>``
  and ``appendonsend``; Outlook desktop: a header ``<div>`` with a top border),
  ends the text;
* signatures (``gmail_signature``, ``moz-signature``, Outlook's ``Signature``)
  are skipped.

No mail may stall a run, so the reading costs time in proportion to the HTML and no more:
an end tag finds its open element by a count of the open elements of each name, not by a
search of all of them; a ``<`` that nothing after it can close is text before the parser
sees it (the standard library's parser of Python 3.11 looks for the missing ``>`` again from
each one, to the end of the page); only the first ``MAX_HTML_CHARS`` are read; and the last
page read is kept, as parsing and intake both ask for the same one.
"""

from __future__ import annotations

import re
from functools import lru_cache
from html.parser import HTMLParser
from typing import Any

from pbem.frozen import Frozen

_BLOCKS = {
    "p",
    "div",
    "br",
    "li",
    "tr",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "pre",
    "table",
    "ul",
    "ol",
    "hr",
    "section",
    "article",
    "header",
    "footer",
    "blockquote",
}
_SKIPPED = {"script", "style", "head", "title"}
_VOID = {"br", "hr", "img", "meta", "link", "input", "area", "base", "col", "wbr", "source"}

#: classes of elements that hold a quote, a quote's intro or a signature: skipped
_QUOTE_CLASSES = {
    "gmail_signature",
    "moz-cite-prefix",  # Thunderbird: "On ... wrote:" before its <blockquote type="cite">
    "moz-forward-container",
    "moz-signature",
    "yahoo_quoted",
    "OutlookMessageHeader",
}
#: Gmail's quote container: the intro or forward header ("gmail_attr") and, after it, the quote
#: or the forwarded mail; what the writer typed inside it above the "gmail_attr" is theirs (a
#: forward with a comment), so the container is skipped from its "gmail_attr" on
_GMAIL_CONTAINERS = {"gmail_quote", "gmail_quote_container"}
#: ids of elements that hold a quote or a signature: skipped
_QUOTE_IDS = {
    "Signature",  # Outlook on the web
    "ms-outlook-mobile-signature",
    "AppleMailSignature",
    "mail-editor-reference-message-container",  # new Outlook for Mac: the whole quote
}
#: ids of elements after which everything is the message being answered
_END_IDS = {"divRplyFwdMsg", "appendonsend", "x_divRplyFwdMsg"}
#: Outlook desktop's header block: "border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm"
_OUTLOOK_HEADER_STYLE = re.compile(r"border-top:\s*solid\b.*padding:\s*3\.0pt\s+0(in|cm)", re.IGNORECASE)

#: at most this much of an HTML body is read: three times the largest HTML mail of the captured
#: corpora (Outlook's, 42 kB); the player's own words come first in it, and where a quote went
#: on past it, the plain text part is read instead
MAX_HTML_CHARS = 128_000


class HtmlText(Frozen):
    """The text of an HTML body, and whether a mail program's quote or signature was left out."""

    text: str
    quote_found: bool
    #: the page ran past ``MAX_HTML_CHARS`` before any quote ended it: its end was not read
    cut: bool = False


class _TextCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping: list[int] = []  # depths of open elements whose content is dropped
        self.stack: list[str] = []
        self.open: dict[str, int] = {}  # how many elements of each name the stack holds
        self.line_has_text = False
        self.ended = False  # an unwrapped quote began: nothing after it is read
        self.quote_found = False
        #: the open Gmail quote containers: depth, where their text begins, whether a quote is in them
        self.gmail: list[list[Any]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.ended:
            return
        attributes = {name: value or "" for name, value in attrs}
        if attributes.get("id") in _END_IDS or (
            tag == "div" and _OUTLOOK_HEADER_STYLE.search(attributes.get("style", ""))
        ):
            self.ended = self.quote_found = True
            return
        if tag == "br":
            self.parts.append("\n")
            self.line_has_text = False
        elif tag in _BLOCKS:
            self._end_line()
        if tag in _VOID:
            return
        classes = set(attributes.get("class", "").split())
        quoted = self._is_quote(tag, attributes)
        if self.gmail and (quoted or "gmail_attr" in classes):
            self.gmail[-1][2] = True  # the container holds a quote: what is above it is the writer's
        if classes & _GMAIL_CONTAINERS:
            self.gmail.append([len(self.stack), len(self.parts), False])
        if "gmail_attr" in classes and self.gmail:  # the rest of its container is the quote
            quoted = True
            self.skipping.append(self.gmail[-1][0])
        elif quoted or tag in _SKIPPED:
            self.skipping.append(len(self.stack))
        self.quote_found = self.quote_found or quoted
        self.stack.append(tag)
        self.open[tag] = self.open.get(tag, 0) + 1

    @staticmethod
    def _is_quote(tag: str, attributes: dict[str, str]) -> bool:
        # any blockquote: a quote, whichever program wrote it (players do not indent orders)
        return (
            tag == "blockquote"
            or bool(_QUOTE_CLASSES.intersection(attributes.get("class", "").split()))
            or attributes.get("id") in _QUOTE_IDS
            or "gmail_signature" in attributes.get("data-smartmail", "")
        )

    def handle_endtag(self, tag: str) -> None:
        if self.ended or tag in _VOID:
            return
        if self.open.get(tag):
            # close everything opened since the matching tag (HTML in mail is often sloppy);
            # each element is popped once, so all the end tags of a page cost as much as its start tags
            while self.stack:
                opened = self.stack.pop()
                self.open[opened] -= 1
                while self.skipping and self.skipping[-1] == len(self.stack):
                    self.skipping.pop()
                if self.gmail and self.gmail[-1][0] == len(self.stack):
                    _, start, held_a_quote = self.gmail.pop()
                    if not held_a_quote:  # no intro, no quote in it: all of it was the quote
                        del self.parts[start:]
                        self.quote_found = True
                if opened == tag:
                    break
        if tag in _BLOCKS:
            self._end_line()

    def _end_line(self) -> None:
        """End the current line unless it is empty: nested blocks make one break."""
        if self.line_has_text:
            self.parts.append("\n")
            self.line_has_text = False

    def handle_data(self, data: str) -> None:
        if not self.skipping and not self.ended:
            self.parts.append(" ".join(data.replace("\xa0", " ").split("\n")))
            self.line_has_text = self.line_has_text or bool(data.strip())


#: what opens a piece of mark-up, and what closes it (the standard library parser's own
#: patterns): ``<!--`` needs ``-->``, ``<![CDATA[`` needs ``]]>``, Word's ``<![if ...]>`` needs
#: ``]>``, every other ``<`` needs a ``>``
_OPENERS = re.compile(r"<(!--|!\[(?:cdata|temp|ignore|include|rcdata)\b|!\[)?", re.IGNORECASE)
_CLOSERS = {"!--": re.compile(r"--\s*>"), "![": re.compile(r"\]\s*>"), "": re.compile(">")}
_SECTION_CLOSER = re.compile(r"\]\s*\]\s*>")


def _closable(html: str) -> str:
    """``html`` with every ``<`` that nothing after it closes written as ``&lt;``, and so every
    ``<`` from it to the next ``>``: that is how the parser reads it in the end, as text up to
    the next ``>`` (or up to the next ``<``, where no ``>`` follows), but it looks for the missing
    end again from each one before, to the end of the page.

    Whether a ``<`` is closed is whether a closer of its kind starts after it: the last closer of
    each kind is found once, and each stretch escaped is passed once, so this is one pass over
    the page."""
    last = {kind: _last_start(closer, html) for kind, closer in _CLOSERS.items()}
    last["section"] = _last_start(_SECTION_CLOSER, html)
    pieces: list[str] = []
    done = 0  # what is before it is in pieces
    for opener in _OPENERS.finditer(html):
        at = opener.start()
        kind = opener[1] or ""
        if at < done or at < last["!--" if kind == "!--" else "section" if len(kind) > 2 else kind[:2]]:
            continue  # inside a stretch escaped already, or closed
        end = html.find(">", at + 1) + 1 if at < last[""] else at + 1
        pieces += [html[done:at], html[at:end].replace("<", "&lt;")]
        done = end
    return "".join(pieces) + html[done:]


def _last_start(closer: re.Pattern[str], html: str) -> int:
    """Where the last match of ``closer`` in ``html`` starts, or -1."""
    found = -1
    for match in closer.finditer(html):
        found = match.start()
    return found


@lru_cache(maxsize=2)
def html_text(html: str) -> HtmlText:
    """The visible text of ``html`` that its writer wrote, one line per block element or <br>.

    Parsing a mail and taking its own words from it both read the same page: the last two
    read are kept (an ``HtmlText`` is frozen), so a page is read once."""
    collector = _TextCollector()
    page = html[:MAX_HTML_CHARS]
    try:
        collector.feed(_closable(page))
        collector.close()
    except Exception:  # noqa: BLE001 - HTMLParser is lenient; never fail a player's mail
        pass
    for _, start, held_a_quote in reversed(collector.gmail):  # a container the page never closed
        if not held_a_quote:
            del collector.parts[start:]
            collector.quote_found = True
    lines = [" ".join(line.split()) for line in "".join(collector.parts).split("\n")]
    cut = len(html) > MAX_HTML_CHARS and not collector.ended
    return HtmlText("\n".join(lines).strip("\n"), collector.quote_found, cut)
