"""Games formed by mail: opened (CREATE), joined (SIGNON ?game), mustered (CONFIRM), begun.

A game opened here keeps its entry in the store (pbem.store.lobby), made from a template of the
config (``game_templates``) or, with none named, a standard Diplomacy game. Players join with a
password of their own and may state power preferences. When every seat is taken the powers are
assigned (pbem.judge.preferences, seeded and recorded) and each player must CONFIRM within the
muster time; a seat not confirmed goes back to the forming list. When all are confirmed the game
begins like a configured one (``pbem.games.begin``). Who may open games, and how many games and
joins an address may have, is the referee's policy (``service.judge``).

The front door speaks English, as the referee's config does.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from pbem import passwords
from pbem.config import ConfigError, Game, stored_game
from pbem.deadlines import format_deadline
from pbem.english import counted, more_players
from pbem.games import GameError, NewPlayer, begin
from pbem.judge.openings import announce_opening, tell_standbys
from pbem.judge.preferences import PreferenceError, assign, read_preference
from pbem.mail.compose import Outgoing
from pbem.ruleset import SetupError, get_ruleset
from pbem.run import Run
from pbem.settings import GAME_ID
from pbem.store import OpenGame, Seat

log = logging.getLogger("pbem.judge")

#: the game a mailed CREATE opens when it names no template
DEFAULT_TEMPLATE: Mapping[str, Any] = {"ruleset": "diplomacy", "variant": "standard"}
MIN_PASSWORD = 6


# -- opening a game ------------------------------------------------------------


def may_create(run: Run, address: str, password: str) -> str | None:
    """Why ``address`` may not open a game by mail under the service's policy, or None."""
    policy = run.service.judge.create
    referee = run.service.referee
    if policy == "referee":
        if referee is None or address != referee.address or not referee.check(password):
            return (
                "refused: on this judge only the referee opens games (by mail, from the "
                "referee's address with the referee's password; or with `pbem create`)"
            )
    elif policy == "registered" and not run.store.players_by_address(address):
        return "refused: on this judge only those who play or played here open games; join one first (LIST)"
    return None


def open_game(run: Run, opener: str | None, game_id: str, password: str, template_id: str | None) -> str:
    """Open forming game ``game_id`` from ``template_id``; ``opener`` (None: the referee, by the CLI)
    becomes its master unless the service's referee opens it. The answer says what happened."""
    game_id = game_id.lower()
    if not GAME_ID.match(game_id):
        return "refused: a game's name is 1-31 letters, digits, '-' or '_', starting with a letter or digit"
    if run.game_config(game_id) is not None or run.store.open_game(game_id) is not None:
        return f"refused: there is already a game called {game_id}; choose another name"
    template = _template(run, template_id)
    if template is None:
        known = ", ".join(run.service.game_templates) or "none (a standard Diplomacy game is opened)"
        return f"refused: no game template by that name; the templates are: {known}"
    referee = run.service.referee
    entry: dict[str, Any] = {**template, "id": game_id, "players": []}
    entry.pop("name", None)
    if opener is not None and (referee is None or opener != referee.address):
        if len(password) < MIN_PASSWORD:
            return f"refused: the master's password needs at least {MIN_PASSWORD} characters"
        entry["referee"] = {"address": opener, "password_hash": passwords.hash_password(password)}
    config = _check_entry(run, entry)
    if isinstance(config, str):
        return f"refused: {config}"
    run.store.add_open_game(
        OpenGame(
            id=game_id,
            entry=entry,
            template=template_id or "diplomacy",
            status="forming",
            opened_by=opener or "referee",
            opened_at=run.now,
            seed=secrets.randbits(62),
        )
    )
    if opener is not None:
        run.store.add_join(opener, f"create {game_id}", run.now)
    log.info("game %s opened by %s (%s)", game_id, opener or "the referee", template_id or "standard")
    master = (
        "you are its master: sign on as SIGNON REFEREE " + game_id + " <password> for APPROVE, DENY "
        "and FORCE BEGIN"
        if "referee" in entry
        else "the referee is its master"
    )
    return (
        f"game {game_id} is open ({_kind(config)}, {len(seat_powers(config))} players); {master}. "
        f"Players join with SIGNON ?{game_id} <password>"
    )


def _template(run: Run, template_id: str | None) -> Mapping[str, Any] | None:
    if template_id is None:
        return DEFAULT_TEMPLATE
    for name, template in run.service.game_templates.items():
        if name.lower() == template_id.lower():
            return {key: value for key, value in template.items() if key != "id"}
    return None


