"""The quiet run (pbem.quiet): a cron run settled without the service when the last full run left
nothing to do, and a full run whenever anything is due or changed: through real runs on Maildir at
the table's fake clock, the one pbem.quiet is given."""

from __future__ import annotations

import json
import logging
import shutil
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.deadlines import from_utc_text, reminder_at, reminder_due
from pbem.faults import InjectedCrash
from pbem.quiet import nothing_to_do
from pbem.quiet.check import RECORD
from pbem.service import run_lock
from tests.bymail import phase_id, send_mails
from tests.harness import Table, game, plain_mail, text_of
from tests.judge.helpers import OPEN_JUDGE, latest, reply_address, say

NORTH, SOUTH = "north@example.test", "south@example.test"
PLAYERS = {"North": NORTH, "South": SOUTH}
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
DEADLINE = START + timedelta(hours=48)


def quiet_table(tmp_path: Path, service: dict[str, object] | None = None, **settings: object) -> Table:
    """A started tally game whose last run was a full one with nothing to do: it left its record."""
    table = Table(tmp_path, [game("g1", "tally", PLAYERS, **settings)], now=START, service_settings=service)
    table.start("g1")
    table.take()
    tally = table.run()
    assert not tally.worked()
    table.advance(minutes=5)
    return table


def meta(table: Table, key: str) -> str | None:
    with table.store() as store:
        return store.get_meta(key)


def dump(database: Path) -> list[str]:
    """Every row of every table, as SQL, in no particular order (a replaced row moves)."""
    connection = sqlite3.connect(database)
    try:
        return sorted(connection.iterdump())
    finally:
        connection.close()


def test_an_idle_run_after_a_quiet_one_ends_at_the_quiet_run_and_notes_its_time(tmp_path):
    table = quiet_table(tmp_path)
    assert table.cron() is None
    assert from_utc_text(meta(table, "last_run_at") or "") == table.now
    table.advance(hours=1)
    assert table.cron() is None  # and again, while nothing is due
    assert from_utc_text(meta(table, "last_run_at") or "") == table.now


def test_the_quiet_run_leaves_the_database_as_the_full_idle_run_does(tmp_path):
    table = quiet_table(tmp_path)
    database = table.service.database
    saved = tmp_path / "saved.sqlite3"
    shutil.copy(database, saved)
    assert table.cron() is None
    quiet = dump(database)
    shutil.copy(saved, database)
    for end in ("-wal", "-shm"):
        Path(f"{database}{end}").unlink(missing_ok=True)
    assert not table.run().worked()
    assert dump(database) == quiet


def test_a_mail_in_the_inbox_wakes_the_run(tmp_path):
    table = quiet_table(tmp_path)
    send_mails(table, PLAYERS, {"North": "ADD 3"})
    tally = table.cron()
    assert tally is not None and tally.handled == 1


def test_a_mail_marked_unread_in_cur_wakes_the_run_and_a_read_one_does_not(tmp_path):
    table = quiet_table(tmp_path)
    cur = table.service.inbox.path / "cur"
    (cur / "1700.M1P2.host:2,S").write_bytes(plain_mail(NORTH, "SIGNON North g1 pw\nADD 1"))
    assert table.cron() is None
    (cur / "1700.M1P2.host:2,").write_bytes(plain_mail(SOUTH, "SIGNON South g1 pw\nADD 2"))
    tally = table.cron()
    assert tally is not None and tally.handled == 1


def test_the_deadline_wakes_the_run_and_not_a_minute_before(tmp_path):
    table = quiet_table(tmp_path, reminder="0")
    send_mails(table, PLAYERS, {"North": "ADD 3", "South": "ADD 4"})  # no READY: no early end
    assert table.cron() is not None
    table.advance(minutes=5)
    assert not table.run().worked()
    table.now = DEADLINE - timedelta(minutes=1)
    assert table.cron() is None
    table.now = DEADLINE
    assert table.cron() is not None
    assert phase_id(table) == "R2"


def test_the_reminder_time_wakes_the_run(tmp_path):
    table = quiet_table(tmp_path, reminder="12h")
    table.now = DEADLINE - timedelta(hours=12, minutes=1)
    assert table.cron() is None
    table.now = DEADLINE - timedelta(hours=12)
    assert table.cron() is not None
    assert [m for m in table.take(NORTH) if "reminder" in str(m["Subject"])]


def test_the_end_of_grace_wakes_the_run(tmp_path):
    table = quiet_table(tmp_path, grace="12h")
    send_mails(table, PLAYERS, {"North": "ADD 3"})
    table.cron()
    table.now = DEADLINE
    table.cron()  # South is late: the grace period begins
    assert table.game_row().grace_until == DEADLINE + timedelta(hours=12)
    table.advance(minutes=5)
    assert not table.run().worked()  # quiet again: the record names the grace's end
    table.now = DEADLINE + timedelta(hours=12) - timedelta(minutes=1)
    assert table.cron() is None
    table.now = DEADLINE + timedelta(hours=12)
    assert table.cron() is not None
    assert phase_id(table) == "R2"


