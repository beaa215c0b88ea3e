"""A player's commands that ask about the game or change their own seat: WHOGAME, SUMMARY,
GET MAP, SET PASSWORD, SET ADDRESS, CONFIRM ADDRESS, RESIGN, and the player's mail settings
(SET MAP, SET FORMAT). Orders and READY are in
``orders``; press, votes and absences have modules of their own."""

from __future__ import annotations

from typing import Any

from pbem.i18n import _
from pbem.intake.commands import Command
from pbem.run import LiveGame, Run
from pbem.site import published
from pbem.store import PlayerRow
from pbem.turns import history, seats

COMMANDS = frozenset(
    {
        "WHOGAME",
        "SUMMARY",
        "GET MAP",
        "SET PASSWORD",
        "SET ADDRESS",
        "CONFIRM ADDRESS",
        "RESIGN",
        "SET MAP",
        "SET FORMAT",
    }
)


def player_command(run: Run, live: LiveGame, player: PlayerRow, command: Command, row: dict[str, Any]) -> str:
    """Carry out one of ``COMMANDS`` for ``player``; the answer for the reply. ``row`` is the
    stored message (its id keys the mails a command sends; its sender confirms an address)."""
    name = command.name
    if name == "WHOGAME":
        return seats.whogame(live)
    if name == "SUMMARY":
        return history.summary(run, live)
    if name == "GET MAP":
        return history.send_map(run, live, player, row["id"])
    player = run.store.player(live.id, player.power) or player  # earlier lines may have changed it
    if name == "SET PASSWORD":
        return seats.set_password(run, live, player, command.args[0])
    if name == "SET ADDRESS":
        return seats.set_address(run, live, player, command.args[0], row["id"])
    if name in {"SET MAP", "SET FORMAT"}:
        return set_mail_setting(run, live, player, name, command.args[0])
    if name == "CONFIRM ADDRESS":
        return seats.confirm_address(run, live, player, command.args[0], row["sender"] or "")
    return seats.resign(run, live, player)


def set_mail_setting(run: Run, live: LiveGame, player: PlayerRow, name: str, value: str) -> str:
    """SET MAP INLINE|ATTACHED|OFF|LINK, SET FORMAT TEXT|HTML: how this player's mail is written
    from now on (``pbem.run.Run.tell``, ``pbem.mail.compose``), whatever the game's default. LINK
    (no picture; the results link their phase's page) only where the game has a site to link to."""
    if (
        name == "SET MAP"
        and value == "LINK"
        and not published.links_pages(run.service, live.config, player.power)
    ):
        return _(
            "refused: game {game} has no web site to link to; choose SET MAP INLINE, ATTACHED or OFF",
            game=live.id,
        )
    if name == "SET MAP":
        run.store.update_player(live.id, player.power, map=value.lower())
        return {
            "INLINE": _("done: the map is shown in your reports"),
            "ATTACHED": _("done: the map comes attached to your reports"),
            "OFF": _("done: your reports come without the map"),
            "LINK": _("done: your reports link to the map on the game's site instead of showing it"),
        }[value]
    run.store.update_player(live.id, player.power, mail_format=value.lower())
    return (
        _("done: your mail comes as plain text only")
        if value == "TEXT"
        else _("done: your mail comes as text and HTML")
    )