def _check_entry(run: Run, entry: Mapping[str, Any]) -> Game | str:
    """The game ``entry`` describes, or what is wrong with it."""
    try:
        config = stored_game(entry, run.service.path)
        seat_powers(config)
    except ConfigError as error:
        return "; ".join(error.problems)
    except SetupError as error:
        return str(error)
    return config


def seat_powers(config: Game) -> list[str]:
    """The powers a game formed by mail seats, from its ruleset, variant and ``seats``."""
    return get_ruleset(config.ruleset).seat_names(config.variant, config.options, config.seats)


def _kind(config: Game) -> str:
    variant = "" if config.variant == "standard" else f" {config.variant}"
    return f"{config.ruleset}{variant}"


# -- joining ----------------------------------------------------------------------


def join_limits(run: Run, address: str) -> str | None:
    """Why ``address`` may not join (or open, or take over) one more game, or None."""
    judge = run.service.judge
    if judge.bans(address):
        return "refused: this address may not join games on this judge"
    if judge.joins_per_day and run.store.count_joins(address, run.now) >= judge.joins_per_day:
        return f"refused: an address joins at most {judge.joins_per_day} games a day here; try again tomorrow"
    # games, not powers: a master holds every power of a forced game that nobody plays (in civil
    # disorder, as is a power its player resigned), which is no game the address plays
    playing = {
        p.game_id
        for p in run.store.players_by_address(address)
        if not p.civil_disorder and _running(run, p.game_id)
    }
    if judge.games_per_address and len(playing) + len(run.store.seats_of(address)) >= judge.games_per_address:
        return f"refused: an address may be in at most {judge.games_per_address} games at once here"
    return None


def _running(run: Run, game_id: str) -> bool:
    row = run.store.game(game_id)
    return row is not None and row.status != "over"


def forming_game(run: Run, game_id: str, address: str, kind: str = "") -> OpenGame | str:
    """The forming game ``game_id`` names (``?``: the oldest with a free seat for ``address``, of
    ``kind`` if given: a template's name, a ruleset's or a variant's, as the Judge's ``SIGN ON ?``
    takes a variant), or why there is none to join."""
    if game_id == "?":
        for candidate in run.store.open_games("forming"):
            config = run.game_config(candidate.id)
            if (
                config
                and (not kind or kind.lower() in {candidate.template.lower(), config.ruleset, config.variant})
                and run.store.seat(candidate.id, address) is None
                and free_seats(run, candidate, config) > 0
            ):
                return candidate
        of_kind = f" of the kind '{kind}'" if kind else ""
        return (
            f"no game{of_kind} is forming just now; LIST shows the games, and STANDBY ANY puts you on "
            "the standby list"
        )
    opened = run.store.open_game(game_id.lower())
    if opened is None or opened.status in ("cancelled", "started"):
        if run.store.game(game_id.lower()) is not None:
            return (
                f"game {game_id.lower()} has begun; to take over an open power send "
                f"TAKEOVER <power> {game_id.lower()} <password> (LIST {game_id.lower()} shows openings)"
            )
        return "there is no game forming by that name; LIST shows the games forming"
    if opened.status != "forming":
        return f"game {opened.id} is full; STANDBY {opened.id} puts you on its standby list"
    return opened


def free_seats(run: Run, opened: OpenGame, config: Game) -> int:
    """How many more players the forming game ``opened`` needs."""
    return len(seat_powers(config)) - len([s for s in run.store.seats(opened.id) if s.approved])


