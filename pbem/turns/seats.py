"""Who plays which power: the welcome mail, and a power given to a new player."""

from __future__ import annotations

from pbem import passwords
from pbem.intake.commands import PLAYER_COMMANDS
from pbem.mail.compose import Outgoing
from pbem.run import LiveGame, Run
from pbem.store import PlayerRow


def welcome(
    run: Run, live: LiveGame, player: PlayerRow, password: str | None, replacing: str | None = None
) -> None:
    """Queue ``player``'s welcome: power, password, reply address and how to order."""
    view = live.ruleset.view(live.state, [], player.power)
    orders_help = run.templates.text(
        f"{live.row.ruleset}/orders.txt.j2", game=live.summary(), power=player.power, view=view
    )
    text = run.templates.text(
        "mail/welcome.txt.j2",
        game=live.summary(),
        power=player.power,
        password=password,
        reply_address=run.reply_address(player),
        service_address=run.service.address,
        phase=live.phase.label,
        deadline=live.deadline_text(),
        orders_help=orders_help,
        commands=PLAYER_COMMANDS,
        replacing=replacing,
    )
    run.tell(
        player,
        f"welcome: you play {player.power}",
        text,
        kind="welcome",
        key=f"welcome:{live.id}:{player.power}:{player.token}",
    )


def replace_player(run: Run, live: LiveGame, power: str, address: str) -> str:
    player = live.player(power)
    if player is None:
        return seat_player(run, live, power, address)
    password = passwords.new_password()
    token = passwords.new_token()
    run.store.update_player(
        live.id,
        player.power,
        address=address.lower(),
        password_hash=passwords.hash_password(password),
        token=token,
        civil_disorder=False,
        nmr_streak=0,
    )
    updated = run.store.player(live.id, player.power)
    assert updated is not None
    welcome(run, live, updated, password, replacing=player.address)
    run.queue(
        Outgoing(
            to=player.address,
            subject=f"[{live.id}] you have been replaced",
            text=f"The referee has given {player.power} in game {live.id} to another "
            "player. Thank you for playing.",
        ),
        kind="notice",
        dedup_key=f"replaced:{live.id}:{player.power}:{run.now.isoformat()}",
        game_id=live.id,
    )
    return f"{player.power} now played by {address}; welcome with a new password sent"


def seat_player(run: Run, live: LiveGame, power: str, address: str) -> str:
    """Give ``address`` a power in the game that has no player yet: one the rules made a player
    power during the game (a Mandate of Heaven neutral grown to three centres). It goes to
    someone new to the game: never to an address that plays, or played, another power in it."""
    open_seats = [p for p in (*live.phase.survivors, *live.phase.may_order) if live.player(p) is None]
    seat = next((p for p in open_seats if p.lower() == power.lower()), None)
    if seat is None:
        powers = [p.power for p in live.players] + list(dict.fromkeys(open_seats))
        return f"refused: no power {power!r}; the powers are {', '.join(powers)}"
    address = address.lower()
    taken = next((p for p in live.players if p.address == address), None)
    if taken is not None:
        return (
            f"refused: {address} plays {taken.power} in this game; {seat} goes to a player new to "
            "the game (no one already in it, nor anyone eliminated from it)"
        )
    password = passwords.new_password()
    player = PlayerRow(
        game_id=live.id,
        power=seat,
        address=address,
        password_hash=passwords.hash_password(password),
        token=passwords.new_token(),
    )
    run.store.add_player(player)
    welcome(run, live, player, password)
    return f"{seat} now played by {address}; welcome with a new password sent"
