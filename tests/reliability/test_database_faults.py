"""A database truncated to 0 bytes, a file that is no database, a damaged one and a full disk:
each refused in one line that names the file and what to do, with its exit status, never a
traceback; and nothing lost, nothing done twice, once the fault is mended (issue 29, "The
database")."""

from __future__ import annotations

import errno
import logging
import mailbox
import os
import random
import sqlite3
from email.message import EmailMessage
from pathlib import Path

import pytest
import yaml

from pbem import cli, private
from pbem.service import MissingDatabase
from pbem.store.connection import StorageFault
from tests.harness import TEST_TEMPLATES, MailServerTable, Table, game, plain_mail, run_pbem

PLAYERS = {"North": "north@example.test", "South": "south@example.test"}


@pytest.fixture
def config(tmp_path):
    """A service as a referee sets it up, for the pbem command."""
    data = {
        "service": {
            "address": "judge@pbem.test",
            "data_dir": "var",
            "archive_dir": "turns",
            "templates": str(TEST_TEMPLATES),
            "referee": {"address": "ref@pbem.test", "password": "refpw"},
        },
        "games": [game("g1", "tally", PLAYERS)],
    }
    path = tmp_path / "pbem.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def database(config: Path) -> Path:
    return config.parent / "var" / "pbem.sqlite3"


def inbox(config: Path) -> mailbox.Maildir:
    return mailbox.Maildir(config.parent / "var" / "mail" / "inbox", create=True)