def join(
    run: Run, address: str, game_id: str, password: str, preference: str | None, kind: str = ""
) -> tuple[str, Seat | None]:
    """SIGNON ?game password (or SIGNON ? password kind): a seat for ``address``, or (seated
    already, the password right) their seat signed on. The answer, and the seat."""
    found = forming_game(run, game_id, address, kind)
    seat = run.store.seat(found.id, address) if isinstance(found, OpenGame) else None
    if seat is not None:
        if not passwords.check_password(password, seat.password_hash):
            return "refused: you have a seat in this game, and that is not its password", None
        return f"signed on to your seat in game {seat.game_id}", seat
    if isinstance(found, str):
        return f"refused: {found}", None
    limited = join_limits(run, address)
    if limited:
        return limited, None
    if len(password) < MIN_PASSWORD:
        return f"refused: choose a password of at least {MIN_PASSWORD} characters", None
    config = run.game_config(found.id)
    assert config is not None
    powers = seat_powers(config)
    if preference:
        try:
            read_preference(preference, powers)
        except PreferenceError as error:
            return f"refused: your preference cannot be read: {error}", None
    run.store.hold_open_game(found.id)  # the last seat is counted by one join at a time
    if free_seats(run, found, config) <= 0:
        return f"refused: game {found.id} is full; STANDBY {found.id} puts you on its standby list", None
    seat = Seat(
        game_id=found.id,
        address=address.lower(),
        password_hash=passwords.hash_password(password),
        joined_at=run.now,
        preference=preference or "",
        approved=not config.approval,
        token=passwords.new_token(),
    )
    run.store.add_seat(seat)
    run.store.add_join(address, f"join {found.id}", run.now)
    if config.approval:
        _tell_master(
            run,
            found,
            config,
            f"{address} asks to join game {found.id}",
            f"{address} asks to join game {found.id}. Sign on as the game's master and send\n\n"
            f"  APPROVE {address}\n\nor\n\n  DENY {address}\n",
            key=f"ask:{found.id}:{address}",
        )
        return (
            f"your seat in game {found.id} waits for its master's approval; you will be told",
            run.store.seat(found.id, address),
        )
    left = _joined(run, found, config, address)
    return (
        f"you joined game {found.id} ({_kind(config)}); "
        + (f"{more_players(left)} needed" if left else "the game is full: see the mail that follows"),
        run.store.seat(found.id, address),
    )


def _joined(run: Run, opened: OpenGame, config: Game, address: str) -> int:
    """Tell the other members someone joined; muster the game when it is full. Seats left."""
    left = free_seats(run, opened, config)
    who = address if config.players_public else "someone"
    for seat in run.store.seats(opened.id):
        if seat.address != address and seat.approved:
            _tell_seat(
                run,
                opened,
                seat,
                f"a player joined game {opened.id}",
                f"{who} joined game {opened.id}. "
                + (f"{more_players(left)} needed." if left else "The game is full."),
                key=f"joined:{opened.id}:{address}:{run.now.isoformat()}",
            )
    if left == 0:
        muster(run, opened, config)
    return left


def set_preference(run: Run, seat: Seat, text: str) -> str:
    config = run.game_config(seat.game_id)
    assert config is not None
    powers = seat_powers(config)
    try:
        groups = read_preference(text, powers)
    except PreferenceError as error:
        return f"refused: {error}"
    if seat.power:
        return f"refused: the powers of game {seat.game_id} are assigned already"
    run.store.update_seat(seat.game_id, seat.address, preference=text)
    shown = " > ".join("[" + " ".join(group) + "]" if len(group) > 1 else group[0] for group in groups)
    return f"your preference in game {seat.game_id}: {shown or 'none (any power)'}"


def withdraw(run: Run, seat: Seat) -> str:
    opened = run.store.open_game(seat.game_id)
    if opened is None or opened.status not in ("forming", "mustering"):
        return "refused: that game has begun; RESIGN with your sign-on to it instead"
    run.store.remove_seat(seat.game_id, seat.address)
    if opened.status == "mustering":
        _back_to_forming(run, opened, f"{seat.address} withdrew")
    return f"you left game {seat.game_id}"


# -- the muster ----------------------------------------------------------------------


def muster(run: Run, opened: OpenGame, config: Game) -> None:
    """The game is full: give each unassigned seat a power (preferences, seeded), and ask every
    player to CONFIRM (or begin at once where the game needs no confirmation)."""
    seats = _assign_powers(run, opened, config)
    time = config.muster if config.muster is not None else _default_muster(run, opened)
    if not time:
        for seat in seats:
            run.store.update_seat(opened.id, seat.address, confirmed=True)
        start(run, opened.id)
        return
    until = run.now + time
    run.store.update_open_game(opened.id, status="mustering", muster_until=until)
    for seat in run.store.seats(opened.id):
        if seat.confirmed or not seat.approved:
            continue
        _tell_seat(
            run,
            opened,
            seat,
            f"game {opened.id} is full: confirm your seat",
            f"Game {opened.id} ({_kind(config)}) is full. You play {seat.power}.\n\n"
            f"Confirm your seat by {format_deadline(until, config.timezone)}: reply to this mail "
            "with the line\n\n  CONFIRM\n\nA seat not confirmed by then goes to the next player "
            "who joins. To leave instead, reply RESIGN.\n",
            key=f"muster:{opened.id}:{seat.address}:{seat.power}",
        )


def _default_muster(run: Run, opened: OpenGame) -> timedelta:
    """The service's muster time; none for the referee's own games (opened by `pbem create` or by
    the referee's CREATE), whose players the referee knows."""
    referee = run.service.referee
    if opened.opened_by == "referee" or (referee is not None and opened.opened_by == referee.address):
        return timedelta(0)
    return run.service.judge.muster


