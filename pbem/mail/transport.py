"""What every mail transport offers: an inbox to read from and an outbox to send through.

The transports (Maildir, IMAP, SMTP) know mail and nothing of games, the way aiosmtpd keeps the
protocol apart from the policy. The service reads an :class:`Inbox`, stores each message, and only
then tells the inbox the message is done; it hands finished replies to an :class:`Outbox` and
records them as sent only when ``send`` returned. Errors say whether trying again can help.
"""

from __future__ import annotations

import ssl
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from types import TracebackType
from typing import Literal, Protocol, Self, runtime_checkable

from pbem.frozen import Frozen

Security = Literal["tls", "starttls", "plain"]
"""How a client protects its connection: implicit TLS (IMAPS 993, SMTPS 465), an upgrade with
STARTTLS (IMAP 143, submission 587), or none at all (only sensible on loopback)."""

SECURITIES: tuple[Security, ...] = ("tls", "starttls", "plain")


class Fetched(Frozen):
    """One message read from an inbox.

    ``ref`` tells the inbox which message to mark done later (``maildir:<key>`` or
    ``imap:<folder>:<uidvalidity>:<uid>``). ``raw`` is the whole message, headers and body, with
    ``\\n`` line endings whichever transport read it, so one message always has the same bytes.
    """

    ref: str
    raw: bytes


class TransportError(Exception):
    """A mail server or mailbox could not do what was asked; the message says what it answered.

    ``code`` is the server's reply code when there was one (an SMTP code such as 550).
    """

    def __init__(self, message: str, code: int | None = None) -> None:
        super().__init__(message)
        self.code = code


class TemporaryFailure(TransportError):
    """Trying again later may work: a 4xx answer, a refused connection, a timeout."""


class PermanentFailure(TransportError):
    """Trying again will not help until something changes: a 5xx answer (an unknown recipient,
    a refused password), a refused certificate, a reference to a message that no longer exists.
    """


class ServerRefused(PermanentFailure):
    """The server refused us, not one message: a wrong password, an unknown certificate, no
    STARTTLS. Nothing can be sent until the configuration changes, so no message is to blame.
    """


class Closing:
    """``async with`` for a transport: entering gives the transport (a client connects first),
    leaving closes it whatever happened inside."""

    async def close(self) -> None:
        raise NotImplementedError

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()


class Connection(Protocol):
    """What every transport is: closed by ``close``, or by leaving ``async with``."""

    async def close(self) -> None: ...

    async def __aenter__(self) -> Self: ...

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...


@runtime_checkable
class Inbox(Connection, Protocol):
    """Where players' mail arrives.

    ``fetch`` yields the messages not yet marked done, oldest first, one at a time so that a
    full inbox never sits in memory. ``done`` is called once the caller has stored the message
    (``done_all`` for several stored together); a message fetched but never marked done is
    fetched again next time, so nothing is lost if the run dies in between. One connection
    serves many fetches until ``close``.
    """

    def fetch(self) -> AsyncIterator[Fetched]: ...

    async def done(self, ref: str) -> None: ...

    async def done_all(self, refs: Sequence[str]) -> None: ...


@runtime_checkable
class Outbox(Connection, Protocol):
    """Where replies and reports leave.

    ``send`` returns only when the message was accepted for every recipient, and raises
    :class:`TemporaryFailure` or :class:`PermanentFailure` otherwise. One connection serves
    many sends until ``close``.
    """

    async def send(self, raw: bytes, sender: str, recipients: Sequence[str]) -> None: ...


def with_lf_line_endings(raw: bytes) -> bytes:
    """The message with every CRLF as LF, the way Python's email package writes it.

    IMAP sends CRLF and a Maildir file usually holds LF; reading both the same way keeps one
    message one sequence of bytes (and one hash) whatever transport brought it.
    """
    return raw.replace(b"\r\n", b"\n")


def check_envelope(sender: str, recipients: Sequence[str]) -> None:
    """Refuse an envelope no server would accept, before anything is sent.

    ``sender`` may be empty (the null reverse-path of a bounce); a recipient may not. A line break
    in an address would let a header or a command be smuggled in.
    """
    if isinstance(recipients, str):
        raise TypeError("recipients must be a sequence of addresses, not one string")
    if not recipients:
        raise PermanentFailure("no recipients: nothing to send the message to")
    for address in (sender, *recipients):
        if any(ch in address for ch in "\r\n\0<>"):
            raise PermanentFailure(f"invalid address {address!r}: no line breaks or angle brackets")
    for address in recipients:
        if "@" not in address:
            raise PermanentFailure(f"invalid recipient {address!r}: an address needs an @")


def tls_context(ca_file: str | None) -> ssl.SSLContext:
    """A client context that checks the server's certificate and name against ``ca_file``, or
    against the system's CAs when there is none."""
    return ssl.create_default_context(cafile=ca_file)


def ca_file_problem(path: Path) -> str:
    """Why ``path`` cannot be a ``ca_file`` (it is missing, unreadable, or holds no certificate in
    PEM form), or "": checked with the config, so a wrong one is a sentence, never a traceback in
    every cron run."""
    try:
        path.read_bytes()
    except FileNotFoundError:
        return f"{path} does not exist"
    except IsADirectoryError:
        return f"{path} is a folder, not a file"
    except OSError as error:
        return f"{path} cannot be read: {error.strerror}"
    try:
        certificates = tls_context(str(path)).cert_store_stats()["x509"]
    except ssl.SSLError:
        certificates = 0
    if not certificates:
        return f"{path} holds no certificate in PEM form (-----BEGIN CERTIFICATE-----)"
    return ""
