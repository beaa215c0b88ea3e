"""Maps drawn in a process of their own (pbem.mail.aside): the same bytes, drawn in another
process (so the calling thread waits with the GIL released), and no worker left behind by a
run that is killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from pbem.mail import pictures
from pbem.mail.aside import run_aside, while_sending

BOARD = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300">'
    '<rect width="400" height="300" fill="#dfe9ef"/>'
    '<polygon points="20,20 380,40 200,280" fill="#c0392b" stroke="#ffffff"/>'
    '<text x="200" y="150" font-size="14" text-anchor="middle">Vienna</text></svg>'
)


def test_a_picture_drawn_aside_while_sending_is_the_picture_drawn_here():
    with while_sending():
        assert run_aside(pictures._palette_png, BOARD) == pictures._palette_png(BOARD)
        assert run_aside(os.getpid) != os.getpid()  # drawn in another process indeed
    assert run_aside(os.getpid) == os.getpid()  # nothing sends: no process is worth it


KILLED_RUN = """
import os, sys, time
from pbem.mail.aside import run_aside, while_sending
with while_sending():  # as a run's acting beside its sending: the worker is started
    worker = run_aside(os.getpid)
    assert worker != os.getpid()
    print(worker, flush=True)
    time.sleep(60)
"""


@pytest.mark.slow  # starts two interpreters (about 2 s)
def test_the_worker_ends_when_the_run_that_started_it_is_killed():
    run = subprocess.Popen(
        [sys.executable, "-c", KILLED_RUN],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": "."},
    )
    try:
        worker = int(run.stdout.readline())
        os.kill(run.pid, signal.SIGKILL)
        run.wait(10)
        for _ in range(50):
            try:
                os.kill(worker, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)
        else:
            os.kill(worker, signal.SIGKILL)
            raise AssertionError(f"worker {worker} outlived its killed run")
    finally:
        run.kill()
        run.wait()
