"""The turn lifecycle: deadlines, reminders, grace, NMRs, adjudication and reports.

Each run tends every running game once (``tend``), at the run's fixed ``now``:

1. a reminder a configured time before the deadline, to those who have not ordered;
2. early adjudication when everyone who must act has ordered (and said READY,
   if the game wants that); in a phase where nobody must act, once everyone who
   may order has said READY;
3. at the deadline, the mass-NMR guard (too many silent players means mail is
   broken: extend, tell the referee), else a grace period for the late ones,
   with a late notice;
4. at the end of the grace period, adjudication with default orders for the
   silent, NMRs counted, civil disorder after ``nmr_limit`` missed phases.

An adjudication is one transaction: the turn (state before and after, orders,
seed, events), the new game row, and every player's report in the send queue.
The archive files are written from the database afterwards (pbem.archive).
Referee commands, press, votes and absences live here too: they all move a
game along its turns.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from pbem import archive, reports
from pbem.deadlines import format_deadline, localize, next_deadline, parse_moment
from pbem.faults import checkpoint
from pbem.intake.commands import Command
from pbem.intake.powers import match_powers
from pbem.mail.compose import Outgoing
from pbem.ruleset import PUBLIC, REFEREE, Phase, SetupError
from pbem.run import LiveGame, Run
from pbem.store import OrderSet, PlayerRow, TurnRow

log = logging.getLogger("pbem.turns")


def absence_window(first: str, last: str, zone: Any) -> tuple[datetime, datetime]:
    """The UTC interval of an absence; a bare end date means the end of that day."""
    start = parse_moment(first, zone)
    end = parse_moment(last, zone)
    if len(last.strip()) <= 10:
        end = localize(datetime.fromisoformat(last.strip()) + timedelta(days=1), zone).astimezone(end.tzinfo)
    return start, end


def deadline_for(game: Any, phase: Phase, start: datetime, players: list[PlayerRow]) -> datetime:
    """When ``phase`` opening at ``start`` ends, moved past acting players' absences."""
    rule = game.deadline_rule(phase.kind)
    deadline = next_deadline(start, rule.duration, game.timezone, rule.at)
    return past_absences(game, phase, deadline, players)


def past_absences(game: Any, phase: Phase, deadline: datetime, players: list[PlayerRow]) -> datetime:
    """``deadline`` moved past every absence of a player who must act in ``phase``."""
    rule = game.deadline_rule(phase.kind)
    windows = [
        absence_window(first, last, game.timezone)
        for player in players
        if player.power in phase.acting
        for first, last in player.absences
    ]
    moved = True
    while moved:  # absences may chain; each move goes strictly later, so this ends
        moved = False
        for absent_from, absent_until in windows:
            if absent_from <= deadline < absent_until:
                deadline = next_deadline(absent_until, timedelta(0), game.timezone, rule.at)
                moved = True
    return deadline


def tend(run: Run, game_id: str) -> None:
    """Do whatever is due in game ``game_id`` at ``run.now``."""
    live = run.live(game_id)
    if live is None or live.row.status != "running":
        return
    phase = live.phase
    deadline = live.row.deadline
    sets = run.store.order_sets(live.id, phase.id)
    acting = active_powers(live)
    missing = [power for power in acting if power not in sets]
    early = _early_end(live, sets, acting, missing)
    if early:
        adjudicate(run, live, reason=early)
        return
    if deadline is None:
        return
    if run.now < deadline:
        _remind(run, live, deadline, missing)
        return
    if live.row.grace_until is None:
        share = len(missing) / len(acting) if acting else 0.0
        if len(acting) > 1 and share > live.config.mass_nmr_share:
            _mass_nmr(run, live, missing, acting)
            return
        if missing and live.config.grace > timedelta(0):
            _start_grace(run, live, missing)
            return
    elif run.now < live.row.grace_until and missing:
        return
    adjudicate(run, live, reason="the deadline has passed")


