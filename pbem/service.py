"""One cron run, end to end: lock, poll, read mail, tend the games, send.

``pbem run`` is this module's ``run_once``. The steps are separate functions
so ``pbem poll`` and ``pbem send`` can do one of them, and so the reliability
tests can stop a run between any two. The order matters: every fetched
message is stored before the inbox is told it is done; stored messages are
acted on before deadlines are checked (an order that arrived in time counts
even if cron runs late); the send queue is drained beside acting (by SMTP in a
process of its own, pbem.sender), and whatever is left in it is tried again
next run; the archive's files are written last, at the end of acting, while
the sending catches up (a turn not yet written is written by the next run).
"""

from __future__ import annotations

import asyncio
import fcntl
import hashlib
import logging
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pbem import archive, config_check, intake, private, stopwatch, turns
from pbem.config import Service
from pbem.databases import is_postgresql
from pbem.deadlines import from_utc_text, utc_text
from pbem.faults import checkpoint
from pbem.intake import credentials
from pbem.judge import forming
from pbem.mail.connect import open_inbox
from pbem.mail.message import digest, parse, received_at, shortened
from pbem.mail.transport import (
    Fetched,
    Inbox,
    TransportError,
)
from pbem.quiet import record as quiet
from pbem.reports import Templates
from pbem.run import Run
from pbem.sender import Sender
from pbem.sending import send_step
from pbem.site import published
from pbem.store import Store
from pbem.store.connection import storage_fault
from pbem.tally import Tally

log = logging.getLogger("pbem")


class Busy(Exception):
    """Another ``pbem run`` holds the lock on the data directory."""


class StalledMail(Exception):
    """A mail that runs began reading ``mail_attempts`` times and never finished: each was
    killed while reading it (by cron's timeout, a person, or a power cut)."""


class MissingDatabase(Exception):
    """The database file is gone, or empty: never start afresh in silence, every game would be lost."""


def traces_of_history(service: Service) -> list[Path]:
    """What beside a missing database shows this service has run before: its lock file,
    SQLite's journal files, an archive with turns in it."""
    database = service.database
    beside = [
        service.data_dir / "pbem.lock",
        *(database.with_name(database.name + end) for end in ("-wal", "-shm", "-journal")),
    ]
    found = [path for path in beside if path.exists()]
    if service.archive_dir.is_dir() and any(service.archive_dir.iterdir()):
        found.append(service.archive_dir)
    return found


def require_database(service: Service, traces: list[Path] | None = None) -> None:
    """Raise :class:`MissingDatabase` if the database is missing, or empty (a file truncated to
    0 bytes, which SQLite would take for a new database), although the service has history
    (``traces``, found now if not given).

    Only ``pbem new-game`` and ``pbem init`` create a database where there was history. A
    PostgreSQL database is the server's to keep: nothing here to look at.
    """
    if is_postgresql(service.store_target):
        return
    try:
        size = service.database.stat().st_size
    except FileNotFoundError:
        size = None
    if size:
        return
    traces = traces_of_history(service) if traces is None else traces
    if traces:
        state = "is missing" if size is None else "is empty (0 bytes)"
        raise MissingDatabase(
            f"the database {service.database} {state}, but this service has run before "
            f"({', '.join(str(path) for path in traces)}): restore it from a backup; "
            "`pbem init` starts afresh with an empty one (every game and message would be gone)"
        )


def open_store(service: Service) -> Store:
    """The service's database, SQLite or PostgreSQL, as the config names it."""
    return Store(service.store_target)


@contextmanager
def run_lock(data_dir: Path) -> Iterator[None]:
    """Hold the data directory's lock for the duration; Busy if another run has it.

    flock is released by the kernel when the process dies, so a crashed run
    never leaves a stale lock behind.
    """
    private.folder(data_dir)
    handle = os.fdopen(private.open_file(data_dir / "pbem.lock", os.O_RDWR | os.O_APPEND), "a+")
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise Busy(f"another pbem run holds {data_dir / 'pbem.lock'}") from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        yield
    finally:
        handle.close()


