"""What the store's tests share: rows to store, and a database as the code before numbered
migrations made it."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from pbem.store import GameRow, PlayerRow, Store

#: every table module's SCHEMA as it stood on main when migrations began (pbem/store/*.py, each
#: run on opening), kept here as text: the database a judge upgrading to migrations holds
SCHEMA_BEFORE_MIGRATIONS = """
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
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
    status TEXT NOT NULL DEFAULT 'new',   -- new | done | ignored | failed | dropped | held
    game_id TEXT,
    power TEXT,
    outcome TEXT,                     -- one line for the log: what was done with it, or why it failed
    attempts INTEGER NOT NULL DEFAULT 0,  -- runs whose handling of it failed
    readings INTEGER NOT NULL DEFAULT 0   -- runs that began reading it since it was last finished
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
    result TEXT,
    deadline_given TEXT               -- when the players were told the current deadline
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
    rolled_back_at TEXT,                   -- when the referee rolled the game back past it
    archived INTEGER NOT NULL DEFAULT 0,   -- its files are written under turns/, as it now stands
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
    status TEXT NOT NULL DEFAULT 'queued',   -- queued | sent | failed | dropped
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    last_error TEXT,
    created_at TEXT NOT NULL,
    sent_at TEXT,
    redacted BLOB                     -- raw without its password, kept once sent; NULL: nothing to hide
);
CREATE INDEX IF NOT EXISTS outbox_status ON outbox(status, next_attempt_at);
CREATE INDEX IF NOT EXISTS outbox_recipient ON outbox(recipient COLLATE NOCASE, created_at);
CREATE TABLE IF NOT EXISTS open_games (
    id TEXT PRIMARY KEY,
    entry TEXT NOT NULL,              -- the game's config keys, JSON
    template TEXT NOT NULL,
    status TEXT NOT NULL,             -- forming | mustering | started | cancelled
    opened_by TEXT NOT NULL,
    opened_at TEXT NOT NULL,
    muster_until TEXT,
    seed INTEGER NOT NULL DEFAULT 0   -- the seed of the power assignment, for replay
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL,
    address TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    preference TEXT NOT NULL DEFAULT '',
    joined_at TEXT NOT NULL,
    approved INTEGER NOT NULL DEFAULT 1,
    confirmed INTEGER NOT NULL DEFAULT 0,
    power TEXT,
    token TEXT UNIQUE,
    PRIMARY KEY (game_id, address)
);
CREATE TABLE IF NOT EXISTS watchers (
    game_id TEXT NOT NULL,            -- a game, or '*' for a standby for any game
    address TEXT NOT NULL,
    kind TEXT NOT NULL,               -- observer | standby
    since TEXT NOT NULL,
    PRIMARY KEY (game_id, address, kind)
);
CREATE TABLE IF NOT EXISTS joins (
    address TEXT NOT NULL,
    at TEXT NOT NULL,
    what TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS joins_address ON joins(address, at);
CREATE TABLE IF NOT EXISTS signon_failures (
    id INTEGER PRIMARY KEY,
    game_id TEXT NOT NULL,
    power TEXT NOT NULL,              -- the power signed on as, REFEREE, or '': the sender's alone
    sender TEXT NOT NULL,             -- the From address, lower case ('' for none)
    at TEXT NOT NULL,                 -- UTC
    message INTEGER                   -- the messages row of the mail
);
CREATE INDEX IF NOT EXISTS signon_failures_power ON signon_failures(game_id, power, at);
CREATE INDEX IF NOT EXISTS signon_failures_sender ON signon_failures(sender, at);
"""
#: and the columns that code added on opening when a table lacked them (ADDED_COLUMNS)
ADDED_ON_OPENING = {"players": {"mail_format": "TEXT", "map": "TEXT"}}


def database_made_before_migrations(path: Path) -> None:
    """A SQLite database as the code before migrations left it on opening: its schema, the
    columns it added, and no schema version."""
    database = sqlite3.connect(path)
    database.executescript(SCHEMA_BEFORE_MIGRATIONS)
    for table, columns in ADDED_ON_OPENING.items():
        for name, declaration in columns.items():
            database.execute(f"ALTER TABLE {table} ADD COLUMN {name} {declaration}")
    database.commit()
    database.close()


NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def a_message(store: Store, key: str, raw: bytes = b"From: a@example.test\r\n\r\nhello") -> int | None:
    return store.add_message(
        dedup_key=key,
        sha256="0" * 64,
        message_id=f"<{key}@example.test>",
        ref=key,
        received_at=NOW,
        sender="a@example.test",
        subject="orders",
        raw=raw,
    )


def a_mail(
    store: Store,
    key: str,
    recipient: str = "North@Example.test",
    raw: bytes = b"\x00\xffbytes as sent",
    redacted: bytes | None = None,
) -> bool:
    """A results mail queued in game g1 (``redacted``: what is kept of it once sent)."""
    return store.queue_mail(
        dedup_key=key,
        message_id=f"<{key}@judge.test>",
        game_id="g1",
        kind="results",
        recipient=recipient,
        subject="Results",
        raw=raw,
        now=NOW,
        redacted=redacted,
    )


def a_game(store: Store, seed: int = 2**62 - 1) -> None:
    game = GameRow(
        id="g1",
        ruleset="diplomacy",
        variant="standard",
        status="running",
        phase_id="S1901M",
        state={"units": {"a": 1}},
        seq=0,
        deadline=NOW + timedelta(days=2),
        grace_until=None,
        reminded=False,
        late_noticed=False,
        paused_left=None,
        started_at=NOW,
        result=None,
        start_seed=seed,
    )
    players = [
        PlayerRow("g1", power, f"{power.lower()}@example.test", "hash", f"token{n}")
        for n, power in enumerate(["Turkey", "Austria", "England"])
    ]
    store.add_game(game, players)
