"""Acting on one stored message, and answering it in the same run.

A message is acted on at most once: everything it causes (orders stored,
press queued, the reply queued, its status set to done) commits in one
transaction, so a crash before the commit leaves it ``new`` for the next run
and a crash after leaves it done. Bounces and auto-replies are never answered.
Every other mail gets exactly one answer that says what was understood, line
by line, and what was wrong and how to fix it: a player's or the referee's
(pbem.intake.answering), a newcomer's (pbem.intake.frontdoor), or a stranger's
(pbem.intake.strangers).
"""

from __future__ import annotations

import logging
from typing import Any

from pbem.english import counted
from pbem.faults import checkpoint
from pbem.i18n import _
from pbem.intake import credentials, guesses
from pbem.intake.answering import Answer, closing_left_out, player_mail, referee_commands, reply
from pbem.intake.closings import without_closing
from pbem.intake.commands import read_mail
from pbem.intake.identity import held_game, identify
from pbem.intake.strangers import answer_stranger, unauthenticated
from pbem.mail.bounces import read_bounce
from pbem.mail.compose import Outgoing
from pbem.mail.message import Incoming, parse, shortened_from
from pbem.mail.quotes import own_text
from pbem.run import Run

log = logging.getLogger("pbem.intake")


def handle(run: Run, row_id: int) -> None:
    """Act on stored message ``row_id`` and queue its answer, in one transaction."""
    row = run.store.message(row_id)
    with run.store.atomic():
        status, outcome, game_id, power = _handle(run, row)
        checkpoint("queued-reply")
        run.store.finish_message(row_id, status, outcome, game_id, power)
        credentials.redact_acted_on(run.store, row, status, row.get("credentials", []))
    log.info("message %s from %s: %s", row_id, row["sender"] or "?", outcome)


def fail(run: Run, row_id: int, error: BaseException) -> str:
    """A message whose handling raised: mark it failed with the reason, answer its sender once.

    A bug must not make the same mail fail on every run, nor stop the others: the raw message
    stays stored, later runs try it again a few times (``mail_attempts``), and the referee can
    retry it (``pbem mail retry``) once the bug is fixed. Nothing here may raise in turn.
    Returns the line that names the message in the referee's notice of this run.
    """
    reason = f"{type(error).__name__}: {error}"[:500]
    attempts = run.store.fail_message(row_id, reason)
    row = run.store.message(row_id)
    try:
        with run.store.atomic():
            _answer_failed(run, row)
    except Exception:  # noqa: BLE001 - the mail stays failed; the log has why it got no answer
        log.exception("message %s: its sender could not be told it failed", row_id)
    left = run.service.mail_attempts - attempts
    after = (
        f"tried again next run ({counted(left, 'more time', 'more times')})"
        if left > 0
        else "left alone: `pbem mail retry` once fixed, `pbem mail drop` to give it up"
    )
    return (
        f"message {row_id} from {row['sender'] or 'an unknown sender'} "
        f"(subject {row['subject']!r}): {reason}; {after}"
    )


def _answer_failed(run: Run, row: dict[str, Any]) -> None:
    """One plain answer to the sender of a failed mail, where there is one to answer."""
    incoming = parse(row["raw"], headers_only=True, own_address=run.service.address)
    if not incoming.sender or incoming.automatic:
        return
    problem = (
        "your mail could not be read; the referee has been told and will look at it. "
        "You need not send it again."
    )
    # a Message-ID our headers cannot carry is left out where every mail is written (compose)
    answer_stranger(run, row, incoming.sender, incoming.subject, problem, incoming.message_id, key="failed")


def tell_referee_of_failures(run: Run, failures: list[tuple[int, str]]) -> None:
    """The referee's one notice of the run: every mail that failed in it, and what happens next."""
    try:
        run.tell_referee(
            None,
            f"{counted(len(failures), 'mail')} could not be handled",
            "These mails could not be handled in this run; each is kept in the database "
            "(`pbem status` lists them, `pbem mail show ID` prints one) and its sender was told. "
            "The cron log has the details.\n\n" + "\n".join(f"- {line}" for _, line in failures),
            dedup_key=f"failed-mails:{run.now.isoformat()}:{','.join(str(row) for row, _ in failures)}",
        )
    except Exception:  # noqa: BLE001 - the log line above this call says it all the same
        log.exception("the referee could not be told of %d failed mail(s)", len(failures))


