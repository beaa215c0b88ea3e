"""The database (SQLite, or PostgreSQL): every message, game, order, turn and outgoing mail.

The database is the service's memory and its source of truth once a game has
started (the config says how a game is set up; the database says where it
stands). Writes that belong together happen in one transaction
(``with store.atomic():``) so that a crash leaves either all or nothing:
a message is stored before it is acted on, and acting on it (its orders, its
reply in the send queue, its status) commits at once.

The SQL of each table lives in one module, by what it stores:

- ``connection``: the connection, ``atomic()``/``durable()`` and the meta table;
- ``schema``: the schema version and its numbered migrations (``migrations/``);
- ``dialect``: what differs between SQLite and PostgreSQL;
- ``messages``: mail fetched;
- ``games``: games and their players;
- ``orders``: orders for the open phase;
- ``turns``: adjudicated phases and their reports;
- ``press``: press and votes;
- ``outbox``: the send queue;
- ``pictures``: maps kept once, however many reports and mails show them;
- ``lobby``: games opened by mail, their seats, observers and standbys;
- ``attempts``: password sign-ons refused (the guess limits);
- ``claims``: leases and claims that let several workers share a PostgreSQL database.

:class:`Store` (``database``) is all of them over one connection.
"""

from pbem.store.connection import Connection
from pbem.store.database import Store
from pbem.store.games import GameRow, PlayerRow
from pbem.store.lobby import OpenGame, Seat
from pbem.store.orders import OrderSet
from pbem.store.outbox import QueuedMail
from pbem.store.turns import TurnRow

__all__ = [
    "Connection",
    "GameRow",
    "OpenGame",
    "OrderSet",
    "PlayerRow",
    "QueuedMail",
    "Seat",
    "Store",
    "TurnRow",
]
