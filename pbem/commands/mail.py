"""``pbem mail list|show|retry|drop``: the referee's hand on mail whose handling failed.

A mail that made pbem fail is kept, marked failed with the reason; later runs try it again a
few times (``mail_attempts``), then leave it alone. Once the cause is fixed, ``retry`` hands it
to the next run; ``drop`` gives it up (its bytes stay stored).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from pbem.commands.common import add_command, load_config, open_store, read_store
from pbem.service import Busy, run_lock
from pbem.store import Store


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("mail", help="list, show, retry or drop mail whose handling failed")
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    add_command(actions, "list", _list, help="the failed mails: id, sender, subject, reason")
    for name, help_text, func in (
        ("show", "print a stored mail as it arrived", _show),
        ("retry", "hand a failed (or dropped) mail to the next run", _retry),
        ("drop", "leave a failed mail alone for good (it stays stored)", _drop),
    ):
        action = add_command(actions, name, func, help=help_text, description=help_text)
        action.add_argument("id", type=int, help="the mail's number, as `pbem mail list` shows it")
    parser.set_defaults(func=lambda args: (parser.print_help(sys.stderr), 2)[1])


def failed_lines(store: Store) -> list[str]:
    """One line per failed mail, for ``pbem mail list`` and ``pbem status``."""
    return [
        f"#{row['id']} {row['received_at']} from {row['sender'] or '?'} "
        f"(subject {row['subject']!r}): {row['outcome']} (failed {row['attempts']} time(s))"
        for row in store.failed_messages()
    ]


def _list(args: argparse.Namespace) -> int:
    lines = read_store(args, lambda _, store: failed_lines(store), ())
    if lines is None:
        return 2
    print("\n".join(lines) if lines else "no failed mail")
    return 0


def _show(args: argparse.Namespace) -> int:
    row = read_store(args, lambda _, store: _stored(store, args.id), (LookupError,))
    if row is None:
        return 2
    print(f"# mail #{args.id}: {row['status']}: {row['outcome'] or ''}", file=sys.stderr)
    sys.stdout.buffer.write(row["raw"])
    return 0


def _stored(store: Store, row_id: int) -> dict[str, Any]:
    row = store.find_message(row_id)
    if row is None:
        raise LookupError(f"no stored mail #{row_id}")
    return row


def _retry(args: argparse.Namespace) -> int:
    return _change(args, Store.retry_message, "will be read again by the next run (pbem run)",
                   "is not failed or dropped")


def _drop(args: argparse.Namespace) -> int:
    return _change(args, Store.drop_message, "is dropped: no run will try it again", "is not failed")


def _change(args: argparse.Namespace, change: Any, done: str, refused: str) -> int:
    service = load_config(args)
    if service is None:
        return 2
    try:
        with run_lock(service.data_dir), open_store(service) as store:
            changed = change(store, args.id)
    except Busy as busy:
        print(f"pbem: {busy}; try again in a moment", file=sys.stderr)
        return 1
    if not changed:
        print(f"pbem: mail #{args.id} {refused}; `pbem mail list` shows the failed ones", file=sys.stderr)
        return 2
    print(f"mail #{args.id} {done}")
    return 0
