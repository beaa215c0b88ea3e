"""A reply's own text as intake reads it, for the captured-reply tests and
benchmarks/reply_corpora.py alike: a plain body, or an HTML page sent as the mail's only part."""

from __future__ import annotations

from email.message import EmailMessage

from pbem.mail.message import parse
from pbem.mail.quotes import own_text


def own_text_of(body: str, html: bool = False) -> str:
    """The writer's own words in a reply whose body is ``body`` (an HTML page when ``html``)."""
    if not html:
        return own_text(body.replace("\r\n", "\n"))
    message = EmailMessage()
    message["From"] = "player@example.test"
    message["Subject"] = "Re: orders"
    message.set_content(body, subtype="html")
    incoming = parse(message.as_bytes())
    return own_text(incoming.text, incoming.html)


def lines(text: str) -> list[str]:
    """The lines that hold something, stripped: how two readings are compared."""
    return [line.strip() for line in text.replace("\r\n", "\n").split("\n") if line.strip()]
