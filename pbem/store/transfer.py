"""A whole judge from one database to another (SQLite to PostgreSQL, and back): ``pbem db copy``.

Every table is copied in one transaction of the target, which must be new or empty and is made
current first; the source must be current too (``pbem db upgrade`` first). Rows go in the order
they were inserted, so that what is listed in that order (a game's players, its seats) lists the
same. Then both are read again, table by table, and compared row for row: the copy is trusted
only when both hold the same games, turns, orders, mail and queue.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pbem.databases import shown_target
from pbem.store import schema
from pbem.store.connection import Connection, StorageFault
from pbem.store.dialect import POSTGRESQL

#: the insertion order PostgreSQL keeps as a column (pbem/store/dialect.py), not copied as such
ROWID = "rowid"


class CopyRefused(StorageFault):
    """The copy cannot be made or did not come out the same: one line that says why (exit 2)."""

    def __init__(self, message: str):
        super().__init__(message, 2)


@dataclass(frozen=True)
class Copied:
    """What was copied: rows per table, the same on both sides."""

    rows: dict[str, int]


def copy_judge(source: Path | str, target: Path | str) -> Copied:
    """Copy every table of ``source`` into ``target`` and verify both hold the same."""
    origin = _opened(source)
    copy = _opened(target)
    try:
        tables = sorted(origin.table_names())
        filled = [table for table in tables if table != "meta" and _count(copy, table)]
        if filled:
            raise CopyRefused(
                f"{shown_target(target)} holds a judge already ({', '.join(filled)} not empty): "
                "copy into a new or empty database"
            )
        with copy.atomic():
            copy.db.execute("DELETE FROM meta")
            for table in tables:
                columns = _columns(origin, table)
                marks = ", ".join("?" for _ in columns)
                insert = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})"
                for row in _rows_in_order(origin, table, columns):
                    copy.db.execute(insert, [row[name] for name in columns])
            if copy.dialect is POSTGRESQL:
                _advance_identities(copy)
        rows = {}
        for table in tables:
            columns = _columns(origin, table)
            mine, theirs = _digest(origin, table, columns), _digest(copy, table, columns)
            if mine != theirs:
                raise CopyRefused(
                    f"the copy of table {table} differs from {shown_target(source)} "
                    f"({mine[0]} rows, {theirs[0]} copied): {shown_target(target)} is not to be used"
                )
            rows[table] = mine[0]
        return Copied(rows)
    finally:
        origin.close()
        copy.close()


def _opened(target: Path | str) -> Connection:
    connection = Connection(target)
    try:
        if schema.version(connection) is None:
            schema.upgrade(connection)  # a new database: made current
        schema.require_current(connection)
    except BaseException:
        connection.close()
        raise
    return connection


def _count(connection: Connection, table: str) -> int:
    row = connection._one(f"SELECT count(*) AS n FROM {table}")
    return int(row["n"]) if row else 0


def _columns(connection: Connection, table: str) -> list[str]:
    """The table's columns as the source has them, without PostgreSQL's insertion order."""
    if connection.dialect is POSTGRESQL:
        names = [
            found["column_name"]
            for found in connection._rows(
                "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()"
                " AND table_name = ? ORDER BY ordinal_position",
                [table],
            )
        ]
    else:
        names = [found["name"] for found in connection._rows(f"PRAGMA table_info({table})")]
    return [name for name in names if name != ROWID]


def _rows_in_order(connection: Connection, table: str, columns: list[str]) -> list[dict[str, Any]]:
    has_order = connection.dialect is not POSTGRESQL or ROWID in _all_columns(connection, table)
    order = f" ORDER BY {ROWID}" if has_order else ""
    return connection._rows(f"SELECT {', '.join(columns)} FROM {table}{order}")


def _all_columns(connection: Connection, table: str) -> set[str]:
    rows = connection._rows(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()"
        " AND table_name = ?",
        [table],
    )
    return {row["column_name"] for row in rows}


def _advance_identities(connection: Connection) -> None:
    """PostgreSQL's identity columns go on after the copied ids, as SQLite's rowid does."""
    identities = connection._rows(
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND is_identity = 'YES'"
    )
    for found in identities:
        table, column = found["table_name"], found["column_name"]
        connection.db.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
            f" coalesce((SELECT max({column}) FROM {table}), 0) + 1, false)"
        )


def _digest(connection: Connection, table: str, columns: list[str]) -> tuple[int, str]:
    """(rows, a digest of every row's values whatever the order they come in)."""
    lines = sorted(
        json.dumps([_plain(row[name]) for name in columns])
        for row in connection._rows(f"SELECT {', '.join(columns)} FROM {table}")
    )
    return len(lines), hashlib.sha256("\n".join(lines).encode()).hexdigest()


def _plain(value: Any) -> Any:
    if isinstance(value, bytes | memoryview):
        return "bytes:" + bytes(value).hex()
    return value
