"""``pbem run`` (the cron job), ``pbem poll`` and ``pbem send``."""

from __future__ import annotations

import argparse
import logging
from datetime import UTC, datetime

from pbem.quiet import nothing_to_do

log = logging.getLogger("pbem")


def run(args: argparse.Namespace) -> int:
    """The cron job: poll the mailbox, act on mail and deadlines, send the queue; or, where the
    quiet run proves there is nothing to do, only note that it ran (pbem.quiet)."""
    if nothing_to_do(args.config, datetime.now(UTC)):
        return 0
    return _steps(args, do_poll=True, do_act=True, do_send=True)


def poll(args: argparse.Namespace) -> int:
    """Fetch new mail and store it (acting on it is left to ``pbem run``)."""
    return _steps(args, do_poll=True, do_act=False, do_send=False)


def send(args: argparse.Namespace) -> int:
    """Send what is queued."""
    return _steps(args, do_poll=False, do_act=False, do_send=True)


def _steps(args: argparse.Namespace, **steps: bool) -> int:
    # late: a quiet run, settled above, loads none of the service (pydantic, sqlite-utils, rules)
    from pbem.commands.common import load_config
    from pbem.mail.transport import TransportError
    from pbem.service import Busy, run_sync

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
