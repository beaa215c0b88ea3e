"""From a configured transport to an open inbox or outbox.

Each transport's module is imported when the config names it: a Maildir service never loads
the IMAP and SMTP clients (nor they each other), so a cron run with nothing to do starts sooner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pbem.config import Transport
    from pbem.mail.transport import Inbox, Outbox


def open_inbox(transport: Transport) -> Inbox:
    """The inbox a config names (not yet connected: use it with ``async with``)."""
    if transport.kind == "imap":
        from pbem.mail.imap import ImapInbox

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
    from pbem.mail.maildir import MaildirInbox

    assert transport.path is not None
    return MaildirInbox(transport.path, processed_folder=transport.processed_folder)


def open_outbox(transport: Transport) -> Outbox:
    """The outbox a config names (not yet connected: use it with ``async with``)."""
    if transport.kind == "smtp":
        from pbem.mail.smtp import SmtpOutbox

        return SmtpOutbox(
            transport.host,
            transport.port,
            username=transport.username or None,
            password=transport.password.value if transport.password and transport.username else None,
            security=transport.security,  # type: ignore[arg-type]
            ca_file=str(transport.ca_file) if transport.ca_file else None,
            timeout=transport.timeout,
        )
    from pbem.mail.maildir import MaildirOutbox

    assert transport.path is not None
    return MaildirOutbox(transport.path)
