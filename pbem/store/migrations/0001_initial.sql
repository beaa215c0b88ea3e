-- pbem's schema as it stood when migrations began (every table module's SCHEMA, with the
-- columns added by then). Words in braces differ between SQLite and PostgreSQL
-- (pbem/store/dialect.py): {id} a table's own growing number, {blob} bytes, {real} a float,
-- {rowid} the order rows were inserted in (SQLite has it unasked).

CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- messages: every mail fetched, stored before it is acted on
CREATE TABLE IF NOT EXISTS messages (
    id {id},
    dedup_key TEXT NOT NULL UNIQUE,   -- Message-ID with sender, or the hash of the bytes
    sha256 TEXT NOT NULL,
    message_id TEXT,
    ref TEXT,                         -- where the transport has it (IMAP UID, Maildir key)
    received_at TEXT NOT NULL,
    sender TEXT,
    subject TEXT,
    raw {blob} NOT NULL,
    status TEXT NOT NULL DEFAULT 'new',   -- new | done | ignored | failed | dropped | held
    game_id TEXT,
    power TEXT,
    outcome TEXT,                     -- one line for the log: what was done with it, or why it failed
    attempts INTEGER NOT NULL DEFAULT 0,  -- runs whose handling of it failed
    readings INTEGER NOT NULL DEFAULT 0   -- runs that began reading it since it was last finished
);
CREATE INDEX IF NOT EXISTS messages_status ON messages(status);

-- games and players: where each game stands and who plays which power
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
    paused_left {real},               -- seconds of deadline left when paused
    started_at TEXT NOT NULL,
    start_seed INTEGER NOT NULL DEFAULT 0,  -- the seed ruleset.start was given
    result TEXT,
    deadline_given TEXT               -- when the players were told the current deadline
);
CREATE TABLE IF NOT EXISTS players (
    {rowid}
    game_id TEXT NOT NULL,
    power TEXT NOT NULL,
    address TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    token TEXT NOT NULL UNIQUE,
    nmr_streak INTEGER NOT NULL DEFAULT 0,
    nmr_total INTEGER NOT NULL DEFAULT 0,
    civil_disorder INTEGER NOT NULL DEFAULT 0,
    absences TEXT NOT NULL DEFAULT '[]',
    mail_format TEXT,                 -- SET FORMAT TEXT|HTML; NULL: the game's default
    map TEXT,                         -- SET MAP INLINE|ATTACHED|OFF|LINK; NULL: the game's default
    former_addresses TEXT NOT NULL DEFAULT '[]',  -- JSON: the addresses moved from (SET ADDRESS), told of a bounce
    PRIMARY KEY (game_id, power)
);
CREATE INDEX IF NOT EXISTS players_address ON players(address);

-- orders: each power's current orders for the open phase, and its READY
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

-- turns and reports: every adjudicated phase, and what each viewer was sent of it
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

-- press and votes: messages between players, and draw and concession votes
CREATE TABLE IF NOT EXISTS press (
    id {id},
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

-- outbox: every mail we send, queued in the same transaction as its cause
CREATE TABLE IF NOT EXISTS outbox (
    id {id},
    dedup_key TEXT NOT NULL UNIQUE,   -- what this mail is, so it is never queued twice
    message_id TEXT NOT NULL UNIQUE,
    game_id TEXT,
    kind TEXT NOT NULL,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    raw {blob} NOT NULL,
    status TEXT NOT NULL DEFAULT 'queued',   -- queued | sent | failed | dropped
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    last_error TEXT,
    created_at TEXT NOT NULL,
    sent_at TEXT,
    redacted {blob},                  -- raw without its password, kept once sent; NULL: nothing to hide
    bounced_by INTEGER                -- the stored bounce (messages row) that reported it undelivered
);
CREATE INDEX IF NOT EXISTS outbox_status ON outbox(status, next_attempt_at);
CREATE INDEX IF NOT EXISTS outbox_recipient_lower ON outbox(lower(recipient), created_at);

-- the judge's front door: games opened by mail, their seats, observers and standbys
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
    {rowid}
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

-- signon_failures: password sign-ons refused, so that guessing can be limited
CREATE TABLE IF NOT EXISTS signon_failures (
    id {id},
    game_id TEXT NOT NULL,
    power TEXT NOT NULL,              -- the power signed on as, REFEREE, or '': the sender's alone
    sender TEXT NOT NULL,             -- the From address, lower case ('' for none)
    at TEXT NOT NULL,                 -- UTC
    message INTEGER                   -- the messages row of the mail
);
CREATE INDEX IF NOT EXISTS signon_failures_power ON signon_failures(game_id, power, at);
CREATE INDEX IF NOT EXISTS signon_failures_sender ON signon_failures(sender, at);