def _assign_powers(run: Run, opened: OpenGame, config: Game) -> list[Seat]:
    """Give each approved seat with no power one of the powers left (preferences, seeded); the
    approved seats. A game forced to begin has fewer players than powers: the powers nobody gets
    go to stand-ins who wish for none, so the best assignment of the players is unchanged."""
    seats = [s for s in run.store.seats(opened.id) if s.approved]
    powers = seat_powers(config)
    free = [power for power in powers if power not in {s.power for s in seats}]
    waiting = [s for s in seats if not s.power]
    wishes = {s.address: _preference(s, powers) for s in waiting}
    wishes.update({f"(no player {n})": [] for n in range(len(free) - len(waiting))})
    given = assign(wishes, free, opened.seed + len(run.store.seats(opened.id)))
    for seat in waiting:
        run.store.update_seat(opened.id, seat.address, power=given[seat.address])
    return seats


def _preference(seat: Seat, powers: list[str]) -> list[list[str]]:
    try:
        return read_preference(seat.preference, powers)
    except PreferenceError:  # checked when set; a power renamed since is no wish
        return []


def confirm(run: Run, seat: Seat) -> str:
    opened = run.store.open_game(seat.game_id)
    if opened is None or opened.status != "mustering" or not seat.power:
        return (
            f"nothing to confirm: game {seat.game_id} is not yet full"
            if opened and opened.status == "forming"
            else "nothing to confirm"
        )
    run.store.update_seat(seat.game_id, seat.address, confirmed=True)
    if all(s.confirmed for s in run.store.seats(seat.game_id) if s.approved):
        start(run, seat.game_id)
        return f"confirmed: you play {seat.power}; every seat is confirmed and game {seat.game_id} begins"
    return f"confirmed: you play {seat.power} in game {seat.game_id}; it begins when every seat is confirmed"


def start(run: Run, game_id: str, forced: bool = False) -> str:
    """Begin the mustered game: its players are the seats (a seat's chosen password and reply
    address go with it); powers with no seat (FORCE BEGIN) begin in civil disorder."""
    opened = run.store.open_game(game_id)
    config = run.game_config(game_id)
    assert opened is not None and config is not None
    seats = [s for s in run.store.seats(game_id) if s.approved and s.power]
    players = [
        NewPlayer(
            power=s.power or "",
            address=s.address,
            password_hash=s.password_hash,
            token=s.token or "",
            chosen=True,
        )
        for s in seats
    ]
    empty = [power for power in seat_powers(config) if power not in {s.power for s in seats}]
    referee = run.service.game_referee(config)
    for power in empty:  # FORCE BEGIN: an unplayed power, open for a TAKEOVER
        players.append(
            NewPlayer(
                power=power,
                address=referee.address if referee else run.service.address,
                password_hash=passwords.hash_password(passwords.new_password()),
                empty=True,
            )
        )
    entry = {
        **opened.entry,
        "players": [
            {"power": p.power, "address": p.address, "password_hash": p.password_hash} for p in players
        ],
    }
    run.store.update_open_game(game_id, entry=entry, status="started")
    try:
        live = begin(run, run.game_config(game_id) or config, players, seed=opened.seed)
    except GameError as error:
        run.store.update_open_game(game_id, entry=opened.entry, status=opened.status)
        return f"refused: {error}"
    for power in empty:  # the master's answer and the 'game started' roster name them already
        run.store.update_player(game_id, power, civil_disorder=True)
        announce_opening(run, live, power, "it had no player when the game began", referee=False)
    log.info("game %s begins%s", game_id, " (forced)" if forced else "")
    return f"game {game_id} begins" + (
        f"; {', '.join(empty)} in civil disorder, open to standbys" if empty else ""
    )


def tend_musters(run: Run) -> None:
    """Seats not confirmed in time go back to the forming list (the game waits for new joiners)."""
    for opened in run.store.open_games("mustering"):
        if opened.muster_until is not None and run.now >= opened.muster_until:
            late = [s for s in run.store.seats(opened.id) if s.approved and not s.confirmed]
            for seat in late:
                run.store.remove_seat(opened.id, seat.address)
                _tell_seat(
                    run,
                    opened,
                    seat,
                    f"your seat in game {opened.id} was given up",
                    f"You did not CONFIRM your seat in game {opened.id} in time, so it went back "
                    f"to the forming list. To play after all, join again: SIGNON ?{opened.id} "
                    "<password>.\n",
                    key=f"unconfirmed:{opened.id}:{seat.address}",
                )
            _back_to_forming(run, opened, f"{counted(len(late), 'seat')} not confirmed in time")


