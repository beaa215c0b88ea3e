"""Intake: acting on one stored message, and answering it in the same run.

A message is acted on at most once: everything it causes (orders stored,
press queued, the reply queued, its status set to done) commits in one
transaction, so a crash before the commit leaves it ``new`` for the next run
and a crash after leaves it done. Bounces and auto-replies are never answered.
Every other mail gets exactly one answer that says what was understood, line
by line, and what was wrong and how to fix it.

A player's answer speaks the game's language (pbem.i18n: every sentence here is a message
id). The referee's answers are English, as the config and the referee's commands are. A mail
from someone not signed on is answered in English, and in the game's language first where
the mail names a game played in another.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from pbem import i18n
from pbem.faults import checkpoint
from pbem.i18n import _
from pbem.intake import commands as mailcommands
from pbem.intake import credentials, guesses
from pbem.intake.closings import closing_of, left_out, without_closing
from pbem.intake.commands import Command, Mail, read_mail
from pbem.intake.hints import hint_for
from pbem.intake.identity import Identity, held_game, identify
from pbem.mail.authresults import forged
from pbem.mail.compose import Outgoing
from pbem.mail.message import Incoming, parse, shortened_from
from pbem.mail.quotes import own_text
from pbem.ruleset import OrderLine
from pbem.run import LiveGame, Run
from pbem.store import PlayerRow

log = logging.getLogger("pbem.intake")


@dataclass
class Answer:
    """What the reply to one mail will say, gathered while acting on it."""

    notes: list[str] = field(default_factory=list)  # messages, rendered by the reply's language
    commands: list[dict[str, str]] = field(default_factory=list)
    orders: list[dict[str, Any]] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    status: dict[str, Any] | None = None  # the LIST section
    help: str = ""
    history: list[dict[str, str]] = field(default_factory=list)

    def command(self, command: Command, answer: str) -> None:
        self.commands.append({"text": command.text, "answer": answer})


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
    after = (f"tried again next run ({left} more time(s))" if left > 0
             else "left alone: `pbem mail retry` once fixed, `pbem mail drop` to give it up")
    return (f"message {row_id} from {row['sender'] or 'an unknown sender'} "
            f"(subject {row['subject']!r}): {reason}; {after}")


def _answer_failed(run: Run, row: dict[str, Any]) -> None:
    """One plain answer to the sender of a failed mail, where there is one to answer."""
    incoming = parse(row["raw"], headers_only=True, own_address=run.service.address)
    if not incoming.sender or incoming.automatic:
        return
    problem = ("your mail could not be read; the referee has been told and will look at it. "
               "You need not send it again.")
    # a Message-ID our headers cannot carry is left out where every mail is written (compose)
    _answer_stranger(run, row, incoming.sender, incoming.subject, problem, incoming.message_id,
                     key="failed")


def tell_referee_of_failures(run: Run, failures: list[tuple[int, str]]) -> None:
    """The referee's one notice of the run: every mail that failed in it, and what happens next."""
    try:
        run.tell_referee(
            None,
            f"{len(failures)} mail(s) could not be handled",
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
        return "ignored", f"automatic mail ({incoming.automatic}), not answered", None, None
    if too_large:
        if not incoming.sender:
            return "ignored", "too large, and no sender to tell", None, None
        _answer_stranger(
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
        _referee_commands(run, live, mail, answer)
        _reply(run, row, incoming, live, None, answer, to=incoming.sender)
        return "done", "referee commands", live.id, "REFEREE"
    if identity.player is None:
        return _unauthenticated(run, row, incoming, identity, mail)
    player = identity.player
    live = run.live(player.game_id)
    if live is None:
        return "done", "game not started", player.game_id, player.power
    answer = Answer()
    if incoming.problem:
        answer.notes.append(incoming.problem)
    answer.notes.extend(mail.unread)  # lines too long, or too many: no mail may stall a run
    mail, lines = _closing_left_out(live, player, incoming, mail, answer)
    for notified, text in identity.notices:
        subject = live.say(_("sign-on from another address"))
        run.queue(
            Outgoing(to=notified.address, subject=f"[{live.id}] {subject}", text=live.say(text)),
            kind="notice",
            dedup_key=f"signon-notice:{row['id']}",
            game_id=live.id,
        )
    _player_mail(run, live, player, mail, lines, answer, row)
    current = run.store.player(live.id, player.power) or player  # CONFIRM ADDRESS may have moved it
    if identity.quiet and (incoming.sender or "").lower() != current.address:  # answered at the seat's
        guesses.send_receipt(run, row, incoming, identity)
    _reply(run, row, incoming, live, current, answer, to=current.address)
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
        problem = _("game {game} is held up by the referee. Your mail is kept and will be acted on "
                    "when the game runs again; you need not send it again.", game=game_id)
        _answer_stranger(run, row, incoming.sender, incoming.subject, problem, incoming.message_id,
                         key="held")
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


def _closing_left_out(
    live: LiveGame, player: PlayerRow, incoming: Incoming, mail: Mail, answer: Answer
) -> tuple[Mail, list[OrderLine]]:
    """The mail without the closing after its last order, which the answer names
    (pbem.intake.closings), and its order lines as the game read them, the closing left out.
    The game reads a mail once (pbem.turns.orders.read_orders): where its orders end, and the
    orders ``take_orders`` stores, are the same reading."""
    from pbem.turns.orders import read_orders

    lines = read_orders(live, player, mail.order_text) if mail.has_orders() else []
    orders = [line.line for line in lines if line.order is not None]
    names = [incoming.sender_name, incoming.sender, player.address, player.power]
    closing = closing_of(mail, names, orders, live.ruleset.order_words(live.state))
    if closing:
        shown = f"{closing[0]}-{closing[-1]}" if len(closing) > 1 else str(closing[0])
        answer.notes.append(_("Line(s) {lines}: read as your closing, not as orders.", lines=shown))
    return left_out(mail, closing), [line for line in lines if line.line not in closing]


def _unauthenticated(
    run: Run, row: dict[str, Any], incoming: Incoming, identity: Identity, mail: Mail
) -> tuple[str, str, str | None, str | None]:
    if identity.quiet:  # told the same, whatever the password (guesses)
        guesses.send_receipt(run, row, incoming, identity)
    if identity.warn_player is not None:
        player = identity.warn_player
        language = _language(run, player.game_id)
        not_accepted = i18n.render(_("mail not accepted"), language)
        run.queue(
            Outgoing(
                to=player.address,
                subject=f"[{player.game_id}] {not_accepted}",
                text=run.templates.text(
                    "mail/refused.txt.j2",
                    game={"id": player.game_id, "language": language},
                    problem=identity.problem,
                    subject=incoming.subject,
                    sender=incoming.sender,
                    game_id=player.game_id,
                    power=player.power,
                    reply_address=run.reply_address(player),
                ),
                in_reply_to=incoming.message_id or None,
                automatic="auto-replied",
                reply_to=run.reply_address(player),
            ),
            kind="refused",
            dedup_key=f"reply:{row['id']}",
            game_id=player.game_id,
        )
        return (
            "done",
            f"not accepted ({identity.problem[:60]}...); registered address told",
            player.game_id,
            None,
        )
    if not incoming.sender:
        return "ignored", "no sender to answer", identity.game_id, None
    if identity.quiet:
        return "done", "sign-on refused; sender given a receipt", identity.game_id, None
    failed = forged(row["raw"])
    if failed:
        return "ignored", f"not accepted; sender failed authentication ({failed}), not answered", None, None
    problem = identity.problem
    if not mail.commands and mail.signon is None and not run.store.players_by_address(incoming.sender):
        # a stranger's mail with no command: one fixed text a day, whatever they wrote
        if run.store.count_mail_to(incoming.sender, ["stranger"], run.now - timedelta(days=1)):
            return "ignored", "a stranger answered already today", None, None
        from pbem.judge import listing

        problem = _("{problem}\n\nThe games open to newcomers:\n\n{games}", problem=problem,
                    games=listing.open_games(run))
    language = _language(run, identity.game_id) if identity.game_id else i18n.DEFAULT
    _answer_stranger(run, row, incoming.sender, incoming.subject, problem, incoming.message_id,
                     language=language)
    return "done", "not accepted; sender told", identity.game_id, None


def _language(run: Run, game_id: str) -> str:
    """The language of configured game ``game_id`` (English if it is not configured)."""
    config = run.game_config(game_id)
    return config.language if config else i18n.DEFAULT


def _answer_stranger(
    run: Run, row: dict[str, Any], to: str, subject: str, problem: str, message_id: str = "",
    key: str = "reply", language: str = i18n.DEFAULT,
) -> None:
    """Answer a mail nobody signed on to: in English, and first in ``language`` (the language
    of the game the mail names) where that is another, since the sender may read either.

    To an address that plays no game here nothing the sender wrote is echoed, not even the subject
    or the Message-ID (a forged sender must not make the judge reflect someone's spam), and all
    such answers together are at most ``judge.stranger_answers_per_hour`` an hour."""
    known = bool(run.store.players_by_address(to))  # an address that plays here is answered in thread
    cap = run.service.judge.stranger_answers_per_hour
    if not known and cap and run.store.count_mail_of("stranger", run.now - timedelta(hours=1)) >= cap:
        log.warning("strangers had %d answers this hour; %s gets none", cap, to)
        return
    languages = list(dict.fromkeys([language, i18n.DEFAULT]))
    texts = [
        run.templates.text(
            "mail/stranger.txt.j2",
            game={"language": spoken},
            problem=problem,
            service=run.service.name,
            address=run.service.address,
        )
        for spoken in languages
    ]
    untitled = " / ".join(i18n.render(_("Your mail to the game master"), spoken) for spoken in languages)
    run.queue(
        Outgoing(to=to, subject=f"Re: {subject}" if known and subject else untitled, text="\n".join(texts),
                 in_reply_to=message_id or None if known else None, automatic="auto-replied"),
        kind="stranger",
        dedup_key=f"{key}:{row['id']}",
        game_id=None,
    )


def _player_mail(
    run: Run,
    live: LiveGame,
    player: PlayerRow,
    mail: Mail,
    lines: list[OrderLine],
    answer: Answer,
    row: dict[str, Any],
) -> None:
    """Act on a player's commands, and store the order ``lines`` the game read in ``mail``."""
    from pbem.intake import frontdoor
    from pbem.turns import absences, orders, players, press, votes  # what moves a game along its turns

    for command in mail.commands:
        if command.error:
            answer.command(command, _("not understood: {error}", error=command.error))
            continue
        name = command.name
        if name in mailcommands.REFEREE_COMMANDS:
            answer.command(
                command,
                _("refused: referee commands need the referee's sign-on "
                  "(SIGNON REFEREE <game> <password>) from the referee's address"),
            )
        elif name == "HELP":
            answer.help = _help_text(run, live, player)
            answer.command(command, _("the help is below"))
        elif name == "LIST":
            answer.status = orders.status(run, live, player)
            answer.command(command, _("your orders and the game's state are below"))
        elif name == "HISTORY":
            count = min(int(command.args[0]) if command.args else 1, 20)
            answer.history = _history(run, live, player, count)
            answer.command(
                command,
                _("the last {n} report(s) you were sent are below", n=len(answer.history))
                if answer.history
                else _("no phase has been adjudicated yet"),
            )
        elif name in {"PRESS", "BROADCAST"}:
            answer.command(command, press.send_press(run, live, player, command, row["id"]))
        elif name in {"READY", "NOT READY"}:
            ready = orders.set_ready(run, live, player, name == "READY", with_orders=mail.has_orders())
            answer.command(command, ready)
        elif name in {"DRAW", "NO DRAW", "CONCEDE", "NO CONCEDE"}:
            answer.command(command, votes.vote(run, live, player, command))
        elif name == "SET ABSENCE":
            answer.command(command, absences.set_absence(run, live, player, command))
        elif name in players.COMMANDS:
            answer.command(command, players.player_command(run, live, player, command, row))
        elif name in mailcommands.FRONT_DOOR_COMMANDS:
            answer.command(command, frontdoor.command(run, player.address, command))
        else:
            answer.command(command, _("not understood"))
    if mail.has_orders():
        _take_orders(run, live, player, lines, answer)
    if mail.named("READY"):
        waits = orders.ready_waits(run, live, player)
        if waits:
            answer.notes.append(waits)
    if mail.signoff_line is not None:
        answer.notes.append(
            _("SIGNOFF on line {line}: the rest of your mail was not read.", line=mail.signoff_line)
        )
    if not mail.has_orders() and not mail.commands:
        answer.notes.append(_("Your mail held no orders and no commands; your orders are unchanged."))
        answer.status = orders.status(run, live, player)


def _take_orders(
    run: Run, live: LiveGame, player: PlayerRow, lines: list[OrderLine], answer: Answer
) -> None:
    from pbem.turns.orders import status, take_orders

    taken = take_orders(run, live, player, lines)
    answer.notes.extend(taken.notes)
    if not taken.lines:
        return
    for line in taken.lines:
        answer.orders.append(
            {
                "line": line.line,
                "text": line.text.strip(),
                "order": live.ruleset.shown_order(live.state, line.order) if line.order else None,
                "error": line.error,
                "hint": hint_for(line),
                "note": line.note,
            }
        )
    answer.replaced = taken.replaced
    answer.status = status(run, live, player)


def _help_text(run: Run, live: LiveGame, player: PlayerRow) -> str:
    view = live.ruleset.view(live.state, [], player.power)
    return run.templates.text(
        "mail/help.txt.j2",
        game=live.summary(),
        power=player.power,
        orders_help=run.templates.text(
            f"{live.row.ruleset}/orders.txt.j2", game=live.summary(), power=player.power, view=view
        ),
        commands=mailcommands.PLAYER_COMMANDS,
        reply_address=run.reply_address(player),
    )


def _history(run: Run, live: LiveGame, player: PlayerRow, count: int) -> list[dict[str, str]]:
    return [{"subject": row["subject"], "text": row["text"]}
            for row in run.store.recent_reports(live.id, player.power, count)]


def _referee_commands(run: Run, live: LiveGame, mail: Mail, answer: Answer) -> None:
    from pbem.turns import referee

    for command in mail.commands:
        if command.error:
            answer.command(command, f"not understood: {command.error}")
        elif command.name in mailcommands.REFEREE_COMMANDS:
            answer.command(command, referee.referee_command(run, live.id, command))
        elif command.name == "LIST":
            answer.command(command, referee.referee_list(run, live.id))
        elif command.name == "HELP":
            usage = "\n".join(f"  {usage}" for usage in mailcommands.REFEREE_COMMANDS.values())
            answer.command(command, f"referee commands:\n{usage}")
        else:
            answer.command(command, "not a referee command")
    if mail.has_orders():
        answer.notes.append("The referee does not send orders; the other lines were not read.")


def _reply(
    run: Run,
    row: dict[str, Any],
    incoming: Incoming,
    live: LiveGame,
    player: PlayerRow | None,
    answer: Answer,
    to: str,
) -> None:
    # the referee's answers are English (module docstring)
    game = live.summary() if player else {**live.summary(), "language": i18n.DEFAULT}
    subject = incoming.subject or i18n.render(_("your mail"), game["language"])
    if f"[{live.id}]" not in subject.lower():
        subject = f"[{live.id}] {subject}"
    if not subject.lower().startswith("re:"):
        subject = f"Re: {subject}"
    text = run.templates.text(
        "mail/reply.txt.j2",
        game=game,
        power=player.power if player else "REFEREE",
        answer=answer,
        service=run.service.name,
    )
    run.queue(
        Outgoing(
            to=to,
            subject=subject,
            text=text,
            in_reply_to=incoming.message_id or None,
            automatic="auto-replied",
            reply_to=run.reply_address(player) if player else None,
        ),
        kind="reply",
        dedup_key=f"reply:{row['id']}",
        game_id=live.id,
    )
