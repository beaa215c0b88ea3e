"""An outbox that hands messages to an SMTP server, with aiosmtplib.

One connection serves many sends. Each send is one SMTP transaction: every recipient must be
accepted before the message goes (a refused recipient resets the transaction, so nobody gets a
copy), and ``send`` returns only after the server answered the message with 250. What went
wrong is told apart the way SMTP does: 4xx (and a lost connection) may work later, 5xx will not.
"""

from __future__ import annotations

import logging
import ssl
from collections.abc import Sequence
from typing import NoReturn, Self

import aiosmtplib

from pbem.mail.transport import (
    SECURITIES,
    Closing,
    PermanentFailure,
    Security,
    ServerRefused,
    TemporaryFailure,
    check_envelope,
    tls_context,
)

log = logging.getLogger(__name__)


class _StaleConnection(Exception):
    """The server had closed the kept-open connection before this message began."""


def _caused_by(error: BaseException, kind: type[BaseException]) -> bool:
    """Whether ``error`` or an error it was raised from is a ``kind`` (aiosmtplib wraps the
    TLS errors of a connect in its own)."""
    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, kind):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _size_on_the_wire(raw: bytes) -> int:
    """The message's size once every line ends in CRLF, as RFC 1870 counts it."""
    return len(raw) + raw.count(b"\n") - raw.count(b"\r\n")


def _headers_of(raw: bytes) -> bytes:
    end = raw.find(b"\r\n\r\n")
    if end < 0:
        end = raw.find(b"\n\n")
    return raw if end < 0 else raw[:end]


