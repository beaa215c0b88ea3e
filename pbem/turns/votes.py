"""Votes that end a game: DRAW and CONCEDE, and their withdrawals."""

from __future__ import annotations

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
        return "the game is already over"
    alive = survivors(live)
    if player.power not in alive:
        return "only surviving powers vote"
    if command.name == "DRAW":
        run.store.set_vote(live.id, player.power, "draw", "yes")
        answer = "your vote for a draw among all survivors is recorded"
    elif command.name == "NO DRAW":
        run.store.set_vote(live.id, player.power, "draw", None)
        answer = "your draw vote is withdrawn"
    elif command.name == "NO CONCEDE":
        run.store.set_vote(live.id, player.power, "concede", None)
        answer = "your concession is withdrawn"
    else:
        winner, unknown = match_powers(live, [command.args[0]])
        if unknown or not winner or winner[0] not in alive:
            return f"refused: {command.args[0]!r} is not a surviving power ({', '.join(alive)})"
        if winner[0] == player.power:
            return "refused: you cannot concede to yourself"
        run.store.set_vote(live.id, player.power, "concede", winner[0])
        answer = f"your concession to {winner[0]} is recorded"
    if live.config.votes_public:
        tell_players(
            run,
            live,
            f"{player.power} votes: {command.text}",
            f"{player.power} has voted: {command.text}. (Votes in this game are public.)",
            key=f"vote:{run.now.isoformat()}:{player.power}:{command.line}",
        )
    draws = run.store.votes(live.id, "draw")
    if all(draws.get(power) == "yes" for power in alive):
        finish_game(run, live, f"draw among {', '.join(alive)} (all survivors voted for it)")
        return answer + "; every survivor has voted for the draw, so the game is over"
    concessions = run.store.votes(live.id, "concede")
    for power in alive:
        others = [other for other in alive if other != power]
        if others and all(concessions.get(other) == power for other in others):
            finish_game(run, live, f"{power} wins by concession")
            return answer + f"; everyone else has conceded to {power}, so the game is over"
    if not live.config.votes_public:
        answer += " (votes are secret; the game ends when they agree)"
    return answer
