"""A PostgreSQL database spoken to as the table modules speak to sqlite-utils' ``Database``.

Each table module calls ``db.execute(sql, params)`` and ``db.query(sql, params)`` with SQL
both databases take (:mod:`pbem.store.dialect`); this class hands it to psycopg 3 with
psycopg's parameter marks, in autocommit outside :meth:`transaction`, rows as dicts.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg.rows import dict_row

from pbem.store.dialect import psycopg_marks

Params = Sequence[Any] | dict[str, Any]


class PostgresDatabase:
    """One psycopg connection: ``execute``, ``query``, nested transactions, ``close``."""

    def __init__(self, url: str):
        # a URL without a password: libpq reads PGPASSWORD or ~/.pgpass, as psql does
        self.conn: psycopg.Connection[dict[str, Any]] = psycopg.connect(
            url, autocommit=True, row_factory=dict_row
        )

    def execute(self, sql: str, params: Params = ()) -> psycopg.Cursor[dict[str, Any]]:
        if params:
            return self.conn.execute(psycopg_marks(sql), params)
        return self.conn.execute(sql)

    def query(self, sql: str, params: Params = ()) -> Iterator[dict[str, Any]]:
        yield from self.execute(sql, params).fetchall()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One transaction; a nested one is a savepoint (psycopg's own nesting)."""
        with self.conn.transaction():
            yield

    def table_names(self) -> list[str]:
        rows = self.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
        ).fetchall()
        return [row["table_name"] for row in rows]

    def close(self) -> None:
        self.conn.close()