#: the most messages, and bytes of them, stored per durable commit while polling: each commit
#: waits for the disk, and the inbox is told of a whole batch in one command
POLL_BATCH = 1000
POLL_BATCH_BYTES = 32 << 20


async def poll(service: Service, store: Store, inbox: Inbox, now: datetime, tally: Tally) -> None:
    """Store every new message, then (after a durable commit) tell the inbox it is done."""
    batch: list[Fetched] = []
    held = 0
    async for fetched in inbox.fetch():
        tally.fetched += 1
        checkpoint("fetched")
        batch.append(fetched)
        held += len(fetched.raw)
        if len(batch) >= POLL_BATCH or held >= POLL_BATCH_BYTES:
            await _store_batch(service, store, inbox, now, batch, tally)
            batch, held = [], 0
    await _store_batch(service, store, inbox, now, batch, tally)


async def _store_batch(
    service: Service, store: Store, inbox: Inbox, now: datetime, batch: list[Fetched], tally: Tally
) -> None:
    if not batch:
        return
    unstored: set[str] = set()
    with store.durable():
        for fetched in batch:
            try:
                with store.atomic():  # a savepoint: a mail that cannot be stored spoils no other
                    row = _store_one(service, store, fetched, now)
            except Exception as error:  # noqa: BLE001 - one bad mail must not stop the run
                if storage_fault(error, service.store_target):
                    raise  # no mail could be stored: the run stops, the inbox keeps them all
                log.exception("message %s could not be stored; left in the inbox", fetched.ref)
                tally.errors.append(f"message {fetched.ref} could not be stored: {error}")
                unstored.add(fetched.ref)
                continue
            if row is None:
                tally.duplicates += 1
                log.info("message %s is a copy of one already stored; not acted on again", fetched.ref)
    for _ in batch:
        checkpoint("stored")
    await inbox.done_all([fetched.ref for fetched in batch if fetched.ref not in unstored])


def _store_one(service: Service, store: Store, fetched: Fetched, now: datetime) -> int | None:
    """Store one fetched mail with what its headers say; a mail whose headers cannot be read is
    stored all the same, by its bytes, for acting on it to fail at the boundary of that mail."""
    sha = digest(fetched.raw)
    too_big = len(fetched.raw) > service.max_message_bytes
    try:  # the headers only: the body is read once, when the mail is acted on
        incoming = parse(fetched.raw, headers_only=True)
        sender, subject, message_id = incoming.sender, incoming.subject, incoming.message_id
    except Exception as error:  # noqa: BLE001 - stored now, failed (with the reason) when acted on
        log.warning("message %s: its headers could not be read (%s)", fetched.ref, error)
        sender, subject, message_id = "", "", ""
    return store.add_message(
        dedup_key=f"mid:{sender}:{message_id}" if message_id else f"sha:{sha}",
        sha256=sha,
        message_id=message_id,
        ref=fetched.ref,
        received_at=received_at(fetched.raw, now),
        sender=sender,
        subject=subject,
        raw=shortened(fetched.raw, service.max_message_bytes) if too_big else fetched.raw,
    )


def act(run: Run, tally: Tally) -> None:
    """Act on every stored message not yet done, oldest first; then tend every game; then write
    what the archive and the sites lack. Where several workers share a PostgreSQL database,
    one acts on the mail and one writes the files (each a lease), and each game is tended by
    the worker that claims it (pbem.store.claims)."""
    with run.store.lease("intake") as ours:
        if ours:
            act_on_mail(run, tally)
    for game_id in run.store.game_ids():
        try:
            with run.store.claim_game(game_id) as claimed:
                if claimed:
                    turns.tend(run, game_id)
        except Exception as error:  # noqa: BLE001 - one broken game must not stop the others
            if storage_fault(error, run.service.store_target):
                raise
            log.exception("game %s could not be tended", game_id)
            tally.errors.append(f"game {game_id}: {error}")
    write_files(run)


def write_files(run: Run) -> None:
    """Write the archive's files of every turn that lacks them and each site that does not show
    its game as it stands (one worker at a time, on PostgreSQL)."""
    with run.store.lease("archive") as ours:
        if ours:
            archive.write_missing(run)
            games = [game for game in map(run.game_config, run.store.game_ids()) if game is not None]
            for problem in published.rebuild_stale(run.store, run.templates, run.service, games):
                log.warning("%s", problem)


