"""An inbox on an IMAP server, read with aioimaplib.

Messages are named by UID, and every reference carries the folder's UIDVALIDITY: should the
server renumber the folder, an old reference no longer matches and nothing wrong gets marked.
A message is fetched with ``BODY.PEEK[]`` so that reading it marks nothing; ``done`` then sets
``\\Seen`` or moves it to the processed folder, and only ``done`` does.

Messages are fetched a few at a time, so that a full inbox never sits in memory. A batch is
kept small in bytes as well as in number: aioimaplib parses an answer recursively, one stack
frame per line, each holding a copy of the rest of the answer, so its memory grows with the
square of the batch (measured: 0.7 MiB for 10 messages of 2 kB, 9.8 MiB for 50). Sizes come
first (``RFC822.SIZE``, cheap), then the bodies.

aioimaplib has no STARTTLS command, so :func:`_start_tls` sends it and upgrades the connection
with the event loop's own ``start_tls``.
"""

from __future__ import annotations

import asyncio
import logging
import re
import ssl
from collections.abc import AsyncIterator, Awaitable, Iterable, Iterator, Sequence
from typing import Self, TypeVar

import aioimaplib

from pbem.mail.transport import (
    SECURITIES,
    Closing,
    Fetched,
    PermanentFailure,
    Security,
    TemporaryFailure,
    tls_context,
    with_lf_line_endings,
)

log = logging.getLogger(__name__)

_REF_PREFIX = "imap:"
_FETCH_START = re.compile(rb"^\d+ FETCH \(")
_UID = re.compile(rb"\bUID (\d+)")
_LITERAL_FOLLOWS = re.compile(rb"\{\d+\}$")
_UIDVALIDITY = re.compile(rb"\[UIDVALIDITY (\d+)\]")
_SIZE = re.compile(rb"\bRFC822\.SIZE (\d+)")
_FLAGS = re.compile(rb"\bFLAGS \(([^)]*)\)")
_FILED = "$PbemFiled"  # on a message being filed by copying, and on its copy
_SIZES_PER_COMMAND = 200  # lines in one answer: aioimaplib recurses once per line

T = TypeVar("T")


def _folder_name(name: str) -> str:
    # Non-ASCII folder names need IMAP's modified UTF-7, which aioimaplib does not do.
    if not name or not name.isascii() or not name.isprintable():
        raise ValueError(f"IMAP folder {name!r}: give a printable ASCII name such as 'INBOX'")
    return name


async def _start_tls(client: aioimaplib.IMAP4, context: ssl.SSLContext, host: str, timeout: float) -> None:
    """Upgrade a fresh, not yet logged-in connection to TLS (RFC 3501 section 6.2.1)."""
    protocol = client.protocol
    if "STARTTLS" not in protocol.capabilities:
        raise PermanentFailure(f"the IMAP server {host} does not offer STARTTLS")
    command = aioimaplib.Command("STARTTLS", protocol.new_tag(), loop=protocol.loop)
    response = await asyncio.wait_for(protocol.execute(command), timeout)
    if response.result != "OK":
        raise PermanentFailure(f"the IMAP server {host} refused STARTTLS: {_said(response)}")
    loop = asyncio.get_running_loop()
    protocol.transport = await loop.start_tls(
        protocol.transport,
        protocol,
        context,
        server_hostname=host,
        ssl_handshake_timeout=timeout,
    )
    # What the server said before TLS may have been tampered with: ask again.
    await asyncio.wait_for(protocol.capability(), timeout)


def _said(response: aioimaplib.Response) -> str:
    """The server's words in a response, for error messages."""
    return " ".join(
        line.decode(errors="replace") for line in response.lines if isinstance(line, bytes)
    ).strip()


def _uids(response: aioimaplib.Response) -> list[int]:
    """The UIDs of a ``UID SEARCH`` answer, lowest (oldest) first."""
    found: set[int] = set()
    for line in response.lines[:-1]:  # the last line is the tagged "Search completed"
        found.update(int(word) for word in line.split() if word.isdigit())
    return sorted(found)


