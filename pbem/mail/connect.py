"""From a configured transport to an open inbox or outbox."""

from __future__ import annotations

from pbem.config import Transport
from pbem.mail.imap import ImapInbox
from pbem.mail.maildir import MaildirInbox, MaildirOutbox
from pbem.mail.smtp import SmtpOutbox
from pbem.mail.transport import Inbox, Outbox


def open_inbox(transport: Transport) -> Inbox:
    """The inbox a config names (not yet connected: use it with ``async with``)."""
    if transport.kind == "imap":
        return ImapInbox(
            transport.host,
            transport.port,
            transport.username,
            transport.password.value if transport.password else "",
            security=transport.security,  # type: ignore[arg-type]
            ca_file=str(transport.ca_file) if transport.ca_file else None,
            folder=transport.folder,
            processed_folder=transport.processed_folder,
            timeout=transport.timeout,
        )
    assert transport.path is not None
    return MaildirInbox(transport.path, processed_folder=transport.processed_folder)


def open_outbox(transport: Transport) -> Outbox:
    """The outbox a config names (not yet connected: use it with ``async with``)."""
    if transport.kind == "smtp":
        return SmtpOutbox(
            transport.host,
            transport.port,
            username=transport.username or None,
            password=transport.password.value if transport.password and transport.username else None,
            security=transport.security,  # type: ignore[arg-type]
            ca_file=str(transport.ca_file) if transport.ca_file else None,
            timeout=transport.timeout,
        )
    assert transport.path is not None
    return MaildirOutbox(transport.path)
