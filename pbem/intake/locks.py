"""When password sign-ons are locked: the guess limits, counted over the store.

Apart from ``pbem.intake.guesses`` (which acts on a lock and tells of it) so that identity can
ask before it checks a password: a locked sign-on is refused without the costly scrypt check,
and a flood of guesses costs little more than reading them.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from pbem.store import Store

WINDOW = timedelta(hours=1)
#: refused sign-ons in ``WINDOW`` that lock password sign-ons as a power (or a game's referee)
PER_POWER = 5
#: refused sign-ons in ``WINDOW`` that lock password sign-ons from a sender address, as anyone
PER_SENDER = 10


def lock_ends(store: Store, now: datetime, game_id: str, power: str, sender: str) -> datetime | None:
    """When password sign-ons as ``power`` (or from ``sender``) open again, if they are locked at ``now``."""
    since = now - WINDOW
    ends = []
    of_power = store.signon_failures_of(game_id, power, since)
    if len(of_power) >= PER_POWER:
        ends.append(of_power[-PER_POWER] + WINDOW)
    if sender:
        from_sender = store.signon_failures_from(sender, since)
        if len(from_sender) >= PER_SENDER:
            ends.append(from_sender[-PER_SENDER] + WINDOW)
    return max(ends) if ends else None