def pbem(config: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """``pbem ARGS`` through its own entry point in this process (the tests' tiny ruleset is
    registered here): its exit status and what it wrote on stderr."""
    capsys.readouterr()
    status = cli.main(["--config", str(config), *args])
    return status, capsys.readouterr().err


def started(config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, stderr = pbem(config, capsys, "new-game", "g1")
    assert status == 0, stderr
    inbox(config).add(plain_mail(PLAYERS["North"], "SIGNON North g1 pw\nADD 2"))


def one_line(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert "Traceback" not in stderr and len(lines) == 1, stderr
    return lines[0]


# -- a file that is not the database it was -----------------------------------------------------


def test_the_cron_job_refuses_a_database_truncated_to_0_bytes_in_one_line(tmp_path):
    """In its own process, as cron runs it: the service has run (its lock file is there)."""
    (tmp_path / "var").mkdir()
    (tmp_path / "var" / "pbem.lock").write_text("4242\n")
    (tmp_path / "var" / "pbem.sqlite3").write_bytes(b"")
    (tmp_path / "pbem.yaml").write_text(
        yaml.safe_dump(
            {
                "service": {"address": "judge@pbem.test", "data_dir": "var", "archive_dir": "turns"},
                "games": [],
            }
        )
    )
    result = run_pbem("--config", str(tmp_path / "pbem.yaml"), "run")
    assert result.returncode == 2
    line = one_line(result.stderr)
    assert f"the database {tmp_path / 'var' / 'pbem.sqlite3'} is empty (0 bytes)" in line
    assert "restore it from a backup" in line and "`pbem init`" in line


@pytest.mark.parametrize("command", [["run"], ["status"], ["mail", "list"]])
def test_a_database_truncated_to_0_bytes_is_refused_like_a_missing_one(config, capsys, command):
    started(config, capsys)
    database(config).write_bytes(b"")
    status, stderr = pbem(config, capsys, *command)
    assert status == 2
    assert f"the database {database(config)} is empty (0 bytes)" in one_line(stderr)
    assert database(config).stat().st_size == 0, "no fresh database is made in its place"
    assert all("S" not in message.get_flags() for message in inbox(config)), "the mail waits"


def test_init_makes_an_empty_database_where_one_was_truncated(config, capsys):
    started(config, capsys)
    database(config).write_bytes(b"")
    assert pbem(config, capsys, "init")[0] == 0
    assert database(config).stat().st_size > 0 and pbem(config, capsys, "run")[0] == 0


@pytest.mark.parametrize("command", [["run"], ["send"], ["status"], ["mail", "list"]])
def test_a_file_that_is_no_database_is_refused_in_one_line(config, capsys, command):
    started(config, capsys)
    database(config).write_bytes(random.Random(29).randbytes(16384))
    status, stderr = pbem(config, capsys, *command)
    assert status == 2
    line = one_line(stderr)
    assert f"the database {database(config)} is damaged or is not a pbem database" in line
    assert "file is not a database" in line and "restore it from a backup" in line


def test_a_damaged_database_is_refused_in_one_line(config, capsys):
    started(config, capsys)
    for path in database(config).parent.glob("pbem.sqlite3-*"):
        path.unlink()
    with database(config).open("r+b") as file:  # every page after the first, overwritten
        file.seek(4096)
        file.write(random.Random(7).randbytes(database(config).stat().st_size - 4096))
    status, stderr = pbem(config, capsys, "run")
    assert status == 2
    assert "is damaged" in one_line(stderr)


# -- a full disk --------------------------------------------------------------------------------


def database_limited(monkeypatch: pytest.MonkeyPatch, spare_pages: int) -> None:
    """Every connection pbem opens may grow its database by ``spare_pages`` pages at most: SQLite
    then answers "database or disk is full" (SQLITE_FULL) as on a full disk."""
    connect = sqlite3.connect

    def limited(*args, **kwargs):
        connection = connect(*args, **kwargs)
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        connection.execute(f"PRAGMA max_page_count = {pages + spare_pages}")
        return connection

    monkeypatch.setattr(sqlite3, "connect", limited)


def full_disk_on(monkeypatch: pytest.MonkeyPatch, folder: Path) -> list[Path]:
    """Writing a new file under ``folder`` fails with ENOSPC (``pbem.private.write_new``, where
    the outbox and the archive write theirs); the files it refused."""
    real = private.write_new
    refused: list[Path] = []

    def full(path: Path, data: bytes) -> None:
        if folder in path.parents:
            refused.append(path)
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        real(path, data)

    monkeypatch.setattr(private, "write_new", full)
    return refused


@pytest.fixture
def table(tmp_path):
    table = Table(tmp_path, [game("g1", "tally", PLAYERS)])
    table.start("g1")
    table.take()
    return table


def big_orders() -> bytes:
    """Orders with a photo attached: 300 kB to store, two lines to read."""
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = PLAYERS["North"], "judge@pbem.test", "orders"
    message["Message-ID"] = "<big.1@example.test>"
    message.set_content("SIGNON North g1 pw\nADD 2\n")
    message.add_attachment(
        random.Random(3).randbytes(300_000), maintype="image", subtype="jpeg", filename="board.jpg"
    )
    return message.as_bytes()


def test_a_full_disk_while_storing_mail_stops_the_run_and_loses_nothing(table, monkeypatch):
    table.deliver(big_orders())
    with monkeypatch.context() as patch:
        database_limited(patch, spare_pages=4)
        with pytest.raises(StorageFault) as fault:
            table.run()
    assert fault.value.status == 1
    assert f"the disk holding the database {table.service.database} is full" in str(fault.value)
    assert len(list(table.inbox.iterkeys())) == 1 and not table.inbox.list_folders()
    with table.store() as store:
        assert store.message_count() == 0
    table.run()
    with table.store() as store:
        assert store.message_count("done") == 1
        assert store.order_sets("g1", "R1")["North"].orders() == ["ADD 2"]
    assert len(table.take(PLAYERS["North"])) == 1


def test_a_full_disk_while_acting_leaves_the_mail_new_not_failed(table, monkeypatch):
    table.deliver(big_orders())
    table.run(do_act=False, do_send=False)
    with monkeypatch.context() as patch:
        database_limited(patch, spare_pages=0)
        with pytest.raises(StorageFault):
            table.run()
    with table.store() as store:
        assert store.message_count("new") == 1 and store.message_count("failed") == 0
    table.run()
    with table.store() as store:
        assert store.message_count("done") == 1
    assert len(table.take(PLAYERS["North"])) == 1


def test_a_full_disk_under_the_outbox_keeps_the_queue_for_the_next_run(table, monkeypatch):
    table.send(PLAYERS["North"], "SIGNON North g1 pw\nADD 2")
    outbox = table.folder / "mail" / "outbox"
    with monkeypatch.context() as patch:
        refused = full_disk_on(patch, outbox)
        with pytest.raises(StorageFault) as fault:
            table.run()
    assert fault.value.status == 1 and f"the disk is full writing {refused[0]}" in str(fault.value)
    assert list((outbox / "tmp").iterdir()) == [], "no half-written file is left behind"
    assert table.take() == []
    table.run()
    assert len(table.take(PLAYERS["North"])) == 1
    table.run()
    assert table.take() == [], "sent once"


def test_a_full_disk_under_the_archive_stops_the_run_and_the_next_one_writes_it(table, monkeypatch):
    table.send(PLAYERS["North"], "SIGNON North g1 pw\nADD 2")
    table.send(PLAYERS["South"], "SIGNON South g1 pw\nADD 3")
    table.advance(hours=49)
    with monkeypatch.context() as patch:
        full_disk_on(patch, table.service.archive_dir)
        with pytest.raises(StorageFault) as fault:
            table.run()
    assert fault.value.status == 1 and "the disk is full writing" in str(fault.value)
    table.run()
    with table.store() as store:
        assert [turn.phase_id for turn in store.turns("g1")] == ["R1"]
    assert (table.service.archive_dir / "g1" / "R1" / "events.json").exists()


def test_the_pbem_command_says_a_full_disk_in_one_line_and_exits_1(table, monkeypatch, capsys, caplog):
    table.deliver(big_orders())
    database_limited(monkeypatch, spare_pages=4)
    with caplog.at_level(logging.DEBUG):
        status = cli.main(["--config", str(table.config_path), "poll"])
    assert status == 1
    line = one_line(capsys.readouterr().err)
    assert line.startswith(f"pbem: the disk holding the database {table.service.database} is full")
    assert "free some space" in line and "Traceback" not in caplog.text


# -- on the mail server -------------------------------------------------------------------------


def test_on_imap_a_truncated_database_leaves_the_mail_unread_on_the_server(tmp_path, mail_server, mailboxes):
    players = {power: mailboxes.user(power.lower()).address for power in PLAYERS}
    judge = mailboxes.user("judge")
    table = MailServerTable(
        tmp_path, [game("g1", "tally", players)], mail_server, judge, mailboxes.user("referee")
    )
    table.start("g1")
    table.service.database.write_bytes(b"")
    table.send(players["North"], "SIGNON North g1 pw\nADD 2")
    with pytest.raises(MissingDatabase, match="is empty"):
        table.run()
    assert [r"\Seen" in flags for flags in mail_server.flags(judge.address)] == [False]


def test_a_database_that_cannot_be_written_is_one_line_naming_it(table):
    """A read-only database (a restore as another user, say) stops the run with one line that
    names the file and what to check, never a traceback (the tests run as root, who may write
    any file: SQLite's own read-only open stands in for the file's mode)."""
    import sqlite3

    from pbem.store.connection import storage_fault

    database = table.service.database
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        with pytest.raises(sqlite3.OperationalError) as raised:
            connection.execute("CREATE TABLE t (x)")
    finally:
        connection.close()
    fault = storage_fault(raised.value, database)
    assert fault is not None and fault.status == 2
    assert str(database) in str(fault) and "writable" in str(fault)
    missing = storage_fault(sqlite3.OperationalError("unable to open database file"), "/nowhere/pbem.sqlite3")
    assert missing is not None and "/nowhere/pbem.sqlite3" in str(missing)
