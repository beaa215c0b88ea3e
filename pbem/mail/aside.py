"""Work that holds Python's global lock for long, done in a process of its own: drawing a map.

resvg and Pillow keep the global lock while they draw, a tenth of a second or more for a map.
Done in a run's acting thread, that stops the sending thread beside it for as long: the mails
already queued wait while the maps are drawn. Done here, in one worker process started on first
use, the acting thread waits for the picture with the lock released, and the sending goes on.
Only while some thread sends (``while_sending``, around a run's acting and sending) is it worth
a process: elsewhere (a command, a site built by hand) the work is done where it is asked for.

Only pure functions are given (the result depends on the arguments alone), so what the worker
returns is what the calling process would have made. The worker keeps nothing: it ends when the
process that started it ends, killed or not (it watches its parent), and where it cannot be
started or breaks, the work is done in the calling process instead.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

_lock = threading.Lock()
_worker: ProcessPoolExecutor | None = None
_sending = 0  # how many while_sending blocks are open


@contextmanager
def while_sending() -> Iterator[None]:
    """Within this block, ``run_aside`` does its work in the worker process."""
    global _sending
    with _lock:
        _sending += 1
    try:
        yield
    finally:
        with _lock:
            _sending -= 1


def run_aside(work: Callable[..., T], *arguments: object) -> T:
    """``work(*arguments)``: in the worker process while some thread sends (``while_sending``),
    else (or if the worker cannot do it) here."""
    worker = _started() if _sending else None
    if worker is not None:
        try:
            return worker.submit(work, *arguments).result()
        except (BrokenProcessPool, OSError) as error:
            log.warning("the drawing process broke (%s); drawing in this process", error)
            _forget(worker)
    return work(*arguments)


def _started() -> ProcessPoolExecutor | None:
    global _worker
    with _lock:
        if _worker is None:
            try:
                _worker = ProcessPoolExecutor(
                    max_workers=1,
                    # spawned, not forked: a fork of a process with threads may inherit a held lock
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_watch_parent,
                    initargs=(os.getpid(),),
                )
            except OSError as error:  # no processes left to start: draw here
                log.warning("no drawing process (%s); drawing in this process", error)
                return None
        return _worker


def _forget(worker: ProcessPoolExecutor) -> None:
    global _worker
    with _lock:
        if _worker is worker:
            _worker = None
    worker.shutdown(wait=False, cancel_futures=True)


def _watch_parent(parent: int) -> None:
    """In the worker: end when the process that started it is gone (a run killed by cron's
    timeout leaves no worker behind)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