def active_powers(live: LiveGame, powers: tuple[str, ...] | None = None) -> list[str]:
    """The powers that must act this phase (or of ``powers``) with a player not in civil
    disorder."""
    disorder = {player.power for player in live.players if player.civil_disorder}
    chosen = live.phase.acting if powers is None else powers
    return [power for power in chosen if power not in disorder and live.player(power)]


def _early_end(live: LiveGame, sets: dict[str, OrderSet], acting: list[str], missing: list[str]) -> str:
    """Why the phase may end before its deadline, or "" if it may not. With ``early: ready``, a
    phase where nobody must act (declarations, votes on neutrals alone) ends once everyone who
    may order has said READY; with ``orders`` it has nobody to wait for, so it runs its time."""
    early = live.config.early
    if early == "never":
        return ""
    if not acting:
        optional = active_powers(live, live.phase.may_order)
        if early == "ready" and optional and all(p in sets and sets[p].ready for p in optional):
            return "everyone who may order is ready"
        return ""
    if missing or (early == "ready" and not all(sets[power].ready for power in acting)):
        return ""
    return "everyone has ordered" + (" and is ready" if early == "ready" else "")


def _remind(run: Run, live: LiveGame, deadline: datetime, missing: list[str]) -> None:
    reminder = live.config.reminder
    if reminder is None or live.row.reminded or run.now < deadline - reminder or not missing:
        return
    with run.store.atomic():
        for power in missing:
            player = live.player(power)
            if player is None:
                continue
            text = run.templates.text(
                "mail/reminder.txt.j2",
                game=live.summary(),
                power=power,
                phase=live.phase.label,
                deadline=live.deadline_text(),
            )
            run.tell(
                player,
                f"reminder: {live.phase.label}",
                text,
                kind="reminder",
                key=f"reminder:{live.id}:{run.store.next_seq(live.id)}:{power}",
            )
        run.store.update_game(live.id, reminded=True)
    log.info("[%s] reminded %s", live.id, ", ".join(missing))


def _mass_nmr(run: Run, live: LiveGame, missing: list[str], acting: list[str]) -> None:
    new_deadline = run.now + max(live.config.grace, timedelta(hours=1))
    with run.store.atomic():
        run.store.update_game(live.id, deadline=new_deadline, reminded=False)
        run.tell_referee(
            live,
            f"deadline extended: {len(missing)} of {len(acting)} players sent nothing",
            f"At the deadline of {live.phase.label}, {len(missing)} of {len(acting)} players had "
            f"sent no orders ({', '.join(missing)}). That many silent players usually means mail "
            f"is not getting through, so the phase was not adjudicated. The deadline is now "
            f"{format_deadline(new_deadline, live.config.timezone)}.\n\nCheck the mailbox and the "
            f"cron log. To adjudicate anyway, send PROCESS with your referee sign-on.",
            dedup_key=f"mass-nmr:{live.id}:{live.row.seq}:{run.now.isoformat()}",
        )


def _start_grace(run: Run, live: LiveGame, missing: list[str]) -> None:
    assert live.row.deadline is not None
    grace_until = live.row.deadline + live.config.grace
    with run.store.atomic():
        run.store.update_game(live.id, grace_until=grace_until, late_noticed=True)
        until = format_deadline(grace_until, live.config.timezone)
        for player in live.players:
            late = player.power in missing
            if not late and not live.config.late_notice_to_others:
                continue
            text = run.templates.text(
                "mail/late.txt.j2",
                game=live.summary(),
                power=player.power,
                late=late,
                missing=missing,
                phase=live.phase.label,
                until=until,
            )
            run.tell(
                player,
                f"late: {live.phase.label}",
                text,
                kind="late",
                key=f"late:{live.id}:{run.store.next_seq(live.id)}:{player.power}",
            )
    log.info("[%s] grace period until %s for %s", live.id, until, ", ".join(missing))


