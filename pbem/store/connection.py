"""One database connection (SQLite or PostgreSQL) and one way to run a transaction, shared by every
table.

Each module beside this one keeps the SQL of its tables (schema and queries)
and builds on :class:`Connection`; :class:`pbem.store.Store` is all of them
over one connection.
"""

from __future__ import annotations

import errno
import json
import secrets
import sqlite3
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import fields
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, TypeVar

import sqlite_utils
from pydantic import BeforeValidator

from pbem import private, stopwatch
from pbem.databases import is_postgresql, shown_target
from pbem.deadlines import from_utc_text, utc_text
from pbem.records import from_plain
from pbem.store.dialect import POSTGRESQL, SQLITE

T = TypeVar("T")


class StorageFault(Exception):
    """The database or the disk pbem writes to cannot be used: a file that is no SQLite database
    or a damaged one, one that cannot be opened, written or read, or a full disk. Said in one
    line that names the file and what to do; ``status`` is the exit status the CLI gives for it
    (README: "When a mail or the database goes wrong"). Nothing is lost by stopping: a mail is
    marked done in the inbox only once it is stored, and sent mail is recorded after the server
    took it."""

    def __init__(self, message: str, status: int):
        super().__init__(message)
        self.status = status


#: SQLite's result codes for a file that is not its database, or a damaged one
_DAMAGED = {"SQLITE_NOTADB", "SQLITE_CORRUPT"}
#: SQLite's result codes (and their words) for a database it cannot open, write or read
_UNUSABLE = {"SQLITE_CANTOPEN", "SQLITE_READONLY", "SQLITE_IOERR", "SQLITE_PERM", "SQLITE_READONLY_DBMOVED"}
_UNUSABLE_WORDS = ("unable to open database", "readonly database", "disk I/O error")
#: how long a write waits for SQLite's write lock, held by another connection, before it fails
BUSY_TIMEOUT_MS = 10_000
#: the errno of a full disk, and of a full quota
_FULL = {errno.ENOSPC, errno.EDQUOT}


def storage_fault(error: BaseException, database: Path | str) -> StorageFault | None:
    """``error`` as a :class:`StorageFault` when it is one (of ``database``, or of the file an
    OSError names); None for any other error, which stays a bug of its own to report."""
    if isinstance(error, StorageFault):
        return error
    postgres = sys.modules.get("psycopg")  # loaded where the database is PostgreSQL
    database = shown_target(database)
    if postgres is not None and isinstance(error, postgres.OperationalError):
        return StorageFault(
            f"the database {database} cannot be reached or used ({' '.join(str(error).split())}): check that "
            "PostgreSQL runs there and the config's `database` and `database_password`; nothing is "
            "lost, the next run goes on from where this one stopped",
            2,
        )
    name = getattr(error, "sqlite_errorname", "")
    if isinstance(error, sqlite3.DatabaseError) and (name in _DAMAGED or "not a database" in str(error)):
        return StorageFault(
            f"the database {database} is damaged or is not a pbem database ({error}): restore it "
            "from a backup; `pbem init` makes an empty one (every game and message would be gone)",
            2,
        )
    if isinstance(error, sqlite3.DatabaseError) and (name == "SQLITE_FULL" or "disk is full" in str(error)):
        return StorageFault(
            f"the disk holding the database {database} is full ({error}): free some space there; "
            "nothing is lost, the next run goes on from where this one stopped",
            1,
        )
    if isinstance(error, sqlite3.OperationalError) and (
        name in _UNUSABLE or any(words in str(error) for words in _UNUSABLE_WORDS)
    ):
        return StorageFault(
            f"the database {database} cannot be used ({error}): check that the file and its folder "
            "exist, belong to the user pbem runs as and are writable, and that the disk is sound; "
            "nothing is lost, the next run goes on from where this one stopped",
            2,
        )
    if isinstance(error, OSError) and error.errno in _FULL:
        where = error.filename or database
        return StorageFault(
            f"the disk is full writing {where} ({error.strerror}): free some space there; "
            "nothing is lost, the next run goes on from where this one stopped",
            1,
        )
    return None


