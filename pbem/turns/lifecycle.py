"""A phase's life between its opening and its adjudication, tended once per run.

Each run tends every running game once (``tend``), at the run's fixed ``now``:

1. a reminder a configured time before the deadline, to those who have not ordered, but not
   before they have had the deadline for half its time (pbem.deadlines.reminder_due);
2. early adjudication when everyone who must act has ordered (and said READY,
   if the game wants that); in a phase where nobody must act, once everyone who
   may order has said READY;
3. at the deadline, the mass-NMR guard (too many silent players means mail is
   broken: extend, tell the referee), else a grace period for the late ones,
   with a late notice;
4. at the end of the grace period, adjudication with default orders for the
   silent, NMRs counted, civil disorder after ``nmr_limit`` missed phases.

``stale_guard`` moves open deadlines on when cron did not run for a long time.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from pbem.deadlines import duration_text, format_deadline, reminder_at, reminder_due
from pbem.i18n import _
from pbem.run import LiveGame, Run
from pbem.store import OrderSet
from pbem.turns.adjudication import adjudicate
from pbem.turns.notices import tell_players, tell_power
from pbem.turns.orders import complete, has_ordered, unsettled

log = logging.getLogger("pbem.turns")


def tend(run: Run, game_id: str) -> None:
    """Do whatever is due in game ``game_id`` at ``run.now``."""
    live = run.live(game_id)
    if live is None or live.row.status != "running":
        return
    phase = live.phase
    deadline = live.row.deadline
    sets = run.store.order_sets(live.id, phase.id)
    acting = active_powers(live)
    missing = [power for power in acting if not has_ordered(sets.get(power))]
    early = _early_end(live, sets, acting)
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


def next_due(run: Run, game_id: str) -> datetime | None:
    """When ``tend`` will next act in game ``game_id`` if no mail comes: ``run.now`` if it would
    act at once, None if only mail (or the referee) can move the game. It follows ``tend`` step
    by step; the quiet run (pbem.quiet) sleeps until the earliest game's."""
    live = run.live(game_id)
    if live is None or live.row.status != "running":
        return None
    sets = run.store.order_sets(live.id, live.phase.id)
    acting = active_powers(live)
    missing = [power for power in acting if not has_ordered(sets.get(power))]
    deadline = live.row.deadline
    if _early_end(live, sets, acting):
        return run.now
    if deadline is None:
        return None
    if run.now < deadline:
        reminder = live.config.reminder
        if reminder is None or live.row.reminded or not missing:
            return deadline
        return min(deadline, reminder_at(deadline, reminder, live.row.deadline_given))
    grace = live.row.grace_until
    if grace is not None and run.now < grace and missing:
        return grace
    return run.now


def active_powers(live: LiveGame, powers: tuple[str, ...] | None = None) -> list[str]:
    """The powers that must act this phase (or of ``powers``) with a player not in civil
    disorder."""
    disorder = {player.power for player in live.players if player.civil_disorder}
    chosen = live.phase.acting if powers is None else powers
    return [power for power in chosen if power not in disorder and live.player(power)]


def _early_end(live: LiveGame, sets: dict[str, OrderSet], acting: list[str]) -> str:
    """Why the phase may end before its deadline, or "" if it may not: the one rule for every
    ruleset (pbem.turns.orders) is that every power that must act has complete orders, and with
    ``early: ready`` has said READY. A phase where nobody must act (declarations, votes on
    neutrals alone) ends once everyone who may order has said READY with nothing refused; with
    ``orders`` it has nobody to wait for, so it runs its time."""
    early = live.config.early
    if early == "never":
        return ""
    if not acting:
        optional = active_powers(live, live.phase.may_order)
        settled = all(_ready(sets.get(p)) and not unsettled(sets.get(p)) for p in optional)
        if early == "ready" and optional and settled:
            return "everyone who may order is ready"
        return ""
    if not all(complete(live, power, sets.get(power)) for power in acting):
        return ""
    if early == "ready" and not all(_ready(sets.get(power)) for power in acting):
        return ""
    return "everyone has ordered" + (" and is ready" if early == "ready" else "")


def _ready(stored: OrderSet | None) -> bool:
    return bool(stored and stored.ready)


def _remind(run: Run, live: LiveGame, deadline: datetime, missing: list[str]) -> None:
    reminder = live.config.reminder
    if reminder is None or live.row.reminded or not missing:
        return
    if not reminder_due(run.now, deadline, reminder, live.row.deadline_given):
        return
    with run.store.atomic():
        for power in missing:
            tell_power(
                run,
                live,
                power,
                live.say(_("reminder: {phase}", phase=live.phase.label)),
                "mail/reminder.txt.j2",
                kind="reminder",
                key=f"reminder:{live.id}:{run.store.next_seq(live.id)}:{power}",
                power=power,
                deadline=live.deadline_text(),
            )
        run.store.update_game(live.id, reminded=True)
    log.info("[%s] reminded %s", live.id, ", ".join(missing))


def _mass_nmr(run: Run, live: LiveGame, missing: list[str], acting: list[str]) -> None:
    new_deadline = run.now + max(live.config.grace, timedelta(hours=1))
    with run.store.atomic():
        run.store.update_game(live.id, deadline=new_deadline, reminded=False, deadline_given=run.now)
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
        until = live.when(grace_until)
        for player in live.players:
            late = player.power in missing
            if not late and not live.config.late_notice_to_others:
                continue
            tell_power(
                run,
                live,
                player.power,
                live.say(_("late: {phase}", phase=live.phase.label)),
                "mail/late.txt.j2",
                kind="late",
                key=f"late:{live.id}:{run.store.next_seq(live.id)}:{player.power}",
                power=player.power,
                late=late,
                missing=missing,
                until=until,
            )
    log.info("[%s] grace period until %s for %s", live.id, until, ", ".join(missing))


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
                f"pbem last ran at {last_run:%Y-%m-%d %H:%M} UTC, {duration_text(gap)} ago, longer "
                f"than the {duration_text(run.service.stale_after)} allowed. Deadlines in that time "
                "were moved on by the gap; "
                f"{live.phase.label} now ends {new}.",
                dedup_key=f"stale:{live.id}:{run.now.isoformat()}",
            )
            tell_players(
                run,
                live,
                live.say(_("deadline extended")),
                live.say(
                    _(
                        "The game master was not running for a while, so the deadline of {phase} "
                        "moved to {deadline}.",
                        phase=live.phase.label,
                        deadline=live.when(live.row.deadline + gap),
                    )
                ),
                key=f"stale:{run.now.isoformat()}",
            )