def adjudicate(run: Run, live: LiveGame, reason: str) -> None:
    """Adjudicate the current phase of ``live`` with the stored orders, in one transaction."""
    phase = live.phase
    sets = run.store.order_sets(live.id, phase.id)
    orders: dict[str, list[str]] = {power: sets[power].orders() for power in phase.may_order if power in sets}
    nmr = [power for power in phase.acting if power not in sets]
    for power in nmr:
        defaults = live.ruleset.default_orders(live.state, power)
        if defaults:
            orders[power] = defaults
    seed = run.new_seed(live.id, phase.id)
    result = live.ruleset.adjudicate(live.state, orders, seed)
    new_state = result.state
    new_phase = live.ruleset.phase(new_state)
    seq = run.store.next_seq(live.id)
    with run.store.atomic():
        run.store.add_turn(
            TurnRow(
                game_id=live.id,
                seq=seq,
                phase_id=phase.id,
                phase_label=phase.label,
                state_before=live.row.state,
                orders=orders,
                nmr=nmr,
                seed=seed,
                state_after=live.ruleset.dump_state(new_state),
                events=result.events,
                adjudicated_at=run.now,
                rolled_back=False,
            )
        )
        _count_nmrs(run, live, nmr)
        players = run.store.players(live.id)
        deadline = None if new_phase.over else deadline_for(live.config, new_phase, run.now, players)
        run.store.update_game(
            live.id,
            state=live.ruleset.dump_state(new_state),
            phase_id=new_phase.id,
            seq=seq,
            deadline=deadline,
            grace_until=None,
            reminded=False,
            late_noticed=False,
        )
        for notice in result.notices:
            run.tell_referee(
                live,
                "the rules need you",
                notice,
                dedup_key=f"notice:{live.id}:{seq}:{hash(notice)}",
            )
        updated = run.live(live.id)
        assert updated is not None
        send_reports(run, updated, seq, phase, result.events, over=new_phase.over, result=new_phase.result)
        _release_postal_press(run, updated)
        if new_phase.over:
            run.store.update_game(live.id, status="over", result=new_phase.result)
        checkpoint("adjudicating")
    log.info(
        "[%s] adjudicated %s (%s); next: %s",
        live.id,
        phase.id,
        reason,
        "game over" if new_phase.over else new_phase.id,
    )
    checkpoint("adjudicated")
    archive.write_turn(run, live.id, seq)
    checkpoint("archived")


def _count_nmrs(run: Run, live: LiveGame, nmr: list[str]) -> None:
    for player in live.players:
        if player.power not in live.phase.acting:
            continue
        if player.power not in nmr:
            if player.nmr_streak:
                run.store.update_player(live.id, player.power, nmr_streak=0)
            continue
        streak = player.nmr_streak + 1
        run.store.update_player(live.id, player.power, nmr_streak=streak, nmr_total=player.nmr_total + 1)
        if streak >= live.config.nmr_limit > 0 and not player.civil_disorder:
            run.store.update_player(live.id, player.power, civil_disorder=True)
            run.tell_referee(
                live,
                f"{player.power} is in civil disorder",
                f"{player.power} ({player.address}) has sent no orders for {streak} phases in a "
                f"row, so the power is now in civil disorder: its units follow the rules' default "
                f"orders. To give it a new player, send REPLACE {player.power} <address> with your "
                "referee sign-on.",
                dedup_key=f"disorder:{live.id}:{player.power}:{live.row.seq}",
            )


def report_context(
    live: LiveGame, viewer: str, phase: Phase, events: list[dict[str, Any]], over: bool, result: str
) -> dict[str, Any]:
    """What a report template gets for ``viewer`` in ``live``: see pbem.reports.report_context."""
    return reports.report_context(
        live.summary(), live.ruleset, phase, live.state, events, viewer, live.deadline_text(),
        over=over, result=result,
    )


def send_reports(
    run: Run,
    live: LiveGame,
    seq: int,
    phase: Phase,
    events: list[dict[str, Any]],
    over: bool,
    result: str,
) -> None:
    """Render and queue the reports of turn ``seq`` for every player and the referee;
    the public one is rendered and kept for the archive."""
    subject = f"{phase.label} results" + (" - game over" if over else "")
    players = {player.power: player for player in live.players}
    referee = run.service.game_referee(live.config)
    for viewer in [*players, REFEREE, PUBLIC]:
        context = report_context(live, viewer, phase, events, over, result)
        text, html = run.templates.report(live.row.ruleset, **context)
        run.store.add_report(live.id, seq, viewer, f"[{live.id}] {subject}", text, html)
        key = f"report:{live.id}:{seq}:{viewer}"
        if viewer in players:
            run.tell(players[viewer], subject, text, html=html, kind="report", key=key)
        elif viewer == REFEREE and referee:
            run.queue(
                Outgoing(to=referee.address, subject=f"[{live.id}] {subject}", text=text, html=html),
                kind="report",
                dedup_key=key,
                game_id=live.id,
            )


