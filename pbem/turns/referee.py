"""The referee's commands: LIST, PROCESS, EXTEND, PAUSE, RESUME, REPLACE, ROLLBACK, OPTION.

The answers to the referee are English; what the players are told speaks the game's language."""

from __future__ import annotations

import logging
from datetime import timedelta

from pbem.deadlines import format_deadline
from pbem.i18n import _
from pbem.intake.commands import REFEREE_COMMANDS, Command, extension, read_mail
from pbem.judge import forming, listing
from pbem.judge.watchers import approve_takeover
from pbem.ruleset import SetupError
from pbem.run import LiveGame, Run
from pbem.turns.adjudication import adjudicate, new_deadline
from pbem.turns.notices import tell_player, tell_players
from pbem.turns.orders import complete, has_ordered, why_waiting
from pbem.turns.schedule import deadline_for
from pbem.turns.seats import replace_player

log = logging.getLogger("pbem.turns")


def referee_list(run: Run, game_id: str) -> str:
    live = run.live(game_id)
    assert live is not None
    sets = run.store.order_sets(live.id, live.phase.id)
    grace = f", grace until {live.when(live.row.grace_until)}" if live.row.grace_until else ""
    lines = [
        f"{live.phase.label} ({live.phase.id}), status {live.row.status}, deadline {live.deadline_text()}"
        + grace
    ]
    for player in live.players:
        flags = []
        if player.civil_disorder:
            flags.append("civil disorder")
        if player.nmr_total:
            flags.append(f"{player.nmr_total} NMR")
        orders = sets.get(player.power)
        state = "ordered" if has_ordered(orders) else "no orders"
        if player.power not in live.phase.acting:
            state = "nothing due"
        elif has_ordered(orders) and not complete(live, player.power, orders):
            state = f"ordered, incomplete ({why_waiting(live, player.power, orders)})"
        if orders is not None and orders.ready:
            state += ", ready"
        lines.append(
            f"  {player.power:<12} {player.address:<32} {state}" + (f" ({', '.join(flags)})" if flags else "")
        )
        for order in orders.orders() if orders else []:
            lines.append(f"      {order}")
    return "\n".join(lines)


class Refused(ValueError):
    """A referee command written so that it cannot be carried out: the sentence says why."""


def referee_line(run: Run, game_id: str, line: str) -> str:
    """A referee command written as in a mail ("EXTEND 24h", "REPLACE England a@b.org", "LIST"),
    read by the mail's own reader and carried out as a mailed one is, in one transaction: the
    form ``pbem referee GAME ...`` takes. The answer the referee would get by mail; Refused
    when the line is no referee command or is written wrong."""
    usages = "; ".join([*REFEREE_COMMANDS.values(), "LIST"])
    mail = read_mail(line)
    if len(mail.commands) != 1 or mail.has_orders():
        raise Refused(f"{line.strip()!r} is not a referee command; they are: {usages}")
    [command] = mail.commands
    if command.error:
        raise Refused(f"{command.text}: not understood: {command.error}")
    if command.name not in (*REFEREE_COMMANDS, "LIST"):
        raise Refused(f"{command.name} is not a referee command; they are: {usages}")
    if run.live(game_id) is None:
        if run.store.open_game(game_id) is not None and command.name in _FORMING:
            return _forming_line(run, game_id, command)
        raise Refused(f"no game {game_id!r} is running (pbem status lists the games)")
    if command.name == "LIST":
        return referee_list(run, game_id)
    with run.store.atomic():
        answer = referee_command(run, game_id, command)
    if answer.startswith(_NOT_DONE):
        raise Refused(answer.removeprefix("refused: "))
    log.info("[%s] the referee's %s (command line): %s", game_id, command.text, answer)
    return answer


#: what the master of a game opened by mail, not yet begun, may send
_FORMING = ("APPROVE", "DENY", "FORCE BEGIN", "LIST")


def _forming_line(run: Run, game_id: str, command: Command) -> str:
    """A forming game's master command, by the code the master's mail goes through."""
    if command.name == "LIST":
        return listing.one_game(run, game_id)
    with run.store.atomic():
        answer = forming.master_command(run, game_id, command.name, command.args)
    if answer.startswith(_NOT_DONE) or " does not wait " in answer or answer.endswith(" is full"):
        raise Refused(answer.removeprefix("refused: "))
    return answer


#: how referee_command's answers begin when it did nothing
_NOT_DONE = ("refused: ", "the game is ", "not a referee command")


