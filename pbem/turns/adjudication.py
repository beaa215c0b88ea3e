"""Adjudicating a phase, and the end of a game.

An adjudication is one transaction: the turn (state before and after, orders,
seed, events), the new game row, and every player's report in the send queue.
The archive files are written from the database afterwards (pbem.archive).
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from pbem import archive, reports
from pbem.faults import checkpoint
from pbem.i18n import _
from pbem.judge.openings import announce_opening, tell_observers
from pbem.mail.compose import Outgoing
from pbem.ruleset import PUBLIC, REFEREE, Phase
from pbem.run import LiveGame, Run
from pbem.site import published
from pbem.store import TurnRow
from pbem.turns import bounces
from pbem.turns.orders import has_ordered
from pbem.turns.press import release_postal_press
from pbem.turns.schedule import following_deadline

log = logging.getLogger("pbem.turns")


def adjudicate(run: Run, live: LiveGame, reason: str) -> None:
    """Adjudicate the current phase of ``live`` with the stored orders, in one transaction."""
    phase = live.phase
    sets = run.store.order_sets(live.id, phase.id)
    orders: dict[str, list[str]] = {
        power: sets[power].orders() for power in phase.may_order if has_ordered(sets.get(power))
    }
    nmr = [power for power in phase.acting if not has_ordered(sets.get(power))]
    for power in nmr:
        defaults = live.ruleset.default_orders(live.state, power)
        if defaults:
            orders[power] = defaults
    seed = run.new_seed(live.id, phase.id)
    result = live.ruleset.adjudicate(live.state, orders, seed)
    new_state = result.state
    new_phase = live.ruleset.phase(new_state)
    seq = run.store.next_seq(live.id)
    # the maps mailed to the players and the referee (the public one only where observers or a
    # site ask for it, then drawn when they do)
    reports.draw_maps(live.ruleset, new_state, result.events, [*(p.power for p in live.players), REFEREE])
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
        _count_nmrs(run, live, nmr, seq)
        players = run.store.players(live.id)
        deadline = (
            None
            if new_phase.over
            else following_deadline(live.config, new_phase, run.now, live.row.deadline, players)
        )
        new_deadline(
            run, live.id, deadline, state=live.ruleset.dump_state(new_state), phase_id=new_phase.id, seq=seq
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
        send_reports(
            run, updated, seq, phase, result.events, over=new_phase.over, result=new_phase.result, silent=nmr
        )
        release_postal_press(run, updated)
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
    if not run.archive_later:  # else written at the end of acting (pbem.service)
        archive.write_turn(run, live.id, seq)
    rebuild_sites(run, live, seq)


def rebuild_sites(run: Run, live: LiveGame, seq: int) -> None:
    """The game's sites the config names (pbem.site.published), rebuilt with turn ``seq``; one
    that cannot be written is the referee's to fix, and stops nothing."""
    for problem in published.rebuild(run.store, run.templates, run.service, live.config):
        run.tell_referee(live, "a site was not written", problem, dedup_key=f"site:{live.id}:{seq}:{problem}")


def new_deadline(run: Run, game_id: str, deadline: datetime | None, **changes: Any) -> None:
    """Give a game a new deadline (and ``changes`` to its row): its grace period, its reminder
    and its late notice are all still to come."""
    run.store.update_game(
        game_id,
        deadline=deadline,
        grace_until=None,
        reminded=False,
        late_noticed=False,
        deadline_given=run.now,
        **changes,
    )


def _count_nmrs(run: Run, live: LiveGame, nmr: list[str], seq: int) -> None:
    for player in live.players:
        if player.power not in live.phase.acting:
            continue
        if player.power not in nmr:
            if player.nmr_streak:
                run.store.update_player(live.id, player.power, nmr_streak=0)
            continue
        if bounces.spared_nmr(run, live, player, seq):  # bounced_nmr: referee
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
                # the turn's own number: the game's goes back on a rollback, a replay's never does
                dedup_key=f"disorder:{live.id}:{player.power}:{seq}",
            )
            announce_opening(
                run, live, player.power, f"no orders for {streak} phases in a row", referee=False
            )


def report_context(
    live: LiveGame,
    viewer: str,
    phase: Phase,
    events: list[dict[str, Any]],
    over: bool,
    result: str,
    silent: list[str],
) -> dict[str, Any]:
    """What a report template gets for ``viewer`` in ``live``: see pbem.reports.report_context."""
    return reports.report_context(
        live.summary(),
        live.ruleset,
        phase,
        live.state,
        events,
        viewer,
        live.deadline_text(),
        over=over,
        result=result,
        silent=silent,
    )


def send_reports(
    run: Run,
    live: LiveGame,
    seq: int,
    phase: Phase,
    events: list[dict[str, Any]],
    over: bool,
    result: str,
    silent: list[str] | None = None,
) -> None:
    """Render and queue the reports of turn ``seq`` for every player and the referee;
    the public one is rendered and kept for the archive. ``silent``: who sent no orders."""
    subject = live.say(
        _("{phase} results - game over", phase=phase.label)
        if over
        else _("{phase} results", phase=phase.label)
    )
    players = {player.power: player for player in live.players}
    referee = run.service.game_referee(live.config)
    for viewer in [*players, REFEREE, PUBLIC]:
        context = report_context(live, viewer, phase, events, over, result, silent or [])
        text, html = run.templates.report(live.row.ruleset, **context)
        url = published.page_url(run.service, live.config, viewer, phase.id)
        if url:
            link = live.say(_("This phase on the game's site: {url}", url=url))
            text, html = reports.with_link(text, html, link, url)
        run.store.add_report(live.id, seq, viewer, f"[{live.id}] {subject}", text, html)
        key = f"report:{live.id}:{seq}:{viewer}"
        if viewer in players:
            run.tell(players[viewer], subject, text, html=html, kind="report", key=key)
        elif viewer == PUBLIC:
            tell_observers(run, live, subject, text, html, key=key)
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
        label=live.say(_("{phase} (end of game)", phase=live.phase.label)),
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
    rebuild_sites(run, live, seq + 1)