def finish_game(run: Run, live: LiveGame, result: str) -> None:
    """End ``live`` (a draw or a concession): a final report to everyone."""
    seq = run.store.next_seq(live.id) - 1
    run.store.update_game(live.id, status="over", result=result, deadline=None)
    phase = Phase(
        id=f"{live.phase.id}-end",
        label=f"{live.phase.label} (end of game)",
        kind="end",
        acting=(),
        may_order=(),
    )
    updated = run.live(live.id)
    assert updated is not None
    send_reports(run, updated, seq + 1, phase, [], over=True, result=result)
    run.store.update_game(live.id, seq=seq + 1)
    run.store.add_turn(
        TurnRow(
            game_id=live.id,
            seq=seq + 1,
            phase_id=phase.id,
            phase_label=phase.label,
            state_before=live.row.state,
            orders={},
            nmr=[],
            seed=0,
            state_after=live.row.state,
            events=[{"kind": "game over", "result": result}],
            adjudicated_at=run.now,
            rolled_back=False,
        )
    )
    log.info("[%s] game over: %s", live.id, result)


# -- press ------------------------------------------------------------------


def _match_powers(live: LiveGame, names: list[str]) -> tuple[list[str], list[str]]:
    """Recipients named in a PRESS line: names of one or more words, or unique prefixes; and
    the unknown."""
    return match_powers(names, [player.power for player in live.players])


def send_press(run: Run, live: LiveGame, player: PlayerRow, command: Command, row_id: int) -> str:
    """Queue a PRESS or BROADCAST message to its recipients (or hold it, for postal press)."""
    rules = live.config.press
    if not rules.allowed:
        return "refused: this game allows no press"
    if not command.body.strip():
        return "refused: the press message is empty; write it between the PRESS line and ENDPRESS"
    words = [word.strip(",") for word in command.args[1:]] if command.name == "PRESS" else ["ALL"]
    grey = any(word.upper() in {"GREY", "GRAY"} for word in words)
    names = [word for word in words if word and word.upper() not in {"GREY", "GRAY"}]
    if grey and not rules.grey:
        return "refused: this game does not allow grey (anonymous) press; drop GREY"
    if any(name.upper() == "ALL" for name in names):
        if not rules.broadcast:
            return "refused: this game does not allow press to ALL"
        recipients = [p.power for p in live.players if p.power != player.power]
    else:
        recipients, unknown = _match_powers(live, names)
        if unknown or not recipients:
            powers = ", ".join(p.power for p in live.players)
            return f"refused: unknown recipient(s) {', '.join(unknown) or '(none)'}; the powers are {powers}"
        recipients = [power for power in recipients if power != player.power]
        if not recipients:
            return "refused: you cannot send press only to yourself"
    postal = rules.postal and live.row.status == "running"
    press_id = run.store.add_press(
        live.id,
        live.phase.id,
        player.power,
        recipients,
        grey,
        command.body,
        run.now,
        released=not postal,
    )
    if postal:
        return f"held until the next results (postal press), then sent to {', '.join(recipients)}"
    deliver_press(run, live, press_id, player.power, recipients, grey, command.body)
    return f"sent to {', '.join(recipients)}" + (" without your name (grey press)" if grey else "")


