"""SET ABSENCE: a player's time away, which no deadline of theirs may fall in."""

from __future__ import annotations

from pbem.deadlines import check_absence
from pbem.i18n import _
from pbem.intake.commands import Command
from pbem.run import LiveGame, Run
from pbem.store import PlayerRow
from pbem.turns.notices import tell_players
from pbem.turns.schedule import past_absences


def set_absence(run: Run, live: LiveGame, player: PlayerRow, command: Command) -> str:
    zone = live.config.timezone
    player = run.store.player(live.id, player.power) or player  # earlier commands may have changed it
    try:  # pbem.deadlines checks the dates, the length and how far ahead
        check_absence(
            command.args[0],
            command.args[1],
            zone,
            run.now,
            max_days=live.config.absence_max_days,
            max_ahead_days=live.config.absence_max_ahead_days,
        )
    except ValueError as error:  # its message says why (pbem.deadlines)
        return _("refused: {reason}", reason=error.args[0])
    if len(player.absences) >= live.config.absence_max_count:
        return _("refused: at most {n} absences per game", n=live.config.absence_max_count)
    absences = [*player.absences, [command.args[0], command.args[1]]]
    run.store.update_player(live.id, player.power, absences=absences)
    answer = _(
        "absence from {start} to {end} recorded: no deadline of a phase you must act in will fall inside it",
        start=command.args[0],
        end=command.args[1],
    )
    if live.row.deadline and live.row.status == "running":
        moved = past_absences(live.config, live.phase, live.row.deadline, run.store.players(live.id))
        if moved > live.row.deadline:
            run.store.update_game(live.id, deadline=moved, reminded=False)
            answer = _(
                "{answer}; the current deadline moved to {deadline}", answer=answer, deadline=live.when(moved)
            )
            tell_players(
                run,
                live,
                live.say(_("deadline moved")),
                live.say(
                    _(
                        "{power} will be away, so the deadline of {phase} moved to {deadline}.",
                        power=player.power,
                        phase=live.phase.label,
                        deadline=live.when(moved),
                    )
                ),
                key=f"absence:{run.now.isoformat()}",
            )
    return answer
