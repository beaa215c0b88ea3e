"""The SQLite database: every message, game, order, turn and outgoing mail.

The database is the service's memory and its source of truth once a game has
started (the config says how a game is set up; the database says where it
stands). Writes that belong together happen in one transaction
(``with store.atomic():``) so that a crash leaves either all or nothing:
a message is stored before it is acted on, and acting on it (its orders, its
reply in the send queue, its status) commits at once.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import sqlite_utils

from pbem.deadlines import from_utc_text, utc_text

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
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    ruleset TEXT NOT NULL,
    variant TEXT NOT NULL,
    status TEXT NOT NULL,             -- running | paused | over
    phase_id TEXT NOT NULL,
    state TEXT NOT NULL,              -- the ruleset's dump_state, JSON
    seq INTEGER NOT NULL DEFAULT 0,   -- how many phases have been adjudicated
    deadline TEXT,
    grace_until TEXT,
    reminded INTEGER NOT NULL DEFAULT 0,
    late_noticed INTEGER NOT NULL DEFAULT 0,
    paused_left REAL,                 -- seconds of deadline left when paused
    started_at TEXT NOT NULL,
    start_seed INTEGER NOT NULL DEFAULT 0,  -- the seed ruleset.start was given
    result TEXT
);
CREATE TABLE IF NOT EXISTS players (
    game_id TEXT NOT NULL,
    power TEXT NOT NULL,
    address TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    token TEXT NOT NULL UNIQUE,
    nmr_streak INTEGER NOT NULL DEFAULT 0,
    nmr_total INTEGER NOT NULL DEFAULT 0,
    civil_disorder INTEGER NOT NULL DEFAULT 0,
    absences TEXT NOT NULL DEFAULT '[]',
    PRIMARY KEY (game_id, power)
);
CREATE INDEX IF NOT EXISTS players_address ON players(address);
CREATE TABLE IF NOT EXISTS orders (
    game_id TEXT NOT NULL,
    phase_id TEXT NOT NULL,
    power TEXT NOT NULL,
    lines TEXT NOT NULL,              -- JSON list of {"key", "order"}
    ready INTEGER NOT NULL DEFAULT 0,
    late INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (game_id, phase_id, power)
);
CREATE TABLE IF NOT EXISTS turns (
    game_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    phase_id TEXT NOT NULL,
    phase_label TEXT NOT NULL,
    state_before TEXT NOT NULL,
    orders TEXT NOT NULL,             -- JSON {power: [orders]} as adjudicated, defaults included
    nmr TEXT NOT NULL DEFAULT '[]',   -- powers that sent nothing
    seed INTEGER NOT NULL,
    state_after TEXT NOT NULL,
    events TEXT NOT NULL,
    adjudicated_at TEXT NOT NULL,
    rolled_back INTEGER NOT NULL DEFAULT 0,
    archived INTEGER NOT NULL DEFAULT 0,   -- its files are written under turns/
    PRIMARY KEY (game_id, seq)
);
CREATE INDEX IF NOT EXISTS turns_unarchived ON turns(archived) WHERE archived = 0;
CREATE TABLE IF NOT EXISTS reports (
    game_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    viewer TEXT NOT NULL,
    subject TEXT NOT NULL,
    text TEXT NOT NULL,
    html TEXT,
    PRIMARY KEY (game_id, seq, viewer)
);
CREATE TABLE IF NOT EXISTS press (
    id INTEGER PRIMARY KEY,
    game_id TEXT NOT NULL,
    phase_id TEXT NOT NULL,
    sender TEXT NOT NULL,
    recipients TEXT NOT NULL,         -- JSON list of powers
    grey INTEGER NOT NULL DEFAULT 0,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL,
    released INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS votes (
    game_id TEXT NOT NULL,
    power TEXT NOT NULL,
    kind TEXT NOT NULL,               -- draw | concede
    value TEXT NOT NULL,
    PRIMARY KEY (game_id, power, kind)
);
CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY,
    dedup_key TEXT NOT NULL UNIQUE,   -- what this mail is, so it is never queued twice
    message_id TEXT NOT NULL UNIQUE,
    game_id TEXT,
    kind TEXT NOT NULL,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    raw BLOB NOT NULL,
    status TEXT NOT NULL DEFAULT 'queued',   -- queued | sent | failed
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    last_error TEXT,
    created_at TEXT NOT NULL,
    sent_at TEXT
);
CREATE INDEX IF NOT EXISTS outbox_status ON outbox(status, next_attempt_at);
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""


@dataclass
class GameRow:
    """Where a game stands, as stored."""

    id: str
    ruleset: str
    variant: str
    status: str
    phase_id: str
    state: dict[str, Any]
    seq: int
    deadline: datetime | None
    grace_until: datetime | None
    reminded: bool
    late_noticed: bool
    paused_left: float | None
    started_at: datetime
    result: str | None
    start_seed: int = 0


@dataclass
class PlayerRow:
    game_id: str
    power: str
    address: str
    password_hash: str
    token: str
    nmr_streak: int = 0
    nmr_total: int = 0
    civil_disorder: bool = False
    absences: list[list[str]] = field(default_factory=list)


@dataclass
class OrderSet:
    """A power's current orders for a phase."""

    lines: list[dict[str, str]]
    ready: bool
    late: bool
    updated_at: datetime

    def orders(self) -> list[str]:
        return [line["order"] for line in self.lines]


