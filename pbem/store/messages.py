"""The messages table: every mail fetched, stored before it is acted on."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pbem.deadlines import from_utc_text, utc_text
from pbem.store.connection import Connection

SCHEMA = """
CREATE TABLE IF NOT EXISTS messages (
    id INTEGER PRIMARY KEY,
    dedup_key TEXT NOT NULL UNIQUE,   -- Message-ID with sender, or the hash of the bytes
    sha256 TEXT NOT NULL,
    message_id TEXT,
    ref TEXT,                         -- where the transport has it (IMAP UID, Maildir key)
    received_at TEXT NOT NULL,
    sender TEXT,
    subject TEXT,
    raw BLOB NOT NULL,
    status TEXT NOT NULL DEFAULT 'new',   -- new | done | ignored
    game_id TEXT,
    power TEXT,
    outcome TEXT                      -- one line for the log: what was done with it
);
CREATE INDEX IF NOT EXISTS messages_status ON messages(status);
"""


class Messages(Connection):
    """Stored mail and what became of each."""

    SCHEMA = SCHEMA

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
        cursor = self.db.execute(
            "INSERT OR IGNORE INTO messages (dedup_key, sha256, message_id, ref, received_at,"
            " sender, subject, raw) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [dedup_key, sha256, message_id, ref, utc_text(received_at), sender, subject, raw],
        )
        return cursor.lastrowid if cursor.rowcount else None

    def pending_message_ids(self) -> list[int]:
        return [row["id"] for row in self._rows("SELECT id FROM messages WHERE status = 'new' ORDER BY id")]

    def message(self, row_id: int) -> dict[str, Any]:
        row = self._one("SELECT * FROM messages WHERE id = ?", [row_id])
        assert row is not None, row_id
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
            "UPDATE messages SET status = ?, outcome = ?, game_id = ?, power = ? WHERE id = ?",
            [status, outcome, game_id, power, row_id],
        )

    def message_count(self, status: str | None = None) -> int:
        if status is None:
            return int(self._rows("SELECT count(*) AS n FROM messages")[0]["n"])
        return int(self._rows("SELECT count(*) AS n FROM messages WHERE status = ?", [status])[0]["n"])
