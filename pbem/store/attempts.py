"""The signon_failures table: password sign-ons refused, so that guessing can be limited.

Each row is one mail whose sign-on with a password was refused: a wrong password, or any
password while sign-ons were locked. ``pbem.intake.guesses`` counts them per power and per
sender over the last hour. A row is written in the transaction that records its mail acted
on, so a crash neither loses nor counts a guess twice. Rows older than a week are dropped
when a new one is written: the limits look back an hour, the referee a few days at most.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from pbem.deadlines import from_utc_text, utc_text
from pbem.store.connection import Connection

#: how long a refused sign-on is kept
KEPT = timedelta(days=7)


class Attempts(Connection):
    """Refused password sign-ons, by power and by sender."""

    def add_signon_failure(self, game_id: str, power: str, sender: str, at: datetime, message: int) -> None:
        self.db.execute("DELETE FROM signon_failures WHERE at < ?", [utc_text(at - KEPT)])
        self.db.execute(
            "INSERT INTO signon_failures (game_id, power, sender, at, message) VALUES (?, ?, ?, ?, ?)",
            [game_id, power, sender.lower(), utc_text(at), message],
        )

    def signon_failures_of(self, game_id: str, power: str, since: datetime) -> list[datetime]:
        """When sign-ons as ``power`` in ``game_id`` were refused at or after ``since``, oldest first."""
        rows = self._rows(
            "SELECT at FROM signon_failures WHERE game_id = ? AND power = ? AND at >= ? ORDER BY at",
            [game_id, power, utc_text(since)],
        )
        return [from_utc_text(row["at"]) for row in rows]

    def signon_failures_from(self, sender: str, since: datetime) -> list[datetime]:
        """When sign-ons from ``sender`` were refused at or after ``since``, oldest first."""
        rows = self._rows(
            "SELECT at FROM signon_failures WHERE sender = ? AND at >= ? ORDER BY at",
            [sender.lower(), utc_text(since)],
        )
        return [from_utc_text(row["at"]) for row in rows]
