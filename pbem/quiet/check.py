"""Whether a cron run has nothing to do, proved cheaply, or else left to the full run.

An idle ``pbem run`` on Maildir would import pydantic, sqlite-utils, the rulesets and asyncio only
to find no mail, no deadline passed and nothing to send. The full run that found nothing leaves a
record in the database (pbem.quiet.record): the digest of the config, the stat of the files it
reads beside it, a fingerprint of every game's standing, and the earliest time anything in a game
falls due (a deadline, a grace end, a reminder, a muster's end). This module reads that record
with ``sqlite3`` and the config with libyaml, and says the run has nothing to do only when all of
these hold, under the run lock the full run takes:

- the config's bytes, the files it names and the variables it reads are as recorded;
- the database is SQLite, its schema and pbem's version as recorded, its games' standing too
  (a referee's command, ``pbem poll`` or ``new-game`` since changes it);
- the inbox is a Maildir holding no mail to read (IMAP always takes the full run);
- no stored mail waits to be read, no queued mail is due, no turn waits for the archive;
- the clock is before the recorded wake-up and within ``stale_after`` of the last run.

Then it sets the last run's time, as the full run does, and nothing else. Anything unexpected
(no record, a missing file, an exception) says no: the full run decides.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import logging
import os
import sqlite3
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import yaml

from pbem import __version__, private

log = logging.getLogger("pbem")

#: the meta key of the record a quiet full run leaves (pbem.quiet.record)
RECORD = "quiet_run"
#: the meta key of the last run's time, as pbem.service writes it
LAST_RUN = "last_run_at"
#: bumped whenever the record's meaning changes: an older one is not trusted
FORMAT = 1

#: what a game's standing is read from: every row that ``tend``, ``tend_musters`` and the stale
#: guard read, the current phase's orders only (older ones never change a run)
STANDING = (
    "SELECT * FROM games ORDER BY id",
    "SELECT * FROM players ORDER BY game_id, power",
    "SELECT * FROM open_games ORDER BY id",
    "SELECT * FROM seats ORDER BY game_id, address",
    "SELECT o.* FROM orders o JOIN games g ON g.id = o.game_id AND g.phase_id = o.phase_id"
    " ORDER BY o.game_id, o.power",
)

#: what a run would act on whatever the clock says
WAITING = (
    "SELECT 1 FROM messages WHERE status IN ('new', 'held') OR (status = 'failed' AND attempts < ?)",
    "SELECT 1 FROM outbox WHERE status = 'queued' AND next_attempt_at <= ?",
    "SELECT 1 FROM turns WHERE archived = 0",
    "SELECT 1 FROM meta WHERE key = 'redaction_backlog' AND trim(value) != ''",  # intake.credentials
)


def utc_text(moment: datetime) -> str:
    """A time as the store keeps it (pbem.deadlines.utc_text, which this module may not import)."""
    return moment.astimezone(UTC).replace(microsecond=0).isoformat()


def standing(connection: sqlite3.Connection) -> str:
    """A digest of what moves the games along without mail: their rows, players, current orders
    and forming games. Equal digests: a run at the same clock would do the same."""
    digest = hashlib.sha256()
    for query in STANDING:
        for row in connection.execute(query):
            digest.update(repr(row).encode())
        digest.update(b"\0")
    return digest.hexdigest()


def schema_version(connection: sqlite3.Connection) -> int:
    """SQLite's count of schema changes: a migration since the record makes it stale."""
    version: int = connection.execute("PRAGMA schema_version").fetchone()[0]
    return version


def secret_sources(data: Any) -> tuple[set[str], set[str]]:
    """The environment variables and the files the config's secrets are read from (``{env: X}``,
    ``{file: path}``), found anywhere in it: their values are never recorded, only whether each
    variable is set and each file's size and time."""
    variables: set[str] = set()
    files: set[str] = set()
    if isinstance(data, dict):
        if set(data) == {"env"} and isinstance(data["env"], str):
            variables.add(data["env"])
        elif set(data) == {"file"} and isinstance(data["file"], str):
            files.add(data["file"])
        for value in data.values():
            more = secret_sources(value)
            variables |= more[0]
            files |= more[1]
    elif isinstance(data, list):
        for value in data:
            more = secret_sources(value)
            variables |= more[0]
            files |= more[1]
    return variables, files


def file_marks(paths: Iterable[Path]) -> dict[str, list[int] | None]:
    """Each file's size and modification time (None: missing), by its path."""
    marks: dict[str, list[int] | None] = {}
    for path in paths:
        try:
            found = path.stat()
        except OSError:
            marks[str(path)] = None
        else:
            marks[str(path)] = [found.st_size, found.st_mtime_ns]
    return marks