def next_muster_end(run: Run) -> datetime | None:
    """When ``tend_musters`` next has seats to give up: the earliest muster's end (pbem.quiet)."""
    ends = [opened.muster_until for opened in run.store.open_games("mustering") if opened.muster_until]
    return min(ends) if ends else None


def _back_to_forming(run: Run, opened: OpenGame, why: str) -> None:
    run.store.update_open_game(opened.id, status="forming", muster_until=None)
    config = run.game_config(opened.id)
    assert config is not None
    left = free_seats(run, opened, config)
    for seat in run.store.seats(opened.id):
        if seat.approved:
            _tell_seat(
                run,
                opened,
                seat,
                f"game {opened.id} waits for {more_players(left)}",
                f"Game {opened.id} is forming again ({why}): it waits for {more_players(left)}. "
                + (
                    "Your seat, power and confirmation are kept: the game begins when the new "
                    "players confirm.\n"
                    if seat.confirmed
                    else "Your seat and power are kept; you will be asked to confirm when it is full.\n"
                ),
                key=f"reforming:{opened.id}:{seat.address}:{run.now.isoformat()}",
            )
    tell_standbys(
        run,
        opened.id,
        f"game {opened.id} needs {more_players(left)}",
        f"Game {opened.id} ({_kind(config)}) needs {more_players(left)}. To join, send\n\n"
        f"  SIGNON ?{opened.id} <password>\n",
        key=f"seat-open:{opened.id}:{run.now.isoformat()}",
    )


# -- the master's commands ---------------------------------------------------------------


def master_command(run: Run, game_id: str, name: str, args: tuple[str, ...]) -> str:
    """APPROVE, DENY and FORCE BEGIN for a forming game (takeovers: pbem.judge.watchers)."""
    opened = run.store.open_game(game_id)
    config = run.game_config(game_id)
    if opened is None or config is None:
        return "no such game"
    if name in ("APPROVE", "DENY"):
        seat = run.store.seat(game_id, args[0])
        if seat is None or seat.approved:
            return f"{args[0]} does not wait for approval in game {game_id}"
        if name == "DENY":
            run.store.remove_seat(game_id, seat.address)
            _tell_seat(
                run,
                opened,
                seat,
                f"game {game_id}: not this time",
                f"The master of game {game_id} did not take your request to join.\n",
                key=f"denied:{game_id}:{seat.address}",
            )
            return f"{seat.address} denied; told"
        if free_seats(run, opened, config) <= 0:
            return f"game {game_id} is full"
        run.store.update_seat(game_id, seat.address, approved=True)
        _tell_seat(
            run,
            opened,
            seat,
            f"you joined game {game_id}",
            f"The master of game {game_id} approved your seat.\n",
            key=f"approved:{game_id}:{seat.address}",
        )
        left = _joined(run, opened, config, seat.address)
        return f"{seat.address} approved; {counted(left, 'seat')} left"
    if name == "FORCE BEGIN":
        if opened.status == "started":
            return "the game has begun"
        if opened.status == "forming" and config.ruleset != "diplomacy":
            return "refused: only a Diplomacy game begins with powers in civil disorder; wait for the muster"
        if opened.status == "forming":
            if not [s for s in run.store.seats(game_id) if s.approved]:
                return "refused: nobody has joined"
            _assign_powers(run, opened, config)  # no muster: the master begins the game now
        return start(run, game_id, forced=True)
    return "not a command for a forming game"


# -- mail ------------------------------------------------------------------------------------


def _tell_seat(run: Run, opened: OpenGame, seat: Seat, subject: str, text: str, key: str) -> None:
    """A notice to a seat's address; replying to it signs on to the seat (its token)."""
    run.queue(
        Outgoing(
            to=seat.address,
            subject=f"[{opened.id}] {subject}",
            text=text,
            reply_to=run.token_address(seat.token) if seat.token else None,
        ),
        kind="notice",
        dedup_key=key,
        game_id=opened.id,
    )


def _tell_master(run: Run, opened: OpenGame, config: Game, subject: str, text: str, key: str) -> None:
    referee = run.service.game_referee(config)
    if referee is not None:
        run.queue(
            Outgoing(to=referee.address, subject=f"[{opened.id}] {subject}", text=text),
            kind="referee",
            dedup_key=key,
            game_id=opened.id,
        )
