"""``pbem db upgrade`` (the numbered migrations a database lacks) and ``pbem db copy`` (a whole
judge from one database to another)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pbem.commands.common import load_config


@contextmanager
def faults_named(target: Path | str) -> Iterator[None]:
    """An error of the block that is a database out of reach or damaged raised as the one line
    (a StorageFault) the CLI prints; any other as it was."""
    from pbem.store.connection import storage_fault

    try:
        yield
    except Exception as error:
        fault = storage_fault(error, target)
        if fault is None or fault is error:
            raise
        raise fault from error


def upgrade(args: argparse.Namespace) -> int:
    from pbem.databases import shown_target
    from pbem.store import schema
    from pbem.store.connection import Connection

    service = load_config(args)
    if service is None:
        return 2
    with faults_named(service.store_target):
        connection = Connection(service.store_target)
        try:
            was, now = schema.upgrade(connection)
        finally:
            connection.close()
    where = shown_target(service.store_target)
    if was == now:
        print(f"{where}: at schema version {now} already; nothing to do")
    else:
        print(f"{where}: upgraded from schema version {was} to {now}")
    sys.stdout.flush()
    return 0


def copy(args: argparse.Namespace) -> int:
    from pbem.databases import database_target, shown_target
    from pbem.store.transfer import copy_judge

    source, target = (database_target(text, Path.cwd()) for text in (args.source, args.target))
    if isinstance(source, Path) and not source.exists():
        print(f"pbem: no database at {source}", file=sys.stderr)
        return 2
    with faults_named(source), faults_named(target):
        recorded = _record_send_journal(source) if isinstance(source, Path) else 0
        copied = copy_judge(source, target)
    if recorded:
        from pbem.english import counted

        print(f"recorded {counted(recorded, 'mail')} sent by a run that ended before recording them")
    counts = ", ".join(f"{table} {rows}" for table, rows in copied.rows.items() if table != "meta")
    print(f"copied {shown_target(source)} to {shown_target(target)} and found both the same: {counts}")
    return 0


def _record_send_journal(database: Path) -> int:
    """Record in a SQLite ``database`` the mails its send journal lists (pbem.sending: sent by a
    run killed before it recorded them; the journal lies beside the database in the data folder),
    so that the copy does not send them again: no journal follows it, and PostgreSQL keeps none."""
    from pbem.sending import JOURNAL, record_journal
    from pbem.store import Store

    journal = database.parent / JOURNAL
    if not journal.is_file() or not journal.stat().st_size:
        return 0
    store = Store(database)
    try:
        return record_journal(store, journal)
    finally:
        store.close()
