"""The outbox table: every mail we send, queued in the same transaction as its cause.

A mail is queued once (its ``dedup_key`` says what it is), sent with the
Message-ID fixed when it was queued, and recorded as sent only after the
server took it.

A mail that tells a password (a welcome) is queued with a copy of itself without it
(``redacted``), which takes its place in the statement that records it sent, or given up:
until then a crash leaves the whole mail to be sent again; after, no password rests here.
Its Message-ID, recipient and subject stay.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pbem.deadlines import utc_text
from pbem.store.pictures import Pictures


@dataclass
class QueuedMail:
    id: int
    message_id: str
    recipient: str
    subject: str
    raw: bytes
    attempts: int
    kind: str
    game_id: str | None


class Outbox(Pictures):
    """The send queue."""

    def queue_mail(
        self,
        *,
        dedup_key: str,
        message_id: str,
        game_id: str | None,
        kind: str,
        recipient: str,
        subject: str,
        raw: bytes,
        now: datetime,
        redacted: bytes | None = None,
    ) -> bool:
        """Queue a mail unless one with the same ``dedup_key`` was queued before; ``redacted``
        is what is kept of it once sent, where it tells a secret. Its pictures are kept apart
        (pbem.store.pictures): a phase's map once for all its mails."""
        raw = self.set_aside_png(raw)
        redacted = self.set_aside_png(redacted) if redacted is not None else None
        cursor = self.db.execute(
            "INSERT INTO outbox (redacted, dedup_key, message_id, game_id, kind, recipient,"
            " subject, raw, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT DO NOTHING",
            [
                redacted,
                dedup_key,
                message_id,
                game_id,
                kind,
                recipient,
                subject,
                raw,
                utc_text(now),
                utc_text(now),
            ],
        )
        return bool(cursor.rowcount)

    def due_mail(self, now: datetime, limit: int = 50) -> list[QueuedMail]:
        rows = self._rows(
            "SELECT id, message_id, recipient, subject, raw, attempts, kind, game_id FROM outbox"
            " WHERE status = 'queued' AND next_attempt_at <= ? ORDER BY id LIMIT ?",
            [utc_text(now), limit],
        )
        return [QueuedMail(**{**row, "raw": self.restored(row["raw"])}) for row in rows]

    def mark_sent(self, mail_id: int, now: datetime) -> None:
        """Record queued mail ``mail_id`` sent (recorded once: a mail the send journal lists
        may have been recorded before the run died; pbem.sending)."""
        self.db.execute(
            "UPDATE outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1,"
            " raw = coalesce(redacted, raw), redacted = NULL WHERE id = ? AND status = 'queued'",
            [utc_text(now), mail_id],
        )

    def mark_all_sent(self, sent: Iterable[tuple[int, datetime]]) -> None:
        """Record each queued mail of ``sent`` (its id, when) sent, all in one transaction."""
        with self.atomic():
            for mail_id, when in sent:
                self.mark_sent(mail_id, when)

    def mark_retry(self, mail_id: int, error: str, next_attempt: datetime, failed: bool) -> None:
        self.db.execute(
            "UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?,"
            " status = ?, raw = CASE WHEN ? THEN coalesce(redacted, raw) ELSE raw END,"
            " redacted = CASE WHEN ? THEN NULL ELSE redacted END WHERE id = ?",
            [error, utc_text(next_attempt), "failed" if failed else "queued", failed, failed, mail_id],
        )

    def welcomes_upto(self, upto: int) -> list[dict[str, Any]]:
        """The welcomes (each told a password) queued up to row ``upto``, not yet redacted."""
        return self._restored_rows(
            "SELECT id, raw, status FROM outbox WHERE kind = 'welcome' AND id <= ? AND redacted IS NULL",
            [upto],
        )

    def redact_mail(self, mail_id: int, redacted: bytes) -> None:
        """Keep ``redacted`` as queued mail ``mail_id`` once it is sent (at once, if it was)."""
        self.db.execute(
            "UPDATE outbox SET raw = CASE WHEN status = 'queued' THEN raw ELSE ? END,"
            " redacted = CASE WHEN status = 'queued' THEN ? ELSE NULL END WHERE id = ?",
            [self.set_aside_png(redacted)] * 2 + [mail_id],
        )

    def count_mail_to(self, recipient: str, kinds: Sequence[str], since: datetime) -> int:
        """How many mails of ``kinds`` were queued for ``recipient`` at or after ``since``."""
        marks = ", ".join("?" for _ in kinds)
        row = self._one(
            f"SELECT count(*) AS n FROM outbox WHERE lower(recipient) = lower(?) AND created_at >= ?"
            f" AND kind IN ({marks})",
            [recipient, utc_text(since), *kinds],
        )
        return int(row["n"]) if row else 0

    def retry_mail_out(self, mail_id: int, now: datetime) -> bool:
        """Hand a failed (or dropped) outgoing mail back to the queue, with its attempts afresh."""
        cursor = self.db.execute(
            "UPDATE outbox SET status = 'queued', attempts = 0, next_attempt_at = ?"
            " WHERE id = ? AND status IN ('failed', 'dropped')",
            [utc_text(now), mail_id],
        )
        return bool(cursor.rowcount)

    def drop_mail_out(self, mail_id: int) -> bool:
        """Give up a failed outgoing mail: no run sends it (it stays stored)."""
        cursor = self.db.execute(
            "UPDATE outbox SET status = 'dropped' WHERE id = ? AND status = 'failed'", [mail_id]
        )
        return bool(cursor.rowcount)

    def return_path_key(self) -> str:
        """The key of the return addresses' tags (pbem.mail.verp), made once and kept: a bounce
        to a tag made with a key since lost matches nobody."""
        key = self.get_meta("return_path_key")
        if key is None:
            self.db.execute(
                "INSERT INTO meta (key, value) VALUES ('return_path_key', ?) ON CONFLICT (key) DO NOTHING",
                [secrets.token_hex(32)],
            )  # two runs at once keep the first key written
            key = self.get_meta("return_path_key")
            assert key is not None
        return key

    def sent_mail_to(self, game_id: str, recipient: str, limit: int = 100) -> list[dict[str, Any]]:
        """The mails sent to ``recipient`` in ``game_id``, newest first: their id, Message-ID,
        subject, when queued and the bounce that reported each undelivered (or None)."""
        return self._rows(
            "SELECT id, message_id, subject, created_at, bounced_by FROM outbox WHERE game_id = ?"
            " AND lower(recipient) = lower(?) AND status = 'sent' ORDER BY id DESC LIMIT ?",
            [game_id, recipient, limit],
        )

    def mark_bounced(self, mail_id: int, row_id: int) -> bool:
        """Record that stored message ``row_id`` reported mail ``mail_id`` undelivered; False if
        a bounce of it was recorded before (a second report of one failure counts once)."""
        cursor = self.db.execute(
            "UPDATE outbox SET bounced_by = ? WHERE id = ? AND bounced_by IS NULL", [row_id, mail_id]
        )
        return bool(cursor.rowcount)

    def outbox_rows(self, **where: Any) -> list[dict[str, Any]]:
        clause = " AND ".join(f"{name} = ?" for name in where) or "1 = 1"
        return self._restored_rows(f"SELECT * FROM outbox WHERE {clause} ORDER BY id", list(where.values()))

    def _restored_rows(self, sql: str, params: Sequence[Any]) -> list[dict[str, Any]]:
        """Rows of the outbox with their mails whole, pictures back in place."""
        rows = self._rows(sql, params)
        for row in rows:
            for name in ("raw", "redacted"):
                if row.get(name) is not None:
                    row[name] = self.restored(bytes(row[name]))
        return rows
