"""A player's orders for a phase: taking them from a mail, READY, and when they are complete.

One rule for every ruleset says when a power's orders are in (``complete``): it has at least
one accepted order, the ruleset finds nothing missing (``Ruleset.missing``), and its last mail
with order lines had no refused line. A refused line leaves the power *unsettled*: its READY is
kept, but a phase does not end early on it until the player sends the corrected order (or says
READY again, keeping the orders as they stand). A mail with no accepted line does not make its
sender "ordered": LIST, status, the waiting list and NMRs all go by accepted orders.

The unsettled mark is kept on the stored order entries (``"unsettled": true``); a power with no
entries has not ordered anyway.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pbem.i18n import _, join
from pbem.ruleset import OrderLine
from pbem.run import LiveGame, Run
from pbem.store import OrderSet, PlayerRow

UNSETTLED = "unsettled"
#: a game's status as LIST writes it ("game paused")
STATUS = {"running": _("running"), "paused": _("paused"), "over": _("over")}


def has_ordered(stored: OrderSet | None) -> bool:
    """Whether a power has any accepted order this phase (a READY alone is not one)."""
    return bool(stored and stored.lines)


def unsettled(stored: OrderSet | None) -> bool:
    """Whether the power's last mail with order lines had a line refused."""
    return bool(stored and any(entry.get(UNSETTLED) for entry in stored.lines))


def still_missing(live: LiveGame, power: str, stored: OrderSet | None) -> list[str]:
    """What the ruleset says ``power`` has still to order, as phrases for replies."""
    if power not in live.phase.acting:
        return []
    return live.ruleset.missing(live.state, power, stored.orders() if stored else [])


def complete(live: LiveGame, power: str, stored: OrderSet | None) -> bool:
    """Whether ``power``'s orders are in, by the one rule of the module docstring."""
    return has_ordered(stored) and not unsettled(stored) and not still_missing(live, power, stored)


def waiting_for(live: LiveGame, sets: dict[str, OrderSet]) -> list[str]:
    """The powers that must act whose orders are not complete."""
    return [power for power in live.phase.acting if not complete(live, power, sets.get(power))]


def why_waiting(live: LiveGame, power: str, stored: OrderSet | None) -> str:
    """Why the phase waits for ``power`` although it said READY, or "" when it does not."""
    if not has_ordered(stored) and power in live.phase.acting:
        return _("no order of yours was accepted")
    missing = still_missing(live, power, stored)
    reasons = [_("a line of your orders was refused")] if unsettled(stored) else []
    if missing:
        reasons.append(_("you still have to order: {missing}", missing=join(missing)))
    if len(reasons) == 2:
        return _("{first} and {second}", first=reasons[0], second=reasons[1])
    return reasons[0] if reasons else ""


def merge_orders(
    previous: list[dict[str, Any]], lines: list[OrderLine], one_per_key: bool = False
) -> tuple[list[dict[str, Any]], list[str]]:
    """A later mail's orders replace earlier ones with the same key.

    All valid lines of the new mail are kept (in order, even when they share a
    key, which is how a sequence of card plays stays together), unless the ruleset
    gives one order per key (``Ruleset.one_order_per_key``: a unit, a general): then
    the last line for a key is the one in effect. Every earlier order whose key the
    new mail uses is dropped and named in the reply.
    """
    new = [
        {"key": line.key or f"line-{line.line}", "order": line.order}
        for line in lines
        if line.order is not None
    ]
    if one_per_key:
        last = {entry["key"]: index for index, entry in enumerate(new)}
        new = [entry for index, entry in enumerate(new) if last[entry["key"]] == index]
    new_keys = {entry["key"] for entry in new}
    kept = [entry for entry in previous if entry["key"] not in new_keys]
    replaced = [entry["order"] for entry in previous if entry["key"] in new_keys]
    return kept + new, replaced


@dataclass
class Taken:
    """What taking a mail's order lines did: the lines as read, the orders replaced, notes."""

    lines: list[OrderLine] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def takes_orders(live: LiveGame, player: PlayerRow) -> bool:
    """Whether ``player``'s order lines are read now: the game is not over, and orders are due
    from its power in this phase."""
    return live.row.status != "over" and player.power in live.phase.may_order


def read_orders(live: LiveGame, player: PlayerRow, text: str) -> list[OrderLine]:
    """The game's reading of the order lines of one mail of ``player``: the one reading of the
    mail, in which the intake finds where its orders end and its closing begins, and which
    ``take_orders`` stores. No line is read while orders are not taken (``takes_orders``)."""
    if not takes_orders(live, player):
        return []
    return live.ruleset.parse_orders(live.state, player.power, text)