def _messages(lines: Iterable[bytes | bytearray]) -> dict[int, bytes]:
    """The bodies of a ``UID FETCH (UID BODY.PEEK[])`` answer, by UID.

    aioimaplib gives a record as ``b'3 FETCH (UID 7 BODY[] {470}'``, the literal, then ``b')'``;
    a server may also put the UID after the literal. A record without a body (a flag change the
    server reports on its own) is left out.
    """
    found: dict[int, bytes] = {}
    uid: int | None = None
    body: bytes | None = None
    literal_next = False

    def keep() -> None:
        if uid is not None and body is not None:
            found[uid] = body

    for line in lines:
        if literal_next:
            body, literal_next = bytes(line), False
            continue
        if _FETCH_START.match(line):
            keep()
            uid, body = None, None
        match = _UID.search(line)
        if match and uid is None:
            uid = int(match.group(1))
        literal_next = bool(_LITERAL_FOLLOWS.search(line))
    keep()
    return found


def _sizes(lines: Iterable[bytes | bytearray]) -> dict[int, int]:
    """The sizes of a ``UID FETCH (UID RFC822.SIZE)`` answer, by UID."""
    found = {}
    for line in lines:
        uid, size = _UID.search(line), _SIZE.search(line)
        if uid and size:
            found[int(uid.group(1))] = int(size.group(1))
    return found


def batches(sizes: Iterable[tuple[int, int]], most: int, most_bytes: int) -> Iterator[list[int]]:
    """The UIDs of ``(uid, size)`` pairs in order, cut into batches of at most ``most`` messages
    and ``most_bytes`` bytes (a bigger message goes alone)."""
    batch: list[int] = []
    total = 0
    for uid, size in sizes:
        if batch and (len(batch) >= most or total + size > most_bytes):
            yield batch
            batch, total = [], 0
        batch.append(uid)
        total += size
    if batch:
        yield batch


def uid_set(uids: Sequence[int]) -> str:
    """An IMAP sequence set for ascending UIDs, runs shortened: [1, 2, 3, 7] -> ``1:3,7``."""
    runs: list[str] = []
    start = previous = uids[0]
    for uid in [*uids[1:], None]:
        if uid is not None and uid == previous + 1:
            previous = uid
            continue
        runs.append(str(start) if start == previous else f"{start}:{previous}")
        if uid is not None:
            start = previous = uid
    return ",".join(runs)


def parse_ref(ref: str) -> tuple[str, int, int]:
    """``imap:<folder>:<uidvalidity>:<uid>`` as (folder, uidvalidity, uid)."""
    if ref.startswith(_REF_PREFIX):
        folder, _, numbers = ref.removeprefix(_REF_PREFIX).rpartition(":")
        folder, _, validity = folder.rpartition(":")
        if folder and validity.isdigit() and numbers.isdigit():
            return folder, int(validity), int(numbers)
    raise PermanentFailure(f"{ref!r} is not a reference to an IMAP message")