def referee_command(run: Run, game_id: str, command: Command) -> str:
    """Carry out a referee command; the answer for the referee's reply."""
    live = run.live(game_id)
    assert live is not None
    name = command.name
    if name in ("APPROVE", "DENY"):
        answer = approve_takeover(run, live, command.args[0], approve=name == "APPROVE")
        return answer or f"{command.args[0]} waits for no approval in game {live.id}"
    if name == "FORCE BEGIN":
        return "the game has begun"
    if name == "PAUSE":
        if live.row.status != "running":
            return f"the game is {live.row.status}, not running"
        left = (live.row.deadline - run.now).total_seconds() if live.row.deadline else None
        run.store.update_game(live.id, status="paused", paused_left=left)
        tell_players(
            run,
            live,
            live.say(_("game paused")),
            live.say(
                _("The referee has paused the game. You will hear when it resumes, with the new deadline.")
            ),
            key=f"pause:{run.now.isoformat()}",
        )
        return "paused; players told"
    if name == "RESUME":
        if live.row.status != "paused":
            return f"the game is {live.row.status}, not paused"
        left = live.row.paused_left if live.row.paused_left is not None else 0
        deadline = run.now + timedelta(seconds=max(left, 3600))
        run.store.update_game(
            live.id,
            status="running",
            deadline=deadline,
            paused_left=None,
            grace_until=None,
            deadline_given=run.now,
        )
        text = live.say(
            _("The referee has resumed the game. The deadline is {deadline}.", deadline=live.when(deadline))
        )
        tell_players(run, live, live.say(_("game resumed")), text, key=f"resume:{run.now.isoformat()}")
        return f"resumed; deadline {format_deadline(deadline, live.config.timezone)}; players told"
    if live.row.status == "over":
        return "the game is over"
    if name == "EXTEND":
        base = live.row.deadline or run.now
        added = extension(command.args[0])
        assert added is not None  # read_mail lets only a readable duration through
        deadline = base + added
        new_deadline(run, live.id, deadline)
        text = live.say(
            _(
                "The referee has extended the deadline of {phase} to {deadline}.",
                phase=live.phase.label,
                deadline=live.when(deadline),
            )
        )
        tell_players(run, live, live.say(_("deadline extended")), text, key=f"extend:{run.now.isoformat()}")
        return f"deadline now {format_deadline(deadline, live.config.timezone)}; players told"
    if name == "PROCESS":
        if live.row.status != "running":
            return f"the game is {live.row.status}; RESUME it first"
        adjudicate(run, live, reason="the referee said PROCESS")
        return f"{live.phase.label} adjudicated; reports queued"
    if name == "REPLACE":
        return replace_player(run, live, command.args[0], command.args[1])
    if name == "ROLLBACK":
        return roll_back(run, live, command.args[0])
    if name == "OPTION":
        return set_option(run, live, command.args[0], command.args[1])
    return "not a referee command"


def set_option(run: Run, live: LiveGame, name: str, value: str) -> str:
    """Change a game option as the ruleset allows (Ruleset.set_option) and tell the players."""
    try:
        state, change = live.ruleset.set_option(live.state, name, value)
    except SetupError as error:
        return f"refused: {error}"
    run.store.update_game(live.id, state=live.ruleset.dump_state(state))
    text = live.say(_("The referee has changed a setting of the game: {change}.", change=change))
    subject = live.say(_("a setting changed"))
    tell_players(run, live, subject, text, key=f"option:{name}:{run.now.isoformat()}")
    return f"{change}; players told"


def roll_back(run: Run, live: LiveGame, phase_id: str) -> str:
    """Restore the state in which ``phase_id`` was open, from the archive; mail everyone."""
    turn = run.store.turn(live.id, phase_id)
    if turn is None:
        done = ", ".join(run.store.phase_ids(live.id)) or "none yet"
        return f"refused: no adjudicated phase {phase_id!r}; adjudicated phases: {done}"
    state = live.ruleset.load_state(turn.state_before)
    phase = live.ruleset.phase(state)
    players = run.store.players(live.id)
    deadline = deadline_for(live.config, phase, run.now, players)
    undone = [t for t in run.store.turns(live.id) if t.seq >= turn.seq]
    run.store.roll_back_after(live.id, turn.seq - 1, run.now)
    # the orders of the phase now open went with the timeline rolled back too: kept, they would
    # be played when the game comes to a phase of that name again, read against another position
    for phase_id in {*(t.phase_id for t in undone), live.phase.id}:
        run.store.clear_orders(live.id, phase_id)
    new_deadline(
        run,
        live.id,
        deadline,
        state=turn.state_before,
        phase_id=phase.id,
        seq=turn.seq - 1,
        status="running",
        result=None,
    )
    when = live.when(deadline)
    for player in players:
        before = [
            live.say(live.ruleset.shown_order(state, order)) for order in turn.orders.get(player.power, [])
        ]
        text = (
            live.say(
                _(
                    "The referee has rolled game {game} back to {phase}: the phases after it "
                    "are undone. Please send your orders again before the deadline, {deadline}.",
                    game=live.id,
                    phase=phase.label,
                    deadline=when,
                )
            )
            + "\n\n"
            + (
                live.say(_("Your orders for this phase were:")) + "\n" + "\n".join(f"  {o}" for o in before)
                if before
                else live.say(_("You had sent no orders for this phase."))
            )
        )
        subject = live.say(_("rolled back to {phase}", phase=phase.label))
        tell_player(run, live, player, subject, text, key=f"rollback:{run.now.isoformat()}")
    log.warning("[%s] rolled back to %s", live.id, phase.id)
    return f"rolled back to {phase.label}; players told"
