"""When a phase ends: its deadline from the game's deadline rules, moved past the absences of
the players who must act in it. Pure arithmetic over a game's config and its players."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from pbem.deadlines import localize, next_deadline, parse_moment
from pbem.ruleset import Phase
from pbem.store import PlayerRow


def absence_window(first: str, last: str, zone: Any) -> tuple[datetime, datetime]:
    """The UTC interval of an absence; a bare end date means the end of that day."""
    start = parse_moment(first, zone)
    end = parse_moment(last, zone)
    if len(last.strip()) <= 10:
        end = localize(datetime.fromisoformat(last.strip()) + timedelta(days=1), zone).astimezone(end.tzinfo)
    return start, end


def deadline_for(game: Any, phase: Phase, start: datetime, players: list[PlayerRow]) -> datetime:
    """When ``phase`` opening at ``start`` ends, moved past acting players' absences."""
    rule = game.deadline_rule(phase.kind)
    deadline = next_deadline(start, rule.duration, game.timezone, rule.at)
    return past_absences(game, phase, deadline, players)


def following_deadline(
    game: Any, phase: Phase, now: datetime, ended: datetime | None, players: list[PlayerRow]
) -> datetime:
    """The deadline of ``phase``, opened at ``now`` by adjudicating a phase whose deadline was
    ``ended`` (None: it had none).

    A phase that ended at its deadline, or in the grace after it, is followed from that deadline,
    not from the run's clock: under cron a run comes a little after 21:00, and counting 72 hours
    and "at 21:00" from 21:00:02 would give every phase an extra day. A phase that ended early is
    followed from its end. Where counting from a long-passed deadline would leave the players less
    than half the phase's time (a long grace, a cron gap), the phase is counted from ``now``.
    """
    if ended is not None and ended <= now:
        rule = game.deadline_rule(phase.kind)
        kept = deadline_for(game, phase, ended, players)
        if kept - now >= rule.duration / 2:
            return kept
    return deadline_for(game, phase, now, players)


def past_absences(game: Any, phase: Phase, deadline: datetime, players: list[PlayerRow]) -> datetime:
    """``deadline`` moved past every absence of a player who must act in ``phase``."""
    rule = game.deadline_rule(phase.kind)
    windows = [
        absence_window(first, last, game.timezone)
        for player in players
        if player.power in phase.acting
        for first, last in player.absences
    ]
    moved = True
    while moved:  # absences may chain; each move goes strictly later, so this ends
        moved = False
        for absent_from, absent_until in windows:
            if absent_from <= deadline < absent_until:
                deadline = next_deadline(absent_until, timedelta(0), game.timezone, rule.at)
                moved = True
    return deadline
