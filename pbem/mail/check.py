"""``pbem status --check-mail``: does the configured mail work, before a game depends on it?

Each side is opened as a run opens it (connect, TLS, log in, and for IMAP select the folder),
then closed; nothing is read, marked or sent, unless a test mail is asked for. Every step is
bounded by the transport's ``timeout``, and a failure says what to check: a connection that
times out or breaks in the TLS handshake is most often a ``security`` that does not match the
``port``.
"""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime

from pbem.config import Service, Transport
from pbem.frozen import Frozen
from pbem.mail.compose import Outgoing, compose, new_message_id
from pbem.mail.connect import open_inbox, open_outbox
from pbem.mail.transport import TransportError

#: the usual port of each mail protocol and security, for the hint after a failure
USUAL_PORTS = {
    "imap": {"tls": 993, "starttls": 143},
    "smtp": {"tls": 465, "starttls": 587},
}
#: words in an error that point at a security/port mismatch rather than at the server
_MISMATCH = ("timed out", "timeout", "wrong version number", "ssl", "tls", "handshake", "unexpected eof")


class Result(Frozen):
    """What one side of the mail did when tried."""

    side: str  # "inbox" or "outbox"
    where: str
    works: bool
    said: str


def describe(transport: Transport) -> str:
    if transport.kind == "maildir":
        return f"Maildir {transport.path}"
    who = f"{transport.username}@" if transport.username else ""
    return f"{transport.kind.upper()} {who}{transport.host}:{transport.port} ({transport.security})"


def hint(transport: Transport, error: str) -> str:
    """What to check after ``error``: the certificate, where the server's was not trusted, else
    the security/port pair, where the error points there."""
    trust = trust_hint(transport, error)
    if trust:
        return trust
    usual = USUAL_PORTS.get(transport.kind, {})
    if not usual or not any(word in error.lower() for word in _MISMATCH):
        return ""
    pairs = ", ".join(f"{security} on {port}" for security, port in usual.items())
    return (
        f"; check that security '{transport.security}' matches port {transport.port} "
        f"({transport.kind.upper()} usually: {pairs})"
    )


def failure_said(transport: Transport, error: TransportError) -> str:
    """What a run's failure to poll or send says, with the hint on trusting its server where it
    helps (this module, with the mail composer it needs, is loaded only when mail failed)."""
    return f"{error}{trust_hint(transport, str(error))}"


def trust_hint(transport: Transport, error: str) -> str:
    """What to do when the TLS handshake refused the server's certificate, or "": a self-signed
    server needs ``ca_file``; its security and port are right, since TLS got that far."""
    lowered = error.lower()
    if "certificate verify failed" not in lowered:
        return ""
    if "hostname mismatch" in lowered or "ip address mismatch" in lowered:
        return (
            f"; the server's certificate is not made out to {transport.host}: set host to the "
            "name in its certificate"
        )
    if transport.ca_file is None:
        return (
            "; the server's certificate is not trusted: set ca_file to the PEM file of its "
            "certificate (or of the CA that signed it)"
        )
    return (
        f"; the server's certificate is not trusted by ca_file {transport.ca_file}: is that "
        "the server's certificate, or its CA's?"
    )


async def _try(side: str, transport: Transport, test_mail: tuple[Service, str] | None = None) -> Result:
    where = describe(transport)
    started = time.monotonic()
    opened = open_inbox(transport) if side == "inbox" else open_outbox(transport)
    # each step has the timeout; a whole check gets at most four steps' worth (connect, TLS,
    # login, select), so a server that trickles answers cannot hold it longer
    try:
        async with asyncio.timeout(4 * transport.timeout):
            async with opened as connected:
                if test_mail is not None:
                    service, to = test_mail
                    raw = _test_mail(service, to)
                    await connected.send(raw, service.address, [to])  # type: ignore[union-attr]
    except TransportError as error:
        return Result(side, where, False, f"{error}{hint(transport, str(error))}")
    except TimeoutError:
        said = f"no answer within {4 * transport.timeout:g} s"
        return Result(side, where, False, said + hint(transport, "timed out"))
    seconds = time.monotonic() - started
    done = "connected and logged in" if transport.kind != "maildir" else "the folder is there"
    if side == "inbox" and transport.kind == "imap":
        done += f", folder {transport.folder} opened"
    if test_mail is not None:
        done += f", test mail sent to {test_mail[1]}"
    return Result(side, where, True, f"{done} ({seconds:.1f} s)")


def _test_mail(service: Service, to: str) -> bytes:
    domain = service.address.partition("@")[2]
    return compose(
        Outgoing(
            to=to,
            subject="pbem test mail",
            text="This is a test mail from pbem status --check-mail: the outbox works.\n",
        ),
        sender=service.address,
        sender_name=service.name,
        message_id=new_message_id(domain),
        date=datetime.now(UTC),
    )


async def check_mail(service: Service, test_to: str | None = None) -> list[Result]:
    """Try the inbox and the outbox (sending one test mail to ``test_to`` if given)."""
    inbox = await _try("inbox", service.inbox)
    outbox = await _try("outbox", service.outbox, (service, test_to) if test_to else None)
    return [inbox, outbox]
