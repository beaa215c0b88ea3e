"""Outgoing mail: building the messages pbem sends, with the headers that keep mail sane.

Every message carries ``Auto-Submitted`` (RFC 3834: ``auto-replied`` for answers
to a player's mail, ``auto-generated`` for reports and notices) and our own
``X-Pbem`` header, so that no mail program and no other pbem answers it, and a
Message-ID fixed when it is queued, so that a retried send is recognisable as
the same message.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from email.charset import QP, Charset
from email.header import Header
from email.message import Message
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.utils import format_datetime, formataddr

from pbem import __version__
from pbem.mail.message import OWN_HEADER


@dataclass(frozen=True)
class Outgoing:
    """What a mail says, before it is given headers and bytes."""

    to: str
    subject: str
    text: str
    html: str | None = None
    reply_to: str | None = None
    in_reply_to: str | None = None
    automatic: str = "auto-generated"  # or "auto-replied"


def new_message_id(domain: str) -> str:
    return f"<pbem.{secrets.token_hex(12)}@{domain or 'localhost'}>"


def compose(outgoing: Outgoing, *, sender: str, sender_name: str, message_id: str, date: datetime) -> bytes:
    """The bytes of ``outgoing``, ready for the send queue.

    Built with the email package's compat32 classes: for these few fixed headers
    they write the same mail as the modern API, several times faster, which
    matters when a run sends thousands of reports.
    """
    text = MIMEText(outgoing.text, "plain", _charset(outgoing.text))
    message: Message = text
    if outgoing.html:
        message = MIMEMultipart("alternative")
        message.attach(text)
        message.attach(MIMEText(outgoing.html, "html", _charset(outgoing.html)))
    message["From"] = formataddr((sender_name, sender), "utf-8") if sender_name else sender
    message["To"] = outgoing.to
    message["Subject"] = outgoing.subject if outgoing.subject.isascii() else Header(outgoing.subject, "utf-8")
    message["Date"] = format_datetime(date)
    message["Message-ID"] = message_id
    if outgoing.reply_to:
        message["Reply-To"] = outgoing.reply_to
    if outgoing.in_reply_to:
        message["In-Reply-To"] = outgoing.in_reply_to
        message["References"] = outgoing.in_reply_to
    message["Auto-Submitted"] = outgoing.automatic
    message["Precedence"] = "bulk" if outgoing.automatic == "auto-generated" else "auto_reply"
    message[OWN_HEADER] = f"pbem {__version__}"
    return message.as_bytes()


_UTF8_QP = Charset("utf-8")
_UTF8_QP.body_encoding = QP


def _charset(text: str) -> str | Charset:
    """US-ASCII where the text allows, else UTF-8 as quoted-printable: 7-bit safe, still legible."""
    return "us-ascii" if text.isascii() else _UTF8_QP
