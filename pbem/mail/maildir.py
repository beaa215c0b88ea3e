"""Mail in Maildir folders on the local disk: the embedded default, with no server to run.

The inbox is a Maildir some delivery agent (or a test) fills; the outbox is a Maildir that receives
what would be sent, one copy per recipient, where a player's mail reader can open it.

Python's ``mailbox.Maildir`` creates the folders; the outbox delivers by ``tmp/`` and a link
into ``new/``, as the Maildir specification asks, under a name fixed by the message. Marking an inbox
message done is a rename, as the Maildir specification asks of a reader (``new/<key>`` to
``cur/<key>:2,S``): ``mailbox.Maildir`` would rewrite the whole message to change its flags.
"""

from __future__ import annotations

import hashlib
import mailbox
import os
import re
import time
from collections.abc import AsyncIterator, Sequence
from email.parser import BytesHeaderParser
from email.policy import compat32
from pathlib import Path

from pbem import private
from pbem.frozen import Frozen
from pbem.mail.transport import (
    Closing,
    Fetched,
    PermanentFailure,
    check_envelope,
    with_lf_line_endings,
)

_REF_PREFIX = "maildir:"
_INFO = mailbox.Maildir.colon + "2,"  # what separates a key from its flags in cur/


class _Waiting(Frozen):
    """A message file found in new/ or cur/ that is not done yet."""

    arrived_ns: int
    key: str
    path: Path
    flags: str


def _split_name(name: str) -> tuple[str, str]:
    """A Maildir file name's key and flags: ``1700.M1P2.h:2,RS`` -> ``("1700.M1P2.h", "RS")``."""
    key, info_separator, flags = name.partition(_INFO)
    if info_separator:
        return key, flags
    return name.partition(mailbox.Maildir.colon)[0], ""


def _counted(key: str) -> list[str | int]:
    """A key with its numbers as numbers: mail a delivery agent wrote within one tick of a
    coarse file clock keeps its order (``1700.M99999P7Q9`` before ``1700.M100000P7Q10``, which
    text order puts first, since the names' numbers have no leading zeros)."""
    parts = re.split(r"(\d+)", key)  # text, number, text, number, ..., text
    return [int(part) if index % 2 else part for index, part in enumerate(parts)]


def _open(path: Path) -> mailbox.Maildir:
    """The Maildir at ``path``, its folders created if missing (``mailbox.Maildir`` creates them
    only when ``path`` itself does not exist yet). Folders pbem makes are 0700 (pbem.private)."""
    for subdir in ("tmp", "new", "cur"):
        private.folder(path / subdir)
    return mailbox.Maildir(path, create=False)


def _folder_name(name: str) -> str:
    if not name or "/" in name or name.startswith(".") or "\0" in name:
        raise ValueError(f"processed_folder {name!r}: give a plain folder name such as 'processed'")
    return name


