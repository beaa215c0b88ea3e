"""SET ABSENCE: a player's time away, which no deadline of theirs may fall in."""

from __future__ import annotations

from pbem.deadlines import format_deadline, parse_moment
from pbem.intake.commands import Command
from pbem.run import LiveGame, Run
from pbem.store import PlayerRow
from pbem.turns.notices import tell_players
from pbem.turns.schedule import past_absences


def set_absence(run: Run, live: LiveGame, player: PlayerRow, command: Command) -> str:
    zone = live.config.timezone
    player = run.store.player(live.id, player.power) or player  # earlier commands may have changed it
    try:
        first = parse_moment(command.args[0], zone)
        last = parse_moment(command.args[1], zone)
    except ValueError as error:
        return f"not understood: {error}"
    if last < first:
        return "refused: the absence ends before it starts"
    if (last - first).days + 1 > live.config.absence_max_days:
        return f"refused: an absence may last at most {live.config.absence_max_days} days"
    if len(player.absences) >= live.config.absence_max_count:
        return f"refused: at most {live.config.absence_max_count} absences per game"
    if last < run.now:
        return "refused: that absence is already over"
    absences = [*player.absences, [command.args[0], command.args[1]]]
    run.store.update_player(live.id, player.power, absences=absences)
    answer = (
        f"absence from {command.args[0]} to {command.args[1]} recorded: no deadline of a "
        "phase you must act in will fall inside it"
    )
    if live.row.deadline and live.row.status == "running":
        moved = past_absences(live.config, live.phase, live.row.deadline, run.store.players(live.id))
        if moved > live.row.deadline:
            run.store.update_game(live.id, deadline=moved, reminded=False)
            answer += f"; the current deadline moved to {format_deadline(moved, zone)}"
            tell_players(
                run,
                live,
                "deadline moved",
                f"{player.power} will be away, so the deadline of {live.phase.label} moved to "
                f"{format_deadline(moved, zone)}.",
                key=f"absence:{run.now.isoformat()}",
            )
    return answer