@dataclass
class TurnRow:
    game_id: str
    seq: int
    phase_id: str
    phase_label: str
    state_before: dict[str, Any]
    orders: dict[str, list[str]]
    nmr: list[str]
    seed: int
    state_after: dict[str, Any]
    events: list[dict[str, Any]]
    adjudicated_at: datetime
    rolled_back: bool


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


def _time(value: str | None) -> datetime | None:
    return from_utc_text(value) if value else None


class Store:
    """The service's SQLite database."""

    def __init__(self, path: Path | str):
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # Autocommit unless inside atomic(): Python's implicit transactions would
        # otherwise leave writes uncommitted between explicit transactions.
        connection = sqlite3.connect(str(path), isolation_level=None)
        self.db = sqlite_utils.Database(connection)
        if str(path) != ":memory:":
            self.db.enable_wal()
        # In WAL mode, NORMAL never corrupts and loses nothing when the process dies; only a
        # power cut can undo the last commits. Where that would lose mail (a message stored,
        # then marked done on the server), the commit is made durable() instead.
        self.db.execute("PRAGMA synchronous = NORMAL")
        self.db.execute("PRAGMA busy_timeout = 10000")
        self.db.execute("PRAGMA foreign_keys = ON")
        self.db.conn.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def atomic(self) -> Iterator[None]:
        """One transaction: everything inside commits together or not at all.

        It begins IMMEDIATE, taking the write lock at once: a run's acting and
        its sending use two connections, and a transaction that read first and
        wrote later could find the other had written in between, which SQLite
        refuses at once rather than waiting. Nested blocks are savepoints.
        """
        connection = self.db.conn
        if connection.in_transaction:
            name = f"nested_{secrets.token_hex(4)}"
            connection.execute(f"SAVEPOINT {name}")
            try:
                yield
            except BaseException:
                connection.execute(f"ROLLBACK TO SAVEPOINT {name}")
                connection.execute(f"RELEASE SAVEPOINT {name}")
                raise
            connection.execute(f"RELEASE SAVEPOINT {name}")
            return
        connection.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")

    @contextmanager
    def durable(self) -> Iterator[None]:
        """A transaction whose commit is on disk, power cut or not, when the block ends."""
        self.db.execute("PRAGMA synchronous = FULL")
        try:
            with self.atomic():
                yield
        finally:
            self.db.execute("PRAGMA synchronous = NORMAL")

    def _rows(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[dict[str, Any]]:
        return list(self.db.query(sql, params))

    def _one(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> dict[str, Any] | None:
        rows = self._rows(sql, params)
        return rows[0] if rows else None

    # -- meta -------------------------------------------------------------

    def get_meta(self, key: str) -> str | None:
        row = self._one("SELECT value FROM meta WHERE key = ?", [key])
        return row["value"] if row else None

    def set_meta(self, key: str, value: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", [key, value])

    # -- messages ---------------------------------------------------------

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

    # -- games and players ------------------------------------------------

    def add_game(self, game: GameRow, players: Sequence[PlayerRow]) -> None:
        self.db.execute(
            "INSERT INTO games (id, ruleset, variant, status, phase_id, state, seq, deadline,"
            " started_at, start_seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                game.id,
                game.ruleset,
                game.variant,
                game.status,
                game.phase_id,
                json.dumps(game.state),
                game.seq,
                utc_text(game.deadline) if game.deadline else None,
                utc_text(game.started_at),
                game.start_seed,
            ],
        )
        for player in players:
            self.db.execute(
                "INSERT INTO players (game_id, power, address, password_hash, token) VALUES (?, ?, ?, ?, ?)",
                [player.game_id, player.power, player.address, player.password_hash, player.token],
            )

    def add_player(self, player: PlayerRow) -> None:
        """Seat a player for a power that had none (a neutral the rules made a player power)."""
        self.db.execute(
            "INSERT INTO players (game_id, power, address, password_hash, token) VALUES (?, ?, ?, ?, ?)",
            [player.game_id, player.power, player.address, player.password_hash, player.token],
        )

    def game(self, game_id: str) -> GameRow | None:
        row = self._one("SELECT * FROM games WHERE id = ?", [game_id])
        if row is None:
            return None
        return GameRow(
            id=row["id"],
            ruleset=row["ruleset"],
            variant=row["variant"],
            status=row["status"],
            phase_id=row["phase_id"],
            state=json.loads(row["state"]),
            seq=row["seq"],
            deadline=_time(row["deadline"]),
            grace_until=_time(row["grace_until"]),
            reminded=bool(row["reminded"]),
            late_noticed=bool(row["late_noticed"]),
            paused_left=row["paused_left"],
            started_at=from_utc_text(row["started_at"]),
            result=row["result"],
            start_seed=row["start_seed"],
        )

    def game_ids(self) -> list[str]:
        return [row["id"] for row in self._rows("SELECT id FROM games ORDER BY id")]

    def update_game(self, game_id: str, **changes: Any) -> None:
        """Change columns of a game; datetimes and the state are encoded here."""
        encoded: dict[str, Any] = {}
        for name, value in changes.items():
            if isinstance(value, datetime):
                value = utc_text(value)
            elif name == "state":
                value = json.dumps(value)
            elif isinstance(value, bool):
                value = int(value)
            encoded[name] = value
        columns = ", ".join(f"{name} = ?" for name in encoded)
        self.db.execute(f"UPDATE games SET {columns} WHERE id = ?", [*encoded.values(), game_id])

    def players(self, game_id: str) -> list[PlayerRow]:
        return [
            self._player(row)
            for row in self._rows("SELECT * FROM players WHERE game_id = ? ORDER BY rowid", [game_id])
        ]

    def player(self, game_id: str, power: str) -> PlayerRow | None:
        row = self._one(
            "SELECT * FROM players WHERE game_id = ? AND lower(power) = lower(?)", [game_id, power]
        )
        return self._player(row) if row else None

    def player_by_token(self, token: str) -> PlayerRow | None:
        row = self._one("SELECT * FROM players WHERE token = ?", [token.lower()])
        return self._player(row) if row else None

    def players_by_address(self, address: str) -> list[PlayerRow]:
        return [
            self._player(row)
            for row in self._rows(
                "SELECT * FROM players WHERE address = ? ORDER BY game_id", [address.lower()]
            )
        ]

    @staticmethod
    def _player(row: dict[str, Any]) -> PlayerRow:
        return PlayerRow(
            game_id=row["game_id"],
            power=row["power"],
            address=row["address"],
            password_hash=row["password_hash"],
            token=row["token"],
            nmr_streak=row["nmr_streak"],
            nmr_total=row["nmr_total"],
            civil_disorder=bool(row["civil_disorder"]),
            absences=json.loads(row["absences"]),
        )

    def update_player(self, game_id: str, power: str, **changes: Any) -> None:
        encoded = {
            name: json.dumps(value)
            if name == "absences"
            else int(value)
            if isinstance(value, bool)
            else value
            for name, value in changes.items()
        }
        columns = ", ".join(f"{name} = ?" for name in encoded)
        self.db.execute(
            f"UPDATE players SET {columns} WHERE game_id = ? AND power = ?",
            [*encoded.values(), game_id, power],
        )

    # -- orders -----------------------------------------------------------

    def order_set(self, game_id: str, phase_id: str, power: str) -> OrderSet | None:
        row = self._one(
            "SELECT * FROM orders WHERE game_id = ? AND phase_id = ? AND power = ?",
            [game_id, phase_id, power],
        )
        if row is None:
            return None
        return OrderSet(
            json.loads(row["lines"]),
            bool(row["ready"]),
            bool(row["late"]),
            from_utc_text(row["updated_at"]),
        )

    def order_sets(self, game_id: str, phase_id: str) -> dict[str, OrderSet]:
        return {
            row["power"]: OrderSet(
                json.loads(row["lines"]),
                bool(row["ready"]),
                bool(row["late"]),
                from_utc_text(row["updated_at"]),
            )
            for row in self._rows(
                "SELECT * FROM orders WHERE game_id = ? AND phase_id = ?", [game_id, phase_id]
            )
        }

    def save_orders(
        self,
        game_id: str,
        phase_id: str,
        power: str,
        lines: list[dict[str, str]],
        ready: bool,
        late: bool,
        now: datetime,
    ) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO orders (game_id, phase_id, power, lines, ready, late, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [game_id, phase_id, power, json.dumps(lines), int(ready), int(late), utc_text(now)],
        )

    # -- turns and reports ------------------------------------------------

    def add_turn(self, turn: TurnRow) -> None:
        self.db.execute(
            "INSERT INTO turns (game_id, seq, phase_id, phase_label, state_before, orders, nmr, seed,"
            " state_after, events, adjudicated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                turn.game_id,
                turn.seq,
                turn.phase_id,
                turn.phase_label,
                json.dumps(turn.state_before),
                json.dumps(turn.orders),
                json.dumps(turn.nmr),
                turn.seed,
                json.dumps(turn.state_after),
                json.dumps(turn.events),
                utc_text(turn.adjudicated_at),
            ],
        )

    def turns(self, game_id: str, include_rolled_back: bool = False) -> list[TurnRow]:
        where = "" if include_rolled_back else " AND rolled_back = 0"
        return [
            self._turn(row)
            for row in self._rows(f"SELECT * FROM turns WHERE game_id = ?{where} ORDER BY seq", [game_id])
        ]

    def turn_by_seq(self, game_id: str, seq: int) -> TurnRow | None:
        row = self._one("SELECT * FROM turns WHERE game_id = ? AND seq = ?", [game_id, seq])
        return self._turn(row) if row else None

    def unarchived_turns(self) -> list[tuple[str, int]]:
        """(game, seq) of live turns whose files are not written yet: a short list, always."""
        return [(row["game_id"], row["seq"]) for row in self._rows(
            "SELECT game_id, seq FROM turns WHERE archived = 0 AND rolled_back = 0 ORDER BY game_id, seq"
        )]

    def mark_archived(self, game_id: str, seq: int) -> None:
        self.db.execute("UPDATE turns SET archived = 1 WHERE game_id = ? AND seq = ?", [game_id, seq])

    def phase_ids(self, game_id: str) -> list[str]:
        """The adjudicated phases of a game, in order, without loading their states."""
        return [row["phase_id"] for row in self._rows(
            "SELECT phase_id FROM turns WHERE game_id = ? AND rolled_back = 0 ORDER BY seq", [game_id]
        )]

    def recent_reports(self, game_id: str, viewer: str, count: int) -> list[dict[str, Any]]:
        """The last ``count`` reports ``viewer`` was sent in a game, oldest first."""
        rows = self._rows(
            "SELECT reports.subject, reports.text FROM reports JOIN turns"
            " ON turns.game_id = reports.game_id AND turns.seq = reports.seq"
            " WHERE reports.game_id = ? AND reports.viewer = ? AND turns.rolled_back = 0"
            " ORDER BY reports.seq DESC LIMIT ?",
            [game_id, viewer, count],
        )
        return list(reversed(rows))

    def turn(self, game_id: str, phase_id: str) -> TurnRow | None:
        """The live (not rolled back) turn that adjudicated ``phase_id``."""
        row = self._one(
            "SELECT * FROM turns WHERE game_id = ? AND lower(phase_id) = lower(?) AND rolled_back = 0"
            " ORDER BY seq DESC LIMIT 1",
            [game_id, phase_id],
        )
        return self._turn(row) if row else None

    @staticmethod
    def _turn(row: dict[str, Any]) -> TurnRow:
        return TurnRow(
            game_id=row["game_id"],
            seq=row["seq"],
            phase_id=row["phase_id"],
            phase_label=row["phase_label"],
            state_before=json.loads(row["state_before"]),
            orders=json.loads(row["orders"]),
            nmr=json.loads(row["nmr"]),
            seed=row["seed"],
            state_after=json.loads(row["state_after"]),
            events=json.loads(row["events"]),
            adjudicated_at=from_utc_text(row["adjudicated_at"]),
            rolled_back=bool(row["rolled_back"]),
        )

    def next_seq(self, game_id: str) -> int:
        """The number of the next turn: after every turn, rolled back ones included."""
        row = self._one("SELECT max(seq) AS seq FROM turns WHERE game_id = ?", [game_id])
        return int(row["seq"] or 0) + 1 if row else 1

    def clear_orders(self, game_id: str, phase_id: str) -> None:
        self.db.execute("DELETE FROM orders WHERE game_id = ? AND phase_id = ?", [game_id, phase_id])

    def roll_back_after(self, game_id: str, seq: int) -> None:
        """Mark every turn after ``seq`` as rolled back (kept, for the record)."""
        self.db.execute("UPDATE turns SET rolled_back = 1 WHERE game_id = ? AND seq > ?", [game_id, seq])

    def add_report(
        self, game_id: str, seq: int, viewer: str, subject: str, text: str, html: str | None
    ) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO reports (game_id, seq, viewer, subject, text, html)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [game_id, seq, viewer, subject, text, html],
        )

    def reports(self, game_id: str, seq: int) -> dict[str, dict[str, Any]]:
        return {
            row["viewer"]: row
            for row in self._rows("SELECT * FROM reports WHERE game_id = ? AND seq = ?", [game_id, seq])
        }

    # -- press and votes --------------------------------------------------

    def add_press(
        self,
        game_id: str,
        phase_id: str,
        sender: str,
        recipients: list[str],
        grey: bool,
        body: str,
        now: datetime,
        released: bool,
    ) -> int:
        cursor = self.db.execute(
            "INSERT INTO press (game_id, phase_id, sender, recipients, grey, body, created_at, released)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                game_id,
                phase_id,
                sender,
                json.dumps(recipients),
                int(grey),
                body,
                utc_text(now),
                int(released),
            ],
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def press(self, game_id: str, *, released: bool | None = None) -> list[dict[str, Any]]:
        where = "" if released is None else f" AND released = {int(released)}"
        rows = self._rows(f"SELECT * FROM press WHERE game_id = ?{where} ORDER BY id", [game_id])
        for row in rows:
            row["recipients"] = json.loads(row["recipients"])
            row["grey"] = bool(row["grey"])
        return rows

    def release_press(self, press_id: int) -> None:
        self.db.execute("UPDATE press SET released = 1 WHERE id = ?", [press_id])

    def set_vote(self, game_id: str, power: str, kind: str, value: str | None) -> None:
        if value is None:
            self.db.execute(
                "DELETE FROM votes WHERE game_id = ? AND power = ? AND kind = ?",
                [game_id, power, kind],
            )
        else:
            self.db.execute(
                "INSERT OR REPLACE INTO votes (game_id, power, kind, value) VALUES (?, ?, ?, ?)",
                [game_id, power, kind, value],
            )

    def votes(self, game_id: str, kind: str) -> dict[str, str]:
        return {
            row["power"]: row["value"]
            for row in self._rows(
                "SELECT power, value FROM votes WHERE game_id = ? AND kind = ?", [game_id, kind]
            )
        }

    # -- the send queue ---------------------------------------------------

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
    ) -> bool:
        """Queue a mail unless one with the same ``dedup_key`` was queued before."""
        cursor = self.db.execute(
            "INSERT OR IGNORE INTO outbox (dedup_key, message_id, game_id, kind, recipient, subject,"
            " raw, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
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
        return [QueuedMail(**row) for row in rows]

    def mark_sent(self, mail_id: int, now: datetime) -> None:
        self.db.execute(
            "UPDATE outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1 WHERE id = ?",
            [utc_text(now), mail_id],
        )

    def mark_retry(self, mail_id: int, error: str, next_attempt: datetime, failed: bool) -> None:
        self.db.execute(
            "UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?,"
            " status = ? WHERE id = ?",
            [error, utc_text(next_attempt), "failed" if failed else "queued", mail_id],
        )

    def outbox_rows(self, **where: Any) -> list[dict[str, Any]]:
        clause = " AND ".join(f"{name} = ?" for name in where) or "1"
        return self._rows(f"SELECT * FROM outbox WHERE {clause} ORDER BY id", list(where.values()))
