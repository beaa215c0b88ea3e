"""The send queue, drained: each due mail sent, and recorded as sent only after the server took it.

While acting (mail read, games tended) goes on and queues mail, the sending goes on beside it
(by SMTP in a process of its own, pbem.sender), so that the waits on the server overlap with
acting's work. On SQLite the two share one write lock, and acting holds it for much of its time
(a phase adjudicated and its reports queued is one transaction). A record that waited for the
lock stopped the sending for as long (SQLite's wait sleeps in steps of milliseconds), and a
commit for each mail was a millisecond of the sending's own: a third of the run's sending went
into them (benchmarks/pipeline.py). So on SQLite each mail the server took is first written to
the send journal (``sent.journal`` in the data folder: one line, appended before anything else
is done), and the database records them ``RECORD_EVERY`` at a time in one transaction; where
acting holds the database then, the sending goes on and tries again with the next mail, waiting
for the lock only when ``MOST_UNRECORDED`` would be passed. All are recorded before the sending
ends. A run killed meanwhile leaves the journal, and the next sending records what it lists
before it sends anything: a mail is sent twice only if the run dies between the server's answer
and the line written, as it always could for the one mail in flight. PostgreSQL records each
mail inside the claim it was sent under (pbem.store.claims).
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

from pbem import private, stopwatch
from pbem.config import Service
from pbem.deadlines import from_utc_text, utc_text
from pbem.english import counted
from pbem.faults import checkpoint
from pbem.mail import verp
from pbem.mail.connect import open_outbox
from pbem.mail.transport import Outbox, PermanentFailure, ServerRefused, TemporaryFailure, TransportError
from pbem.store import Store
from pbem.store.connection import storage_fault
from pbem.store.dialect import POSTGRESQL
from pbem.tally import Tally

log = logging.getLogger("pbem")

#: waits between send attempts of one mail; the last one repeats
RETRY_DELAYS = [timedelta(minutes=m) for m in (1, 5, 15, 60, 180, 360)]
#: how many mails sent the database records at a time (SQLite: the journal has each at once)
RECORD_EVERY = 8
#: the most mails sent and not yet recorded while acting holds the database (SQLite)
MOST_UNRECORDED = 256
#: how many due mails are read from the database at a time to be sent
DUE_AT_ONCE = 50


async def send_step(
    service: Service, store: Store, now: datetime, tally: Tally, acting: asyncio.Future[Any] | None = None
) -> None:
    """A run's sending: the queue sent (``send_queue``) through the outbox the config names. A
    server that refused us, or that failed, is told in the tally and the log; the queue is kept."""
    started = time.perf_counter()
    try:
        async with open_outbox(service.outbox) as outbox:
            await send_queue(service, store, outbox, now, tally, acting)
        tally.seconds["send"] = time.perf_counter() - started
    except ServerRefused as error:
        tally.errors.append(f"the outgoing mail server refused us: {error}")
        log.error(
            "the outgoing mail server refused us (%s); the queue is kept until the config is fixed", error
        )
    except TransportError as error:
        from pbem.mail.check import failure_said

        said = failure_said(service.outbox, error)
        tally.errors.append(f"sending failed: {said}")
        log.error("sending failed (%s); the queue is kept for the next run", said)


async def send_queue(
    service: Service,
    store: Store,
    outbox: Outbox,
    now: datetime,
    tally: Tally,
    acting: asyncio.Future[Any] | None = None,
) -> None:
    """Send every due mail; record ``sent`` only after the server accepted it.

    While ``acting`` (mail being read and games tended, in another thread) is not
    done, keep sending what it queues: the waits on the SMTP server overlap with
    its work instead of coming after it. Each mail goes out from its recipient's own return
    address (pbem.mail.verp), where its bounce will come back to. Each mail is claimed before it
    is sent, so that workers sharing a PostgreSQL database send it once; one another worker has
    is left to it.
    """
    key = store.return_path_key()
    base = verp.base_address(service.return_path, service.address)  # None: untagged (plain)
    taken: set[int] = set()
    journal = None if store.dialect is POSTGRESQL else service.data_dir / JOURNAL
    if journal is not None:
        record_journal(store, journal)
    unrecorded = _Unrecorded(store, now, acting, journal)
    try:
        while True:
            if acting is not None and acting.done() and acting.exception() is not None:
                return  # the run failed: leave the rest to the next one
            finished = acting is None or acting.done()
            batch = [
                mail
                for mail in store.due_mail(now, DUE_AT_ONCE + len(unrecorded.ids))  # those still queued too
                if mail.id not in taken and mail.id not in unrecorded.ids
            ]
            if not batch:
                if finished:
                    return
                assert acting is not None
                await asyncio.wait([acting], timeout=0.05)
                continue
            for mail in batch:
                with store.claim_mail(mail.id) as ours:  # another worker's, on PostgreSQL: skipped
                    if not ours:
                        taken.add(mail.id)
                        continue
                    try:
                        sender = (
                            verp.return_path(base, key, mail.game_id or "", mail.recipient)
                            if base
                            else service.address
                        )
                        await outbox.send(mail.raw, sender, [mail.recipient])
                    except ServerRefused:
                        raise  # not this mail's fault: keep the queue as it is
                    except PermanentFailure as error:
                        await _record(
                            partial(store.mark_retry, mail.id, str(error), now, failed=True), acting
                        )
                        tally.failed += 1
                        log.error("mail %s to %s failed for good: %s", mail.message_id, mail.recipient, error)
                    except TemporaryFailure as error:
                        delay = RETRY_DELAYS[min(mail.attempts, len(RETRY_DELAYS) - 1)]
                        give_up = mail.attempts + 1 >= service.send_attempts
                        retry = partial(store.mark_retry, mail.id, str(error), now + delay, failed=give_up)
                        await _record(retry, acting)
                        tally.failed += 1
                        log.warning(
                            "mail %s to %s not sent (%s); %s",
                            mail.message_id,
                            mail.recipient,
                            error,
                            "giving up" if give_up else f"retrying after {delay}",
                        )
                        if not give_up:
                            return  # the server is unwell: leave the rest for the next run
                    except Exception as error:  # noqa: BLE001 - one mail must not stop the queue for good
                        if storage_fault(error, service.store_target):
                            raise  # not this mail's fault (a full disk under a Maildir outbox): queue kept
                        delay = RETRY_DELAYS[min(mail.attempts, len(RETRY_DELAYS) - 1)]
                        give_up = mail.attempts + 1 >= service.send_attempts
                        store.mark_retry(
                            mail.id, f"{type(error).__name__}: {error}", now + delay, failed=give_up
                        )
                        tally.failed += 1
                        tally.errors.append(
                            f"mail {mail.message_id} to {mail.recipient} could not be sent: {error}"
                        )
                        log.exception(
                            "mail %s to %s could not be sent; the others go on",
                            mail.message_id,
                            mail.recipient,
                        )
                    else:
                        await unrecorded.add(mail.id)
                        tally.sent += 1
                        checkpoint("sent")
    finally:  # every mail sent is recorded before the sending ends, however it ends
        try:
            await unrecorded.record()
        finally:
            unrecorded.close()


async def _record(write: Callable[[], None], acting: asyncio.Future[Any] | None) -> None:
    """Record what a send did. SQLite's wait for its lock is not fair: the acting thread,
    committing one mail after another, can keep the database busy for longer than the busy
    timeout in all, though never for long at once (found by benchmarks/fuzz_intake.py). A mail
    already sent must be recorded, so while acting goes on, try again; only when it has
    finished is a locked database an error."""
    while True:
        try:
            with stopwatch.timed("record"):  # the sending's own writes, beside acting's commits
                write()
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or acting is None or acting.done():
                raise
            await asyncio.sleep(0.01)


class _Unrecorded:
    """Mails sent and not yet recorded: in the send journal, recorded a batch at a time (module
    docstring)."""

    def __init__(self, store: Store, now: datetime, acting: asyncio.Future[Any] | None, journal: Path | None):
        self.store = store
        self.now = now
        self.acting = acting
        self.journal = journal  # None: never deferred (PostgreSQL: recorded inside the mail's claim)
        self.written: int | None = None  # the journal, open for appending
        self.ids: list[int] = []

    async def add(self, mail_id: int) -> None:
        """Record ``mail_id`` sent (module docstring): on SQLite written to the journal, and
        recorded with the mails before it once there are ``RECORD_EVERY`` (while acting holds
        the database, later, up to ``MOST_UNRECORDED``); on PostgreSQL recorded now."""
        self.ids.append(mail_id)
        if self.journal is None:
            await self.record()
            return
        with stopwatch.timed("record"):
            self._write_down(mail_id)
        if len(self.ids) < RECORD_EVERY:
            return
        acting = self.acting is not None and not self.acting.done()
        if not acting or len(self.ids) >= MOST_UNRECORDED:
            await self.record()
            return
        try:
            with stopwatch.timed("record"):
                self._write(wait=False)
        except sqlite3.OperationalError as error:
            if "locked" not in str(error):
                raise

    async def record(self) -> None:
        """Record every mail sent and not yet recorded, waiting for the database."""
        if self.ids:
            await _record(partial(self._write, wait=True), self.acting)

    def close(self) -> None:
        if self.written is not None:
            os.close(self.written)
            self.written = None

    def _write_down(self, mail_id: int) -> None:
        """One line of the journal: the mail the server took, before its record can wait."""
        assert self.journal is not None
        if self.written is None:
            self.written = private.open_file(self.journal, os.O_WRONLY | os.O_APPEND)
        os.write(self.written, f"{mail_id} {utc_text(self.now)}\n".encode("ascii"))

    def _write(self, *, wait: bool) -> None:
        with self.store.waiting_for_lock(wait):
            self.store.mark_all_sent((mail_id, self.now) for mail_id in self.ids)
        self.ids.clear()
        if self.written is not None:
            os.ftruncate(self.written, 0)  # every line of it is recorded now


#: the send journal's name in the data folder
JOURNAL = "sent.journal"


def record_journal(store: Store, journal: Path) -> int:
    """Record what the send journal lists (mails sent by a run that ended before it recorded
    them), then empty it; how many mails it listed."""
    try:
        text = journal.read_text(encoding="ascii", errors="replace")
    except FileNotFoundError:
        return 0
    lines = text.split("\n")[:-1]  # what follows the last line break was cut short: not taken
    sent = [words for words in map(str.split, lines) if len(words) == 2 and words[0].isdigit()]
    if sent:
        store.mark_all_sent((int(mail_id), from_utc_text(when)) for mail_id, when in sent)
        log.info("recorded %s sent by a run that ended before recording them", counted(len(sent), "mail"))
    os.truncate(journal, 0)
    return len(sent)
