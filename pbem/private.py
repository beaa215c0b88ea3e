"""Files and folders only the service's own user may open: 0600 and 0700, whatever the umask.

The database, its WAL and SHM files, the data folder, the lock file, the turn archive and
the Maildirs hold players' mail, orders and addresses (and, until acted on, passwords): a
cron job's default umask (022) would leave them readable by every account on the machine.
A file is created with its mode (``os.open``), not chmod-ed after it was written, so no one
can open it in between; a folder is set 0700 when created, before anything is put in it.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

FILE = 0o600
FOLDER = 0o700


def folder(path: Path) -> Path:
    """``path`` as a folder, it and every folder made for it 0700 (folders there before are
    left as they are)."""
    missing = []
    here = path
    while not here.exists():
        missing.append(here)
        if here.parent == here:
            break
        here = here.parent
    for made in reversed(missing):
        with contextlib.suppress(FileExistsError):  # another process made it meanwhile
            made.mkdir(mode=FOLDER)
            os.chmod(made, FOLDER)  # mkdir's mode is masked by the umask
    return path


def open_file(path: Path, flags: int) -> int:
    """A descriptor of ``path`` opened with ``flags`` (``os.O_*``), created if missing; 0600."""
    descriptor = os.open(path, flags | os.O_CREAT, FILE)
    with contextlib.suppress(OSError):  # not ours to change: left as it is
        os.fchmod(descriptor, FILE)  # a file made before, wider; or a umask that narrowed the mode
    return descriptor


def write_new(path: Path, data: bytes) -> None:
    """Write a new file ``path`` holding ``data``, 0600 from the start."""
    with os.fdopen(open_file(path, os.O_WRONLY | os.O_EXCL), "wb") as out:
        out.write(data)


def tighten(*paths: Path) -> None:
    """Make each of ``paths`` that exists 0600 (0700 for a folder) where it is ours to change:
    a database made by an older pbem, or by SQLite itself (which creates with 0644)."""
    for path in paths:
        with contextlib.suppress(OSError):
            if path.stat().st_uid == os.getuid():
                os.chmod(path, FOLDER if path.is_dir() else FILE)
