"""Who sent a mail and for which game: never From alone.

A mail authenticates in one of two ways, as players of the Judge and of
diplicity know them:

* a ``SIGNON <power> <game> <password>`` line (or ``GAME x POWER y PASSWORD z``);
* the player's own secret address ``judge+TOKEN@domain`` as a recipient, which
  only that player was told (it is the Reply-To of everything mailed to them).

The game can also come from ``[game]`` in the subject or ``judge+GAME@domain``.
The referee signs on as ``SIGNON REFEREE <game> <password>`` and must also
write from the referee's address.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from pbem import passwords
from pbem.config import Service
from pbem.entries import game_config
from pbem.i18n import _
from pbem.intake.commands import Mail
from pbem.intake.locks import lock_ends
from pbem.intake.powers import find_power
from pbem.mail.message import Incoming
from pbem.store import PlayerRow, Store

REFEREE_NAMES = {"REFEREE", "MASTER", "GM"}
_SUBJECT_GAME = re.compile(r"\[([A-Za-z0-9][A-Za-z0-9_-]{0,30})\]")


@dataclass
class Identity:
    """What intake knows about a mail's sender after checking its credentials."""

    game_id: str | None = None
    player: PlayerRow | None = None  # the authenticated player
    referee: bool = False  # the authenticated referee of game_id
    via: str = ""  # "password" or "token"
    #: why the sender is not authenticated, told to them (or to the registered address);
    #: a pbem.i18n Message, written in the game's language where the game is known
    problem: str = ""
    #: a player whose registered address must hear of this mail instead of the sender
    warn_player: PlayerRow | None = None
    #: notices for registered addresses, e.g. a sign-on from another address
    notices: list[tuple[PlayerRow, str]] = field(default_factory=list)
    #: (game, power or REFEREE) a password was tried for: pbem.intake.guesses limits those
    tried: tuple[str, str] | None = None
    #: the sender is not the address of the seat it signed on as: it gets a receipt that is the
    #: same whatever the password was, and the answer goes to the seat's address (guesses)
    quiet: bool = False


def plus_part(address: str, service_address: str) -> str | None:
    """'tok' for 'judge+tok@domain' when the service is 'judge@domain'."""
    local, _, domain = address.partition("@")
    base_local, _, base_domain = service_address.partition("@")
    if domain != base_domain or "+" not in local:
        return None
    base, _, plus = local.partition("+")
    return plus.lower() if base == base_local and plus else None


def held_game(incoming: Incoming, mail: Mail, service: Service, store: Store) -> str | None:
    """The game a mail is for whose config entry is broken (set aside, ``Service.broken``), if any:
    by the player's secret address, ``judge+GAME@``, ``[game]`` in the subject, or its SIGNON."""
    named: list[str] = []
    for recipient in incoming.recipients:
        plus = plus_part(recipient, service.address)
        if plus is not None:
            player = store.player_by_token(plus)
            named.append(player.game_id if player is not None else plus)
    named.extend(match.lower() for match in _SUBJECT_GAME.findall(incoming.subject))
    if mail.signon is not None:
        named.append(mail.signon.game.lower())
    return next((game_id for game_id in named if game_id in service.broken), None)


