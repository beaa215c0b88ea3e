"""Where a run's time goes inside its steps: seconds summed by stage, for the run's log line.

A run's steps (poll, act, send) are timed whole by the service; the stages inside them are
spread over many modules and two threads (drawing a map happens while composing a mail, a
commit wherever a transaction ends), so each is timed where it happens with ``timed`` and
summed here, per process. ``pbem run`` prints the sums beside its steps, and
benchmarks/pipeline.py sets them beside the bare cost of the same mail.
"""

from __future__ import annotations

import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_seconds: defaultdict[str, float] = defaultdict(float)


@contextmanager
def timed(stage: str) -> Iterator[None]:
    """Add the wall time of the block to ``stage``'s sum."""
    started = time.perf_counter()
    try:
        yield
    finally:
        spent = time.perf_counter() - started
        with _lock:
            _seconds[stage] += spent


def lap() -> dict[str, float]:
    """The sums since the last lap, by stage; the next sums start from nothing."""
    with _lock:
        sums = dict(_seconds)
        _seconds.clear()
    return sums


def add(sums: dict[str, float]) -> None:
    """Add stages timed elsewhere (the sending process, pbem.sender) to this process's sums."""
    with _lock:
        for stage, spent in sums.items():
            _seconds[stage] += spent
