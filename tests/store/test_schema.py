"""Numbered migrations: a new database is made current, an older one is upgraded by `pbem db
upgrade` alone (the one a judge holds from before migrations too), and a run refuses a database
of another version in one sentence."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
import yaml

from pbem.demo import folder_service
from pbem.store import Store, schema
from pbem.store.connection import Connection
from pbem.store.schema import SchemaMismatch
from tests.harness import run_pbem
from tests.store.helpers import database_made_before_migrations


def columns(target: Path | str) -> dict[str, list[str]]:
    """Every table's columns, by name, as the database holds them."""
    connection = Connection(target)
    try:
        if connection.dialect.name == "sqlite":
            return {
                table: [row["name"] for row in connection._rows(f"PRAGMA table_info({table})")]
                for table in sorted(connection.table_names())
            }
        rows = connection._rows(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position"
        )
        found: dict[str, list[str]] = {}
        for row in rows:
            found.setdefault(row["table_name"], []).append(row["column_name"])
        return found
    finally:
        connection.close()


def test_a_new_database_is_made_at_the_latest_version(target):
    Store(target).close()
    connection = Connection(target)
    assert schema.version(connection) == schema.latest()
    assert {"games", "players", "turns", "orders", "outbox", "messages", "seats"} <= set(
        connection.table_names()
    )
    assert schema.upgrade(connection) == (schema.latest(), schema.latest())  # nothing to do
    connection.close()


def test_the_migrations_are_numbered_without_a_gap():
    steps = schema.migrations()
    assert [step.number for step in steps] == list(range(1, len(steps) + 1))


def test_a_database_newer_than_this_pbem_is_refused(target):
    Store(target).close()
    connection = Connection(target)
    connection.set_meta(schema.VERSION_KEY, str(schema.latest() + 1))
    with pytest.raises(SchemaMismatch, match="this pbem is older than the database"):
        schema.upgrade(connection)
    connection.close()
    with pytest.raises(SchemaMismatch, match="this pbem is older than the database"):
        Store(target)


def test_a_database_made_before_migrations_is_refused_until_upgraded(tmp_path):
    path = tmp_path / "pbem.sqlite3"
    database_made_before_migrations(path)
    with sqlite3.connect(path) as database:
        database.execute(
            "INSERT INTO games (id, ruleset, variant, status, phase_id, state, started_at)"
            " VALUES ('g1', 'diplomacy', 'standard', 'running', 'S1901M', '{}', '2026-03-02T09:00:00Z')"
        )
    with pytest.raises(SchemaMismatch, match=r"version 0 .* run `pbem db upgrade`"):
        Store(path)
    connection = Connection(path)
    assert schema.upgrade(connection) == (0, schema.latest())
    connection.close()
    fresh = tmp_path / "fresh.sqlite3"
    Store(fresh).close()
    assert columns(path) == columns(fresh)  # the same tables and columns as a new database's
    store = Store(path)
    assert store.game_ids() == ["g1"]
    store.close()


def test_an_older_database_gets_the_columns_it_lacked_with_their_rows_mended(tmp_path):
    """Before the reading count and redaction: each column comes with what its rows needed."""
    path = tmp_path / "pbem.sqlite3"
    database_made_before_migrations(path)
    with sqlite3.connect(path) as database:
        database.execute(
            "INSERT INTO messages (dedup_key, sha256, received_at, raw, status, attempts)"
            " VALUES ('k', 's', '2026-03-02T09:00:00Z', x'00', 'failed', 2)"
        )
        database.execute("ALTER TABLE messages DROP COLUMN readings")
        database.execute("ALTER TABLE outbox DROP COLUMN redacted")
    connection = Connection(path)
    schema.upgrade(connection)
    assert connection._rows("SELECT readings FROM messages") == [{"readings": 2}]
    assert connection.get_meta("redaction_backlog") == "1 0"
    connection.close()


def test_the_cli_upgrades_and_a_run_refuses_an_older_database(tmp_path):
    data = {"service": folder_service("judge@example.test", "judge", "ref@example.test", "ref-pw")}
    config = tmp_path / "pbem.yaml"
    config.write_text(yaml.safe_dump(data))
    (tmp_path / "var").mkdir()
    database_made_before_migrations(tmp_path / "var" / "pbem.sqlite3")
    refused = run_pbem("--config", str(config), "run")
    assert refused.returncode == 2
    [line] = refused.stderr.strip().splitlines()
    assert "run `pbem db upgrade`" in line and "Traceback" not in refused.stderr
    upgraded = run_pbem("--config", str(config), "db", "upgrade")
    assert upgraded.returncode == 0, upgraded.stderr
    assert f"from schema version 0 to {schema.latest()}" in upgraded.stdout
    again = run_pbem("--config", str(config), "db", "upgrade")
    assert "nothing to do" in again.stdout
    assert run_pbem("--config", str(config), "run").returncode == 0
