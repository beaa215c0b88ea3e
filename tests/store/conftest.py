"""The store's tests run on both databases: ``target`` is a new SQLite file or a new
PostgreSQL database (tests/pgserver.py), ``store`` the Store open on it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pbem.store import Store


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    if request.param == "sqlite":
        return tmp_path / "pbem.sqlite3"
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
def store(target: Path | str) -> Iterator[Store]:
    opened = Store(target)
    yield opened
    opened.close()
