"""Deadline arithmetic in a game's time zone: pure functions, no clock.

Players agree on deadlines as local wall-clock times ("Sundays at 20:00 in
Paris"), so durations are added on the wall clock of the game's zone, not as
elapsed seconds: a 48-hour deadline set on Friday 20:00 ends on Sunday 20:00
local time even when the clocks change in between. A wall-clock time that does
not exist (skipped by a spring-forward change) moves to the first minute after
the gap; an ambiguous one (repeated in autumn) is taken at its first occurrence.
Mail always shows a deadline as an absolute time with its zone and in UTC.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

from pbem.i18n import DEFAULT, _

_DURATION = re.compile(r"^\s*(?:(\d+)\s*d)?\s*(?:(\d+)\s*h)?\s*(?:(\d+)\s*m)?\s*$", re.IGNORECASE)


def parse_duration(text: str | int | float) -> timedelta:
    """'48h', '2d', '1d 12h', '90m' or a number of hours; ValueError otherwise."""
    if isinstance(text, int | float) and not isinstance(text, bool):
        return timedelta(hours=float(text))
    match = _DURATION.match(str(text))
    if not match or not any(match.groups()):
        raise ValueError(
            _("{text!r} is not a duration; write e.g. '48h', '2d', '1d 12h' or '90m'", text=text)
        )
    days, hours, minutes = (int(group or 0) for group in match.groups())
    return timedelta(days=days, hours=hours, minutes=minutes)


def parse_time_of_day(text: str) -> time:
    """'20:00' -> time(20, 0); ValueError with a hint otherwise."""
    match = re.fullmatch(r"\s*(\d{1,2}):(\d{2})\s*", str(text))
    if not match or int(match[1]) > 23 or int(match[2]) > 59:
        raise ValueError(f"{text!r} is not a time of day; write e.g. '20:00'")
    return time(int(match[1]), int(match[2]))


def localize(wall: datetime, zone: ZoneInfo) -> datetime:
    """An aware datetime for the naive wall-clock time ``wall`` in ``zone``.

    Times in a spring-forward gap move forward past the gap; ambiguous times
    take their first occurrence (fold=0).
    """
    aware = wall.replace(tzinfo=zone, fold=0)
    round_trip = aware.astimezone(UTC).astimezone(zone)
    if round_trip.replace(tzinfo=None) != wall:  # in a gap: the wall time does not exist
        later = wall.replace(tzinfo=zone, fold=1).astimezone(UTC).astimezone(zone)
        return max(round_trip, later)
    return aware


def add_wall_clock(start: datetime, duration: timedelta, zone: ZoneInfo) -> datetime:
    """``start`` plus ``duration`` on the wall clock of ``zone``, as an aware UTC time."""
    wall = start.astimezone(zone).replace(tzinfo=None) + duration
    return localize(wall, zone).astimezone(UTC)


def next_deadline(start: datetime, duration: timedelta, zone: ZoneInfo, at: time | None = None) -> datetime:
    """The deadline of a phase opening at ``start``: the duration on the wall
    clock, then (if ``at`` is given) forward to the next ``at`` o'clock."""
    deadline = add_wall_clock(start, duration, zone)
    if at is None:
        return deadline
    local = deadline.astimezone(zone)
    candidate = localize(datetime.combine(local.date(), at), zone)
    if candidate < local:
        candidate = localize(datetime.combine(local.date() + timedelta(days=1), at), zone)
    return candidate.astimezone(UTC)


def reminder_due(now: datetime, deadline: datetime, reminder: timedelta, given: datetime | None) -> bool:
    """Whether a reminder of ``deadline`` is due at ``now``: ``reminder`` before it, but never in
    the run that gave the players the deadline (``given``: with the results that opened the phase,
    an extension, a resume) and never before they have had it for half its time. A 24-hour phase
    with a 24-hour reminder is so reminded of after 12 hours, not in the mail of its results."""
    if now < deadline - reminder:
        return False
    if given is None:  # a game from before deadlines were dated
        return True
    return now > given and now >= given + (deadline - given) / 2


def reminder_at(deadline: datetime, reminder: timedelta, given: datetime | None) -> datetime:
    """The first moment ``reminder_due`` holds: when a run must wake to remind (pbem.quiet)."""
    if given is None:
        return deadline - reminder
    return max(deadline - reminder, given + (deadline - given) / 2, given + timedelta(microseconds=1))


