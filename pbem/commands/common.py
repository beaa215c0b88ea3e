"""What the sub-commands share: loading the config ``--config`` names, and opening the store
(the ``--config`` option itself is in ``pbem.cli.parsers``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from pbem import config as configuration
from pbem.databases import is_postgresql
from pbem.english import counted
from pbem.service import Busy, MissingDatabase, require_database
from pbem.service import open_store as open_service_store
from pbem.store import Store
from pbem.store.connection import StorageFault, storage_fault

T = TypeVar("T")


def load_config(args: argparse.Namespace) -> configuration.Service | None:
    """The config named by ``--config``; None after printing its problems to stderr."""
    try:
        service = configuration.load(args.config)
    except configuration.ConfigError as error:
        print(f"pbem: the configuration has {counted(len(error.problems), 'problem')}:", file=sys.stderr)
        for problem in error.problems:
            print(f"  {problem}", file=sys.stderr)
        return None
    for game_id, problems in service.broken.items():  # the other games run
        print(f"pbem: game {game_id} is set aside until its entry is fixed:", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
    return service


@contextmanager
def open_store(service: configuration.Service, create: bool = False) -> Iterator[Store]:
    """The service's database; unless ``create``, it must exist (:class:`MissingDatabase`)."""
    if not create:
        require_database(service)
        if not is_postgresql(service.store_target) and not service.database.exists():
            raise MissingDatabase(
                f"no database at {service.database} yet: nothing has been played "
                "(`pbem new-game GAME` starts a game)"
            )
    with _faults_named(service):
        store = open_service_store(service)
    try:
        with _faults_named(service):
            yield store
    finally:
        store.close()


@contextmanager
def _faults_named(service: configuration.Service) -> Iterator[None]:
    """An error of the block that is a damaged database or a full disk raised as the
    StorageFault that names the file; any other as it was."""
    try:
        yield
    except Exception as error:
        fault = storage_fault(error, service.store_target)
        if fault is None or fault is error:
            raise
        raise fault from error


def fault_line(error: Exception) -> tuple[str, int] | None:
    """The one line and the exit status the CLI gives for a problem of the data rather than of
    pbem (README: "When a mail or the database goes wrong"), or for another run holding the lock;
    None for anything else, whose traceback is a bug report."""
    if isinstance(error, MissingDatabase):
        return f"pbem: {error}", 2
    if isinstance(error, Busy):  # another run holds the lock (`pbem run` itself waits for none: exit 0)
        return f"pbem: {error}; try again in a moment", 1
    if isinstance(error, StorageFault):
        return f"pbem: {error}", error.status
    return None


def read_store(
    args: argparse.Namespace,
    read: Callable[[configuration.Service, Store], T],
    errors: tuple[type[Exception], ...],
) -> T | None:
    """What ``read`` finds with the config named by ``--config`` and its database; None after
    saying on stderr why not (a config problem, or one of ``errors``: no such game or phase)."""
    service = load_config(args)
    if service is None:
        return None
    with open_store(service) as store:
        try:
            return read(service, store)
        except errors as error:
            print(f"pbem: {error}", file=sys.stderr)
            return None