def act_on_mail(run: Run, tally: Tally) -> None:
    """Act on every stored message not yet done, oldest first; then tend the forming games.

    A message whose handling fails is marked failed, its sender told once, and tried again by
    the next runs up to ``mail_attempts`` times; the referee gets one notice per run that lists
    the messages that failed in it. Each reading is counted before it begins, so a mail whose
    runs were killed while reading it is set aside the same way, not read again forever.
    """
    last = run.store.get_meta("last_run_at")
    turns.stale_guard(run, from_utc_text(last) if last else None)
    # before any mail: a REPLACE or SET PASSWORD read below gives a player a password the
    # config never had, which is no change made in the config
    _tell_of_config_problems(run)
    credentials.redact_backlog(run.store, run.service.address)  # a database from before redaction
    intake.release_held(run)  # mail for a game whose config entry was mended since
    failures: list[tuple[int, str]] = []
    with stopwatch.timed("read"):
        _read_pending(run, tally, failures)
    if failures:
        intake.tell_referee_of_failures(run, failures)
    try:
        forming.tend_musters(run)
    except Exception as error:  # noqa: BLE001 - a forming game must not stop the running ones
        log.exception("the forming games could not be tended")
        tally.errors.append(f"forming games: {error}")


def _read_pending(run: Run, tally: Tally, failures: list[tuple[int, str]]) -> None:
    """Act on every stored message not yet done, oldest first (see ``act``); each one that
    fails is added to ``failures``."""
    for row_id in run.store.pending_message_ids(run.service.mail_attempts):
        if not run.store.begin_reading(row_id, run.service.mail_attempts):  # killed runs count too
            stalled = StalledMail(f"runs stopped while reading it {run.service.mail_attempts} times")
            log.error("message %s: %s; set aside, referee told", row_id, stalled)
            tally.errors.append(f"message {row_id}: {stalled}")
            failures.append((row_id, intake.fail(run, row_id, stalled)))
            continue
        checkpoint("reading")
        try:
            intake.handle(run, row_id)
            tally.handled += 1
            checkpoint("handled")
        except Exception as error:  # noqa: BLE001 - one bad message must not stop the run
            if storage_fault(error, run.service.store_target):
                raise  # the mail is not at fault: it stays new for the next run
            log.exception("message %s could not be handled; set aside, referee told", row_id)
            tally.errors.append(f"message {row_id}: {error}")
            failures.append((row_id, intake.fail(run, row_id, error)))


def _tell_of_config_problems(run: Run) -> None:
    """A game whose config entry has problems is set aside, and a password edited after its
    game started is not applied: the referee is mailed once per distinct problem (and each
    run's log says it again, for a broken game)."""
    if config_check.config_changed(run.service, run.store):
        for note in config_check.changed_passwords(run.service, run.store):
            digest = hashlib.sha256(note.encode()).hexdigest()[:16]
            run.tell_referee(
                None,
                "a password changed in the config is not applied",
                note + "\n",
                dedup_key=f"config-password:{digest}",
            )
    for game_id, problems in run.service.broken.items():
        digest = hashlib.sha256("\n".join(problems).encode()).hexdigest()[:16]
        run.tell_referee(
            None,
            f"game {game_id} is set aside: its config entry has problems",
            "Fix these in the config; the other games run meanwhile.\n\n" + "\n".join(problems) + "\n",
            dedup_key=f"config:{game_id}:{digest}",
        )


async def run_once(
    service: Service,
    now: datetime | None = None,
    templates: Templates | None = None,
    *,
    do_poll: bool = True,
    do_act: bool = True,
    do_send: bool = True,
    seed_source: Callable[[str, str], int] | None = None,
) -> Tally:
    """The cron job: poll, act, send, under the data directory's lock.

    A damaged database or a full disk stops the run with a ``pbem.store.connection.StorageFault``.
    """
    try:
        return await _run_once(
            service, now, templates, do_poll=do_poll, do_act=do_act, do_send=do_send, seed_source=seed_source
        )
    except Exception as error:
        fault = storage_fault(error, service.store_target)
        if fault is None or fault is error:
            raise
        raise fault from error