def test_a_phase_that_may_end_at_once_is_not_slept_over(tmp_path):
    """A run that opens a phase does not tend it again: the next run must, whatever the clock."""
    table = quiet_table(tmp_path, early="orders")
    send_mails(table, PLAYERS, {"North": "ADD 3", "South": "ADD 4"})
    assert table.cron() is not None
    assert phase_id(table) == "R2"
    table.advance(minutes=5)
    assert not table.run().worked()
    assert table.cron() is None


def test_a_changed_config_wakes_the_run(tmp_path):
    table = quiet_table(tmp_path)
    table.config_path.write_text(table.config_path.read_text() + "# edited\n")
    assert table.cron() is not None


def test_a_secret_file_the_config_reads_is_watched_and_its_variables_too(tmp_path, monkeypatch):
    (tmp_path / "referee.secret").write_text("first")
    monkeypatch.setenv("PBEM_TEST_NORTH", "north-pw")
    table = Table(tmp_path, [game("g1", "tally", PLAYERS)], now=START)
    data = yaml.safe_load(table.config_path.read_text())
    data["service"]["referee"]["password"] = {"file": "referee.secret"}
    data["games"][0]["players"][0]["password"] = {"env": "PBEM_TEST_NORTH"}
    table.config_path.write_text(yaml.safe_dump(data))
    table.start("g1")
    assert not table.run().worked()
    record = json.loads(meta(table, RECORD) or "{}")
    assert "north-pw" not in json.dumps(record) and "first" not in json.dumps(record)
    assert table.cron() is None
    (tmp_path / "referee.secret").write_text("second, longer")
    assert table.cron() is not None
    assert table.cron() is None
    monkeypatch.delenv("PBEM_TEST_NORTH")
    assert not nothing_to_do(table.config_path, table.now)


def test_a_queued_mail_due_wakes_the_run(tmp_path):
    table = quiet_table(tmp_path)
    with table.store() as store:
        store.queue_mail(
            redacted=None,
            dedup_key="test:queued",
            message_id="<queued@pbem.test>",
            game_id="g1",
            kind="referee",
            recipient=NORTH,
            subject="queued",
            raw=plain_mail("judge@pbem.test", "queued by hand", to=NORTH),
            now=table.now,
        )
    tally = table.cron()
    assert tally is not None and tally.sent == 1


def test_a_referee_change_to_a_game_wakes_the_run(tmp_path):
    """``pbem referee`` changes a game without a run: its deadline is the one the run must keep."""
    table = quiet_table(tmp_path)
    with table.store() as store:
        store.update_game("g1", deadline=START + timedelta(hours=1))
    table.now = START + timedelta(hours=2)
    assert table.cron() is not None
    assert table.game_row().deadline != START + timedelta(hours=1)  # nobody ordered: extended


def test_a_long_gap_since_the_last_run_is_the_full_run_s_to_judge(tmp_path):
    table = quiet_table(tmp_path)
    stale_after = table.service.stale_after
    table.advance(seconds=stale_after.total_seconds() + 60)
    assert not nothing_to_do(table.config_path, table.now)


def test_a_run_that_crashed_leaves_no_record_and_the_next_is_full(tmp_path, monkeypatch):
    table = quiet_table(tmp_path)
    send_mails(table, PLAYERS, {"North": "ADD 3"})
    monkeypatch.setenv("PBEM_CRASH_AT", "handled")
    with pytest.raises(InjectedCrash):
        table.cron()
    monkeypatch.delenv("PBEM_CRASH_AT")
    assert meta(table, RECORD) is None
    assert table.cron() is not None


def test_another_run_holding_the_lock_leaves_it_to_the_full_run(tmp_path):
    table = quiet_table(tmp_path)
    before = meta(table, "last_run_at")
    with run_lock(table.service.data_dir):
        assert not nothing_to_do(table.config_path, table.now)
    assert meta(table, "last_run_at") == before


@pytest.mark.parametrize(
    "service",
    [
        {"database": "postgresql://pbem@localhost/pbem"},
        {"inbox": {"transport": "imap", "host": "mail.example.test"}},
    ],
)
def test_another_store_or_an_imap_inbox_always_takes_the_full_run(tmp_path, service):
    table = quiet_table(tmp_path)
    data = yaml.safe_load(table.config_path.read_text())
    data["service"].update(service)
    table.config_path.write_text(yaml.safe_dump(data))
    assert not nothing_to_do(table.config_path, table.now)


def test_no_record_a_missing_config_or_database_takes_the_full_run(tmp_path):
    table = Table(tmp_path, [game("g1", "tally", PLAYERS)], now=START)
    table.start("g1")
    assert not nothing_to_do(table.config_path, table.now)  # new-game sends, it leaves no record
    assert not nothing_to_do(tmp_path / "nowhere.yaml", table.now)
    table.run()
    table.service.database.rename(tmp_path / "elsewhere.sqlite3")
    assert not nothing_to_do(table.config_path, table.now)


