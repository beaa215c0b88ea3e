"""Deadline arithmetic: wall-clock durations in the game's zone, across DST changes."""

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from pbem.deadlines import (
    add_wall_clock,
    format_deadline,
    next_deadline,
    parse_duration,
    parse_moment,
    parse_wall_clock,
)

PARIS = ZoneInfo("Europe/Paris")


def test_a_48_hour_deadline_keeps_its_local_hour_across_spring_forward():
    # Clocks go from 02:00 to 03:00 on Sunday 29 March 2026 in Paris.
    start = datetime(2026, 3, 27, 19, 0, tzinfo=UTC)  # Friday 20:00 CET
    deadline = add_wall_clock(start, timedelta(hours=48), PARIS)
    assert deadline.astimezone(PARIS).hour == 20
    assert deadline == datetime(2026, 3, 29, 18, 0, tzinfo=UTC)  # Sunday 20:00 CEST
    assert deadline - start == timedelta(hours=47)


def test_a_48_hour_deadline_keeps_its_local_hour_across_fall_back():
    start = datetime(2026, 10, 23, 18, 0, tzinfo=UTC)  # Friday 20:00 CEST
    deadline = add_wall_clock(start, timedelta(hours=48), PARIS)
    assert deadline.astimezone(PARIS).hour == 20
    assert deadline - start == timedelta(hours=49)


def test_a_deadline_in_the_spring_gap_moves_past_it():
    start = datetime(2026, 3, 28, 1, 30, tzinfo=UTC)  # Saturday 02:30 CET
    deadline = add_wall_clock(start, timedelta(days=1), PARIS)  # Sunday 02:30 does not exist
    assert deadline.astimezone(PARIS).replace(tzinfo=None) == datetime(2026, 3, 29, 3, 30)


def test_an_ambiguous_autumn_time_takes_its_first_occurrence():
    start = datetime(2026, 10, 24, 0, 30, tzinfo=UTC)  # Saturday 02:30 CEST
    deadline = add_wall_clock(start, timedelta(days=1), PARIS)
    assert deadline == datetime(2026, 10, 25, 0, 30, tzinfo=UTC)  # 02:30 CEST, not CET


def test_at_moves_the_deadline_to_the_next_such_time_of_day():
    start = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # Monday 10:00 CET
    deadline = next_deadline(start, timedelta(hours=48), PARIS, at=time(20, 0))
    assert deadline.astimezone(PARIS).replace(tzinfo=None) == datetime(2026, 3, 4, 20, 0)
    late = next_deadline(datetime(2026, 3, 2, 20, 0, tzinfo=UTC), timedelta(hours=48), PARIS, time(20, 0))
    assert late.astimezone(PARIS).replace(tzinfo=None) == datetime(2026, 3, 5, 20, 0)


def test_mail_shows_local_time_with_zone_and_utc():
    assert (
        format_deadline(datetime(2026, 3, 29, 18, 0, tzinfo=UTC), PARIS)
        == "Sun 29 Mar 2026 20:00 CEST (18:00 UTC)"
    )
    tokyo = format_deadline(datetime(2026, 3, 29, 18, 0, tzinfo=UTC), ZoneInfo("Asia/Tokyo"))
    assert tokyo == "Mon 30 Mar 2026 03:00 JST (Sun 18:00 UTC)"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("48h", timedelta(hours=48)),
        ("2d", timedelta(days=2)),
        ("1d 12h", timedelta(hours=36)),
        ("90m", timedelta(minutes=90)),
        (24, timedelta(hours=24)),
    ],
)
def test_durations(text, expected):
    assert parse_duration(text) == expected


@pytest.mark.parametrize("text", ["", "soon", "2 weeks", "h"])
def test_bad_durations_say_how_to_write_one(text):
    with pytest.raises(ValueError, match="48h"):
        parse_duration(text)


def test_dates_are_read_in_the_game_zone():
    assert parse_moment("2026-07-01", PARIS) == datetime(2026, 6, 30, 22, 0, tzinfo=UTC)
    assert parse_moment("2026-07-01 18:00", PARIS) == datetime(2026, 7, 1, 16, 0, tzinfo=UTC)


def test_a_date_in_other_digits_is_refused_not_half_read():
    # strptime reads Arabic-Indic digits; the absence's end-of-day arithmetic (ISO) does not:
    # a date is ASCII digits or a clear refusal (found by the fuzz suite).
    with pytest.raises(ValueError, match="is not a date"):
        parse_wall_clock("\u0662\u0660\u0662\u0666-03-03")
