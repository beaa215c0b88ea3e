"""Where the database is: the config's ``database:`` as a SQLite file or a PostgreSQL URL.

Apart from ``pbem.store`` so that reading the config does not load the store (and sqlite-utils):
the CLI loads it only for the commands that open the database.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

#: the URL schemes of a PostgreSQL database
POSTGRESQL_SCHEMES = ("postgresql://", "postgres://")


def is_postgresql(target: Path | str) -> bool:
    return isinstance(target, str) and target.startswith(POSTGRESQL_SCHEMES)


def database_target(text: str | None, data_dir: Path, password: str | None = None) -> Path | str:
    """The config's ``database:`` as what :class:`pbem.store.Store` opens: a PostgreSQL URL (with
    ``password``, the config's ``database_password``, written into it), ``sqlite:///ABSOLUTE/PATH``
    or a bare path (relative: to ``data_dir``) as the SQLite file, nothing as
    ``data_dir/pbem.sqlite3``. Name a URL to anyone only as :func:`shown_target` shows it."""
    if not text:
        return data_dir / "pbem.sqlite3"
    if text.startswith(POSTGRESQL_SCHEMES):
        return with_password(text, password) if password else text
    path = Path(text.removeprefix("sqlite://")).expanduser()
    return path if path.is_absolute() else data_dir / path


def with_password(url: str, password: str) -> str:
    """``url`` with ``password`` as its query parameter (libpq's URL takes it so), quoted."""
    return f"{url}{'&' if '?' in url else '?'}password={quote(password, safe='')}"


def sqlite_file(target: Path | str, data_dir: Path) -> Path:
    """The SQLite file of ``target``; for a PostgreSQL one, the file it would be."""
    return target if isinstance(target, Path) else data_dir / "pbem.sqlite3"


def shown_target(target: Path | str) -> str:
    """A database as a log or an error may name it: a URL without the password written in it."""
    text = re.sub(r"(://[^/:@]*):[^/@]*@", r"\1:***@", str(target))
    return re.sub(r"([?&]password=)[^&]*", r"\1***", text)
