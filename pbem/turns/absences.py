"""SET ABSENCE: a player's time away, which no deadline of theirs may fall in."""

from __future__ import annotations

from pbem.deadlines import check_absence, format_deadline
from pbem.intake.commands import Command
from pbem.run import LiveGame, Run
from pbem.store import PlayerRow
from pbem.turns.notices import tell_players
from pbem.turns.schedule import past_absences


def set_absence(run: Run, live: LiveGame, player: PlayerRow, command: Command) -> str:
    zone = live.config.timezone
    player = run.store.player(live.id, player.power) or player  # earlier commands may have changed it
    try:  # pbem.deadlines checks the dates, the length and how far ahead
        check_absence(command.args[0], command.args[1], zone, run.now, max_days=live.config.absence_max_days,
                      max_ahead_days=live.config.absence_max_ahead_days)
    except ValueError as error:
        return f"refused: {error}"
    if len(player.absences) >= live.config.absence_max_count:
        return f"refused: at most {live.config.absence_max_count} absences per game"
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