def resolve(config: Path, value: str) -> Path:
    """A path of the config as pbem.config resolves it: relative to the config's folder."""
    where = Path(os.path.expanduser(value))
    return where if where.is_absolute() else (config.parent / where).resolve()


def mail_waits(inbox: Path, processed_folder: str | None) -> bool:
    """Whether the Maildir inbox holds mail to read, as MaildirInbox reads it: anything in new/,
    and in cur/ anything not flagged seen (with a processed folder, anything at all). Missing
    folders count as mail: the full run creates them."""
    for subdir in ("new", "cur"):
        with os.scandir(inbox / subdir) as entries:
            for entry in entries:
                if entry.name.startswith(".") or not entry.is_file():
                    continue
                if subdir == "new" or processed_folder is not None:
                    return True
                _, separator, flags = entry.name.partition(":2,")
                if not separator or "S" not in flags:
                    return True
    return False


def nothing_to_do(config_path: str | os.PathLike[str], now: datetime) -> bool:
    """Whether a run at ``now`` has nothing to do, proved as the module says (the last run's time
    then set); False whenever anything is not as the last quiet full run recorded it."""
    try:
        return _quiet(Path(config_path).resolve(), now)
    except Exception as error:  # noqa: BLE001 - anything unforeseen is the full run's to meet
        log.debug("the quiet run steps aside (%s: %s)", type(error).__name__, error)
        return False


def _quiet(config: Path, now: datetime) -> bool:
    text = config.read_bytes()
    data = yaml.load(text, Loader=yaml.CSafeLoader)
    service = data["service"]
    if "database" in service:  # another store than the default SQLite file
        return False
    inbox = service.get("inbox") or {}
    if inbox.get("transport", "maildir") != "maildir":
        return False
    data_dir = resolve(config, service.get("data_dir", "../var"))
    database = data_dir / "pbem.sqlite3"
    inbox_path = resolve(config, inbox["path"]) if inbox.get("path") else data_dir / "mail" / "inbox"
    processed = inbox.get("processed_folder")
    if not database.stat().st_size:
        return False  # missing or empty: the full run says what to do
    if mail_waits(inbox_path, processed):
        return False
    connection = sqlite3.connect(f"{database.as_uri()}?mode=rw", uri=True, isolation_level=None)
    try:
        connection.execute("PRAGMA busy_timeout = 10000")
        with _run_lock(data_dir):
            return _settled(connection, config, data, text, now, inbox_path)
    finally:
        connection.close()


def _settled(
    connection: sqlite3.Connection, config: Path, data: Any, text: bytes, now: datetime, inbox: Path
) -> bool:
    """Under the lock: the record against the config, the database and the clock."""
    found = connection.execute("SELECT value FROM meta WHERE key = ?", [RECORD]).fetchone()
    if found is None:
        return False
    record = json.loads(found[0])
    variables, _ = secret_sources(data)
    expected = {
        "format": FORMAT,
        "pbem": __version__,
        "config": hashlib.sha256(text).hexdigest(),
        "inbox": str(inbox),
        "schema": schema_version(connection),
        "variables": {name: name in os.environ for name in sorted(variables)},
    }
    if any(record.get(key) != value for key, value in expected.items()):
        return False
    if file_marks(map(Path, record["files"])) != record["files"]:  # secret files, site manifests
        return False
    last = connection.execute("SELECT value FROM meta WHERE key = ?", [LAST_RUN]).fetchone()
    if last is None or now - datetime.fromisoformat(last[0]) > timedelta(seconds=record["stale_after"]):
        return False  # the stale guard's to judge
    if record["wake"] is not None and now >= datetime.fromisoformat(record["wake"]):
        return False
    connection.execute("BEGIN IMMEDIATE")
    try:
        if any(
            connection.execute(query, params).fetchone()
            for query, params in zip(
                WAITING, ([record["mail_attempts"]], [utc_text(now)], [], []), strict=True
            )
        ):
            return False
        if standing(connection) != record["standing"]:
            return False
        connection.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", [LAST_RUN, utc_text(now)]
        )
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")
    # the full idle run's line (pbem.service.Tally.line), with what settled it in place of timings
    log.debug(
        "fetched 0 (0 already stored), acted on 0, sent 0, send failures 0 (quiet run: nothing due %s)",
        f"before {record['wake']}" if record["wake"] else "until mail comes",
    )
    return True


@contextlib.contextmanager
def _run_lock(data_dir: Path) -> Iterator[None]:
    """The data directory's lock, taken as pbem.service.run_lock takes it; held by another run,
    the full run meets it and says so."""
    private.folder(data_dir)
    with os.fdopen(private.open_file(data_dir / "pbem.lock", os.O_RDWR | os.O_APPEND), "a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise BusyLock(str(data_dir / "pbem.lock")) from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        yield


class BusyLock(Exception):
    """Another run holds the lock: the full run meets it and says so as it always has."""
