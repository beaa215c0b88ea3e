"""How a reader's time grows with its input, for the tests that no mail may stall a run: the
time of four times the input over the time of the input, each the best of a few runs of the
process's own CPU time, which other processes on a busy machine do not take. Never an absolute
time: a reader whose cost is linear in its input takes four times as long (with some noise), a
quadratic one sixteen times."""

from __future__ import annotations

import time
from collections.abc import Callable

#: how much larger the second input is
FACTOR = 4
#: a linear reader's ratio stays well below this, a quadratic one's far above it
LINEAR = 2.0 * FACTOR


def best_of(read: Callable[[], object], runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        started = time.process_time()
        read()
        best = min(best, time.process_time() - started)
    return best


def growth(read: Callable[[int], object], size: int) -> float:
    """The time of ``read(FACTOR * size)`` over that of ``read(size)``."""
    read(size)  # warm: caches, imports, compiled patterns
    return best_of(lambda: read(FACTOR * size)) / best_of(lambda: read(size))
