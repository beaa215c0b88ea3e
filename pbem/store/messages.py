"""The messages table: every mail fetched, stored before it is acted on."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pbem.deadlines import from_utc_text, utc_text
from pbem.store.connection import Connection


class Messages(Connection):
    """Stored mail and what became of each.

    A mail whose handling raised is ``failed``, with the reason, and tried again by later runs
    until it has failed ``attempts`` times; then it waits for the referee to retry or drop it.
    """

    def add_message(
        self,
        *,
        dedup_key: str,
        sha256: str,
        message_id: str,
        ref: str,
        received_at: datetime,
        sender: str,
        subject: str,
        raw: bytes,
    ) -> int | None:
        """Store a fetched message; its row id, or None if it was stored before."""
        texts = [storable(text) for text in (dedup_key, sha256, message_id, ref)]
        row = self._one(
            "INSERT INTO messages (dedup_key, sha256, message_id, ref, received_at,"
            " sender, subject, raw) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id",
            [*texts, utc_text(received_at), storable(sender), storable(subject), raw],
        )
        return int(row["id"]) if row else None

    def pending_message_ids(self, attempts: int = 1) -> list[int]:
        """New messages, and failed ones that have failed fewer than ``attempts`` times, oldest first."""
        return [
            row["id"]
            for row in self._rows(
                "SELECT id FROM messages WHERE status = 'new' OR (status = 'failed' AND attempts < ?)"
                " ORDER BY id",
                [attempts],
            )
        ]

    def begin_reading(self, row_id: int, most: int) -> bool:
        """Count a run's reading of message ``row_id`` before it is read (committed), so that a
        run killed while reading it (a mail that stalls or crashes the reader, or a power cut)
        does not read it again forever. False, and nothing counted, once runs have begun it
        ``most`` times without finishing it: its tries are used up, and it is to be set aside as
        failed (``attempts`` is set one short of ``most``, for that failure to count the last).

        Finishing a mail (``finish_message``) clears its count; a failure (``fail_message``)
        leaves it, so that failures and killed runs together count to ``most``."""
        with self.atomic():
            row = self._one("SELECT readings FROM messages WHERE id = ?", [row_id])
            if row is not None and row["readings"] >= most:
                self.db.execute(
                    "UPDATE messages SET attempts = CASE WHEN attempts > ? THEN attempts ELSE ? END"
                    " WHERE id = ?",
                    [most - 1, most - 1, row_id],
                )
                return False
            self.db.execute("UPDATE messages SET readings = readings + 1 WHERE id = ?", [row_id])
        return True

    def held_messages(self) -> list[tuple[int, str]]:
        """(id, game) of the mail held for a game set aside by its broken config entry, oldest first."""
        return [
            (row["id"], row["game_id"])
            for row in self._rows("SELECT id, game_id FROM messages WHERE status = 'held' ORDER BY id")
        ]

    def message(self, row_id: int) -> dict[str, Any]:
        row = self.find_message(row_id)
        assert row is not None, row_id
        return row

    def find_message(self, row_id: int) -> dict[str, Any] | None:
        row = self._one("SELECT * FROM messages WHERE id = ?", [row_id])
        if row is not None:
            row["received_at"] = from_utc_text(row["received_at"])
        return row

    def finish_message(
        self,
        row_id: int,
        status: str,
        outcome: str,
        game_id: str | None = None,
        power: str | None = None,
    ) -> None:
        self.db.execute(
            "UPDATE messages SET status = ?, outcome = ?, game_id = ?, power = ?, readings = 0 WHERE id = ?",
            [status, outcome, game_id, power, row_id],
        )

    def redact_message(self, row_id: int, raw: bytes, subject: str) -> None:
        """Keep message ``row_id`` as ``raw`` and ``subject``: what is left of it without the
        secrets it held (pbem.intake.credentials), in the transaction that records it acted on."""
        self.db.execute(
            "UPDATE messages SET raw = ?, subject = ? WHERE id = ?", [raw, storable(subject), row_id]
        )

    def acted_on_between(self, after: int, upto: int, limit: int) -> list[dict[str, Any]]:
        """The id, bytes and subject of messages acted on (done or ignored) after row ``after``
        and up to row ``upto``, oldest first, at most ``limit``."""
        return self._rows(
            "SELECT id, raw, subject FROM messages WHERE id > ? AND id <= ? AND status IN ('done', 'ignored')"
            " ORDER BY id LIMIT ?",
            [after, upto, limit],
        )

    def last_own_mail_at(self, game_id: str, power: str) -> datetime | None:
        """When the player of ``power`` in ``game_id`` last wrote a mail that was acted on (a
        bounce of mail to them is none): a player who writes again gets their mail again."""
        row = self._one(
            "SELECT MAX(received_at) AS at FROM messages WHERE game_id = ? AND power = ? AND status = 'done'"
            " AND (outcome IS NULL OR outcome NOT LIKE 'bounce%')",
            [game_id, power],
        )
        return from_utc_text(row["at"]) if row and row["at"] else None

    def message_count(self, status: str | None = None) -> int:
        if status is None:
            return int(self._rows("SELECT count(*) AS n FROM messages")[0]["n"])
        return int(self._rows("SELECT count(*) AS n FROM messages WHERE status = ?", [status])[0]["n"])

    def fail_message(self, row_id: int, reason: str) -> int:
        """Mark a message failed with ``reason``; how many times it has failed now."""
        self.db.execute(
            "UPDATE messages SET status = 'failed', outcome = ?, attempts = attempts + 1 WHERE id = ?",
            [storable(reason), row_id],
        )
        row = self._one("SELECT attempts FROM messages WHERE id = ?", [row_id])
        return int(row["attempts"]) if row else 0

    def failed_messages(self) -> list[dict[str, Any]]:
        """The failed messages (without their bytes), oldest first, for the referee."""
        return self._rows(
            "SELECT id, received_at, sender, subject, outcome, attempts FROM messages"
            " WHERE status = 'failed' ORDER BY id"
        )

    def retry_message(self, row_id: int) -> bool:
        """Make a failed or dropped message new again, for the next run; False if it is neither."""
        return self._change_message(
            row_id, ("failed", "dropped"), "status = 'new', attempts = 0, readings = 0"
        )

    def drop_message(self, row_id: int) -> bool:
        """Leave a failed message alone for good (its bytes stay stored); False if it is not failed."""
        return self._change_message(
            row_id, ("failed",), "status = 'dropped', outcome = 'dropped by the referee: ' || outcome"
        )

    def _change_message(self, row_id: int, statuses: tuple[str, ...], assignments: str) -> bool:
        """Apply ``assignments`` to message ``row_id`` if its status is one of ``statuses``;
        whether it was."""
        marks = ", ".join("?" for _ in statuses)
        cursor = self.db.execute(
            f"UPDATE messages SET {assignments} WHERE id = ? AND status IN ({marks})", [row_id, *statuses]
        )
        return bool(cursor.rowcount)


def storable(text: str | None) -> str | None:
    """Text SQLite takes: a lone surrogate (an undecodable byte kept by the parser) cannot be
    stored as UTF-8, so it becomes U+FFFD."""
    if text is None:
        return None
    return text.encode("utf-8", "replace").decode("utf-8")
