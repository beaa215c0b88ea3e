"""A column added the old way (ADDED_COLUMNS on a table class, as branches begun before
migrations do) fails here until it is folded into a numbered migration."""

from __future__ import annotations

from pbem.store import Store, schema
from pbem.store.connection import Connection
from pbem.store.fold import declared, migration_sql
from pbem.store.games import Games


def test_no_table_declares_a_column_added_on_opening():
    columns, when = declared()
    assert columns == {} and when == {}, (
        "a table declares ADDED_COLUMNS, which nothing reads since migrations: run "
        "`python -m pbem.store.fold` to write them as the next migration, then delete them"
    )


class GamesOfABranch(Games):
    ADDED_COLUMNS = {"games": {"ribbon": "TEXT"}, "outbox": {"signature": "BLOB"}}
    WHEN_ADDED = {"games.ribbon": "UPDATE games SET ribbon = 'blue'"}


def test_a_folded_column_is_added_by_the_migration_it_becomes(target):
    columns, when = declared(GamesOfABranch)
    sql = migration_sql(columns, when)
    assert "ADD COLUMN signature {blob};" in sql
    Store(target).close()
    connection = Connection(target)
    with connection.atomic():
        connection.run_script(sql)
    connection.db.execute(
        "INSERT INTO outbox (dedup_key, message_id, kind, recipient, subject, raw,"
        " next_attempt_at, created_at, signature) VALUES ('k', 'm', 'x', 'r', 's', ?, 'n', 'c', ?)",
        [b"raw", b"\x00sig"],
    )
    [row] = connection._rows("SELECT signature FROM outbox")
    assert bytes(row["signature"]) == b"\x00sig"
    assert schema.version(connection) == schema.latest()
    connection.close()
