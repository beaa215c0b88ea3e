"""HTML mail made plain text, for players whose mail program sends only HTML.

The standard library's HTMLParser is enough: orders are short lines, and all
we need is the line structure (block elements and <br> end lines), the text
with entities decoded, and no scripts, styles or quoted replies (a
<blockquote> or Gmail's "gmail_quote" holds the message being answered).
"""

from __future__ import annotations

from html.parser import HTMLParser

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
}
_SKIPPED = {"script", "style", "head", "title", "blockquote"}
_VOID = {"br", "hr", "img", "meta", "link", "input", "area", "base", "col", "wbr", "source"}


class _TextCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping: list[int] = []  # depths of open elements whose content is dropped
        self.stack: list[str] = []
        self.line_has_text = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = " ".join(value or "" for name, value in attrs if name == "class")
        if tag == "br":
            self.parts.append("\n")
            self.line_has_text = False
        elif tag in _BLOCKS:
            self._end_line()
        if tag in _VOID:
            return
        if tag in _SKIPPED or "gmail_quote" in classes or "moz-cite-prefix" in classes:
            self.skipping.append(len(self.stack))
        self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID:
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
        if not self.skipping:
            self.parts.append(" ".join(data.replace("\xa0", " ").split("\n")))
            self.line_has_text = self.line_has_text or bool(data.strip())


def html_to_text(html: str) -> str:
    """The visible text of ``html``, one line per block element or <br>."""
    collector = _TextCollector()
    try:
        collector.feed(html)
        collector.close()
    except Exception:  # noqa: BLE001 - HTMLParser is lenient; never fail a player's mail
        pass
    lines = [" ".join(line.split()) for line in "".join(collector.parts).split("\n")]
    return "\n".join(lines).strip("\n")
