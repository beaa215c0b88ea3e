"""Deadlines that keep their hour under cron, reminders that wait for the results to be read, and
the referee's notices of time written as people write it: real runs over a faked clock, across the
changes of Paris clocks (29 March and 25 October 2026) and month ends."""

import sqlite3
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.deadlines import duration_text, localize, reminder_due
from pbem.ruleset import get_ruleset
from pbem.store import Store, schema
from pbem.store.connection import Connection
from pbem.turns.schedule import following_deadline
from tests.bymail import phase_id, send_mails
from tests.harness import REFEREE_ADDRESS, REFEREE_PASSWORD, Table, game, text_of

PARIS = ZoneInfo("Europe/Paris")
PLAYERS = {"North": "north@example.test", "South": "south@example.test"}
AT_NINE = {"default": {"after": "72h", "at": "21:00"}}


def local(moment: datetime) -> datetime:
    return moment.astimezone(PARIS).replace(tzinfo=None)


def table_at(tmp_path, now: datetime, **settings) -> Table:
    settings.setdefault("deadlines", AT_NINE)
    settings.setdefault("options", {"rounds": 9})
    table = Table(tmp_path, [game("g1", "tally", PLAYERS, **settings)], now=now)
    table.start("g1")
    table.take()
    return table


def everyone_orders(table: Table, ready: bool = False) -> None:
    send_mails(table, PLAYERS, {power: "ADD 1" + ("\nREADY" if ready else "") for power in PLAYERS})


def cron_after_each_deadline(table: Table, phases: int) -> list[datetime]:
    """Each phase's orders, then the cron run two seconds after its deadline: the deadlines, local."""
    deadlines = []
    for _ in range(phases):
        row = table.game_row()
        assert row.deadline is not None
        deadlines.append(local(row.deadline))
        everyone_orders(table)
        table.now = row.deadline + timedelta(seconds=2)
        table.run()
        assert table.game_row().phase_id != row.phase_id
    last = table.game_row().deadline
    assert last is not None
    deadlines.append(local(last))
    return deadlines


def test_a_phase_ended_by_cron_at_its_deadline_keeps_the_hour_across_spring_forward_and_month_end(tmp_path):
    table = table_at(tmp_path, datetime(2026, 3, 20, 12, 0, tzinfo=UTC))  # Friday 13:00 CET
    deadlines = cron_after_each_deadline(table, 4)
    assert deadlines == [
        datetime(2026, 3, 23, 21, 0),
        datetime(2026, 3, 26, 21, 0),
        datetime(2026, 3, 29, 21, 0),  # CEST from 29 March
        datetime(2026, 4, 1, 21, 0),
        datetime(2026, 4, 4, 21, 0),
    ]


def test_a_phase_ended_by_cron_at_its_deadline_keeps_the_hour_across_fall_back_and_month_end(tmp_path):
    table = table_at(tmp_path, datetime(2026, 10, 20, 12, 0, tzinfo=UTC))
    deadlines = cron_after_each_deadline(table, 4)
    assert [d.date().isoformat() for d in deadlines] == [
        "2026-10-23",
        "2026-10-26",
        "2026-10-29",
        "2026-11-01",
        "2026-11-04",
    ]
    assert {d.time() for d in deadlines} == {time(21, 0)}


def test_a_phase_that_ends_early_counts_the_next_deadline_from_its_end(tmp_path):
    table = table_at(tmp_path, datetime(2026, 1, 29, 12, 0, tzinfo=UTC))  # deadline Sun 1 Feb 21:00
    table.now = datetime(2026, 1, 30, 22, 30, tzinfo=UTC)  # Friday 23:30 in Paris
    everyone_orders(table, ready=True)
    table.run()
    assert phase_id(table) == "R2"
    # 72 h from Friday 23:30 is Monday 23:30; the next 21:00 after it is Tuesday's
    assert local(table.game_row().deadline) == datetime(2026, 2, 3, 21, 0)


def test_a_phase_ended_in_the_grace_period_counts_from_its_deadline(tmp_path):
    table = table_at(tmp_path, datetime(2026, 2, 25, 12, 0, tzinfo=UTC), grace="24h")
    first = table.game_row().deadline
    assert local(first) == datetime(2026, 2, 28, 21, 0)
    send_mails(table, PLAYERS, {"North": "ADD 2"})
    table.now = first + timedelta(seconds=2)
    table.run()
    assert table.game_row().grace_until == first + timedelta(hours=24)
    table.now = first + timedelta(hours=24, seconds=2)
    table.run()
    assert phase_id(table) == "R2"
    assert local(table.game_row().deadline) == datetime(2026, 3, 3, 21, 0)


