"""`pbem db copy`: a judge played on SQLite moves to PostgreSQL and back, and both hold the same
games, turns, orders, mail and queue; a target that holds a judge already is refused."""

from __future__ import annotations

import sqlite3

import pytest

from pbem.store import Store
from pbem.store.transfer import CopyRefused, copy_judge
from tests.harness import Table, game, run_pbem
from tests.store.helpers import a_mail

PLAYERS = {"North": "north@example.test", "South": "south@example.test", "East": "east@example.test"}


@pytest.fixture
def played(tmp_path):
    """A judge on SQLite with a phase played, orders for the next, press and mail in the queue."""
    table = Table(tmp_path, [game("g1", "tally", PLAYERS)], service_settings={"database": "pbem.sqlite3"})
    table.start("g1")
    for n, (power, address) in enumerate(PLAYERS.items()):
        table.send(address, f"SIGNON {power} g1 pw\nADD {n + 1}\nREADY")
    table.run()
    table.send(PLAYERS["North"], "SIGNON North g1 pw\nADD 7\nPRESS TO South\nhello\nENDPRESS")
    table.run(do_send=False)
    return table


def test_a_judge_moves_to_postgresql_and_back_the_same(played, pg_server, tmp_path):
    sqlite_file = played.service.database
    postgres = pg_server.new_database(empty=True)
    with sqlite3.connect(sqlite_file) as database:
        held = {
            table: database.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            for table in ("games", "players", "turns", "reports", "orders", "press", "messages", "outbox")
        }
    there = copy_judge(sqlite_file, postgres)
    assert held["turns"] == 1 and held["press"] == 1 and held["messages"] == 4
    assert {table: there.rows[table] for table in held} == held
    store = Store(postgres)
    try:
        assert [player.power for player in store.players("g1")] == list(PLAYERS)
        assert store.due_mail(played.now)  # the queue came along, unsent
        assert a_mail(store, "after the copy") is True  # new rows get new ids
    finally:
        store.close()
    back = copy_judge(postgres, tmp_path / "back.sqlite3")
    assert back.rows["outbox"] == there.rows["outbox"] + 1


def test_a_target_holding_a_judge_is_refused(played, tmp_path):
    other = tmp_path / "other.sqlite3"
    copy_judge(played.service.database, other)
    with pytest.raises(CopyRefused, match="holds a judge already"):
        copy_judge(played.service.database, other)


def test_the_cli_copies_and_says_so(played, pg_server):
    postgres = pg_server.new_database()
    done = run_pbem("db", "copy", str(played.service.database), postgres)
    assert done.returncode == 0, done.stderr
    assert "found both the same" in done.stdout and "turns 1" in done.stdout
    again = run_pbem("db", "copy", str(played.service.database), postgres)
    assert again.returncode == 2 and "holds a judge already" in again.stderr
    assert "Traceback" not in again.stderr


def test_mails_a_killed_run_sent_are_recorded_before_the_copy(played, tmp_path):
    """A run killed after sending and before recording leaves its sends in sent.journal beside
    the SQLite file; a copy that left them queued would have the new judge send them again."""
    store = Store(played.service.database)
    try:
        due = [mail.id for mail in store.due_mail(played.now)]
    finally:
        store.close()
    journal = played.service.data_dir / "sent.journal"
    journal.write_text(f"{due[0]} 2026-01-01T00:00:00+00:00\n")
    target = tmp_path / "moved.sqlite3"
    done = run_pbem("db", "copy", str(played.service.database), str(target))
    assert done.returncode == 0, done.stderr
    assert "recorded 1 mail sent by a run that ended before recording them" in done.stdout
    assert journal.read_text() == ""
    store = Store(target)
    try:
        still_due = [mail.id for mail in store.due_mail(played.now)]
    finally:
        store.close()
    assert still_due == due[1:]
