"""Observers, standbys and takeovers: who watches a game, and who fills a power left empty.

An observer (OBSERVE game; UNOBSERVE or SIGNOFF game ends it) gets what the public archive shows,
as it happens: each phase's public report (the PUBLIC view: results, the map) and broadcast
press; never a private message or anything a power alone may see. A standby (STANDBY game, or
ANY) is mailed when a power of the game is left without a player: resigned, abandoned after the
game's NMR limit, or empty when the game was forced to begin. ``TAKEOVER power game password``
then gives the power to the first who asks (or, in a game with ``approval``, to the one the
referee approves): the outgoing player is told, the newcomer gets the position, their
predecessor's orders in effect, a fresh reply address, and at least the game's minimum time
before the deadline.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from pbem import passwords
from pbem.config import check_secret
from pbem.judge.openings import openings
from pbem.mail.compose import Outgoing
from pbem.run import LiveGame, Run
from pbem.store import Seat

log = logging.getLogger("pbem.judge")

#: a newcomer has at least this long (or the phase's whole length, if shorter) to send orders
TAKEOVER_TIME = timedelta(hours=24)


def observe(run: Run, address: str, game_id: str, on: bool, password: str = "") -> str:
    game_id = game_id.lower()
    config = run.game_config(game_id)
    if config is None:
        return "refused: there is no game by that name; LIST shows the games"
    if on and config.observe_password is not None and not check_secret(password, config.observe_password, ""):
        return f"refused: game {game_id} is private: OBSERVE {game_id} <the password its referee gave you>"
    if on and run.service.judge.bans(address):
        return "refused: this address may not watch games on this judge"
    if not on:
        gone = run.store.remove_watcher(game_id, address, "observer")
        return f"you no longer observe game {game_id}" if gone else f"you did not observe game {game_id}"
    run.store.add_watcher(game_id, address, "observer", run.now)
    return (
        f"you observe game {game_id}: you get its public results and broadcast press as they "
        f"happen. UNOBSERVE {game_id} (or SIGNOFF {game_id}) ends it"
    )


def sign_off(run: Run, address: str, game_id: str) -> str:
    """SIGNOFF <game>: the Judge's way out of a game's mail. An observer's observation ends, as
    with UNOBSERVE; a player (or a seat of a forming game) keeps their power: a word many write
    to end a mail must never give one up, and RESIGN is how a player leaves."""
    game_id = game_id.lower()
    plays = any(
        player.game_id == game_id and not player.civil_disorder
        for player in run.store.players_by_address(address)
    )
    seated = any(seat.game_id == game_id for seat in run.store.seats_of(address))  # forming games'
    if plays or seated:
        return (
            f"you play in game {game_id}, and SIGNOFF does not take you out of it (it ends your "
            "mail); a player leaves a game with RESIGN, signed on to it"
        )
    return observe(run, address, game_id, on=False)


def standby(run: Run, address: str, game_id: str, on: bool) -> str:
    game = "*" if game_id.upper() == "ANY" else game_id.lower()
    if game != "*" and run.game_config(game) is None:
        return "refused: there is no game by that name; LIST shows the games"
    if on and run.service.judge.bans(address):
        return "refused: this address may not join games on this judge"
    where = "any game" if game == "*" else f"game {game}"
    if not on:
        gone = run.store.remove_watcher(game, address, "standby")
        return (
            f"you are off the standby list of {where}"
            if gone
            else f"you were not on the standby list of {where}"
        )
    run.store.add_watcher(game, address, "standby", run.now)
    return f"you are on the standby list of {where}: you will be mailed when a power needs a player"


def takeover(run: Run, live: LiveGame, address: str, power: str, password: str) -> str:
    """TAKEOVER: the open ``power`` given to ``address`` (or held for the referee's APPROVE)."""
    from pbem.intake.powers import find_power
    from pbem.judge.forming import MIN_PASSWORD, join_limits

    found = find_power(power, openings(live))
    if found is None:
        open_now = ", ".join(openings(live)) or "none"
        return f"refused: that power is not open in game {live.id}; open powers: {open_now}"
    if any(player.address == address for player in live.players):
        return f"refused: you play in game {live.id} already"
    limited = join_limits(run, address)
    if limited:
        return limited
    if len(password) < MIN_PASSWORD:
        return f"refused: choose a password of at least {MIN_PASSWORD} characters"
    hashed = passwords.hash_password(password)
    if live.config.approval:
        run.store.remove_seat(live.id, address)
        run.store.add_seat(
            Seat(
                game_id=live.id,
                address=address,
                password_hash=hashed,
                joined_at=run.now,
                approved=False,
                power=found,
            )
        )
        run.tell_referee(
            live,
            f"{address} asks to take over {found}",
            f"{address} asks to take over {found} in game {live.id}. Sign on as referee and "
            f"send APPROVE {address} (or DENY {address}).\n",
            dedup_key=f"takeover-ask:{live.id}:{found}:{address}",
        )
        return f"your takeover of {found} waits for the referee's approval; you will be told"
    run.store.add_join(address, f"takeover {live.id} {found}", run.now)
    return give_power(run, live, found, address, hashed)


def give_power(run: Run, live: LiveGame, power: str, address: str, password_hash: str) -> str:
    """Seat ``address`` at ``power``: a fresh reply address, the outgoing player told, the deadline
    moved so the newcomer has time, and their welcome with the orders in effect."""
    from pbem.turns.adjudication import new_deadline
    from pbem.turns.seats import welcome

    old = live.player(power)
    assert old is not None
    run.store.update_player(
        live.id,
        power,
        address=address.lower(),
        password_hash=password_hash,
        token=passwords.new_token(),
        civil_disorder=False,
        nmr_streak=0,
    )
    referee = run.service.game_referee(live.config)
    held = referee is not None and old.address == referee.address  # a power nobody played yet
    if old.address != address.lower() and not held:
        run.queue(
            Outgoing(
                to=old.address,
                subject=f"[{live.id}] {power} has a new player",
                text=f"{power} in game {live.id} has been taken over by a new player. "
                "Thank you for playing.\n",
            ),
            kind="notice",
            dedup_key=f"taken-over:{live.id}:{power}:{address}",
            game_id=live.id,
        )
    shortest = min(TAKEOVER_TIME, live.config.deadline_rule(live.phase.kind).duration)
    deadline = live.row.deadline
    if deadline is not None and live.row.status == "running" and deadline < run.now + shortest:
        new_deadline(run, live.id, run.now + shortest)
    fresh = run.live(live.id)
    assert fresh is not None
    player = fresh.player(power)
    assert player is not None
    stored = run.store.order_set(live.id, live.phase.id, power)
    welcome(
        run,
        fresh,
        player,
        None,
        replacing=old.address,
        orders_in_effect=stored.orders() if stored else [],
        chosen_password=True,
    )
    run.store.remove_watcher(live.id, address, "standby")
    run.tell_referee(
        live,
        f"{power} taken over",
        f"{address} took over {power} in game {live.id}.\n",
        dedup_key=f"took-over:{live.id}:{power}:{address}",
    )
    log.info("[%s] %s taken over by %s", live.id, power, address)
    return (
        f"you play {power} in game {live.id}: your welcome, with the position and the orders in "
        f"effect, follows; deadline {fresh.deadline_text()}"
    )


def approve_takeover(run: Run, live: LiveGame, address: str, approve: bool) -> str | None:
    """The referee's APPROVE/DENY of a held takeover; None if ``address`` holds none."""
    seat = run.store.seat(live.id, address)
    if seat is None or seat.approved or not seat.power:
        return None
    run.store.remove_seat(live.id, address)
    if not approve:
        run.queue(
            Outgoing(
                to=address,
                subject=f"[{live.id}] takeover not approved",
                text=f"The referee of game {live.id} did not approve your takeover of {seat.power}.\n",
            ),
            kind="notice",
            dedup_key=f"takeover-denied:{live.id}:{address}",
            game_id=live.id,
        )
        return f"{address} denied; told"
    if seat.power not in openings(live):
        return f"{seat.power} is no longer open"
    run.store.add_join(address, f"takeover {live.id} {seat.power}", run.now)
    give_power(run, live, seat.power, address, seat.password_hash)  # its answer is the newcomer's
    return f"{address} approved: they play {seat.power} now, and have their welcome"
