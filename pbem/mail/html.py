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
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

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
    "gmail_quote",  # Gmail: the intro ("gmail_attr") and the <blockquote>
    "gmail_quote_container",
    "gmail_signature",
    "moz-cite-prefix",  # Thunderbird: "On ... wrote:" before its <blockquote type="cite">
    "moz-forward-container",
    "moz-signature",
    "yahoo_quoted",
    "OutlookMessageHeader",
}
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


class HtmlText(Frozen):
    """The text of an HTML body, and whether a mail program's quote or signature was left out."""

    text: str
    quote_found: bool


class _TextCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping: list[int] = []  # depths of open elements whose content is dropped
        self.stack: list[str] = []
        self.line_has_text = False
        self.ended = False  # an unwrapped quote began: nothing after it is read
        self.quote_found = False

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
        quoted = self._is_quote(tag, attributes)
        self.quote_found = self.quote_found or quoted
        if quoted or tag in _SKIPPED:
            self.skipping.append(len(self.stack))
        self.stack.append(tag)

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
        if tag in self.stack:
            # close everything opened since the matching tag (HTML in mail is often sloppy)
            while self.stack:
                opened = self.stack.pop()
                if self.skipping and self.skipping[-1] == len(self.stack):
                    self.skipping.pop()
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


def html_text(html: str) -> HtmlText:
    """The visible text of ``html`` that its writer wrote, one line per block element or <br>."""
    collector = _TextCollector()
    try:
        collector.feed(html)
        collector.close()
    except Exception:  # noqa: BLE001 - HTMLParser is lenient; never fail a player's mail
        pass
    lines = [" ".join(line.split()) for line in "".join(collector.parts).split("\n")]
    return HtmlText("\n".join(lines).strip("\n"), collector.quote_found)


def html_to_text(html: str) -> str:
    """The visible text of ``html`` without quotes and signatures, one line per block or <br>."""
    return html_text(html).text
