"""A throwaway PostgreSQL on loopback for the tests, as tests/mailserver.py starts Dovecot.

``initdb`` makes a cluster in a temporary folder (trust authentication, no password: only this
machine's loopback reaches it), ``pg_ctl start`` runs it on a free loopback port with its unix
socket in that folder, and it is stopped and removed when the session ends. Run as root (CI
is), the server runs as the ``postgres`` user Debian's package made, since PostgreSQL refuses
to run as root.

``PBEM_TEST_DATABASE=postgresql`` plays every harness Table (tests/harness.py) on a fresh
PostgreSQL database instead of SQLite: the by-mail tests on the other database, on demand.

Fixtures: ``pg_server`` (one per session, per xdist worker) and ``pg_url`` (per test: a fresh
database made from a template that holds the current schema already, so a test pays for a
``CREATE DATABASE`` only). Tests are skipped, with the reason, only where ``initdb`` is not
installed; in CI (``CI`` set) they fail instead, since scripts/install-test-deps installs it.
"""

from __future__ import annotations

import atexit
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from tests.mailserver import HOST, free_port

INSTALL_HINT = (
    "PostgreSQL's initdb is not installed, so the PostgreSQL tests cannot run: "
    "install it with scripts/install-test-deps (Debian's postgresql package)"
)
#: the database the others are copied from: the current schema, no rows
TEMPLATE = "pbem_template"


def find_pg_binary(name: str) -> str | None:
    """A PostgreSQL program: on PATH, or in Debian's versioned folder (not on PATH by default)."""
    found = shutil.which(name)
    if found:
        return found
    for folder in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (folder / name).is_file():
            return str(folder / name)
    return None


class PgServer:
    """A running cluster: its port, and databases made on demand."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.data = folder / "data"
        self.port = free_port()
        self._numbers = itertools.count(1)
        self._as_owner: list[str] = []
        if os.geteuid() == 0:
            owner = pwd.getpwnam("postgres")
            os.chown(folder, owner.pw_uid, owner.pw_gid)
            self._as_owner = ["runuser", "-u", "postgres", "--"]

    def _run(self, *args: str) -> None:
        done = subprocess.run([*self._as_owner, *args], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")

    def start(self) -> None:
        initdb, pg_ctl = find_pg_binary("initdb"), find_pg_binary("pg_ctl")
        assert initdb and pg_ctl
        self._run(initdb, "-D", str(self.data), "-U", "pbem", "--auth=trust", "-E", "UTF8", "--no-sync")
        options = (
            f"-c listen_addresses={HOST} -c port={self.port} -c unix_socket_directories={self.folder}"
            " -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=60"
        )
        self._run(pg_ctl, "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w", "start")

    def stop(self) -> None:
        pg_ctl = find_pg_binary("pg_ctl")
        assert pg_ctl
        subprocess.run(
            [*self._as_owner, pg_ctl, "-D", str(self.data), "-m", "immediate", "stop"],
            capture_output=True,
            timeout=60,
        )

    def url(self, database: str) -> str:
        return f"postgresql://pbem@{HOST}:{self.port}/{database}"

    def admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self.url("postgres"), autocommit=True) as connection:
            connection.execute(sql)  # type: ignore[arg-type]

    def new_database(self, *, empty: bool = False) -> str:
        """The URL of a new database: the current schema (from the template), or ``empty``."""
        name = f"test_{os.getpid()}_{next(self._numbers)}"
        self.admin(f"CREATE DATABASE {name} TEMPLATE {'template0' if empty else TEMPLATE}")
        return self.url(name)


_running: PgServer | None = None


def running_server() -> PgServer:
    """This process's server (one per xdist worker), started at first use with the template
    database, stopped and removed when the process exits."""
    global _running
    if _running is None:
        folder = Path(tempfile.mkdtemp(prefix="pbem-pg-"))
        server = PgServer(folder)
        server.start()

        def stop() -> None:
            server.stop()
            shutil.rmtree(folder, ignore_errors=True)

        atexit.register(stop)
        server.admin(f"CREATE DATABASE {TEMPLATE}")
        from pbem.store import Store

        Store(server.url(TEMPLATE)).close()  # the schema, made once
        _running = server
    return _running


def database_for_table() -> str | None:
    """With ``PBEM_TEST_DATABASE=postgresql``, a fresh PostgreSQL database for each harness
    Table: the whole suite's games by mail played on PostgreSQL instead of SQLite."""
    if os.environ.get("PBEM_TEST_DATABASE") != "postgresql":
        return None
    return running_server().new_database()


@pytest.fixture(scope="session")
def pg_server() -> PgServer:
    if find_pg_binary("initdb") is None:
        if os.environ.get("CI"):  # CI installs it (scripts/test): a skip there would prove nothing
            pytest.fail(INSTALL_HINT)
        pytest.skip(INSTALL_HINT)
    return running_server()


@pytest.fixture
def pg_url(pg_server: PgServer) -> str:
    """A fresh PostgreSQL database of the current schema, for this test alone."""
    return pg_server.new_database()
