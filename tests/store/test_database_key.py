"""The config's `database:`: SQLite by path or URL (the default as before), PostgreSQL by URL with
its password from the environment, never shown; anything else one problem with its line."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pbem import config as configuration
from pbem.databases import shown_target
from pbem.demo import folder_service
from pbem.store.connection import storage_fault


def load(tmp_path: Path, **settings: object) -> configuration.Service:
    service = {**folder_service("judge@example.test", "judge", "ref@example.test", "ref-pw"), **settings}
    path = tmp_path / "pbem.yaml"
    path.write_text(yaml.safe_dump({"service": service}))
    return configuration.load(path)


def test_sqlite_by_default_by_path_or_by_url(tmp_path):
    assert load(tmp_path).store_target == tmp_path / "var" / "pbem.sqlite3"
    assert load(tmp_path, database="judge.db").store_target == tmp_path / "var" / "judge.db"
    service = load(tmp_path, database=f"sqlite://{tmp_path}/elsewhere.db")
    assert service.store_target == tmp_path / "elsewhere.db" == service.database


def test_postgresql_takes_its_password_from_the_environment_and_never_shows_it(tmp_path, monkeypatch):
    monkeypatch.setenv("PBEM_DB_PASSWORD", "s3cret&x")
    service = load(
        tmp_path,
        database="postgresql://pbem@db.example.test/pbem",
        database_password={"env": "PBEM_DB_PASSWORD"},
    )
    assert service.store_target == "postgresql://pbem@db.example.test/pbem?password=s3cret%26x"
    assert "s3cret" not in shown_target(service.store_target)
    assert service.database == tmp_path / "var" / "pbem.sqlite3"  # no SQLite file is made


def test_an_unreachable_postgresql_is_one_sentence_without_the_password(tmp_path):
    pytest.importorskip("psycopg")
    from pbem.store import Store

    target = "postgresql://pbem@127.0.0.1:1/pbem?password=s3cret&connect_timeout=2"
    with pytest.raises(Exception) as raised:
        Store(target)
    fault = storage_fault(raised.value, target)
    assert fault is not None and fault.status == 2
    assert "cannot be reached" in str(fault) and "s3cret" not in str(fault)


def test_a_database_of_another_kind_is_a_problem_of_the_config(tmp_path):
    with pytest.raises(configuration.ConfigError) as raised:
        load(tmp_path, database="mysql://judge@db/pbem")
    [problem] = raised.value.problems
    assert "service.database" in problem and "mysql:// is no database pbem knows" in problem


def test_init_and_status_on_postgresql(tmp_path, pg_server):
    from tests.harness import run_pbem

    url = pg_server.new_database(empty=True)
    service = {**folder_service("judge@example.test", "judge", "ref@example.test", "ref-pw"), "database": url}
    config = tmp_path / "pbem.yaml"
    config.write_text(yaml.safe_dump({"service": service}))
    made = run_pbem("--config", str(config), "init")
    assert made.returncode == 0 and "is ready" in made.stdout, made.stderr
    status = run_pbem("--config", str(config), "status")
    assert status.returncode == 0 and "no database yet" not in status.stdout, status.stderr
    assert not (tmp_path / "var" / "pbem.sqlite3").exists()


def test_db_commands_on_an_unreachable_postgresql_say_so_in_one_line(tmp_path):
    from tests.harness import run_pbem

    url = "postgresql://pbem@127.0.0.1:1/pbem?connect_timeout=2"
    service = {**folder_service("judge@example.test", "judge", "ref@example.test", "ref-pw"), "database": url}
    config = tmp_path / "pbem.yaml"
    config.write_text(yaml.safe_dump({"service": service}))
    for args in (["db", "upgrade"], ["run"], ["db", "copy", str(tmp_path / "none.sqlite3"), url]):
        done = run_pbem("--config", str(config), *args)
        assert done.returncode == 2, (args, done.stderr)
        assert "Traceback" not in done.stderr
    upgrade = run_pbem("--config", str(config), "db", "upgrade")
    [line] = upgrade.stderr.strip().splitlines()
    assert "cannot be reached" in line
