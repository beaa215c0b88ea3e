"""Notices: to every player of a game (a pause, a moved deadline, a changed setting), to one
power's player from a template, or to one address that is not (yet, or any more) a player's."""

from __future__ import annotations

from typing import Any

from pbem.mail.compose import Outgoing
from pbem.run import LiveGame, Run
from pbem.store import PlayerRow


def tell_players(run: Run, live: LiveGame, subject: str, text: str, key: str) -> None:
    """Queue the same notice to every player of ``live``, once per ``key``."""
    for player in run.store.players(live.id):
        tell_player(run, live, player, subject, text, key)


def tell_player(run: Run, live: LiveGame, player: PlayerRow, subject: str, text: str, key: str) -> None:
    """Queue a notice to one player of ``live``, once per ``key`` and player."""
    run.tell(player, subject, text, kind="notice", key=f"{key}:{live.id}:{player.power}")


def tell_power(
    run: Run,
    live: LiveGame,
    power: str,
    subject: str,
    template: str,
    /,
    *,
    kind: str,
    key: str,
    **context: Any,
) -> None:
    """Queue the player of ``power``, if it has one, a mail written by ``template``, which is
    given the game and its phase besides ``context``; once per ``key``."""
    player = live.player(power)
    if player is None:
        return
    text = run.templates.text(template, game=live.summary(), phase=live.phase.label, **context)
    run.tell(player, subject, text, kind=kind, key=key)


def tell_address(
    run: Run, live: LiveGame, address: str, subject: str, text: str, key: str, reply_to: str | None = None
) -> None:
    """Queue a notice about ``live`` to ``address``, once per ``key``."""
    run.queue(
        Outgoing(to=address, subject=f"[{live.id}] {subject}", text=text, reply_to=reply_to),
        kind="notice",
        dedup_key=key,
        game_id=live.id,
    )
