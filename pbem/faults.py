"""Failpoints: named places where a test can make a run crash, to prove nothing is lost.

``checkpoint("stored")`` does nothing unless the environment variable
``PBEM_CRASH_AT`` names that point, as ``POINT`` or ``POINT:N`` (the N-th time
it is reached, counting from 1) with an optional ``@kill``: then the run dies
there, by an exception that nothing in pbem catches, or (``@kill``) by SIGKILL,
as a power cut would. The reliability tests run ``pbem run`` once with a crash
at each point and once more without, and check that every order and every mail
survives exactly once. In normal runs the cost is one dictionary lookup.
"""

from __future__ import annotations

import os
import signal

POINTS = (
    "fetched",  # a message was fetched, not yet stored
    "stored",  # a message was stored, the inbox not yet told
    "reading",  # a message's reading was counted (committed), the message not yet acted on
    "queued-reply",  # the reply to a message is queued, its transaction not yet committed
    "handled",  # a message's transaction committed
    "adjudicating",  # inside an adjudication's transaction
    "adjudicated",  # an adjudication committed, its archive files not yet written
    "archived",  # a turn's archive files were written
    "sent",  # one queued mail was sent and recorded, the next not yet sent
)


class InjectedCrash(BaseException):
    """A crash a test asked for: a BaseException, so no ``except Exception`` swallows it."""


_counts: dict[str, int] = {}


def checkpoint(point: str) -> None:
    """Crash here if ``PBEM_CRASH_AT`` says so."""
    wanted = os.environ.get("PBEM_CRASH_AT")
    if not wanted:
        return
    target, _, mode = wanted.partition("@")
    name, _, nth = target.partition(":")
    if name != point:
        return
    _counts[point] = _counts.get(point, 0) + 1
    if _counts[point] != int(nth or 1):
        return
    if mode == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    raise InjectedCrash(f"crash injected at {point} (PBEM_CRASH_AT={wanted})")