def identify(
    incoming: Incoming, mail: Mail, service: Service, store: Store, now: datetime | None = None
) -> Identity:
    """Work out the game and the authenticated sender of ``incoming``. A password sign-on
    locked at ``now`` (pbem.intake.locks) is refused unchecked: pbem.intake.guesses says why."""
    identity = Identity()
    for recipient in incoming.recipients:
        plus = plus_part(recipient, service.address)
        if plus is None:
            continue
        player = store.player_by_token(plus)
        if player is not None:
            identity.game_id, identity.player, identity.via = player.game_id, player, "token"
        elif game_config(service, store, plus) is not None:
            identity.game_id = plus
    match = _SUBJECT_GAME.search(incoming.subject)
    if identity.game_id is None and match and game_config(service, store, match[1].lower()):
        identity.game_id = match[1].lower()
    signon = mail.signon
    if signon is None:
        if identity.player is None:
            _unauthenticated(identity, incoming, store)
        return identity
    game_id = signon.game.lower()
    refereeing = signon.power.upper() in REFEREE_NAMES
    if game_config(service, store, game_id) is None or (store.game(game_id) is None and not refereeing):
        identity.game_id = None
        identity.player = None
        identity.problem = (
            _(
                "there is no running game called {game!r}. Check the game name in your "
                "SIGNON line (SIGNON <power> <game> <password>).",
                game=signon.game,
            )
            if _plays_here(incoming, store)
            else _(
                "there is no running game by the name in your SIGNON line. Check it (SIGNON <power> "
                "<game> <password>); LIST shows the games open to join."
            )
        )
        return identity
    identity.game_id = game_id
    if signon.power.upper() in REFEREE_NAMES:
        locked = now is not None and lock_ends(store, now, game_id, "REFEREE", incoming.sender) is not None
        return _referee(identity, incoming, service, store, game_id, "" if locked else signon.password)
    player = store.player(game_id, signon.power) or _player_named(store, game_id, signon.power)
    if player is None:
        powers = ", ".join(p.power for p in store.players(game_id))
        identity.player = None
        identity.problem = (
            _(
                "game {game} has no power called {power!r}; its powers are {powers}.",
                game=game_id,
                power=signon.power,
                powers=powers,
            )
            if _plays_here(incoming, store)
            else _(
                "game {game} has no power by the name in your SIGNON line; its powers are {powers}.",
                game=game_id,
                powers=powers,
            )
        )
        return identity
    identity.tried = (game_id, player.power)
    locked = now is not None and lock_ends(store, now, game_id, player.power, incoming.sender) is not None
    if locked or not passwords.check_password(signon.password, player.password_hash):
        identity.player = None
        identity.warn_player = player
        identity.problem = _(
            "a mail from {sender} signed on as {power} in game {game} with a wrong password, "
            "so it was not accepted.",
            sender=incoming.sender or _("an unknown sender"),
            power=player.power,
            game=game_id,
        )
        return identity
    identity.player, identity.via = player, "password"
    if incoming.sender and incoming.sender != player.address:
        identity.notices.append(
            (
                player,
                _(
                    "Orders for {power} in game {game} were signed on with your password from "
                    "{sender}, and accepted. If that was not you, ask the referee for a new password.",
                    power=player.power,
                    game=game_id,
                    sender=incoming.sender,
                ),
            )
        )
    return identity


def _plays_here(incoming: Incoming, store: Store) -> bool:
    """Whether the sender plays a game here: only then is a word of their SIGNON line quoted back.
    A stranger's words never are, since a forged sender would make the judge a reflector of
    someone else's text (pbem.intake.frontdoor)."""
    return bool(incoming.sender and store.players_by_address(incoming.sender))


def _player_named(store: Store, game_id: str, name: str) -> PlayerRow | None:
    """The player of the power ``name`` means, written with "_" or "-" for its spaces."""
    players = store.players(game_id)
    power = find_power(name, [player.power for player in players])
    return next((player for player in players if player.power == power), None)


def _unauthenticated(identity: Identity, incoming: Incoming, store: Store) -> None:
    known = [
        p
        for p in store.players_by_address(incoming.sender)
        if identity.game_id is None or p.game_id == identity.game_id
    ]
    if known:
        identity.warn_player = known[0] if len(known) == 1 else None
        identity.problem = _(
            "your mail has no sign-on, so nothing in it was acted on. Start your orders with "
            "SIGNON <power> <game> <password>, or reply to a mail from this game master "
            "(its reply address signs you on by itself)."
        )
    else:
        identity.problem = _(
            "this is a play-by-email game master, and your address is not one of its players'. "
            "If you play here, start your mail with SIGNON <power> <game> <password>. "
            "Send HELP with a sign-on to learn the commands."
        )


def _referee(
    identity: Identity, incoming: Incoming, service: Service, store: Store, game_id: str, password: str
) -> Identity:
    game = game_config(service, store, game_id)
    assert game is not None
    referee = service.game_referee(game)
    identity.tried = (game_id, "REFEREE")
    if referee is None or incoming.sender != referee.address or not password or not referee.check(password):
        identity.problem = _(
            "the referee sign-on for game {game} was refused: referee commands need the "
            "referee's password and must come from the referee's address.",
            game=game_id,
        )
        identity.game_id = game_id
        return identity
    identity.referee = True
    identity.via = "password"
    return identity