class Connection:
    """The database connection, its transactions, and the meta table of loose settings.

    ``target`` is a SQLite file (a path) or a PostgreSQL URL (:mod:`pbem.store.dialect`); the
    tables are the migrations' (:mod:`pbem.store.schema`), not made here.
    """

    def __init__(self, target: Path | str):
        self.target = target
        self.dialect = POSTGRESQL if is_postgresql(target) else SQLITE
        self.db: Any
        if self.dialect is POSTGRESQL:
            from pbem.store.postgres import PostgresDatabase  # psycopg only where it is used

            self.db = PostgresDatabase(str(target))
            return
        path = Path(target)
        if str(path) != ":memory:":
            private.folder(path.parent)
        # Autocommit unless inside atomic(): Python's implicit transactions would
        # otherwise leave writes uncommitted between explicit transactions.
        connection = sqlite3.connect(str(path), isolation_level=None)
        self.db = sqlite_utils.Database(connection)
        if str(path) != ":memory:":
            # SQLite creates the database 0644 and its WAL and SHM files with the database's
            # mode: the database made 0600 before they exist keeps all three private
            private.tighten(path, *(Path(f"{path}{end}") for end in ("-wal", "-shm", "-journal")))
            self.db.enable_wal()
        # In WAL mode, NORMAL never corrupts and loses nothing when the process dies; only a
        # power cut can undo the last commits. Where that would lose mail (a message stored,
        # then marked done on the server), the commit is made durable() instead.
        self.db.execute("PRAGMA synchronous = NORMAL")
        self.db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        self.db.execute("PRAGMA foreign_keys = ON")

    def table_names(self) -> list[str]:
        """The tables the database holds (none: a new database)."""
        if self.dialect is POSTGRESQL:
            return list(self.db.table_names())
        return [row["name"] for row in self._rows("SELECT name FROM sqlite_master WHERE type = 'table'")]

    def run_script(self, sql: str) -> None:
        """Run a migration's statements, in this database's words, in the transaction open."""
        sql = self.dialect.schema(sql)
        if self.dialect is POSTGRESQL:
            self.db.execute(sql)
            return
        statement = ""
        for line in sql.splitlines(keepends=True):
            statement += line
            if sqlite3.complete_statement(statement):
                self.db.execute(statement)
                statement = ""
        assert not statement.strip() or statement.strip().startswith("--"), statement

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def atomic(self) -> Iterator[None]:
        """One transaction: everything inside commits together or not at all.

        It begins IMMEDIATE, taking the write lock at once: a run's acting and
        its sending use two connections, and a transaction that read first and
        wrote later could find the other had written in between, which SQLite
        refuses at once rather than waiting. Nested blocks are savepoints.
        """
        if self.dialect is POSTGRESQL:
            with self.db.transaction():
                yield
            return
        connection = self.db.conn
        if connection.in_transaction:
            name = f"nested_{secrets.token_hex(4)}"
            connection.execute(f"SAVEPOINT {name}")
            try:
                yield
            except BaseException:
                if connection.in_transaction:  # SQLite rolls back all by itself on a full disk
                    connection.execute(f"ROLLBACK TO SAVEPOINT {name}")
                    connection.execute(f"RELEASE SAVEPOINT {name}")
                raise
            connection.execute(f"RELEASE SAVEPOINT {name}")
            return
        connection.execute("BEGIN IMMEDIATE")
        with stopwatch.timed("held"):  # the write lock held: what the other connection waits on
            try:
                yield
            except BaseException:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                raise
            with stopwatch.timed("store"):  # where SQLite writes (and checkpoints) what was done
                connection.execute("COMMIT")

    @contextmanager
    def waiting_for_lock(self, wait: bool) -> Iterator[None]:
        """Within the block, a write that finds SQLite's write lock held waits for it up to the
        busy timeout (``wait``), or fails at once ("database is locked") for the caller to try
        again later. PostgreSQL's writers lock rows, not the database: it waits as ever."""
        if wait or self.dialect is POSTGRESQL:
            yield
            return
        self.db.execute("PRAGMA busy_timeout = 0")
        try:
            yield
        finally:
            self.db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")

    @contextmanager
    def durable(self) -> Iterator[None]:
        """A transaction whose commit is on disk, power cut or not, when the block ends
        (PostgreSQL's every commit is)."""
        if self.dialect is POSTGRESQL:
            with self.atomic():
                yield
            return
        self.db.execute("PRAGMA synchronous = FULL")
        try:
            with self.atomic():
                yield
        finally:
            self.db.execute("PRAGMA synchronous = NORMAL")

    def _rows(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[dict[str, Any]]:
        return list(self.db.query(sql, params))

    def _one(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> dict[str, Any] | None:
        rows = self._rows(sql, params)
        return rows[0] if rows else None

    # -- meta -------------------------------------------------------------

    def get_meta(self, key: str) -> str | None:
        row = self._one("SELECT value FROM meta WHERE key = ?", [key])
        return row["value"] if row else None

    def set_meta(self, key: str, value: str) -> None:
        self.db.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [key, value],
        )


def time_or_none(value: str | None) -> datetime | None:
    """A stored UTC time, or None where the column is empty."""
    return from_utc_text(value) if value else None


#: A record's field kept in a column of UTC text (``utc_text``), of JSON text, as 0/1 (a bool
#: needs nothing): ``from_row`` reads the column into the field's type.
StoredTime = Annotated[datetime, BeforeValidator(from_utc_text)]
StoredTimeOrNone = Annotated[datetime | None, BeforeValidator(time_or_none)]
StoredJson = BeforeValidator(json.loads)


def from_row(kind: type[T], row: Mapping[str, Any]) -> T:
    """A table's row as its record (a dataclass): the columns it names, read by ``pbem.records``."""
    names = {f.name for f in fields(kind)}  # type: ignore[arg-type]
    return from_plain(kind, {name: value for name, value in row.items() if name in names})


def encode_changes(changes: dict[str, Any], json_columns: set[str]) -> dict[str, Any]:
    """Column values as SQLite stores them: times as UTC text, flags as 0/1, JSON columns dumped."""
    encoded: dict[str, Any] = {}
    for name, value in changes.items():
        if name in json_columns:
            value = json.dumps(value)
        elif isinstance(value, datetime):
            value = utc_text(value)
        elif isinstance(value, bool):
            value = int(value)
        encoded[name] = value
    return encoded
