"""Notices to every player of a game (a pause, a moved deadline, a changed setting)."""

from __future__ import annotations

from pbem.run import LiveGame, Run


def tell_players(run: Run, live: LiveGame, subject: str, text: str, key: str) -> None:
    """Queue the same notice to every player of ``live``, once per ``key``."""
    for player in run.store.players(live.id):
        run.tell(player, subject, text, kind="notice", key=f"{key}:{live.id}:{player.power}")