def test_a_deadline_long_past_counts_from_now_rather_than_leave_players_no_time(tmp_path):
    table = table_at(tmp_path, datetime(2026, 3, 2, 9, 0, tzinfo=UTC))
    config = table.service.game("g1")
    assert config is not None
    with table.store() as store:
        players = store.players("g1")
    phase = get_ruleset("tally").phase(table.game_row().state)
    ended = datetime(2026, 3, 5, 20, 0, tzinfo=UTC)  # Thursday 21:00 in Paris

    def following(now: datetime) -> datetime:
        return local(following_deadline(config, phase, now, ended, players))

    assert following(ended + timedelta(minutes=5)) == datetime(2026, 3, 8, 21, 0)  # from the deadline
    # two days later, Sunday 21:00 would leave a day of 72 h: counted from Saturday night instead
    assert following(ended + timedelta(days=2)) == datetime(2026, 3, 10, 21, 0)


# -- reminders ------------------------------------------------------------------------------


def test_a_phase_shorter_than_the_reminder_is_not_reminded_of_with_its_results(tmp_path):
    # the shipped IMAP example: 24 h adjustments and a 24 h reminder
    table = table_at(
        tmp_path, datetime(2026, 3, 28, 10, 0, tzinfo=UTC), deadlines={"default": "24h"}, reminder="24h"
    )
    table.run()
    assert table.take() == []  # the welcome's run and the next: no reminder yet
    send_mails(table, PLAYERS, {"North": "ADD 1\nREADY", "South": "ADD 1\nREADY"})
    table.now += timedelta(hours=1)
    table.run()  # the phase ends early: the results open R2, with no reminder beside them
    assert phase_id(table) == "R2"
    subjects = [str(m["Subject"]) for m in table.take()]
    assert any("results" in s for s in subjects) and not any("reminder" in s for s in subjects)
    opened = table.now
    deadline = table.game_row().deadline
    assert deadline - opened == timedelta(hours=23)  # 24 h on the wall clock, over 29 March's change
    table.now = opened + timedelta(hours=11, minutes=29)
    table.run()
    assert table.take() == []
    table.now = opened + timedelta(hours=11, minutes=30)  # half the phase
    table.run()
    for address in PLAYERS.values():
        assert ["reminder" in str(m["Subject"]) for m in table.take(address)] == [True]


def test_a_reminder_still_comes_its_time_before_a_long_deadline(tmp_path):
    table = table_at(
        tmp_path, datetime(2026, 3, 2, 9, 0, tzinfo=UTC), deadlines={"default": "72h"}, reminder="12h"
    )
    deadline = table.game_row().deadline
    table.now = deadline - timedelta(hours=12, minutes=1)
    table.run()
    assert table.take() == []
    table.now = deadline - timedelta(hours=12)
    table.run()
    assert len(table.take(PLAYERS["South"])) == 1


moments = st.datetimes(datetime(2026, 1, 1), datetime(2027, 1, 1)).map(lambda d: d.replace(tzinfo=UTC))
spans = st.timedeltas(timedelta(0), timedelta(days=10))


@settings(max_examples=200, deadline=None)
@given(given_at=moments, length=spans, reminder=spans, after=spans)
def test_a_reminder_is_never_due_in_the_run_that_gave_the_deadline_nor_before_half_its_time(
    given_at, length, reminder, after
):
    deadline = given_at + length
    now = given_at + after
    due = reminder_due(now, deadline, reminder, given_at)
    if now <= given_at or now - given_at < length / 2 or now < deadline - reminder:
        assert not due
    else:
        assert due


# -- how the referee is told of time -------------------------------------------------------


def test_durations_are_written_as_people_write_them():
    assert duration_text(timedelta(days=2, microseconds=130909)) == "2 days"
    assert duration_text(timedelta(days=1, hours=5, minutes=3)) == "1 day 5 hours"
    assert duration_text(timedelta(hours=3, minutes=20, seconds=59)) == "3 hours 20 minutes"
    assert duration_text(timedelta(hours=6)) == "6 hours"
    assert duration_text(timedelta(seconds=40)) == "0 minutes"


def test_the_cron_gap_notice_says_how_long_in_words(tmp_path):
    table = Table(
        tmp_path,
        [game("g1", "tally", PLAYERS)],
        now=datetime(2026, 3, 30, 21, 0, tzinfo=UTC),
        service_settings={"stale_after": "6h"},
    )
    table.start("g1")
    table.run()
    table.take()
    table.now += timedelta(days=2, microseconds=130909)
    table.run()
    [notice] = [m for m in table.take(REFEREE_ADDRESS) if "cron job" in str(m["Subject"])]
    text = " ".join(text_of(notice).split())
    assert "2026-03-30 21:00 UTC, 2 days ago, longer than the 6 hours allowed" in text


