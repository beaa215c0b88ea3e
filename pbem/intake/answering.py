"""A signed-on player's or referee's mail: its commands carried out, its orders stored, and the
one answer that says, line by line, what was understood.

A player's answer speaks the game's language (pbem.i18n: every sentence here is a message
id). The referee's answers are English, as the config and the referee's commands are.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from pbem import i18n
from pbem.i18n import N_, _
from pbem.intake import commands as mailcommands
from pbem.intake.closings import closing_of, left_out, opening_of
from pbem.intake.commands import Command, Mail
from pbem.intake.hints import hint_for
from pbem.mail.compose import Outgoing
from pbem.mail.message import Incoming
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


def closing_left_out(
    live: LiveGame, player: PlayerRow, incoming: Incoming, mail: Mail, answer: Answer
) -> tuple[Mail, list[OrderLine]]:
    """The mail without the closing after its last order, which the answer names
    (pbem.intake.closings), and its order lines as the game read them, the closing left out.
    The game reads a mail once (pbem.turns.orders.read_orders): where its orders end, and the
    orders ``take_orders`` stores, are the same reading."""
    from pbem.turns.orders import read_orders

    lines = read_orders(live, player, mail.order_text) if mail.has_orders() else []
    orders = [line.line for line in lines if line.order is not None]
    configured = live.config.player(player.power)  # the name the config knows the player by
    names = [
        incoming.sender_name,
        incoming.sender,
        player.address,
        player.power,
        configured.name if configured else "",
    ]
    closing = closing_of(mail, names, orders, live.ruleset.order_words(live.state))
    if closing:
        shown = ", ".join(_spans(closing))
        answer.notes.append(
            N_(
                "Line {lines}: read as your closing, not as orders.",
                "Lines {lines}: read as your closing, not as orders.",
                n=len(closing),
                lines=shown,
            )
        )
    opening = [  # "Hi all," above the orders, "Hello" opening a letter below them
        at
        for at in opening_of(mail, orders, live.ruleset.order_words(live.state), names)
        if at not in closing
    ]
    if opening:
        answer.notes.append(
            N_(
                "Line {lines}: read as your greeting, not as orders.",
                "Lines {lines}: read as your greeting, not as orders.",
                n=len(opening),
                lines=", ".join(map(str, opening)),
            )
        )
    closing = [*opening, *closing]
    return left_out(mail, closing), [line for line in lines if line.line not in closing]


def _spans(numbers: list[int]) -> list[str]:
    """Line numbers as the spans they make: 3, 4, 5, 9 as "3-5", "9" (a blank line between two
    lines of a closing does not part them; a line that is no part of it does)."""
    spans: list[list[int]] = []
    for number in numbers:
        if spans and number - spans[-1][1] <= 2:
            spans[-1][1] = number
        else:
            spans.append([number, number])
    return [f"{first}-{last}" if first != last else str(first) for first, last in spans]


def player_mail(
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
                _(
                    "refused: referee commands need the referee's sign-on "
                    "(SIGNON REFEREE <game> <password>) from the referee's address"
                ),
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
                N_(
                    "the last {n} report(s) you were sent are below",
                    "the last {n} report(s) you were sent are below",
                    n=len(answer.history),
                )
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


def _take_orders(run: Run, live: LiveGame, player: PlayerRow, lines: list[OrderLine], answer: Answer) -> None:
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
                "infraction": line.infraction,
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
        commands=mailcommands.offered(live.ruleset.cards),
        reply_address=run.reply_address(player),
    )


def _history(run: Run, live: LiveGame, player: PlayerRow, count: int) -> list[dict[str, str]]:
    return [
        {"subject": row["subject"], "text": row["text"]}
        for row in run.store.recent_reports(live.id, player.power, count)
    ]


def referee_commands(run: Run, live: LiveGame, mail: Mail, answer: Answer) -> None:
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


def reply(
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
