"""Votes that end a game: DRAW and CONCEDE, and their withdrawals."""

from __future__ import annotations

from pbem.i18n import _, join
from pbem.intake.commands import Command
from pbem.run import LiveGame, Run
from pbem.store import PlayerRow
from pbem.turns.adjudication import finish_game
from pbem.turns.notices import tell_players
from pbem.turns.press import match_powers


def survivors(live: LiveGame) -> list[str]:
    if live.phase.survivors:
        return list(live.phase.survivors)
    return [player.power for player in live.players]


def vote(run: Run, live: LiveGame, player: PlayerRow, command: Command) -> str:
    """DRAW / NO DRAW / CONCEDE <power> / NO CONCEDE; ends the game when a vote passes."""
    if live.row.status == "over":
        return _("the game is already over")
    alive = survivors(live)
    if player.power not in alive:
        return _("only surviving powers vote")
    if command.name == "DRAW":
        run.store.set_vote(live.id, player.power, "draw", "yes")
        answer = _("your vote for a draw among all survivors is recorded")
    elif command.name == "NO DRAW":
        run.store.set_vote(live.id, player.power, "draw", None)
        answer = _("your draw vote is withdrawn")
    elif command.name == "NO CONCEDE":
        run.store.set_vote(live.id, player.power, "concede", None)
        answer = _("your concession is withdrawn")
    else:
        winner, unknown = match_powers(live, [command.args[0]])
        if unknown or not winner or winner[0] not in alive:
            return _(
                "refused: {power!r} is not a surviving power ({survivors})",
                power=command.args[0],
                survivors=", ".join(alive),
            )
        if winner[0] == player.power:
            return _("refused: you cannot concede to yourself")
        run.store.set_vote(live.id, player.power, "concede", winner[0])
        answer = _("your concession to {power} is recorded", power=winner[0])
    if live.config.votes_public:
        tell_players(
            run,
            live,
            live.say(_("{power} votes: {vote}", power=player.power, vote=command.text)),
            live.say(
                _(
                    "{power} has voted: {vote}. (Votes in this game are public.)",
                    power=player.power,
                    vote=command.text,
                )
            ),
            key=f"vote:{run.now.isoformat()}:{player.power}:{command.line}",
        )
    draws = run.store.votes(live.id, "draw")
    if all(draws.get(power) == "yes" for power in alive):
        finish_game(
            run,
            live,
            live.say(_("draw among {powers} (all survivors voted for it)", powers=", ".join(alive))),
        )
        return _("{answer}; every survivor has voted for the draw, so the game is over", answer=answer)
    concessions = run.store.votes(live.id, "concede")
    for power in alive:
        others = [other for other in alive if other != power]
        if others and all(concessions.get(other) == power for other in others):
            finish_game(run, live, live.say(_("{power} wins by concession", power=power)))
            return _(
                "{answer}; everyone else has conceded to {power}, so the game is over",
                answer=answer,
                power=power,
            )
    if not live.config.votes_public:
        return join([answer, _("(votes are secret; the game ends when they agree)")], " ")
    return answer
