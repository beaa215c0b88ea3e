"""Starting a game: its opening state, its players' secrets, and their welcome mails."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence

from pbem import passwords
from pbem.config import Game
from pbem.frozen import Frozen
from pbem.mail.compose import Outgoing
from pbem.ruleset import SetupError, get_ruleset
from pbem.run import LiveGame, Run
from pbem.store import GameRow, PlayerRow
from pbem.turns.schedule import deadline_for
from pbem.turns.seats import welcome

log = logging.getLogger("pbem.games")


class GameError(Exception):
    """A game cannot be started; the message says why."""


class NewPlayer(Frozen):
    """A player seated at a game's start: the password mailed in the welcome (None where they chose
    it, or the referee's config holds only its hash) and the token of their reply address."""

    power: str
    address: str
    password_hash: str
    password: str | None = None
    token: str = ""
    chosen: bool = False  # the player chose the password (a game formed by mail)
    #: a power nobody plays (a game forced to begin): held at the referee's address, sent no
    #: welcome, since its reply address would let whoever reads it order the power
    empty: bool = False


def start_game(run: Run, game_id: str, seed: int | None = None) -> LiveGame:
    """Start configured game ``game_id`` and queue every player's welcome."""
    config = run.service.game(game_id)
    if config is None:
        known = ", ".join(game.id for game in run.service.games) or "none"
        raise GameError(f"no game {game_id!r} in {run.service.path}; configured games: {known}")
    players = []
    for player in config.players:
        password: str | None
        if player.password_hash:
            stored, password = player.password_hash, None
        else:
            password = player.password.value if player.password else passwords.new_password()
            stored = passwords.hash_password(password)
        players.append(
            NewPlayer(power=player.power, address=player.address, password_hash=stored, password=password)
        )
    return begin(run, config, players, seed)


def begin(run: Run, config: Game, players: Sequence[NewPlayer], seed: int | None = None) -> LiveGame:
    """Start ``config``'s game with ``players``: its opening state, stored with them, and every
    player's welcome and the referee's notice (with the roster) queued, in one transaction."""
    if run.store.game(config.id) is not None:
        raise GameError(f"game {config.id} has already started")
    ruleset = get_ruleset(config.ruleset)
    seed = seed if seed is not None else secrets.randbits(62)
    try:
        state = ruleset.start(config.variant, [p.power for p in players], config.options, seed)
    except SetupError as error:
        raise GameError(f"game {config.id} cannot start: {error}") from None
    phase = ruleset.phase(state)
    rows = [
        PlayerRow(
            game_id=config.id,
            power=player.power,
            address=player.address.lower(),
            password_hash=player.password_hash,
            token=player.token or passwords.new_token(),
        )
        for player in players
    ]
    told = {player.power: player.password for player in players}
    chosen = {player.power for player in players if player.chosen}
    empty = {player.power for player in players if player.empty}
    deadline = deadline_for(config, phase, run.now, rows)
    with run.store.atomic():
        run.store.add_game(
            GameRow(
                id=config.id,
                ruleset=config.ruleset,
                variant=config.variant,
                status="running",
                phase_id=phase.id,
                state=ruleset.dump_state(state),
                seq=0,
                deadline=deadline,
                grace_until=None,
                reminded=False,
                late_noticed=False,
                paused_left=None,
                started_at=run.now,
                result=None,
                start_seed=seed,
            ),
            rows,
        )
        live = run.live(config.id)
        assert live is not None
        for row in live.players:
            if row.power not in empty:
                welcome(run, live, row, told[row.power], chosen_password=row.power in chosen)
        referee = run.service.game_referee(config)
        if referee:
            roster = "\n".join(
                f"  {row.power:<12} {'(no player)' if row.power in empty else row.address}"
                for row in live.players
            )
            run.queue(
                Outgoing(
                    to=referee.address,
                    subject=f"[{config.id}] game started",
                    text=f"Game {config.id} ({config.name}) has started: {phase.label}, "
                    f"deadline {live.deadline_text()}. Players were sent their "
                    f"welcome mails.\n\nThe players:\n{roster}\n",
                ),
                kind="notice",
                dedup_key=f"started:{config.id}",
                game_id=config.id,
            )
    log.info("[%s] started: %s, deadline %s", config.id, phase.label, live.deadline_text())
    return live