def deliver_press(
    run: Run,
    live: LiveGame,
    press_id: int,
    sender: str,
    recipients: list[str],
    grey: bool,
    body: str,
) -> None:
    shown_sender = "an anonymous power" if grey else sender
    everyone = len(recipients) == len(live.players) - 1
    to_text = "everyone" if everyone else ", ".join(recipients)
    for power in recipients:
        player = live.player(power)
        if player is None:
            continue
        text = run.templates.text(
            "mail/press.txt.j2",
            game=live.summary(),
            sender=shown_sender,
            to=to_text,
            body=body,
            phase=live.phase.label,
        )
        run.tell(player, f"press from {shown_sender}", text, kind="press", key=f"press:{press_id}:{power}")
    referee = run.service.game_referee(live.config)
    if live.config.press.referee_copies and referee:
        run.queue(
            Outgoing(
                to=referee.address,
                subject=f"[{live.id}] press from {sender} to {to_text}",
                text=body,
            ),
            kind="press",
            dedup_key=f"press:{press_id}:REFEREE",
            game_id=live.id,
        )


def _release_postal_press(run: Run, live: LiveGame) -> None:
    for press in run.store.press(live.id, released=False):
        deliver_press(
            run,
            live,
            press["id"],
            press["sender"],
            press["recipients"],
            press["grey"],
            press["body"],
        )
        run.store.release_press(press["id"])


# -- votes ------------------------------------------------------------------


def survivors(live: LiveGame) -> list[str]:
    if live.phase.survivors:
        return list(live.phase.survivors)
    return [player.power for player in live.players]


def vote(run: Run, live: LiveGame, player: PlayerRow, command: Command) -> str:
    """DRAW / NO DRAW / CONCEDE <power> / NO CONCEDE; ends the game when a vote passes."""
    if live.row.status == "over":
        return "the game is already over"
    alive = survivors(live)
    if player.power not in alive:
        return "only surviving powers vote"
    if command.name == "DRAW":
        run.store.set_vote(live.id, player.power, "draw", "yes")
        answer = "your vote for a draw among all survivors is recorded"
    elif command.name == "NO DRAW":
        run.store.set_vote(live.id, player.power, "draw", None)
        answer = "your draw vote is withdrawn"
    elif command.name == "NO CONCEDE":
        run.store.set_vote(live.id, player.power, "concede", None)
        answer = "your concession is withdrawn"
    else:
        winner, unknown = _match_powers(live, [command.args[0]])
        if unknown or not winner or winner[0] not in alive:
            return f"refused: {command.args[0]!r} is not a surviving power ({', '.join(alive)})"
        if winner[0] == player.power:
            return "refused: you cannot concede to yourself"
        run.store.set_vote(live.id, player.power, "concede", winner[0])
        answer = f"your concession to {winner[0]} is recorded"
    if live.config.votes_public:
        _tell_players(
            run,
            live,
            f"{player.power} votes: {command.text}",
            f"{player.power} has voted: {command.text}. (Votes in this game are public.)",
            key=f"vote:{run.now.isoformat()}:{player.power}:{command.line}",
        )
    draws = run.store.votes(live.id, "draw")
    if all(draws.get(power) == "yes" for power in alive):
        finish_game(run, live, f"draw among {', '.join(alive)} (all survivors voted for it)")
        return answer + "; every survivor has voted for the draw, so the game is over"
    concessions = run.store.votes(live.id, "concede")
    for power in alive:
        others = [other for other in alive if other != power]
        if others and all(concessions.get(other) == power for other in others):
            finish_game(run, live, f"{power} wins by concession")
            return answer + f"; everyone else has conceded to {power}, so the game is over"
    if not live.config.votes_public:
        answer += " (votes are secret; the game ends when they agree)"
    return answer


# -- absences ---------------------------------------------------------------