def take_orders(run: Run, live: LiveGame, player: PlayerRow, lines: list[OrderLine]) -> Taken:
    """Store the order ``lines`` of one mail of ``player``, as ``read_orders`` read them; or
    say why no orders are taken."""
    taken = Taken()
    if live.row.status == "over":
        taken.notes.append(_("Game {game} is over; orders are no longer taken.", game=live.id))
        return taken
    phase = live.phase
    if not takes_orders(live, player):
        taken.notes.append(
            _(
                "No orders are due from {power} in {phase}; the order lines of your mail were not read.",
                power=player.power,
                phase=phase.label,
            )
        )
        return taken
    taken.lines = lines
    stored = run.store.order_set(live.id, phase.id, player.power)
    previous = stored.lines if stored else []
    merged, replaced = merge_orders(previous, taken.lines, live.ruleset.one_order_per_key)
    taken.replaced = [live.ruleset.shown_order(live.state, order) for order in replaced]
    refused = any(line.error for line in taken.lines)
    merged = [_settle(entry, refused) for entry in merged]
    late = live.row.deadline is not None and run.now > live.row.deadline
    run.store.save_orders(
        live.id,
        phase.id,
        player.power,
        merged,
        ready=stored.ready if stored else False,
        late=late,
        now=run.now,
    )
    if late:
        taken.notes.append(
            _(
                "Your orders came after the deadline ({deadline}); they were accepted because the "
                "phase has not been adjudicated yet.",
                deadline=live.deadline_text(),
            )
        )
    return taken


def _settle(entry: dict[str, Any], refused: bool) -> dict[str, Any]:
    """An order entry marked unsettled when the mail had a refused line, else unmarked."""
    settled = {key: value for key, value in entry.items() if key != UNSETTLED}
    return {**settled, UNSETTLED: True} if refused else settled


def set_ready(run: Run, live: LiveGame, player: PlayerRow, ready: bool, with_orders: bool) -> str:
    """READY / NOT READY. A READY in a mail without order lines also settles the orders as they
    stand (the player read that a line was refused and keeps the rest)."""
    phase = live.phase
    if player.power not in phase.may_order:
        return _("nothing is due from you in {phase}", phase=phase.label)
    stored = run.store.order_set(live.id, phase.id, player.power)
    lines = stored.lines if stored else []
    if ready and not with_orders:
        lines = [_settle(entry, False) for entry in lines]
    run.store.save_orders(
        live.id,
        phase.id,
        player.power,
        lines,
        ready=ready,
        late=stored.late if stored else False,
        now=run.now,
    )
    if ready:
        return (
            _("marked ready: the phase may be adjudicated before the deadline once everyone is ready")
            if live.config.early == "ready"
            else _("marked ready")
        )
    return _("no longer marked ready")


def ready_waits(run: Run, live: LiveGame, player: PlayerRow) -> str:
    """For a mail that said READY: a plain sentence when the phase still waits for this player's
    orders, or ""."""
    stored = run.store.order_set(live.id, live.phase.id, player.power)
    if not (stored and stored.ready) or live.config.early == "never":
        return ""
    why = why_waiting(live, player.power, stored)
    if not why:
        return ""
    answer = _(
        "You said READY, but {why}. Your READY is recorded, and the phase waits for your "
        "corrected orders (or the deadline).",
        why=why,
    )
    if unsettled(stored) and not still_missing(live, player.power, stored):
        return join([answer, _("To keep your orders as they stand, send READY alone.")], " ")
    return answer


def status(run: Run, live: LiveGame, player: PlayerRow) -> dict[str, Any]:
    """The LIST section: the phase, the deadline, my orders, what is missing, who is waited for."""
    phase = live.phase
    stored = run.store.order_set(live.id, phase.id, player.power)
    orders = stored.orders() if stored else []
    waiting: list[str] | None = None
    if live.config.show_waiting:
        waiting = waiting_for(live, run.store.order_sets(live.id, phase.id))
    return {
        "phase": phase.label,
        "phase_id": phase.id,
        # in the grace period, what the player still has is its end, not the passed deadline
        "deadline": live.when(live.row.grace_until)
        if live.row.grace_until and live.row.status == "running"
        else live.deadline_text(),
        "status": STATUS.get(live.row.status, live.row.status),
        "orders": [live.ruleset.shown_order(live.state, order) for order in orders],
        "acting": player.power in phase.acting,
        "missing": still_missing(live, player.power, stored),
        "unsettled": unsettled(stored),
        "ready": bool(stored and stored.ready),
        "waiting": waiting,
    }
