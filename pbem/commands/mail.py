"""``pbem mail list|show|retry|drop``: the referee's hand on mail whose handling failed.

A mail that made pbem fail is kept, marked failed with the reason; later runs try it again a
few times (``mail_attempts``), then leave it alone. Once the cause is fixed, ``retry`` hands it
to the next run; ``drop`` gives it up (its bytes stay stored). With ``--outgoing``, the same four
act on mail pbem could not send (the send queue gave up on it): who it was for, its subject, the
server's last answer; ``retry`` queues it again for the next run, ``drop`` gives it up.
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from functools import partial
from typing import Any

from pbem.commands.common import load_config, open_store, read_store
from pbem.english import counted
from pbem.service import run_lock
from pbem.store import Store


def failed_lines(store: Store) -> list[str]:
    """One line per failed mail, for ``pbem mail list`` and ``pbem status``."""
    return [
        f"#{row['id']} {row['received_at']} from {row['sender'] or '?'} "
        f"(subject {row['subject']!r}): {row['outcome']} (failed {counted(row['attempts'], 'time')})"
        for row in store.failed_messages()
    ]


def unsent_lines(store: Store) -> list[str]:
    """One line per outgoing mail the send queue gave up on, for ``pbem mail list --outgoing``
    and ``pbem status``."""
    return [
        f"#{row['id']} {row['created_at']} to {row['recipient']} (subject {row['subject']!r}): "
        f"{row['last_error'] or 'no answer recorded'} (tried {counted(row['attempts'], 'time')})"
        for row in store.outbox_rows(status="failed")
    ]


def list_failed(args: argparse.Namespace) -> int:
    lines = read_store(args, lambda _, store: (unsent_lines if args.outgoing else failed_lines)(store), ())
    if lines is None:
        return 2
    print("\n".join(lines) if lines else f"no failed {'outgoing ' if args.outgoing else ''}mail")
    return 0


def show(args: argparse.Namespace) -> int:
    row = read_store(args, lambda _, store: _stored(store, args.id, args.outgoing), (LookupError,))
    if row is None:
        return 2
    why = row["last_error"] if args.outgoing else row["outcome"]
    print(
        f"# {'outgoing ' if args.outgoing else ''}mail #{args.id}: {row['status']}: {why or ''}",
        file=sys.stderr,
    )
    sys.stdout.buffer.write(row["raw"])
    return 0


def _stored(store: Store, row_id: int, outgoing: bool) -> dict[str, Any]:
    if outgoing:
        rows = store.outbox_rows(id=row_id)
        row = rows[0] if rows else None
    else:
        row = store.find_message(row_id)
    if row is None:
        raise LookupError(f"no stored {'outgoing ' if outgoing else ''}mail #{row_id}")
    return row


def retry(args: argparse.Namespace) -> int:
    if args.outgoing:
        retry = partial(Store.retry_mail_out, now=datetime.now(UTC))
        return _change(
            args, retry, "will be sent by the next run (pbem run, or pbem send)", "is not failed or dropped"
        )
    return _change(
        args, Store.retry_message, "will be read again by the next run (pbem run)", "is not failed or dropped"
    )


def drop(args: argparse.Namespace) -> int:
    if args.outgoing:
        return _change(args, Store.drop_mail_out, "is dropped: no run will send it", "is not failed")
    return _change(args, Store.drop_message, "is dropped: no run will try it again", "is not failed")


def _change(args: argparse.Namespace, change: Any, done: str, refused: str) -> int:
    service = load_config(args)
    if service is None:
        return 2
    with run_lock(service.data_dir), open_store(service) as store:
        changed = change(store, args.id)
    if not changed:
        listing = "pbem mail list --outgoing" if args.outgoing else "pbem mail list"
        kind = "outgoing mail" if args.outgoing else "mail"
        print(f"pbem: {kind} #{args.id} {refused}; `{listing}` shows the failed ones", file=sys.stderr)
        return 2
    print(f"{'outgoing mail' if args.outgoing else 'mail'} #{args.id} {done}")
    return 0