class SmtpOutbox(Closing):
    """Sends through the SMTP server at ``host:port``, logging in when ``username`` is given.

    ``security`` is "tls" (implicit TLS, port 465), "starttls" (port 587, upgraded before
    logging in; a server that does not offer it is refused) or "plain" (no encryption: loopback
    only). ``ca_file`` replaces the system's CAs for checking the server's certificate.
    """

    def __init__(
        self,
        host: str,
        port: int,
        username: str | None = None,
        password: str | None = None,
        security: Security = "tls",
        ca_file: str | None = None,
        timeout: float = 60.0,
        local_hostname: str = "localhost",
    ) -> None:
        if security not in SECURITIES:
            raise ValueError(f"SMTP security {security!r}: choose one of {', '.join(SECURITIES)}")
        if (username is None) != (password is None):
            raise ValueError("give both an SMTP username and a password, or neither")
        self.host, self.port, self.username = host, port, username
        self._password = password
        self.security: Security = security
        self.ca_file = ca_file
        self.timeout = timeout
        # Named, so that aiosmtplib does not look up our host name (that can hang without DNS).
        self.local_hostname = local_hostname
        self._client: aiosmtplib.SMTP | None = None

    def __repr__(self) -> str:  # never the password
        who = f"{self.username}@" if self.username else ""
        return f"SmtpOutbox({who}{self.host}:{self.port}, {self.security})"

    def _fail(self, what: str, error: Exception) -> NoReturn:
        """Raise the transport error that ``error`` (from aiosmtplib or the socket) amounts to."""
        if isinstance(error, aiosmtplib.SMTPRecipientsRefused) and error.recipients:
            error = error.recipients[0]
        if isinstance(error, aiosmtplib.SMTPResponseException) and error.code >= 0:
            message = f"SMTP {self.host}:{self.port}: {what}: {error.code} {error.message}"
            if 400 <= error.code < 500:
                raise TemporaryFailure(message, error.code) from error
            if error.code >= 500:
                raise PermanentFailure(message, error.code) from error
        message = f"SMTP {self.host}:{self.port}: {what}: {error or type(error).__name__}"
        if _caused_by(error, ssl.SSLCertVerificationError):
            raise PermanentFailure(message) from error
        raise TemporaryFailure(message) from error

    async def _connection(self) -> aiosmtplib.SMTP:
        """The connected (and logged-in) client, connecting if need be."""
        if self._client is not None and self._client.is_connected:
            return self._client
        self._drop()
        context = None if self.security == "plain" else tls_context(self.ca_file)
        client = aiosmtplib.SMTP(
            hostname=self.host,
            port=self.port,
            local_hostname=self.local_hostname,
            timeout=self.timeout,
            use_tls=self.security == "tls",
            start_tls=False,  # below, so that a server without STARTTLS is refused clearly
            tls_context=context,
        )
        step = "connect"
        try:
            await client.connect()
            if self.security == "starttls":
                step = "STARTTLS"
                await client.ehlo()
                if not client.supports_extension("starttls"):
                    client.close()
                    raise PermanentFailure(
                        f"SMTP {self.host}:{self.port} does not offer STARTTLS; "
                        "choose security 'tls' or (on loopback only) 'plain'"
                    )
                await client.starttls()
            if self.username is not None and self._password is not None:
                step = f"log in as {self.username}"
                await client.ehlo()
                if not client.supports_extension("auth"):
                    client.close()
                    raise PermanentFailure(
                        f"SMTP {self.host}:{self.port} does not offer AUTH here, so "
                        f"{self.username} cannot log in; check the port and security"
                    )
                await client.login(self.username, self._password)
        except (aiosmtplib.SMTPException, OSError, TimeoutError) as error:
            client.close()
            try:
                self._fail(step, error)
            except PermanentFailure as refused:
                raise ServerRefused(str(refused), refused.code) from error
        except PermanentFailure as refused:
            raise ServerRefused(str(refused), refused.code) from None
        log.debug("SMTP %r: connected", self)
        self._client = client
        return client

    def _drop(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            client.close()

    async def send(self, raw: bytes, sender: str, recipients: Sequence[str]) -> None:
        """Send ``raw`` from ``sender`` (the envelope sender, "" for none) to ``recipients``."""
        check_envelope(sender, recipients)
        try:
            await self._transaction(await self._connection(), raw, sender, recipients)
        except _StaleConnection:
            # A connection kept open may have been closed by the server while idle. Nothing of
            # this message was accepted yet, so one fresh connection may try again.
            try:
                await self._transaction(await self._connection(), raw, sender, recipients)
            except _StaleConnection as error:
                raise TemporaryFailure(
                    f"SMTP {self.host}:{self.port}: the server hangs up at MAIL FROM"
                ) from error

    async def _transaction(
        self, client: aiosmtplib.SMTP, raw: bytes, sender: str, recipients: Sequence[str]
    ) -> None:
        options = []
        if client.supports_extension("size"):
            options.append(f"SIZE={_size_on_the_wire(raw)}")
        if not raw.isascii() and client.supports_extension("8bitmime"):
            options.append("BODY=8BITMIME")
        utf8 = not all(a.isascii() for a in (sender, *recipients)) or not _headers_of(raw).isascii()
        if utf8:
            if not client.supports_extension("smtputf8"):
                raise PermanentFailure(
                    f"SMTP {self.host}:{self.port} cannot take UTF-8 addresses or headers "
                    "(it does not offer SMTPUTF8)"
                )
            options.append("SMTPUTF8")
        encoding = "utf-8" if utf8 else "ascii"
        step = "MAIL FROM"
        try:
            await client.mail(sender, options=options, encoding=encoding)
            for recipient in recipients:
                step = f"RCPT TO {recipient}"
                await client.rcpt(recipient, encoding=encoding)
            step = "DATA"
            await client.data(raw)
        except aiosmtplib.SMTPServerDisconnected as error:
            self._drop()
            if step == "MAIL FROM":
                raise _StaleConnection from error
            doubt = "; the message may or may not have been accepted" if step == "DATA" else ""
            raise TemporaryFailure(
                f"SMTP {self.host}:{self.port}: connection lost at {step}{doubt}"
            ) from error
        except (aiosmtplib.SMTPException, OSError, TimeoutError) as error:
            await self._reset(client)
            self._fail(step, error)

    async def _reset(self, client: aiosmtplib.SMTP) -> None:
        """Forget the half-made transaction so the connection can carry the next message."""
        if not client.is_connected:
            self._drop()
            return
        try:
            await client.rset()
        except (aiosmtplib.SMTPException, OSError, TimeoutError):
            self._drop()

    async def close(self) -> None:
        """Say QUIT (if the connection still works) and close the connection."""
        client = self._client
        if client is not None and client.is_connected:
            try:
                await client.quit()
            except (aiosmtplib.SMTPException, OSError, TimeoutError) as error:
                log.debug("SMTP %r: QUIT failed: %s", self, error)
        self._drop()

    async def __aenter__(self) -> Self:
        await self._connection()
        return self