def set_absence(run: Run, live: LiveGame, player: PlayerRow, command: Command) -> str:
    zone = live.config.timezone
    player = run.store.player(live.id, player.power) or player  # earlier commands may have changed it
    try:
        first = parse_moment(command.args[0], zone)
        last = parse_moment(command.args[1], zone)
    except ValueError as error:
        return f"not understood: {error}"
    if last < first:
        return "refused: the absence ends before it starts"
    if (last - first).days + 1 > live.config.absence_max_days:
        return f"refused: an absence may last at most {live.config.absence_max_days} days"
    if len(player.absences) >= live.config.absence_max_count:
        return f"refused: at most {live.config.absence_max_count} absences per game"
    if last < run.now:
        return "refused: that absence is already over"
    absences = [*player.absences, [command.args[0], command.args[1]]]
    run.store.update_player(live.id, player.power, absences=absences)
    answer = (
        f"absence from {command.args[0]} to {command.args[1]} recorded: no deadline of a "
        "phase you must act in will fall inside it"
    )
    if live.row.deadline and live.row.status == "running":
        moved = past_absences(live.config, live.phase, live.row.deadline, run.store.players(live.id))
        if moved > live.row.deadline:
            run.store.update_game(live.id, deadline=moved, reminded=False)
            answer += f"; the current deadline moved to {format_deadline(moved, zone)}"
            _tell_players(
                run,
                live,
                "deadline moved",
                f"{player.power} will be away, so the deadline of {live.phase.label} moved to "
                f"{format_deadline(moved, zone)}.",
                key=f"absence:{run.now.isoformat()}",
            )
    return answer


def _tell_players(run: Run, live: LiveGame, subject: str, text: str, key: str) -> None:
    for player in run.store.players(live.id):
        run.tell(player, subject, text, kind="notice", key=f"{key}:{live.id}:{player.power}")


# -- referee commands ---------------------------------------------------------


def referee_list(run: Run, game_id: str) -> str:
    live = run.live(game_id)
    assert live is not None
    sets = run.store.order_sets(live.id, live.phase.id)
    lines = [
        f"{live.phase.label} ({live.phase.id}), status {live.row.status}, deadline {live.deadline_text()}"
    ]
    for player in live.players:
        flags = []
        if player.civil_disorder:
            flags.append("civil disorder")
        if player.nmr_total:
            flags.append(f"{player.nmr_total} NMR")
        orders = sets.get(player.power)
        state = "no orders" if orders is None else ("ready" if orders.ready else "ordered")
        if player.power not in live.phase.acting:
            state = "nothing due"
        lines.append(
            f"  {player.power:<12} {player.address:<32} {state}" + (f" ({', '.join(flags)})" if flags else "")
        )
        for order in orders.orders() if orders else []:
            lines.append(f"      {order}")
    return "\n".join(lines)


def referee_command(run: Run, game_id: str, command: Command) -> str:
    """Carry out a referee command; the answer for the referee's reply."""
    live = run.live(game_id)
    assert live is not None
    name = command.name
    if name == "PAUSE":
        if live.row.status != "running":
            return f"the game is {live.row.status}, not running"
        left = (live.row.deadline - run.now).total_seconds() if live.row.deadline else None
        run.store.update_game(live.id, status="paused", paused_left=left)
        _tell_players(
            run,
            live,
            "game paused",
            "The referee has paused the game. You will hear when it resumes, with the new deadline.",
            key=f"pause:{run.now.isoformat()}",
        )
        return "paused; players told"
    if name == "RESUME":
        if live.row.status != "paused":
            return f"the game is {live.row.status}, not paused"
        left = live.row.paused_left if live.row.paused_left is not None else 0
        deadline = run.now + timedelta(seconds=max(left, 3600))
        run.store.update_game(
            live.id, status="running", deadline=deadline, paused_left=None, grace_until=None
        )
        when = format_deadline(deadline, live.config.timezone)
        text = f"The referee has resumed the game. The deadline is {when}."
        _tell_players(run, live, "game resumed", text, key=f"resume:{run.now.isoformat()}")
        return f"resumed; deadline {format_deadline(deadline, live.config.timezone)}; players told"
    if live.row.status == "over":
        return "the game is over"
    if name == "EXTEND":
        hours = float(command.args[0])
        base = live.row.deadline or run.now
        deadline = base + timedelta(hours=hours)
        run.store.update_game(
            live.id, deadline=deadline, grace_until=None, reminded=False, late_noticed=False
        )
        text = (
            f"The referee has extended the deadline of {live.phase.label} to "
            f"{format_deadline(deadline, live.config.timezone)}."
        )
        _tell_players(run, live, "deadline extended", text, key=f"extend:{run.now.isoformat()}")
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
    text = f"The referee has changed a setting of the game: {change}."
    _tell_players(run, live, "a setting changed", text, key=f"option:{name}:{run.now.isoformat()}")
    return f"{change}; players told"


