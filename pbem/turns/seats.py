"""Who plays which power: the welcome mail, a power given to a new player, and a player's own
seat (WHOGAME, SET PASSWORD, SET ADDRESS and its confirmation, RESIGN)."""

from __future__ import annotations

import hmac
from html import escape

from pbem import maps, passwords
from pbem.i18n import _
from pbem.intake.commands import offered
from pbem.judge.openings import announce_opening
from pbem.run import LiveGame, Run
from pbem.store import PlayerRow
from pbem.turns.notices import tell_address


def welcome(
    run: Run,
    live: LiveGame,
    player: PlayerRow,
    password: str | None,
    replacing: str | None = None,
    orders_in_effect: list[str] | None = None,
    chosen_password: bool = False,
) -> None:
    """Queue ``player``'s welcome: power, password, reply address and how to order, who plays
    the other powers (where the game makes it public) and the map; a newcomer taking over also
    gets the orders their predecessor left in effect. HELP CARDS is offered only where there
    are cards."""
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
        commands=offered(live.ruleset.cards),
        replacing=replacing,
        orders_in_effect=orders_in_effect,
        chosen_password=chosen_password,
        roster=whogame(live, header=False) if live.config.players_public else None,
    )
    # the map of the position as the player may see it, where the game has one (pbem.maps); a
    # password that HTML escapes (a chosen one with & or <) would outlive the redaction of the
    # sent copy in the HTML part, so that welcome goes as text alone
    html = None
    if maps.has_picture(live.row.ruleset) and escape(password or "") == (password or ""):
        html = run.templates.html("mail/welcome.html.j2", game=live.summary(), text=text, view=view)
    run.tell(
        player,
        live.say(_("welcome: you play {power}", power=player.power)),
        text,
        html=html,
        kind="welcome",
        key=f"welcome:{live.id}:{player.power}:{player.token}",
        secret=password or "",
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
        former_addresses=[],  # the new player's are not the old one's
    )
    updated = run.store.player(live.id, player.power)
    assert updated is not None
    welcome(run, live, updated, password, replacing=player.address)
    tell_address(
        run,
        live,
        player.address,
        live.say(_("you have been replaced")),
        live.say(
            _(
                "The referee has given {power} in game {game} to another player. Thank you for playing.",
                power=player.power,
                game=live.id,
            )
        ),
        key=f"replaced:{live.id}:{player.power}:{run.now.isoformat()}",
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


# -- a player's own seat: WHOGAME, SET PASSWORD, SET ADDRESS, RESIGN ---------------


def whogame(live: LiveGame, header: bool = True) -> str:
    """WHOGAME: who plays which power; addresses only where the game makes them public. Without
    its ``header`` (the game, its rules and phase: the welcome says them already), the roster."""
    game = f"{live.row.ruleset} {live.row.variant}"
    lines = [
        live.say(
            _(
                "Game {game} ({name}): {rules}, {phase}",
                game=live.id,
                name=live.config.name,
                rules=game,
                phase=live.phase.label,
            )
        )
    ][: 1 if header else 0]
    for player in live.players:
        state = live.say(_(" (civil disorder)")) if player.civil_disorder else ""
        who = player.address if live.config.players_public else live.say(_("played"))
        lines.append(f"  {player.power:<12} {who}{state}")
    if not live.config.players_public:
        lines.append(live.say(_("(This game keeps its players' addresses private.)")))
    return "\n".join(lines)


def set_password(run: Run, live: LiveGame, player: PlayerRow, password: str) -> str:
    """SET PASSWORD <new>: the new password signs on from now on, and a new reply address: who
    stole the old password may have the old reply address too (the mails it is in)."""
    names = [live.id, live.config.name, player.address.partition("@")[0], *(p.power for p in live.players)]
    weakness = passwords.weakness(password, names)
    if weakness is not None:
        return {
            "short": _("refused: a password needs at least {n} characters", n=passwords.MIN_LENGTH),
            "repeated": _("refused: a password of one character repeated is guessed at once; choose another"),
            "sequence": _("refused: a run of characters in order is guessed at once; choose another"),
            "name": _(
                "refused: the game's name, a power's, your address or a word such as 'password' "
                "is guessed at once; choose another"
            ),
        }[weakness]
    run.store.update_player(
        live.id, player.power, password_hash=passwords.hash_password(password), token=passwords.new_token()
    )
    changed = run.store.player(live.id, player.power)
    assert changed is not None
    return _(
        "your password is changed; sign on with the new one from now on. Your reply address is "
        "new too: {address} (the old one no longer signs you on)",
        address=run.reply_address(changed),
    )


def address_code(player: PlayerRow, address: str) -> str:
    """The code that confirms moving ``player`` to ``address``: derived from the player's secret
    token, so only a mail sent to ``address`` can carry it, and no state waits in the store."""
    return passwords.keyed_digest(player.token, f"{player.game_id}:{player.power}:{address.lower()}")[:10]


def set_address(run: Run, live: LiveGame, player: PlayerRow, address: str, row_id: int) -> str:
    """SET ADDRESS <address>: ask the new address to confirm; nothing changes until it does.

    The address may be mistyped, so the mail to it carries nothing that acts for the player: it
    is not from the player's reply address, and its code confirms only in a mail from that
    address signed on as the player (``confirm_address``)."""
    address = address.lower()
    if address == player.address:
        return _("{address} is already your address", address=address)
    taken = next((p for p in live.players if p.address == address), None)
    if taken is not None:
        return _("refused: {address} plays {power} in this game", address=address, power=taken.power)
    tell_address(
        run,
        live,
        address,
        live.say(_("confirm your new address for {power}", power=player.power)),
        live.say(
            _(
                "The player of {power} in game {game} ({name}) asked to receive the game's mail at this "
                "address, {address}, instead of {old}.\n\n"
                "To confirm, reply to this mail from this address with your sign-on and this code:\n\n"
                "  SIGNON {power} {game} <your password>\n"
                "  CONFIRM ADDRESS {code}\n\n"
                "The code alone confirms nothing. If you did not ask for this, ignore this mail: "
                "nothing changes.",
                power=player.power,
                game=live.id,
                name=live.config.name,
                address=address,
                old=player.address,
                code=address_code(player, address),
            )
        ),
        key=f"address:{row_id}:{player.power}",
    )
    return _(
        "a confirmation was sent to {address}; your address changes when you answer it from there, "
        "signed on with your password (until then the game's mail still comes here)",
        address=address,
    )


def confirm_address(run: Run, live: LiveGame, player: PlayerRow, code: str, sender: str) -> str:
    """CONFIRM ADDRESS <code>, sent from the new address in a mail signed on as the player (as
    every command is): the change is made. The code proves the mail to the new address was read;
    the sign-on, that its reader is the player."""
    sender = sender.lower()
    if not sender or sender == player.address:
        return _("refused: send CONFIRM ADDRESS from the new address, in reply to the mail that asked for it")
    if not hmac.compare_digest(code.lower(), address_code(player, sender)):
        return _(
            "refused: that code does not confirm {address} for {power}; send SET ADDRESS again",
            address=sender,
            power=player.power,
        )
    old = player.address
    former = [address for address in player.former_addresses if address != sender] + [old]
    run.store.update_player(live.id, player.power, address=sender, former_addresses=former)
    tell_address(
        run,
        live,
        old,
        live.say(_("your address for {power} has changed", power=player.power)),
        live.say(
            _(
                "From now on the mail of {power} in game {game} goes to {address}, as you asked. "
                "If you did not, tell the referee at once.",
                power=player.power,
                game=live.id,
                address=sender,
            )
        ),
        key=f"address-changed:{live.id}:{player.power}:{sender}:{run.now.isoformat()}",
    )
    run.tell_referee(
        live,
        f"{player.power} has a new address",
        f"{player.power} in game {live.id} moved from {old} to {sender} (confirmed from {sender}).",
        dedup_key=f"address-referee:{live.id}:{player.power}:{sender}:{run.now.isoformat()}",
    )
    return _("confirmed: the mail of {power} now goes to {address}", power=player.power, address=sender)


def resign(run: Run, live: LiveGame, player: PlayerRow) -> str:
    """RESIGN: the power falls into civil disorder (the rules' default orders) until the referee
    gives it a new player with REPLACE; the referee is told."""
    if live.row.status == "over":
        return _("the game is over")
    if player.civil_disorder:
        return _("{power} is already in civil disorder; the referee has been told", power=player.power)
    run.store.update_player(live.id, player.power, civil_disorder=True)
    who = player.address if live.config.players_public else "its player"  # an anonymous game's stay unnamed
    announce_opening(run, live, player.power, f"{who} resigned")
    return _(
        "you have resigned: {power} is in civil disorder until someone takes it over (the "
        "standby list and the referee have been told). Thank you for playing.",
        power=player.power,
    )