class MaildirInbox(Closing):
    """An inbox Maildir at ``path`` (created with its folders if missing).

    Without ``processed_folder`` a message is done when it sits in ``cur/`` with the S (seen)
    flag; a message a person already read in a mail client therefore counts as done too. With
    ``processed_folder``, every message in the inbox is waiting and ``done`` moves it into that
    Maildir++ sub-folder (``<path>/.<processed_folder>``), marked seen.
    """

    def __init__(self, path: str | os.PathLike[str], processed_folder: str | None = None) -> None:
        self.path = Path(path)
        maildir = _open(self.path)
        self._processed: Path | None = None
        if processed_folder is not None:
            maildir.add_folder(_folder_name(processed_folder))  # marks it a Maildir++ folder
            self._processed = self.path / f".{processed_folder}"
            _open(self._processed)
        # Where fetch last saw each key, so that done need not list the folders again.
        self._seen_at: dict[str, Path] = {}

    def _waiting(self) -> list[_Waiting]:
        found = []
        for subdir in ("new", "cur"):
            with os.scandir(self.path / subdir) as entries:
                for entry in entries:
                    if entry.name.startswith(".") or not entry.is_file():
                        continue
                    key, flags = _split_name(entry.name)
                    if self._processed is None and "S" in flags:
                        continue
                    arrived = entry.stat().st_mtime_ns
                    found.append(_Waiting(arrived, key, Path(entry.path), flags))
        found.sort(key=lambda waiting: (waiting.arrived_ns, _counted(waiting.key)))
        return found

    async def fetch(self) -> AsyncIterator[Fetched]:
        """Yield the messages not done yet, in the order they arrived (file times, then keys)."""
        for waiting in self._waiting():
            try:
                raw = waiting.path.read_bytes()
            except FileNotFoundError:  # another reader took it since we listed the folder
                continue
            self._seen_at[waiting.key] = waiting.path
            yield Fetched(_REF_PREFIX + waiting.key, with_lf_line_endings(raw))

    def _find(self, key: str) -> Path | None:
        known = self._seen_at.get(key)
        if known is not None and known.exists():
            return known
        for waiting in self._waiting():
            if waiting.key == key:
                return waiting.path
        return None

    def _done_path(self, key: str, flags: str) -> Path:
        folder = self.path if self._processed is None else self._processed
        return folder / "cur" / f"{key}{_INFO}{''.join(sorted(set(flags) | {'S'}))}"

    def _is_done(self, key: str) -> bool:
        with os.scandir(self._done_path(key, "").parent) as entries:
            for entry in entries:
                name_key, flags = _split_name(entry.name)
                if name_key == key and "S" in flags:
                    return True
        return False

    async def done(self, ref: str) -> None:
        """Mark the message done: to ``cur/`` with the S flag, or into the processed folder."""
        if not ref.startswith(_REF_PREFIX):
            raise PermanentFailure(f"{ref!r} is not a reference to a Maildir message")
        key = ref.removeprefix(_REF_PREFIX)
        if not key or "/" in key or key.startswith("."):
            raise PermanentFailure(f"{ref!r} is not a reference to a Maildir message")
        source = self._find(key)
        if source is None:
            if self._is_done(key):
                return  # marked done already
            raise PermanentFailure(f"no message {key!r} in the Maildir {self.path}")
        os.rename(source, self._done_path(key, _split_name(source.name)[1]))
        self._seen_at.pop(key, None)

    async def done_all(self, refs: Sequence[str]) -> None:
        """``done`` for each of ``refs``: a rename each, as quick as any batch could be."""
        for ref in refs:
            await self.done(ref)

    async def close(self) -> None:
        self._seen_at.clear()


class MaildirOutbox(Closing):
    """An outbox Maildir at ``path``: each sent message lands in ``new/`` once per recipient.

    Like a local delivery agent, it adds ``Return-Path`` (the envelope sender) and
    ``Delivered-To`` (the envelope recipient) on top, so a reader sees who it went to even
    when the headers do not say (a Bcc).

    Exactly once: the file name carries a digest of the message's Message-ID and the
    recipient, and a message is linked into ``new/`` from ``tmp/`` only if no file with that
    digest is in ``new/`` or ``cur/``. A run killed after delivering but before recording the
    mail sent sends it again on the next run, and finds it there. The name starts with the time
    of delivery, so the names sort in the order the mail was sent.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        _open(self.path)
        self._delivered: set[str] | None = None  # the digests in new/ and cur/, read once

    async def send(self, raw: bytes, sender: str, recipients: Sequence[str]) -> None:
        check_envelope(sender, recipients)
        message = with_lf_line_endings(raw)
        delivered = self._digests()
        for recipient in recipients:
            digest = _delivery_digest(message, recipient)
            if digest in delivered:
                continue
            envelope = f"Return-Path: <{sender}>\nDelivered-To: {recipient}\n".encode()
            name = f"{time.time_ns():020d}.{digest}.pbem"
            staged = self.path / "tmp" / name
            try:  # 0600: a player's mail; a full disk leaves no half-written file behind in tmp/
                private.write_new(staged, envelope + message)
                os.link(staged, self.path / "new" / name)
            finally:
                staged.unlink(missing_ok=True)
            delivered.add(digest)

    def _digests(self) -> set[str]:
        if self._delivered is None:
            self._delivered = set()
            for subdir in ("new", "cur"):
                with os.scandir(self.path / subdir) as entries:
                    for entry in entries:
                        found = _OUR_NAME.match(entry.name)
                        if found:
                            self._delivered.add(found.group(1))
        return self._delivered

    async def close(self) -> None:
        self._delivered = None


_OUR_NAME = re.compile(r"\d+\.([0-9a-f]{40})\.pbem(?::|$)")


def _delivery_digest(message: bytes, recipient: str) -> str:
    """What names ``message`` for ``recipient`` in the outbox: the same on every attempt.

    Its Message-ID (fixed when the mail was queued) names a mail; without one, its bytes do.
    """
    headers = BytesHeaderParser(policy=compat32).parsebytes(message)
    message_id = str(headers.get("Message-ID", "") or "").strip()
    what = message_id.encode("utf-8", "surrogateescape") if message_id else message
    digest = hashlib.sha256(what + b"\0" + recipient.lower().encode("utf-8", "surrogateescape"))
    return digest.hexdigest()[:40]