async def _run_once(
    service: Service,
    now: datetime | None,
    templates: Templates | None,
    *,
    do_poll: bool,
    do_act: bool,
    do_send: bool,
    seed_source: Callable[[str, str], int] | None,
) -> Tally:
    now = now or datetime.now(UTC)
    tally = Tally()
    stopwatch.lap()  # what this process did before is not this run's
    history = traces_of_history(service)  # looked at before the lock file is this run's
    # `pbem run`, which a quiet run may stand in for (on SQLite: pbem.quiet reads its file)
    whole = do_poll and do_act and do_send and not is_postgresql(service.store_target)
    # acting beside sending by SMTP: the sending in a process of its own (pbem.sender)
    apart = do_act and do_send and service.outbox.kind == "smtp"
    # on PostgreSQL several workers may run at once: the store's leases and claims share the work
    lock = nullcontext() if is_postgresql(service.store_target) else run_lock(service.data_dir)
    with lock, quiet.warnings_heard() as warnings:
        require_database(service, history)
        store = open_store(service)
        if whole:
            quiet.forget(store)  # a run that stops half-way leaves the next one a full one
        acting: asyncio.Future[datetime | None] | None = None
        sender = Sender.start(service, now) if apart else None
        try:
            started = time.perf_counter()
            if do_poll:
                try:
                    with store.lease("poll") as ours:  # one poller at a time, on PostgreSQL
                        if ours:
                            async with open_inbox(service.inbox) as inbox:
                                await poll(service, store, inbox, now, tally)
                    tally.seconds["poll"] = time.perf_counter() - started
                except TransportError as error:  # deadlines are still kept, below
                    from pbem.mail.check import failure_said

                    said = failure_said(service.inbox, error)
                    tally.errors.append(f"polling the inbox failed: {said}")
                    log.error("polling the inbox failed: %s", said)
            if do_act:  # in a thread with its own connection, so that sending overlaps it
                acting = asyncio.ensure_future(
                    asyncio.to_thread(_act_alone, service, now, templates, seed_source, tally, do_send)
                )
            if sender is not None:
                assert acting is not None
                await sender.finish(acting, tally)
            elif do_send:
                await send_step(service, store, now, tally, acting)
            if acting is not None:
                await asyncio.wait([acting])
                if not acting.exception() and whole and not (tally.worked() or warnings or service.broken):
                    quiet.write(service, store, acting.result())
        finally:
            if acting is not None:
                await asyncio.wait([acting])
            if sender is not None:
                sender.close()
            store.close()
        if acting is not None:
            acting.result()  # an error (or an injected crash) in acting ends the run here
    tally.stages = stopwatch.lap()
    log.log(logging.INFO if tally.worked() else logging.DEBUG, "%s", tally.line())
    return tally


def _act_alone(
    service: Service,
    now: datetime,
    templates: Templates | None,
    seed_source: Callable[[str, str], int] | None,
    tally: Tally,
    archive_later: bool = False,
) -> datetime | None:
    """The acting step with its own database connection (SQLite connections stay in their thread);
    when the next run must act if no mail comes (pbem.quiet). Beside sending (``archive_later``),
    the archive's files are written at the end of acting, not after each adjudication: the mail
    of the games after it is not held up, and the files are written while the sending catches up."""
    started = time.perf_counter()
    store = open_store(service)
    try:
        run = Run(service, store, now, templates, seed_source)
        run.archive_later = archive_later
        act(run, tally)
        store.set_meta("last_run_at", utc_text(now))
        return None if tally.worked() else quiet.next_wake(run)  # a run that worked records nothing
    finally:
        store.close()
        tally.seconds["act"] = time.perf_counter() - started


def run_sync(service: Service, now: datetime | None = None, **kwargs: Any) -> Tally:
    """``run_once`` for callers without an event loop (the CLI, tests)."""
    return asyncio.run(run_once(service, now, **kwargs))
