"""A run's sending by SMTP, in a process of its own beside acting.

A mail passes a serial chain: pbem's SMTP client, the server, its delivery. The client waits on
the server four times a mail, and in the acting process each wait's end waited again for
Python's global lock, which acting (reading mail, adjudicating, composing reports) holds most of
the time: with the client there, the 1,347 mails of 150 games took 11.9 s to send beside acting
against 8.1 s alone, while a process busy beside the bare client slowed it not at all (7.3 s
against 7.2 s; benchmarks/pipeline.py). So while a run acts, its SMTP sending is done here
(beside acting, some 135 mails a second against 156 alone):
``send_step`` as ever, in a process with its own database connection, told by the run when
acting is done, and telling it what it did (its tally, stages and log lines as they come).

A Maildir outbox is local files written in a moment, not worth a process: it is sent beside
acting in the run's own process (pbem.service). The process ends when its run does, killed or
not: with its run gone it stops at once, as a power cut would (the send journal keeps what it
sent, pbem.sending).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import pickle
from datetime import datetime
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from pbem import stopwatch
from pbem.config import Service
from pbem.tally import Tally

log = logging.getLogger("pbem")


class SendingDied(Exception):
    """The sending process ended without saying what it did (killed)."""


class Sender:
    """The sending process of one run (``start``); ``finish`` once acting is under way."""

    def __init__(self, process: BaseProcess, pipe: Connection):
        self.process = process
        self.pipe = pipe
        self.heard = False  # what it did, or its error: it has ended or is ending

    @classmethod
    def start(cls, service: Service, now: datetime) -> Sender | None:
        """The sending process, started; None where no process can be (the run sends itself)."""
        context = multiprocessing.get_context("spawn")  # a fork would copy acting's held locks
        ours, theirs = context.Pipe()
        level = log.getEffectiveLevel()
        process = context.Process(target=_send_alone, args=(service, now, theirs, level), name="pbem-send")
        try:
            process.start()
        except OSError as error:
            log.warning("no sending process (%s); sending in this process", error)
            ours.close()
            return None
        finally:
            theirs.close()  # the process has its own: ours sees its end when it ends
        return cls(process, ours)

    async def finish(self, acting: asyncio.Future[Any], tally: Tally) -> None:
        """Tell the process when ``acting`` is done, and add what it did to ``tally``."""
        acting.add_done_callback(self._tell)
        try:
            done = await asyncio.to_thread(self._listen)
        finally:
            self.heard = True
        tally.sent += done["sent"]
        tally.failed += done["failed"]
        tally.errors += done["errors"]
        tally.seconds.update(done["seconds"])
        stopwatch.add(done["stages"])

    def close(self) -> None:
        """End the process, however the run ends: one still sending is told that acting
        failed (it stops after its mail), and its log lines are logged till it ends."""
        if not self.heard and self.process.is_alive():
            self._say("failed")
            with contextlib.suppress(Exception):  # the run's own error is the one it ends with
                self._listen()
        self.process.join()
        self.pipe.close()

    def _tell(self, acting: asyncio.Future[Any]) -> None:
        self._say("failed" if acting.cancelled() or acting.exception() is not None else "done")

    def _say(self, word: str) -> None:
        with contextlib.suppress(OSError):  # it has ended: what it did, or that it died, is heard by _listen
            self.pipe.send(word)

    def _listen(self) -> dict[str, Any]:
        """The process's log lines, logged here as they come, then what it did; its error raised."""
        while True:
            try:
                kind, said = self.pipe.recv()
            except (EOFError, OSError):
                self.process.join()
                raise SendingDied(f"the sending process ended (exit code {self.process.exitcode})") from None
            if kind == "log":
                record = logging.makeLogRecord(said)
                logging.getLogger(record.name).handle(record)
            elif kind == "error":
                raise said
            else:
                return dict(said)


def _send_alone(service: Service, now: datetime, pipe: Connection, level: int) -> None:
    """The process: ``send_step`` until the run says acting is done, and what it did said back."""
    logger = logging.getLogger("pbem")
    logger.setLevel(level)
    logger.addHandler(_Forward(pipe))
    logger.propagate = False
    tally = Tally()
    try:
        asyncio.run(_sending(service, now, pipe, tally))
    except BaseException as error:  # noqa: BLE001 - the run raises it (an injected crash too)
        try:
            pickle.dumps(error)
        except Exception:  # noqa: BLE001 - not every error pickles: its words do
            error = RuntimeError(f"{type(error).__name__}: {error}")
        pipe.send(("error", error))
        return
    done = {"sent": tally.sent, "failed": tally.failed, "errors": tally.errors, "seconds": tally.seconds}
    pipe.send(("done", {**done, "stages": stopwatch.lap()}))


async def _sending(service: Service, now: datetime, pipe: Connection, tally: Tally) -> None:
    from pbem.sending import send_step
    from pbem.store import Store

    loop = asyncio.get_running_loop()
    acting: asyncio.Future[None] = loop.create_future()

    def heard() -> None:
        try:
            word = pipe.recv()
        except (EOFError, OSError):  # the run is gone (killed): so is its sending, at once
            os._exit(1)
        loop.remove_reader(pipe.fileno())
        if word == "done":
            acting.set_result(None)
        else:
            acting.set_exception(RuntimeError("acting failed"))

    loop.add_reader(pipe.fileno(), heard)
    store = Store(service.store_target)
    try:
        await send_step(service, store, now, tally, acting)
    finally:
        store.close()
        if acting.done() and not acting.cancelled():
            acting.exception()  # heard: not logged as never retrieved


#: what a log record's attributes are sent as (anything else, an ``extra`` object, is left out)
_PLAIN = (str, int, float, bool, type(None))


class _Forward(logging.Handler):
    """Each log line of the process, sent to the run to log as its own (where it was logged
    kept; its words and any traceback made text, as not every argument pickles)."""

    def __init__(self, pipe: Connection):
        super().__init__()
        self.pipe = pipe
        self.setFormatter(logging.Formatter("%(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        plain = {key: value for key, value in record.__dict__.items() if isinstance(value, _PLAIN)}
        said = {**plain, "msg": self.format(record), "args": None, "exc_info": None, "exc_text": None}
        with contextlib.suppress(OSError):  # the run is gone: so is this process, soon
            self.pipe.send(("log", said))