def duration_text(span: timedelta) -> str:
    """A length of time as people write it: '2 days', '1 day 5 hours', '3 hours 20 minutes',
    '40 minutes'; the two largest units, seconds dropped."""
    minutes = int(span.total_seconds() // 60)
    units = [("day", minutes // 1440), ("hour", minutes // 60 % 24), ("minute", minutes % 60)]
    first = next((index for index, (_, count) in enumerate(units) if count), len(units) - 1)
    words = [
        f"{count} {name}{'' if count == 1 else 's'}" for name, count in units[first : first + 2] if count
    ]
    return " ".join(words) or "0 minutes"


def format_deadline(moment: datetime, zone: ZoneInfo, language: str = DEFAULT) -> str:
    """'Sat 28 Nov 2026 20:00 CET (19:00 UTC)': how every mail writes a time; in another
    language, Babel's names of days and months ('samedi 28 novembre 2026 à 20:00 CET (19:00 UTC)')."""
    local = moment.astimezone(zone)
    utc = moment.astimezone(UTC)
    if language == DEFAULT:
        day = "" if local.date() == utc.date() else f"{utc:%a} "
        return f"{local:%a %d %b %Y %H:%M} {local.tzname()} ({day}{utc:%H:%M} UTC)"
    from babel.dates import format_datetime  # Babel's locale data: with the first such date only

    day = "" if local.date() == utc.date() else format_datetime(utc, "EEEE ", locale=language)
    when = format_datetime(local, "EEEE d MMMM y 'à' HH:mm" if language == "fr" else "full", locale=language)
    return f"{when} {local.tzname()} ({day}{utc:%H:%M} UTC)"


def parse_moment(text: str, zone: ZoneInfo) -> datetime:
    """A date ('2026-12-24') or date and time ('2026-12-24 18:00') in ``zone``, as UTC."""
    return localize(parse_wall_clock(text), zone).astimezone(UTC)


def utc_text(moment: datetime) -> str:
    """How a time is stored: ISO 8601 in UTC, to the second."""
    return moment.astimezone(UTC).replace(microsecond=0).isoformat()


def from_utc_text(text: str) -> datetime:
    """The inverse of ``utc_text``."""
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def parse_wall_clock(text: str) -> datetime:
    """A date ('2026-12-24') or date and time ('2026-12-24 18:00') as a naive wall-clock time;
    ValueError, with how to write it, otherwise."""
    text = text.strip()
    # strptime takes any Unicode digit ("٢٠٢٦-03-03"), which later ISO parsing refuses
    for pattern in ("%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%Y-%m-%d") if text.isascii() else ():
        try:
            return datetime.strptime(text, pattern)
        except ValueError:
            continue
    raise ValueError(_("{text!r} is not a date; write e.g. 2026-12-24 or 2026-12-24 18:00", text=text))


def check_absence(
    first: str, last: str, zone: ZoneInfo, now: datetime, *, max_days: int, max_ahead_days: int
) -> tuple[datetime, datetime]:
    """The UTC interval of an absence a player asks for, or ValueError saying why not.

    Like the Judge, an absence is limited in length and must begin soon: one far ahead
    (or at the end of the calendar) would hold deadlines it has no business holding,
    and dates near year 9999 cannot even be moved into UTC. A bare end date means the
    end of that day. Wall-clock times are checked before any arithmetic, so nothing
    here can overflow.
    """
    start_wall, end_wall = parse_wall_clock(first), parse_wall_clock(last)
    if end_wall < start_wall:
        raise ValueError(_("the absence ends before it starts"))
    if (end_wall - start_wall).days + 1 > max_days:
        raise ValueError(_("an absence may last at most {days} days", days=max_days))
    today = now.astimezone(zone).replace(tzinfo=None)
    if (start_wall - today).days >= max_ahead_days:
        raise ValueError(_("an absence must begin within {days} days from now", days=max_ahead_days))
    if len(last.strip()) <= 10:  # a bare end date: to the end of that day
        end_wall += timedelta(days=1)
    if end_wall <= today:
        raise ValueError(_("that absence is already over"))
    return localize(start_wall, zone).astimezone(UTC), localize(end_wall, zone).astimezone(UTC)
