"""``pbem db upgrade`` (the numbered migrations a database lacks) and ``pbem db copy`` (a whole
judge from one database to another)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from pbem.commands.common import add_command, load_config


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("db", help="the database: upgrade its schema, copy it elsewhere")
    actions = parser.add_subparsers(dest="db_command", metavar="ACTION", required=True)
    add_command(
        actions,
        "upgrade",
        _upgrade,
        help="apply the schema migrations the database lacks (back it up first)",
        description="Apply the numbered schema migrations the database lacks, each whole or not "
        "at all, and print the version it was at and the version it is at now.",
    )


def _upgrade(args: argparse.Namespace) -> int:
    from pbem.store import schema
    from pbem.store.connection import Connection
    from pbem.store.dialect import shown_target

    service = load_config(args)
    if service is None:
        return 2
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
