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
from email.message import EmailMessage
from email.utils import format_datetime

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
    """The bytes of ``outgoing``, ready for the send queue."""
    message = EmailMessage()
    message["From"] = f"{sender_name} <{sender}>" if sender_name else sender
    message["To"] = outgoing.to
    message["Subject"] = outgoing.subject
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
    message.set_content(outgoing.text, cte=_transfer_encoding(outgoing.text))
    if outgoing.html:
        message.add_alternative(outgoing.html, subtype="html", cte=_transfer_encoding(outgoing.html))
    return message.as_bytes()


def _transfer_encoding(text: str) -> str:
    """7bit where the text allows, else quoted-printable: safe for any SMTP server."""
    return (
        "7bit" if text.isascii() and max(map(len, text.splitlines() or [""])) <= 900 else "quoted-printable"
    )
