"""Folds columns added the old way into the next numbered migration.

Before migrations a table module declared ``ADDED_COLUMNS = {table: {column: declaration}}``
(and ``WHEN_ADDED = {"table.column": SQL}`` for what the rows needed), and the database got them
on opening. A branch begun before migrations may still do that; nothing reads those any more,
and a test (tests/store/test_fold.py) fails while one is declared. The lead then runs
``python -m pbem.store.fold`` (after merging), which writes what they declare as
``migrations/NNNN_added_columns.sql``, and deletes the declarations by hand.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from pbem.store import schema
from pbem.store.database import Store

#: SQLite's type names in a declaration, as the migrations write them (pbem.store.dialect)
WORDS = {"BLOB": "{blob}", "REAL": "{real}"}


def declared(kind: type[Any] = Store) -> tuple[dict[str, dict[str, str]], dict[str, str]]:
    """The ADDED_COLUMNS and WHEN_ADDED every table class of ``kind`` still declares."""
    columns: dict[str, dict[str, str]] = {}
    when: dict[str, str] = {}
    for table_group in kind.__mro__:
        for table, added in table_group.__dict__.get("ADDED_COLUMNS", {}).items():
            columns.setdefault(table, {}).update(added)
        when.update(table_group.__dict__.get("WHEN_ADDED", {}))
    return columns, when


def migration_sql(columns: dict[str, dict[str, str]], when: dict[str, str]) -> str:
    """The migration that adds ``columns``, each followed by what its rows need."""
    lines = ["-- columns added by ADDED_COLUMNS on a branch, folded in by python -m pbem.store.fold"]
    for table, added in columns.items():
        for name, declaration in added.items():
            for sqlite_word, word in WORDS.items():
                declaration = re.sub(rf"\b{sqlite_word}\b", word, declaration)
            lines.append(f"ALTER TABLE {table} ADD COLUMN {name} {declaration};")
            if f"{table}.{name}" in when:
                lines.append(when[f"{table}.{name}"].rstrip(";") + ";")
    return "\n".join(lines) + "\n"


def fold(folder: Path, kind: type[Any] = Store) -> Path | None:
    """Write the next migration into ``folder`` from what ``kind`` declares; None if nothing."""
    columns, when = declared(kind)
    if not columns:
        return None
    path = folder / f"{schema.latest() + 1:04d}_added_columns.sql"
    path.write_text(migration_sql(columns, when), encoding="utf-8")
    return path


def main() -> int:
    written = fold(Path(__file__).parent / "migrations")
    if written is None:
        print("no table declares ADDED_COLUMNS: nothing to fold")
        return 0
    print(f"wrote {written}: now delete the ADDED_COLUMNS and WHEN_ADDED it folds in")
    return 0


if __name__ == "__main__":
    sys.exit(main())
