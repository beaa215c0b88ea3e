"""``pbem referee GAME COMMAND ...``: the referee's mailed commands, from the command line.

``pbem referee spring26 extend 24h`` does what a mail from the referee saying ``EXTEND 24h``
does, through the same code (pbem.turns.referee): the same checks, the same answer, the same
mail to the players, which is sent at once, as ``new-game`` sends its welcomes.
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime

from pbem.commands.common import load_config, open_store
from pbem.run import Run
from pbem.service import Busy, run_lock, run_sync
from pbem.store import Store
from pbem.turns.referee import Refused, referee_line


def referee(args: argparse.Namespace) -> int:
    service = load_config(args)
    if service is None:
        return 2
    line = " ".join(args.words)
    try:
        with run_lock(service.data_dir), open_store(service) as store:
            unsent_before = _unsent(store)
            answer = referee_line(Run(service, store, datetime.now(UTC)), args.game, line)
    except Refused as refused:
        print(f"pbem: {refused}", file=sys.stderr)
        return 2
    print(answer)
    try:
        run_sync(service, do_poll=False, do_act=False)
    except Busy:  # a cron run took the lock in between: it sends the queue
        return 0
    with open_store(service) as store:
        waiting = _unsent(store) - unsent_before
    if waiting:
        print(
            f"pbem: {len(waiting)} of its mails could not be sent yet; `pbem status` says why, and "
            "the next run (or `pbem send`) tries again",
            file=sys.stderr,
        )
        return 1
    return 0


def _unsent(store: Store) -> set[int]:
    """The mails in the send queue not sent yet (few: sent ones are the bulk of the table)."""
    return {row["id"] for status in ("queued", "failed") for row in store.outbox_rows(status=status)}
