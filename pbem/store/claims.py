"""Who does what when several ``pbem run`` workers share one PostgreSQL database.

PostgreSQL's own locks, nothing home-made (as diplicity and webDiplomacy do it):

- a *lease* on a job that one worker at a time does (polling the mailbox, acting on stored
  mail, writing the archive): a session advisory lock, tried and never waited for. A worker
  that dies ends its session, and the lease is free for the next run of any worker;
- a *claim* on a game due to be tended, or on a mail due to be sent: the row, locked
  ``FOR UPDATE SKIP LOCKED`` in the transaction that does the work and records it. Another
  worker skips it; a worker killed before its commit leaves it as it was, for the next;
- mail is read before deadlines are kept, as one run does it: fetching mail and acting on it
  hold every game still (an exclusive advisory lock that each game's claim takes shared), and
  a game is not claimed while stored mail waits to be acted on (the worker acting on it tends
  the games after it).

On SQLite the data directory's file lock keeps one run at a time, and every lease and claim is
this worker's at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from pbem.store.connection import Connection
from pbem.store.dialect import POSTGRESQL

#: the advisory lock keys, one a job (any number: pbem's own, in a database of its own)
LEASES = {"poll": 3_410_001, "intake": 3_410_002, "archive": 3_410_003}
#: held exclusive while mail is fetched or acted on, shared by each game's claim
GAMES_STILL = 3_410_010
#: the jobs that hold the games still
ON_MAIL = ("poll", "intake")


class Claims(Connection):
    """Leases on jobs and claims on games and outgoing mail."""

    @contextmanager
    def lease(self, job: str) -> Iterator[bool]:
        """Whether this worker does ``job`` now: True, held for the block, unless another holds it."""
        if self.dialect is not POSTGRESQL:
            yield True
            return
        row = self._one("SELECT pg_try_advisory_lock(?) AS held", [LEASES[job]])
        if not (row and row["held"]):
            yield False
            return
        try:
            if job in ON_MAIL:  # wait for the games being tended to be done, and hold them still
                self.db.execute("SELECT pg_advisory_lock(?)", [GAMES_STILL])
            yield True
        finally:
            if job in ON_MAIL:
                self.db.execute("SELECT pg_advisory_unlock(?)", [GAMES_STILL])
            self.db.execute("SELECT pg_advisory_unlock(?)", [LEASES[job]])

    @contextmanager
    def claim_game(self, game_id: str) -> Iterator[bool]:
        """Whether this worker tends game ``game_id`` now; True inside one transaction that holds
        the game's row until what the block did commits (or rolls back with it). False while
        another worker has it, or while stored mail waits to be acted on."""
        if self.dialect is not POSTGRESQL:
            yield True
            return
        with self.atomic():
            self.db.execute("SELECT pg_advisory_xact_lock_shared(?)", [GAMES_STILL])
            if self._one("SELECT id FROM messages WHERE status = 'new' LIMIT 1") is not None:
                yield False
                return
            row = self._one("SELECT id FROM games WHERE id = ? FOR UPDATE SKIP LOCKED", [game_id])
            yield row is not None

    @contextmanager
    def claim_mail(self, mail_id: int) -> Iterator[bool]:
        """Whether this worker sends queued mail ``mail_id``; True inside one transaction that
        holds its row until the send is recorded. False when another worker has it, or it is
        no longer queued (sent meanwhile)."""
        if self.dialect is not POSTGRESQL:
            yield True
            return
        with self.atomic():
            row = self._one(
                "SELECT id FROM outbox WHERE id = ? AND status = 'queued' FOR UPDATE SKIP LOCKED", [mail_id]
            )
            yield row is not None
