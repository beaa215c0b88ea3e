"""The one class the service holds: every table's queries (one mixin per table's module) over one
connection."""

from __future__ import annotations

from pbem.store.attempts import Attempts
from pbem.store.games import Games
from pbem.store.lobby import Lobby
from pbem.store.messages import Messages
from pbem.store.orders import Orders
from pbem.store.outbox import Outbox
from pbem.store.press import Press
from pbem.store.turns import Turns


class Store(Messages, Games, Orders, Turns, Press, Outbox, Lobby, Attempts):
    """The service's SQLite database: every table's queries over one connection."""