class ImapInbox(Closing):
    """The inbox ``folder`` of ``username`` on an IMAP server.

    ``security`` is "tls" (implicit TLS, port 993), "starttls" (port 143, upgraded before the
    password is sent) or "plain" (no encryption: loopback only). ``ca_file`` replaces the system's
    CAs for checking the server's certificate. Without ``processed_folder``, the messages without
    ``\\Seen`` wait and ``done`` sets ``\\Seen``; with it, every message in ``folder`` waits and
    ``done`` moves it there (created if missing). Messages are fetched at most ``batch_size``
    and ``batch_bytes`` at a time (a bigger message alone).

    Connection problems raise :class:`TemporaryFailure`; a refused login, a missing folder or
    a refused certificate raise :class:`PermanentFailure`.
    """

    def __init__(
        self,
        host: str,
        port: int,
        username: str,
        password: str,
        security: Security = "tls",
        ca_file: str | None = None,
        folder: str = "INBOX",
        processed_folder: str | None = None,
        timeout: float = 30.0,
        batch_size: int = 10,
        batch_bytes: int = 1 << 20,
    ) -> None:
        if security not in SECURITIES:
            raise ValueError(f"IMAP security {security!r}: choose one of {', '.join(SECURITIES)}")
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        self.host, self.port, self.username = host, port, username
        self._password = password
        self.security: Security = security
        self.ca_file = ca_file
        self.folder = _folder_name(folder)
        self.processed_folder = None if processed_folder is None else _folder_name(processed_folder)
        self.timeout = timeout
        self.batch_size = batch_size
        self.batch_bytes = batch_bytes
        self._client: aioimaplib.IMAP4 | None = None
        self._uidvalidity = 0

    def __repr__(self) -> str:  # never the password
        return f"ImapInbox({self.username}@{self.host}:{self.port}/{self.folder}, {self.security})"

    # The session.

    def _connected(self) -> bool:
        if self._client is None:
            return False
        transport = self._client.protocol.transport
        return transport is not None and not transport.is_closing()

    async def _command(self, what: str, call: Awaitable[T]) -> T:
        """Run one client call, turning connection trouble into a :class:`TemporaryFailure`."""
        try:
            return await call
        except ssl.SSLCertVerificationError as error:
            await self._drop()
            raise PermanentFailure(f"IMAP {self.host}:{self.port}: {what}: {error}") from error
        except (OSError, TimeoutError, aioimaplib.AioImapException) as error:
            await self._drop()
            reason = str(error) or type(error).__name__
            raise TemporaryFailure(f"IMAP {self.host}:{self.port}: {what}: {reason}") from error

    async def _session(self) -> aioimaplib.IMAP4:
        """The logged-in client with ``folder`` selected, connecting if need be."""
        if self._connected():
            assert self._client is not None
            return self._client
        await self._drop()
        context = None if self.security == "plain" else tls_context(self.ca_file)
        if self.security == "tls":
            client: aioimaplib.IMAP4 = aioimaplib.IMAP4_SSL(
                self.host, self.port, timeout=self.timeout, ssl_context=context
            )
        else:
            client = aioimaplib.IMAP4(self.host, self.port, timeout=self.timeout)
        try:
            self._uidvalidity = await self._open(client, context)
        except BaseException:
            # Half open (say, connected but not logged in) must not pass for a session.
            if client.protocol.transport is not None:
                client.protocol.transport.close()
            raise
        self._client = client
        log.debug("IMAP %r: %s has UIDVALIDITY %d", self, self.folder, self._uidvalidity)
        return client

    async def _open(self, client: aioimaplib.IMAP4, context: ssl.SSLContext | None) -> int:
        """Greet, upgrade, log in and select ``folder``; the folder's UIDVALIDITY."""
        await self._command("connect", client.wait_hello_from_server())
        if context is not None and self.security == "starttls":
            await self._command("STARTTLS", _start_tls(client, context, self.host, self.timeout))
        response = await self._command("login", client.login(self.username, self._password))
        if response.result != "OK":
            raise PermanentFailure(
                f"IMAP {self.host}:{self.port} refused the login of {self.username}: {_said(response)}"
            )
        response = await self._command("select", client.select(aioimaplib.quoted(self.folder)))
        validity = _UIDVALIDITY.search(b" ".join(response.lines[:-1]))
        if response.result != "OK" or validity is None:
            raise PermanentFailure(f"IMAP {self.username} cannot open {self.folder!r}: {_said(response)}")
        if self.processed_folder is not None:
            await self._ensure_folder(client, self.processed_folder)
        return int(validity.group(1))

    async def _ensure_folder(self, client: aioimaplib.IMAP4, folder: str) -> None:
        listed = await self._command("LIST", client.list('""', aioimaplib.quoted(folder)))
        # aioimaplib strips "* LIST ": a folder found is a line such as b'(\\HasNoChildren) "/" x'.
        if listed.result == "OK" and any(line.startswith(b"(") for line in listed.lines[:-1]):
            return
        created = await self._command("CREATE", client.create(aioimaplib.quoted(folder)))
        if created.result != "OK":
            raise PermanentFailure(f"IMAP {self.username} cannot create {folder!r}: {_said(created)}")

    async def _drop(self) -> None:
        client, self._client = self._client, None
        if client is not None and client.protocol.transport is not None:
            client.protocol.transport.close()

    # The inbox.

    async def fetch(self) -> AsyncIterator[Fetched]:
        """Yield the waiting messages, oldest (lowest UID) first, a small batch per FETCH."""
        client = await self._session()
        # A session kept open learns of new mail only in the answer to some command.
        await self._command("NOOP", client.noop())
        criteria = "UNDELETED" if self.processed_folder else "UNSEEN UNDELETED"
        response = await self._command("search", client.uid_search(criteria, charset=None))
        if response.result != "OK":
            raise TemporaryFailure(f"IMAP search in {self.folder!r} failed: {_said(response)}")
        uids = _uids(response)
        validity = self._uidvalidity
        for start in range(0, len(uids), _SIZES_PER_COMMAND):
            chunk = uids[start : start + _SIZES_PER_COMMAND]
            answer = await self._uid_fetch(validity, chunk, "(UID RFC822.SIZE)")
            if answer is None:
                return  # the folder was renumbered: the UIDs we hold mean nothing now
            sizes = _sizes(answer)
            # Messages gone since the search (someone else took them) have no size.
            present = [(uid, sizes[uid]) for uid in chunk if uid in sizes]
            for batch in batches(present, self.batch_size, self.batch_bytes):
                answer = await self._uid_fetch(validity, batch, "(UID BODY.PEEK[])")
                if answer is None:
                    return
                bodies = _messages(answer)
                del answer
                for uid in batch:
                    body = bodies.pop(uid, None)
                    if body is not None:
                        yield Fetched(
                            f"{_REF_PREFIX}{self.folder}:{validity}:{uid}", with_lf_line_endings(body)
                        )

    async def _uid_fetch(
        self, validity: int, uids: Sequence[int], items: str
    ) -> list[bytes | bytearray] | None:
        """The lines of a ``UID FETCH``, or None if the folder's UIDVALIDITY is no longer
        ``validity`` (after a reconnection)."""
        client = await self._session()
        if self._uidvalidity != validity:
            return None
        response = await self._command("fetch", client.uid("fetch", uid_set(uids), items))
        if response.result != "OK":
            raise TemporaryFailure(f"IMAP fetch from {self.folder!r} failed: {_said(response)}")
        lines: list[bytes | bytearray] = response.lines
        return lines

    async def done(self, ref: str) -> None:
        """Mark the message done: ``\\Seen``, or moved to the processed folder (seen)."""
        await self.done_all([ref])

    async def done_all(self, refs: Sequence[str]) -> None:
        """``done`` for each of ``refs`` with one command for them all (a set of UIDs), where
        one a message took a round trip to the server each: a poll of 1,050 mails waited
        0.3 s on them (benchmarks/pipeline.py). Filing by copy, without MOVE, goes one by one."""
        if not refs:
            return
        client = await self._session()
        uids = sorted(self._own_uid(ref) for ref in refs)
        await self._uid_command(client, "store", uid_set(uids), "+FLAGS.SILENT (\\Seen)")
        if self.processed_folder is None:
            return
        target = aioimaplib.quoted(self.processed_folder)
        if client.has_capability("MOVE"):
            await self._uid_command(client, "move", uid_set(uids), target)
            return
        for uid in uids:
            await self._file_by_copy(client, uid, target)

    def _own_uid(self, ref: str) -> int:
        """The UID ``ref`` names in this folder as it is now numbered, or PermanentFailure."""
        folder, validity, uid = parse_ref(ref)
        if folder != self.folder:
            raise PermanentFailure(f"{ref!r} belongs to folder {folder!r}, not {self.folder!r}")
        if validity != self._uidvalidity:
            raise PermanentFailure(
                f"{ref!r}: {self.folder!r} now has UIDVALIDITY {self._uidvalidity}, so that "
                "message can no longer be identified; it was left as it is"
            )
        return uid

    async def _file_by_copy(self, client: aioimaplib.IMAP4, uid: int, target: str) -> None:
        """Move a message without MOVE (RFC 6851 section 3.3): copy, mark deleted, expunge.

        A run that dies between the copy and the mark leaves the message waiting in the inbox,
        so the next run files it again: the ``$PbemFiled`` keyword, set before copying (and
        copied with it), says a copy may be in the processed folder already, which is then
        searched for it before copying again. Nothing is lost and nothing is filed twice.
        """
        flags = await self._flags(client, uid)
        if _FILED not in flags or not await self._copy_exists(client, uid, target):
            await self._uid_command(client, "store", str(uid), f"+FLAGS.SILENT ({_FILED})")
            await self._uid_command(client, "copy", str(uid), target)
        await self._uid_command(client, "store", str(uid), "+FLAGS.SILENT (\\Deleted)")
        await self._expunge(client, uid)

    async def _flags(self, client: aioimaplib.IMAP4, uid: int) -> set[str]:
        response = await self._command("fetch", client.uid("fetch", str(uid), "(UID FLAGS)"))
        found = _FLAGS.search(b" ".join(bytes(line) for line in response.lines[:-1]))
        return set(found.group(1).decode(errors="replace").split()) if found else set()

    async def _copy_exists(self, client: aioimaplib.IMAP4, uid: int, target: str) -> bool:
        """Whether the processed folder holds a copy of ``uid`` made by an earlier ``done``: one
        with the keyword, the same size and the same header bytes."""
        answer = await self._command(
            "fetch", client.uid("fetch", str(uid), "(UID RFC822.SIZE BODY.PEEK[HEADER])")
        )
        size, header = _sizes(answer.lines).get(uid), _messages(answer.lines).get(uid)
        if size is None or header is None:
            return False
        try:
            selected = await self._command("select", client.select(target))
            if selected.result != "OK":
                raise TemporaryFailure(f"IMAP cannot open {target}: {_said(selected)}")
            search = f"KEYWORD {_FILED} LARGER {size - 1} SMALLER {size + 1}"
            found = await self._command("search", client.uid_search(search, charset=None))
            candidates = _uids(found) if found.result == "OK" else []
            if not candidates:
                return False
            copies = await self._command(
                "fetch", client.uid("fetch", uid_set(candidates), "(UID BODY.PEEK[HEADER])")
            )
            return header in _messages(copies.lines).values()
        finally:
            await self._reselect(client)

    async def _reselect(self, client: aioimaplib.IMAP4) -> None:
        response = await self._command("select", client.select(aioimaplib.quoted(self.folder)))
        validity = _UIDVALIDITY.search(b" ".join(response.lines[:-1]))
        if response.result != "OK" or validity is None or int(validity.group(1)) != self._uidvalidity:
            await self._drop()  # the references in hand no longer hold: start afresh
            raise TemporaryFailure(f"IMAP {self.folder!r} changed while a message was being filed")

    async def _expunge(self, client: aioimaplib.IMAP4, uid: int) -> None:
        if client.has_capability("UIDPLUS"):
            await self._uid_command(client, "expunge", str(uid))
            return
        # Without UIDPLUS, EXPUNGE removes every message marked deleted in the folder: each one
        # pbem marked was filed first; one another client marked was meant to go.
        response = await self._command("EXPUNGE", client.expunge())
        if response.result != "OK":
            raise TemporaryFailure(f"IMAP EXPUNGE failed: {_said(response)}")

    async def _uid_command(self, client: aioimaplib.IMAP4, command: str, *args: str) -> None:
        response = await self._command(f"UID {command.upper()}", client.uid(command, *args))
        if response.result != "OK":
            raise TemporaryFailure(
                f"IMAP UID {command.upper()} {' '.join(args)} in {self.folder!r} failed: {_said(response)}"
            )

    async def close(self) -> None:
        """Log out (politely, if the connection still works) and close the connection."""
        if self._connected():
            assert self._client is not None
            try:
                await asyncio.wait_for(self._client.logout(), self.timeout)
            except (OSError, TimeoutError, aioimaplib.AioImapException) as error:
                log.debug("IMAP %r: logout failed: %s", self, error)
        await self._drop()

    async def __aenter__(self) -> Self:
        await self._session()
        return self
