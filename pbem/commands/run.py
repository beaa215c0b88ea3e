"""``pbem run`` (the cron job), ``pbem poll`` and ``pbem send``."""

from __future__ import annotations

import argparse
import logging
from functools import partial
from typing import Any

from pbem.commands.common import add_command, load_config
from pbem.mail.transport import TransportError
from pbem.service import Busy, run_sync

log = logging.getLogger("pbem")


def register(subparsers: Any) -> None:
    for name, help_text, steps in (
        (
            "run",
            "the cron job: poll the mailbox, act on mail and deadlines, send the queue",
            {"do_poll": True, "do_act": True, "do_send": True},
        ),
        (
            "poll",
            "fetch new mail and store it (acting on it is left to `pbem run`)",
            {"do_poll": True, "do_act": False, "do_send": False},
        ),
        ("send", "send what is queued", {"do_poll": False, "do_act": False, "do_send": True}),
    ):
        add_command(subparsers, name, partial(_run, steps=steps), help=help_text, description=help_text)


def _run(args: argparse.Namespace, steps: dict[str, bool]) -> int:
    service = load_config(args)
    if service is None:
        return 2
    try:
        tally = run_sync(service, None, **steps)
    except Busy as busy:
        log.info("%s; this run does nothing", busy)
        return 0
    except TransportError as failure:
        log.error("mail transport failed: %s", failure)
        return 1
    for error in tally.errors:
        log.error("%s", error)
    return 1 if tally.errors else 0
