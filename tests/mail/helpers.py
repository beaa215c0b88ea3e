"""Helpers shared by this area's tests."""

from __future__ import annotations

import secrets
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

from pbem.mail.imap import ImapInbox
from pbem.mail.transport import Fetched
from tests.mailserver import MailServer, MailUser

SERVICE = "judge@pbem.test"


def raw_mail(
    sender: str | bytes,
    text: str = "ADD 2\n",
    *,
    to: str = SERVICE,
    subject: str = "orders",
    message_id: str | None = None,
    headers: str = "",
) -> bytes:
    """A mail with its From header exactly as given (the email package would re-encode it)."""
    message_id = message_id or f"<{secrets.token_hex(8)}@client.example>"
    sender = sender if isinstance(sender, bytes) else sender.encode()
    return (
        b"From: "
        + sender
        + b"\n"
        + (
            f"To: {to}\nSubject: {subject}\nDate: Mon, 2 Mar 2026 10:00:00 +0100\n"
            f"Message-ID: {message_id}\n{headers}MIME-Version: 1.0\n"
            "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n"
        ).encode()
        + text.encode()
    )


def order(sender: str, to: str, subject: str, body: str = "A Par-Bur\n") -> EmailMessage:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, to, subject
    message.set_content(body)
    return message


def inbox_for(server: MailServer, user: MailUser, security: str = "tls", **options: Any) -> ImapInbox:
    return ImapInbox(**{**server.imap_settings(user, security), **options})


async def fetch_all(inbox: ImapInbox) -> list[Fetched]:
    return [fetched async for fetched in inbox.fetch()]


def subjects(fetched: list[Fetched]) -> list[str]:
    return [str(message_from_bytes(f.raw, policy=policy.default)["Subject"]) for f in fetched]
