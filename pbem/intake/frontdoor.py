"""Intake at the front door: the mail of someone who plays no game here (yet).

Newcomers list the games (LIST), open one (CREATE), join one (SIGNON ?game), state their power
preferences, confirm their seat, watch a game (OBSERVE; UNOBSERVE or SIGNOFF game ends it), stand
by for openings (STANDBY) and take an open power over (TAKEOVER); pbem.judge does each. A seat
in a forming game signs on as the Judge's do: ``SIGNON ?game password`` again, or a reply to the
game's mail (its reply address).

Nothing a stranger wrote is echoed back, not even the subject: the answer names each command by
its name, never by the line as written (a forged sender must not make the judge a reflector of
someone else's text). A mail whose sender failed SPF or DMARC at the receiving server gets no
answer at all, and every answer counts against the address's hourly limit (``answers_per_hour``);
an answer to a stranger (no game, no seat) also against the cap on all strangers' answers
(``judge.stranger_answers_per_hour``), which a forger with many addresses would otherwise pass.
"""

from __future__ import annotations

import logging
from typing import Any

from pbem.intake.commands import FRONT_DOOR_COMMANDS, Command, Mail
from pbem.intake.identity import plus_part
from pbem.intake.strangers import over_stranger_cap
from pbem.judge import forming, listing, watchers
from pbem.mail.authresults import forged
from pbem.mail.compose import Outgoing
from pbem.mail.message import Incoming
from pbem.run import Run
from pbem.store import Seat

log = logging.getLogger("pbem.intake")

#: commands that act for a seat, so need one signed on (a JOIN line in the mail, or its reply address)
_SEAT_COMMANDS = {"SET PREFERENCE", "CONFIRM", "RESIGN"}


def seat_addressed(run: Run, incoming: Incoming) -> Seat | None:
    """The seat whose reply address ``judge+TOKEN@`` the mail was sent to, if any."""
    for recipient in incoming.recipients:
        token = plus_part(recipient, run.service.address)
        seat = run.store.seat_by_token(token) if token else None
        if seat is not None:
            return seat
    return None


def wanted(run: Run, incoming: Incoming, mail: Mail, signed_on: bool) -> bool:
    """Whether the front door answers this mail: no sign-on to a game, and a front-door command
    (LIST included) or a seat's reply address."""
    if signed_on or mail.signon is not None:
        return False
    return seat_addressed(run, incoming) is not None or any(
        c.name in FRONT_DOOR_COMMANDS for c in mail.commands
    )


def handle(
    run: Run, row: dict[str, Any], incoming: Incoming, mail: Mail
) -> tuple[str, str, str | None, None]:
    """Act on every command of the mail and queue one answer; (status, outcome, game, power)."""
    if not incoming.sender:
        return "ignored", "front door: no sender to answer", None, None
    failed = forged(row["raw"])
    if failed:
        return "ignored", f"front door: sender failed authentication ({failed}); not answered", None, None
    seat = seat_addressed(run, incoming)
    stranger = (
        seat is None
        and not run.store.seats_of(incoming.sender)
        and not run.store.players_by_address(incoming.sender)
    )
    answers: list[tuple[str, str]] = []
    listed = ""
    for command in mail.commands:
        if command.error:
            answers.append((command.name, f"not understood: {command.error}"))
            continue
        if command.name == "LIST":
            listed = listing.one_game(run, command.args[0]) if command.args else listing.open_games(run)
            answers.append(("LIST", "the games are below"))
            continue
        answer, seat = _command(run, incoming.sender, command, seat)
        answers.append((command.name, answer))
    if mail.has_orders():
        answers.append(("", _unread(run, seat)))
    if not answers:
        answers.append(("", "your mail held no command"))
    game_id = seat.game_id if seat else None
    outcome = f"front door: {', '.join(name or 'note' for name, _ in answers)}"
    if stranger and over_stranger_cap(run):
        log.warning("strangers had their answers this hour; %s gets none", incoming.sender)
        return "done", f"{outcome}; not answered (stranger_answers_per_hour)", game_id, None
    run.queue(
        Outgoing(
            to=incoming.sender,
            subject=f"Your mail to {run.service.name}",
            text=_answer_text(run, answers, listed),
            automatic="auto-replied",
            reply_to=run.token_address(seat.token) if seat and seat.token else None,
        ),
        kind="stranger" if stranger else "frontdoor",
        dedup_key=f"reply:{row['id']}",
        game_id=game_id,
    )
    return "done", outcome, game_id, None


