"""What a quiet full run leaves for the next run to prove it has nothing to do (pbem.quiet.check).

Written by the full run as it ends, and only when it was quiet: it read no mail, sent none, met
no error and logged no warning, and no game in the config is set aside (those are said again by
every run, so every run must be a full one). The record is dropped as a run begins, so a run that
stops half-way leaves none and the next run is a full one too.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime

import yaml

from pbem import __version__
from pbem.config import Service
from pbem.entries import game_config
from pbem.judge.forming import next_muster_end
from pbem.quiet.check import FORMAT, RECORD, file_marks, resolve, schema_version, secret_sources, standing
from pbem.run import Run
from pbem.site.published import manifests
from pbem.store import Store
from pbem.turns.lifecycle import next_due


def next_wake(run: Run) -> datetime | None:
    """The earliest time a run must act without mail: a game's reminder, deadline or grace end,
    a forming game's muster end (``run.now`` when something is due already); None: only mail."""
    moments = [next_due(run, game_id) for game_id in run.store.game_ids()]
    moments.append(next_muster_end(run))
    found = [moment for moment in moments if moment is not None]
    return min(found) if found else None


def forget(store: Store) -> None:
    """Drop the record: until this run ends quietly, the next one is a full one."""
    store.db.execute("DELETE FROM meta WHERE key = ?", [RECORD])


def write(service: Service, store: Store, wake: datetime | None) -> None:
    """Record what the next run checks to prove it has nothing to do before ``wake``; nothing if
    the config cannot be read again (the next run is then a full one, and says why)."""
    try:
        text = service.path.read_bytes()
        data = yaml.load(text, Loader=yaml.CSafeLoader)
    except (OSError, yaml.YAMLError):
        return
    variables, files = secret_sources(data)
    watched = [resolve(service.path, name) for name in files]
    games = [game for game in (game_config(service, store, game_id) for game_id in store.game_ids()) if game]
    watched += manifests(service, games)
    connection = store.db.conn
    record = {
        "format": FORMAT,
        "pbem": __version__,
        "config": hashlib.sha256(text).hexdigest(),
        "inbox": str(service.inbox.path),
        "schema": schema_version(connection),
        "variables": {name: name in os.environ for name in sorted(variables)},
        "files": file_marks(sorted(set(watched))),
        "stale_after": service.stale_after.total_seconds(),
        "mail_attempts": service.mail_attempts,
        "wake": wake.isoformat() if wake else None,
        "standing": standing(connection),
    }
    store.set_meta(RECORD, json.dumps(record, sort_keys=True))


@contextmanager
def warnings_heard() -> Iterator[list[logging.LogRecord]]:
    """The warnings and errors pbem logs in the block: a run that logged one is no quiet run."""
    heard: list[logging.LogRecord] = []

    class Ear(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            heard.append(record)

    ear = Ear(logging.WARNING)
    logger = logging.getLogger("pbem")
    logger.addHandler(ear)
    try:
        yield heard
    finally:
        logger.removeHandler(ear)
