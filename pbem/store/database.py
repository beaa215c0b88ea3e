"""The one class the service holds: every table's queries (one mixin per table's module) over one
connection, opened only on a database of this pbem's schema version."""

from __future__ import annotations

from pathlib import Path

from pbem.store import schema
from pbem.store.attempts import Attempts
from pbem.store.claims import Claims
from pbem.store.games import Games
from pbem.store.lobby import Lobby
from pbem.store.messages import Messages
from pbem.store.orders import Orders
from pbem.store.outbox import Outbox
from pbem.store.press import Press
from pbem.store.turns import Turns


class Store(Messages, Games, Orders, Turns, Press, Outbox, Lobby, Attempts, Claims):
    """The service's database (SQLite or PostgreSQL): every table's queries over one connection.

    A new database is made current on opening; one of another schema version is refused
    (:class:`pbem.store.schema.SchemaMismatch`: `pbem db upgrade` brings an older one up).
    """

    def __init__(self, target: Path | str):
        super().__init__(target)
        try:
            schema.require_current(self)
        except BaseException:
            self.close()
            raise