def test_an_acknowledgement_in_the_grace_period_shows_when_the_grace_ends(tmp_path):
    table = table_at(
        tmp_path, datetime(2026, 3, 2, 9, 0, tzinfo=UTC), deadlines={"default": "48h"}, grace="12h"
    )
    deadline = table.game_row().deadline
    send_mails(table, PLAYERS, {"North": "ADD 2"})
    table.now = deadline + timedelta(minutes=5)
    table.run()
    table.take()
    send_mails(table, PLAYERS, {"South": "ADD 3"})
    table.now = deadline + timedelta(hours=1)
    table.run()
    [ack] = [m for m in table.take(PLAYERS["South"]) if "Re:" in str(m["Subject"])]
    text = text_of(ack)
    assert "Deadline: Wed 04 Mar 2026 22:00 CET (21:00 UTC)" in text  # the end of grace
    assert "came after the deadline (Wed 04 Mar 2026 10:00 CET (09:00 UTC))" in " ".join(text.split())


@pytest.fixture(scope="module")
def config_and_phase(tmp_path_factory):
    """One started game's config and first phase, for the property below (run many times)."""
    table = table_at(tmp_path_factory.mktemp("property"), datetime(2026, 3, 2, 9, 0, tzinfo=UTC))
    return table.service.game("g1"), get_ruleset("tally").phase(table.game_row().state)


days = st.dates(date(2026, 1, 1), date(2027, 12, 31))


@settings(max_examples=60, deadline=None)
@given(day=days, late=st.timedeltas(timedelta(0), timedelta(hours=6)))
def test_a_deadline_at_nine_followed_by_a_late_run_gives_nine_three_days_on(config_and_phase, day, late):
    config, phase = config_and_phase
    ended = localize(datetime.combine(day, time(21, 0)), PARIS).astimezone(UTC)
    following = following_deadline(config, phase, ended + late, ended, [])
    assert local(following) == datetime.combine(day + timedelta(days=3), time(21, 0))


def test_the_referees_list_in_the_grace_period_shows_both_the_deadline_and_its_end(tmp_path):
    table = table_at(
        tmp_path, datetime(2026, 3, 2, 9, 0, tzinfo=UTC), deadlines={"default": "48h"}, grace="12h"
    )
    deadline = table.game_row().deadline
    send_mails(table, PLAYERS, {"North": "ADD 2"})
    table.now = deadline + timedelta(minutes=5)
    table.run()
    table.take()
    table.send(REFEREE_ADDRESS, f"SIGNON REFEREE g1 {REFEREE_PASSWORD}\nLIST")
    table.run()
    [answer] = table.take(REFEREE_ADDRESS)
    assert (
        "Round 1 (R1), status running, deadline Wed 04 Mar 2026 10:00 CET (09:00 UTC), grace until "
        "Wed 04 Mar 2026 22:00 CET (21:00 UTC)"
    ) in text_of(answer)


def test_a_game_from_a_database_made_before_deadlines_were_dated_is_reminded_as_before(tmp_path):
    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path)
    old.execute(
        "CREATE TABLE games (id TEXT PRIMARY KEY, ruleset TEXT NOT NULL, variant TEXT NOT NULL,"
        " status TEXT NOT NULL, phase_id TEXT NOT NULL, state TEXT NOT NULL, seq INTEGER NOT NULL"
        " DEFAULT 0, deadline TEXT, grace_until TEXT, reminded INTEGER NOT NULL DEFAULT 0,"
        " late_noticed INTEGER NOT NULL DEFAULT 0, paused_left REAL, started_at TEXT NOT NULL,"
        " start_seed INTEGER NOT NULL DEFAULT 0, result TEXT)"
    )
    old.execute(
        "INSERT INTO games (id, ruleset, variant, status, phase_id, state, deadline, started_at)"
        " VALUES ('g1', 'tally', 'standard', 'running', 'R1', '{}', '2026-03-04T09:00:00+00:00',"
        " '2026-03-02T09:00:00+00:00')"
    )
    old.commit()
    old.close()
    old_connection = Connection(path)
    assert schema.upgrade(old_connection) == (0, schema.latest())  # `pbem db upgrade`
    old_connection.close()
    store = Store(path)
    row = store.game("g1")
    store.close()
    assert row is not None and row.deadline_given is None
    deadline = datetime(2026, 3, 4, 9, 0, tzinfo=UTC)
    assert reminder_due(deadline - timedelta(hours=12), deadline, timedelta(hours=12), row.deadline_given)