def _handle(run: Run, row: dict[str, Any]) -> tuple[str, str, str | None, str | None]:
    raw: bytes = row["raw"]
    size = shortened_from(raw) or len(raw)  # a mail too large was stored cut to size
    too_large = size > run.service.max_message_bytes
    incoming = parse(raw, headers_only=too_large, own_address=run.service.address)
    if incoming.automatic:
        bounce = None if too_large else read_bounce(raw)
        if bounce is not None:  # a player's mail did not arrive: the referee is told (pbem.turns.bounces)
            from pbem.turns.bounces import note_bounce

            return note_bounce(run, row["id"], bounce)
        return "ignored", f"automatic mail ({incoming.automatic}), not answered", None, None
    if too_large:
        if not incoming.sender:
            return "ignored", "too large, and no sender to tell", None, None
        answer_stranger(
            run,
            row,
            incoming.sender,
            incoming.subject,
            f"your mail is {size} bytes long, more than the "
            f"{run.service.max_message_bytes} this game master reads. Send your "
            "orders as plain text, without attachments.",
            incoming.message_id,
        )
        return "done", "too large; sender told", None, None
    mail = read_mail(own_text(incoming.text, incoming.html))
    row["credentials"] = credentials.credentials(mail)  # taken out of the stored mail once acted on
    held = held_game(incoming, mail, run.service, run.store)
    if held is not None:
        return _hold(run, row, incoming, held)
    identity = identify(incoming, mail, run.service, run.store, run.now)
    identity = guesses.limited(run, row["id"], incoming, identity)
    from pbem.intake import frontdoor  # the front door seats players: it reaches the turn code

    if frontdoor.wanted(run, incoming, mail, signed_on=identity.player is not None or identity.referee):
        return frontdoor.handle(run, row, incoming, mail)
    if identity.referee:
        live = run.live(identity.game_id or "")
        mail, _closing = without_closing(mail, [incoming.sender_name, incoming.sender], lambda text: ())
        if live is None:  # a game opened by mail, not begun: its master's APPROVE, DENY, FORCE BEGIN
            return frontdoor.master(run, row, incoming, identity.game_id or "", mail)
        answer = Answer()
        if incoming.problem:
            answer.notes.append(incoming.problem)
        answer.notes.extend(mail.unread)
        referee_commands(run, live, mail, answer)
        reply(run, row, incoming, live, None, answer, to=incoming.sender)
        return "done", "referee commands", live.id, "REFEREE"
    if identity.player is None:
        return unauthenticated(run, row, incoming, identity, mail)
    player = identity.player
    live = run.live(player.game_id)
    if live is None:
        return "done", "game not started", player.game_id, player.power
    answer = Answer()
    if incoming.problem:
        answer.notes.append(incoming.problem)
    answer.notes.extend(mail.unread)  # lines too long, or too many: no mail may stall a run
    mail, lines = closing_left_out(live, player, incoming, mail, answer)
    for notified, text in identity.notices:
        subject = live.say(_("sign-on from another address"))
        run.queue(
            Outgoing(to=notified.address, subject=f"[{live.id}] {subject}", text=live.say(text)),
            kind="notice",
            dedup_key=f"signon-notice:{row['id']}",
            game_id=live.id,
        )
    player_mail(run, live, player, mail, lines, answer, row)
    current = run.store.player(live.id, player.power) or player  # CONFIRM ADDRESS may have moved it
    if identity.quiet and (incoming.sender or "").lower() != current.address:  # answered at the seat's
        guesses.send_receipt(run, row, incoming, identity)
    reply(run, row, incoming, live, current, answer, to=current.address)
    return (
        "done",
        f"{len(answer.orders)} order lines, {len(answer.commands)} commands",
        live.id,
        player.power,
    )


def _hold(run: Run, row: dict[str, Any], incoming: Incoming, game_id: str) -> tuple[str, str, str, None]:
    """A mail for a game set aside by its broken config entry: kept ``held``, its sender and the
    referee told once; ``release_held`` gives it back to intake once the entry is mended."""
    if incoming.sender:
        problem = _(
            "game {game} is held up by the referee. Your mail is kept and will be acted on "
            "when the game runs again; you need not send it again.",
            game=game_id,
        )
        answer_stranger(run, row, incoming.sender, incoming.subject, problem, incoming.message_id, key="held")
    run.tell_referee(
        None,
        f"a mail for game {game_id} is held: its config entry has problems",
        f"Message {row['id']} from {incoming.sender or 'an unknown sender'} (subject {incoming.subject!r}) "
        f"is for game {game_id}, which is set aside until its entry in the config is mended. "
        "It is kept, and acted on by the first run after that; its sender was told.\n",
        dedup_key=f"held-referee:{row['id']}",
    )
    return "held", f"for game {game_id}, set aside by its config entry; kept till mended", game_id, None


def release_held(run: Run) -> None:
    """Give intake back every held mail whose game's config entry is no longer broken."""
    for row_id, game_id in run.store.held_messages():
        if game_id not in run.service.broken:
            run.store.finish_message(row_id, "new", f"released: game {game_id} runs again")
            log.info("message %s: game %s runs again; acted on now", row_id, game_id)
