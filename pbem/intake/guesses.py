"""Password guesses are limited, and a stranger learns nothing from the answer.

A ``SIGNON <power> <game> <password>`` by mail could be tried again and again: 150 wrong
passwords, then the right one. So every refused password sign-on is counted (the
signon_failures table, ``pbem.store.attempts``), per power and per sender address:

* ``locks.PER_POWER`` (5) refused in an hour lock password sign-ons as that power (or as its
  referee), from anyone;
* ``locks.PER_SENDER`` (10) refused in an hour lock password sign-ons from that address, as anyone.

A lock lasts until fewer than that many refusals fall in the last hour, and a sign-on tried
while locked is refused unchecked (identity asks ``pbem.intake.locks`` before it checks a
password), right password or not, and counted too: someone who keeps
guessing keeps it locked, and gets no answer that says whether a password was right. The
player's secret reply address still signs them on, so a lock never shuts a player out. The
registered address and the referee hear of a lock once a day at most.

A mail that signs on from another address than the seat's gets a receipt that is the same
whatever the password was (right, wrong, or locked); the answer itself goes to the seat's
registered address. Only the registered address learns whether a password was right.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pbem import i18n
from pbem.i18n import _
from pbem.intake.bilingual import in_both
from pbem.intake.identity import Identity
from pbem.intake.locks import PER_POWER, PER_SENDER, WINDOW, lock_ends
from pbem.mail.compose import Outgoing
from pbem.mail.message import Incoming
from pbem.run import Run, format_utc
from pbem.store import PlayerRow

REFEREE = "REFEREE"


def limited(run: Run, row_id: int, incoming: Incoming, identity: Identity) -> Identity:
    """``identity`` as the guess limits leave it: a password sign-on refused while locked,
    every refused one counted (and a lock it starts told), a sender that is not the seat's
    address marked ``quiet``."""
    if identity.tried is None:
        return identity
    game_id, power = identity.tried
    sender = (incoming.sender or "").lower()
    seat = run.store.player(game_id, power) if power != REFEREE else None
    identity.quiet = seat is not None and sender != seat.address
    locked_until = lock_ends(run.store, run.now, game_id, power, sender)
    accepted = identity.player is not None or identity.referee
    if accepted and locked_until is None:
        return identity
    # a referee sign-on from another address than the referee's had no password checked: it
    # counts against its sender only, or anyone could lock the referee out
    counted = "" if power == REFEREE and sender != _referee_address(run, game_id) else power
    run.store.add_signon_failure(game_id, counted, sender, run.now, row_id)
    _tell_of_new_locks(run, game_id, counted, seat, sender)
    if locked_until is None:
        return identity  # a wrong password, refused as identity says
    identity.player, identity.referee, identity.via, identity.notices = None, False, "", []
    if power == REFEREE:
        if sender == _referee_address(run, game_id):  # the referee's answers are English
            identity.problem = (
                f"referee sign-ons for game {game_id} are locked until "
                f"{format_utc(locked_until)}, after too many refused ones."
            )
        return identity
    identity.problem = _locked(game_id, power, locked_until)
    identity.warn_player = None if identity.quiet else seat
    return identity


def _referee_address(run: Run, game_id: str) -> str | None:
    config = run.game_config(game_id)
    referee = run.service.game_referee(config) if config else None
    return referee.address if referee else None


def _locked(game_id: str, power: str, until: datetime) -> str:
    return _(
        "sign-ons with a password as {power} in game {game} are locked until {time}, after too "
        "many wrong ones; the reply address of the game's mail still signs you on.",
        power=power,
        game=game_id,
        time=format_utc(until),
    )


def _tell_of_new_locks(run: Run, game_id: str, power: str, seat: PlayerRow | None, sender: str) -> None:
    """Tell the seat's address and the referee of a lock the refusal just counted started,
    once a day at most for each power and each sender."""
    since = run.now - WINDOW
    day = run.now.date().isoformat()
    if power and len(run.store.signon_failures_of(game_id, power, since)) == PER_POWER:
        live = run.live(game_id)
        until = format_utc(run.now + WINDOW)
        if seat is not None and live is not None:
            text = _(
                "{count} mails signed on as {power} in game {game} with a wrong password in the last "
                "hour (the last from {sender}), so sign-ons with a password as {power} are locked until "
                "{time}. Replying to this mail still signs you on. If those mails were not yours, someone "
                "is guessing your password: choose a long one with SET PASSWORD.",
                count=PER_POWER,
                power=power,
                game=game_id,
                time=until,
                sender=sender or _("an unknown sender"),
            )
            run.tell(
                seat,
                live.say(_("sign-ons as {power} locked", power=power)),
                live.say(text),
                kind="notice",
                key=f"signon-lock:{game_id}:{power}:{day}",
            )
        run.tell_referee(
            live,
            f"password sign-ons as {power} locked",
            f"{PER_POWER} sign-ons as {power} in game {game_id} were refused in the last hour (the last "
            f"from {sender or 'an unknown sender'}): password sign-ons as {power} are locked until {until}, "
            "whatever the password. The player's reply address still signs them on.",
            dedup_key=f"signon-lock-referee:{game_id}:{power}:{day}",
        )
    if sender and len(run.store.signon_failures_from(sender, since)) == PER_SENDER:
        run.tell_referee(
            None,
            f"password sign-ons from {sender} locked",
            f"{PER_SENDER} sign-ons from {sender} were refused in the last hour (the last as {power} in "
            f"game {game_id}): password sign-ons from {sender} are locked until "
            f"{format_utc(run.now + WINDOW)}, as any power. Someone may be guessing passwords.",
            dedup_key=f"signon-lock-sender:{sender}:{day}",
        )


def send_receipt(run: Run, row: dict[str, Any], incoming: Incoming, identity: Identity) -> None:
    """The answer to a ``quiet`` sender: the same whether its password was right, wrong or locked."""
    if not incoming.sender or identity.tried is None:
        return
    game_id, power = identity.tried
    config = run.game_config(game_id)
    language = config.language if config else i18n.DEFAULT
    text, subject = in_both(
        run,
        "mail/receipt.txt.j2",
        language,
        _("your mail was received"),
        {"id": game_id},
        power=power,
        sender=incoming.sender,
    )
    run.queue(
        Outgoing(
            to=incoming.sender,
            subject=f"[{game_id}] {subject}",
            text=text,
            in_reply_to=incoming.message_id or None,
            automatic="auto-replied",
        ),
        kind="stranger",
        dedup_key=f"receipt:{row['id']}",
        game_id=game_id,
    )