def replace_player(run: Run, live: LiveGame, power: str, address: str) -> str:
    from pbem.games import welcome  # the welcome mail is the same as at the start

    player = live.player(power)
    if player is None:
        return seat_player(run, live, power, address)
    from pbem import passwords

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
    )
    updated = run.store.player(live.id, player.power)
    assert updated is not None
    welcome(run, live, updated, password, replacing=player.address)
    run.queue(
        Outgoing(
            to=player.address,
            subject=f"[{live.id}] you have been replaced",
            text=f"The referee has given {player.power} in game {live.id} to another "
            "player. Thank you for playing.",
        ),
        kind="notice",
        dedup_key=f"replaced:{live.id}:{player.power}:{run.now.isoformat()}",
        game_id=live.id,
    )
    return f"{player.power} now played by {address}; welcome with a new password sent"


def seat_player(run: Run, live: LiveGame, power: str, address: str) -> str:
    """Give ``address`` a power in the game that has no player yet: one the rules made a player
    power during the game (a Mandate of Heaven neutral grown to three centres). It goes to
    someone new to the game: never to an address that plays, or played, another power in it."""
    from pbem.games import welcome

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
    from pbem import passwords

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
    run.store.roll_back_after(live.id, turn.seq - 1)
    for undone_turn in undone:
        run.store.clear_orders(live.id, undone_turn.phase_id)
    run.store.update_game(
        live.id,
        state=turn.state_before,
        phase_id=phase.id,
        seq=turn.seq - 1,
        deadline=deadline,
        grace_until=None,
        reminded=False,
        late_noticed=False,
        status="running",
        result=None,
    )
    when = format_deadline(deadline, live.config.timezone)
    for player in players:
        before = turn.orders.get(player.power, [])
        text = (
            f"The referee has rolled game {live.id} back to {phase.label}: the phases after it "
            f"are undone. Please send your orders again before the deadline, {when}.\n\n"
            + (
                "Your orders for this phase were:\n" + "\n".join(f"  {o}" for o in before)
                if before
                else "You had sent no orders for this phase."
            )
        )
        run.tell(
            player,
            f"rolled back to {phase.label}",
            text,
            kind="notice",
            key=f"rollback:{run.now.isoformat()}:{live.id}:{player.power}",
        )
    log.warning("[%s] rolled back to %s", live.id, phase.id)
    return f"rolled back to {phase.label}; players told"


def stale_guard(run: Run, last_run: datetime | None) -> None:
    """When cron has not run for a long time, extend open deadlines by the gap first."""
    if last_run is None or run.now - last_run <= run.service.stale_after:
        return
    gap = run.now - last_run
    for game_id in run.store.game_ids():
        live = run.live(game_id)
        if live is None or live.row.status != "running" or live.row.deadline is None:
            continue
        if live.row.deadline <= last_run:
            continue
        with run.store.atomic():
            changes: dict[str, Any] = {"deadline": live.row.deadline + gap}
            if live.row.grace_until:
                changes["grace_until"] = live.row.grace_until + gap
            run.store.update_game(live.id, **changes)
            new = format_deadline(live.row.deadline + gap, live.config.timezone)
            run.tell_referee(
                live,
                "deadline extended after a pause of the cron job",
                f"pbem last ran at {last_run:%Y-%m-%d %H:%M} UTC, {gap} ago, longer than the "
                f"{run.service.stale_after} allowed. Deadlines in that time were moved on by the gap; "
                f"{live.phase.label} now ends {new}.",
                dedup_key=f"stale:{live.id}:{run.now.isoformat()}",
            )
            _tell_players(
                run,
                live,
                "deadline extended",
                f"The game master was not running for a while, so the deadline of "
                f"{live.phase.label} moved to {new}.",
                key=f"stale:{run.now.isoformat()}",
            )