def test_a_forming_game_s_muster_end_wakes_the_run(tmp_path):
    table = Table(tmp_path, [], service_settings=OPEN_JUDGE)
    say(table, "master@players.test", "CREATE ?club hunter22")
    for n in range(7):
        say(table, f"p{n}@players.test", f"SIGNON ?club secret-{n}")
    muster = latest(table, "p0@players.test", "is full. You play")
    say(table, "p0@players.test", "CONFIRM", to=reply_address(muster))
    table.advance(minutes=5)
    assert not table.run().worked()
    table.advance(hours=48, minutes=-6)
    assert table.cron() is None
    table.advance(minutes=1)
    assert table.cron() is not None
    assert "went back" in text_of(latest(table, "p1@players.test", "went back"))


_moments = st.datetimes(
    min_value=datetime(2026, 1, 1), max_value=datetime(2027, 1, 1), timezones=st.just(UTC)
)


@settings(max_examples=60, deadline=None)
@given(
    given_at=_moments | st.none(),
    length=st.timedeltas(min_value=timedelta(minutes=1), max_value=timedelta(days=9)),
    reminder=st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=9)),
    before=st.timedeltas(min_value=timedelta(microseconds=1), max_value=timedelta(days=1)),
)
def test_reminder_at_is_the_first_moment_a_reminder_is_due(given_at, length, reminder, before):
    deadline = (given_at or datetime(2026, 6, 1, tzinfo=UTC)) + length
    first = reminder_at(deadline, reminder, given_at)
    assert reminder_due(first, deadline, reminder, given_at)
    assert not reminder_due(first - before, deadline, reminder, given_at)


def test_a_site_whose_manifest_went_is_rebuilt_by_the_next_run(tmp_path):
    table = quiet_table(tmp_path, {"site_dir": str(tmp_path / "site")}, reminder="0")
    send_mails(table, PLAYERS, {"North": "ADD 3\nREADY", "South": "ADD 4\nREADY"})
    assert table.cron() is not None and phase_id(table) == "R2"
    manifest = tmp_path / "site" / "site.json"
    assert manifest.exists()
    table.advance(minutes=5)
    assert not table.run().worked()
    assert table.cron() is None
    manifest.unlink()
    assert table.cron() is not None
    assert manifest.exists()


def test_the_quiet_run_logs_the_line_of_a_full_idle_run(tmp_path, caplog):
    table = quiet_table(tmp_path)
    with caplog.at_level(logging.DEBUG, logger="pbem"):
        assert not table.run().worked()
        assert table.cron() is None
    full, quiet = [r.getMessage() for r in caplog.records if r.getMessage().startswith("fetched")]
    assert full.partition(" (poll")[0] == quiet.partition(" (quiet run")[0]
    assert quiet.endswith(f"(quiet run: nothing due before {(DEADLINE - timedelta(hours=12)).isoformat()})")


@pytest.mark.parametrize("status", ["new", "failed", "held"])
def test_a_stored_mail_still_to_act_on_wakes_the_run(tmp_path, status):
    """``pbem poll`` stores mail without acting on it; a failed mail is tried again by later runs;
    held mail waits for its game's entry to be mended."""
    table = quiet_table(tmp_path)
    with table.store() as store:
        row_id = store.add_message(
            dedup_key="sha:stored",
            sha256="stored",
            message_id="<stored@player.test>",
            ref="maildir:stored",
            received_at=table.now,
            sender=NORTH,
            subject="orders",
            raw=plain_mail(NORTH, "SIGNON North g1 pw\nADD 2"),
        )
        assert row_id is not None
        if status == "failed":
            store.fail_message(row_id, "it failed once")
        elif status == "held":
            store.finish_message(row_id, "held", "its game is set aside")
    assert not nothing_to_do(table.config_path, table.now)


def test_a_turn_not_yet_in_the_archive_wakes_the_run(tmp_path):
    table = quiet_table(tmp_path, reminder="0")
    send_mails(table, PLAYERS, {"North": "ADD 3\nREADY", "South": "ADD 4\nREADY"})
    assert table.cron() is not None and phase_id(table) == "R2"
    table.advance(minutes=5)
    assert not table.run().worked()
    with table.store() as store:
        store.db.execute("UPDATE turns SET archived = 0")
    assert not nothing_to_do(table.config_path, table.now)


@pytest.mark.parametrize("key", ["format", "pbem", "schema"])
def test_a_record_of_another_pbem_or_schema_is_not_trusted(tmp_path, key):
    table = quiet_table(tmp_path)
    record = json.loads(meta(table, RECORD) or "{}")
    record[key] = 0
    with table.store() as store:
        store.set_meta(RECORD, json.dumps(record))
    assert not nothing_to_do(table.config_path, table.now)


def test_a_migration_since_the_record_makes_it_stale(tmp_path):
    table = quiet_table(tmp_path)
    with table.store() as store:
        store.db.execute("CREATE TABLE newer (id INTEGER)")
    assert not nothing_to_do(table.config_path, table.now)
