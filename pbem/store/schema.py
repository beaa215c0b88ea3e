"""The database's schema version and the numbered migrations that bring it up to date.

Each step is a file ``migrations/NNNN_what.sql`` (SQL both databases take, with the few words
that differ in braces: :mod:`pbem.store.dialect`), applied in order, each in one transaction
with the version it reaches (``meta.schema_version``), so a step is applied whole or not at all.
A new database gets every step at once; an existing one only by ``pbem db upgrade``
(:func:`upgrade`), and a run against a database of another version refuses to start
(:func:`require_current`): an older pbem must not write a newer schema, nor a newer pbem read
an older one half-migrated.

A database made before migrations (its tables made on opening, columns added as they came)
counts as version 0: the first step adopts it, adding whatever columns it still lacks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources

from pbem.databases import shown_target
from pbem.store.connection import Connection, StorageFault

VERSION_KEY = "schema_version"


@dataclass(frozen=True)
class Migration:
    number: int
    name: str
    sql: str


class SchemaMismatch(StorageFault):
    """The database's schema is of another version than this pbem's: one line that says which
    way and what to do (exit status 2)."""

    def __init__(self, message: str):
        super().__init__(message, 2)


def migrations() -> list[Migration]:
    """Every step, in order; numbered 1, 2, 3... with none missing."""
    found = []
    for item in resources.files("pbem.store").joinpath("migrations").iterdir():
        match = re.fullmatch(r"(\d{4})_(\w+)\.sql", item.name)
        if match:
            found.append(Migration(int(match[1]), match[2], item.read_text(encoding="utf-8")))
    found.sort(key=lambda step: step.number)
    assert [step.number for step in found] == list(range(1, len(found) + 1)), found
    return found


def latest() -> int:
    """The schema version this pbem reads and writes."""
    return len(migrations())


def version(connection: Connection) -> int | None:
    """The database's schema version: 0 for one made before migrations, None for a new (empty)
    database."""
    tables = set(connection.table_names())
    if not tables:
        return None
    if "meta" in tables:
        row = connection._one("SELECT value FROM meta WHERE key = ?", [VERSION_KEY])
        if row is not None:
            return int(row["value"])
    return 0


def upgrade(connection: Connection) -> tuple[int, int]:
    """Apply the steps the database lacks; (the version it was at, the version it is at now).
    A new database gets them all. A newer database than this pbem is refused."""
    was = version(connection)
    current = latest()
    if was is not None and was > current:
        raise _too_new(connection, was, current)
    for step in migrations()[(was or 0) :]:
        with connection.atomic():
            if step.number == 1 and was == 0:
                _adopt_made_before_migrations(connection)
            connection.run_script(step.sql)
            connection.set_meta(VERSION_KEY, str(step.number))
    return (was or 0, current)


def require_current(connection: Connection) -> None:
    """Make a new database current; refuse (:class:`SchemaMismatch`) one of another version."""
    was = version(connection)
    current = latest()
    if was is None:
        upgrade(connection)
    elif was < current:
        raise SchemaMismatch(
            f"the database {shown(connection)} is at schema version {was} and this pbem needs "
            f"{current}: run `pbem db upgrade` (back the database up first)"
        )
    elif was > current:
        raise _too_new(connection, was, current)


def _too_new(connection: Connection, was: int, current: int) -> SchemaMismatch:
    return SchemaMismatch(
        f"the database {shown(connection)} is at schema version {was}, but this pbem is older "
        f"than the database (it knows version {current}): run the pbem that upgraded it"
    )


def shown(connection: Connection) -> str:
    """The database's name for a message (a PostgreSQL URL without a password in it)."""
    return shown_target(connection.target)


#: the columns added to tables before migrations, as the code of the day added them on opening:
#: a database that an older pbem made may lack any of them ({table: {column: declaration}})
ADDED_BEFORE_MIGRATIONS = {
    "games": {"deadline_given": "TEXT"},
    "players": {"mail_format": "TEXT", "map": "TEXT", "former_addresses": "TEXT NOT NULL DEFAULT '[]'"},
    "messages": {"attempts": "INTEGER NOT NULL DEFAULT 0", "readings": "INTEGER NOT NULL DEFAULT 0"},
    "turns": {"rolled_back_at": "TEXT"},
    "outbox": {"redacted": "BLOB", "bounced_by": "INTEGER"},
}
#: what such a database needed done to its rows when the column came ({"table.column": SQL})
WHEN_ADDED_BEFORE_MIGRATIONS = {
    "messages.readings": "UPDATE messages SET readings = attempts WHERE status = 'failed'",
    # its rolled-back turns' folders were moved (unmarked) only when the phase was replayed, so
    # every one is written again, marked, by the next run
    "turns.rolled_back_at": "UPDATE turns SET archived = 0 WHERE rolled_back = 1",
    # what it holds already is redacted run by run (pbem.intake.credentials.redact_backlog)
    "outbox.redacted": "INSERT OR REPLACE INTO meta (key, value) SELECT 'redaction_backlog',"
    " (SELECT coalesce(max(id), 0) FROM messages) || ' ' || (SELECT coalesce(max(id), 0) FROM outbox)",
}


def _adopt_made_before_migrations(connection: Connection) -> None:
    """Bring a SQLite database made before migrations to the first step's schema: the columns it
    lacks, each with what its rows needed; the recipient index that step makes otherwise."""
    connection.run_script("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);")
    tables = set(connection.table_names())
    for table, columns in ADDED_BEFORE_MIGRATIONS.items():
        if table not in tables:
            continue
        present = {row["name"] for row in connection._rows(f"PRAGMA table_info({table})")}
        for name, declaration in columns.items():
            if name not in present:
                connection.db.execute(f"ALTER TABLE {table} ADD COLUMN {name} {declaration}")
                if f"{table}.{name}" in WHEN_ADDED_BEFORE_MIGRATIONS:
                    connection.db.execute(WHEN_ADDED_BEFORE_MIGRATIONS[f"{table}.{name}"])
    connection.db.execute("DROP INDEX IF EXISTS outbox_recipient")  # by COLLATE NOCASE: SQLite's alone