def _unread(run: Run, seat: Seat | None) -> str:
    """What the lines that are no command came to; to a seat still to confirm, how to confirm
    (players answer the muster mail with 'Confirmed!' or 'Confirm.', which is no command)."""
    current = run.store.seat(seat.game_id, seat.address) if seat else None
    opened = run.store.open_game(current.game_id) if current else None
    if current and opened and opened.status == "mustering" and not current.confirmed:
        return (
            "the other lines were not read, and your seat is not confirmed yet: to confirm it, "
            "reply with the line CONFIRM alone"
        )
    return (
        "the other lines were not read: orders are read only from a player signed on to a game that has begun"
    )


def _command(run: Run, sender: str, command: Command, seat: Seat | None) -> tuple[str, Seat | None]:
    """One front-door command; its answer, and the seat signed on after it."""
    name, args = command.name, command.args
    if name in ("OBSERVE", "UNOBSERVE", "SIGNOFF", "STANDBY", "NO STANDBY") and args:
        args = (args[0].rstrip(".,;:!"), *args[1:])  # 'OBSERVE club.': a sentence's full stop
    if name == "JOIN":
        kind = args[2] if len(args) > 2 else ""  # SIGNON ? password kind
        answer, joined = forming.join(run, sender, args[0], args[1], None, kind=kind)
        return answer, joined or seat
    if name in _SEAT_COMMANDS:
        if seat is None:
            return (
                "refused: it needs your seat signed on: send it after SIGNON ?<game> <password>, or "
                "in reply to the game's mail"
            ), None
        current = run.store.seat(seat.game_id, seat.address)
        if current is None:
            return f"refused: you have no seat in game {seat.game_id} any more", None
        if name == "SET PREFERENCE":
            return forming.set_preference(run, current, args[0]), current
        if name == "CONFIRM":
            return forming.confirm(run, current), current
        return forming.withdraw(run, current), None
    if name == "CREATE":
        refused = forming.may_create(run, sender, args[1])
        if refused:
            return refused, seat
        limited = forming.join_limits(run, sender) if run.service.judge.create != "referee" else None
        if limited:
            return limited, seat
        return forming.open_game(run, sender, args[0], args[1], args[2] if len(args) > 2 else None), seat
    if name in ("OBSERVE", "UNOBSERVE"):
        password = args[1] if len(args) > 1 else ""
        return watchers.observe(run, sender, args[0], on=name == "OBSERVE", password=password), seat
    if name == "SIGNOFF":
        return watchers.sign_off(run, sender, args[0]), seat
    if name in ("STANDBY", "NO STANDBY"):
        return watchers.standby(run, sender, args[0], on=name == "STANDBY"), seat
    if name == "TAKEOVER":
        live = run.live(args[1].lower())
        if live is None:
            return "refused: there is no running game by that name; LIST shows the openings", seat
        return watchers.takeover(run, live, sender, args[0], args[2]), seat
    return (
        "refused: that command needs a sign-on to a game (SIGNON <power> <game> <password>); "
        "HELP with a sign-on lists them"
    ), seat


def command(run: Run, address: str, command: Command) -> str:
    """A front-door command in a signed-on player's mail (STANDBY ANY, OBSERVE another game...)."""
    if command.name in _SEAT_COMMANDS:
        return "refused: send it in reply to the forming game's mail, or after SIGNON ?<game> <password>"
    answer, _seat = _command(run, address, command, None)
    return answer


def master(
    run: Run, row: dict[str, Any], incoming: Incoming, game_id: str, mail: Mail
) -> tuple[str, str, str, str]:
    """The master's (or referee's) mail for a game opened by mail that has not begun."""
    answers: list[tuple[str, str]] = []
    for item in mail.commands:
        if item.error:
            answers.append((item.name, f"not understood: {item.error}"))
        elif item.name in ("APPROVE", "DENY", "FORCE BEGIN"):
            answers.append((item.name, forming.master_command(run, game_id, item.name, item.args)))
        elif item.name == "LIST":
            answers.append(("LIST", listing.one_game(run, game_id)))
        else:
            answers.append((item.name, "not a command for a game that has not begun"))
    run.queue(
        Outgoing(
            to=incoming.sender,
            subject=f"[{game_id}] your commands",
            text=_answer_text(run, answers),
            automatic="auto-replied",
        ),
        kind="reply",
        dedup_key=f"reply:{row['id']}",
        game_id=game_id,
    )
    return "done", "master commands", game_id, "REFEREE"


def _answer_text(run: Run, answers: list[tuple[str, str]], listed: str = "") -> str:
    """The front door's answer: each command by its name with what came of it, then the list."""
    return run.templates.text(
        "mail/frontdoor.txt.j2",
        answers=answers,
        listed=listed,
        service=run.service.name,
        address=run.service.address,
    )
