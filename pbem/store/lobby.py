"""The judge's front door: games opened by mail, their seats, and who watches or stands by.

A game opened by ``CREATE`` (or ``pbem create``) lives here, not in the config: its entry is a
game's config keys (a template's, with its id and its master as referee), kept as JSON and
read by the same checks as a config entry. It is *forming* while seats are taken, *mustering*
while the players confirm them, then *started* (the games table has it from then on).

``seats`` are the players of a forming game: the address, the password they chose (hashed),
their power preferences, and from the muster on their power and the token of their reply
address. ``watchers`` are the observers of a game and the standbys of a game (or of any game,
``*``); ``joins`` counts the front-door actions of an address, for its daily limit.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Annotated, Any

from pbem.deadlines import utc_text
from pbem.store.connection import (
    Connection,
    StoredJson,
    StoredTime,
    StoredTimeOrNone,
    encode_changes,
    from_row,
)
from pbem.store.dialect import POSTGRESQL


@dataclass
class OpenGame:
    """A game opened by mail or by ``pbem create``, as stored."""

    id: str
    entry: Annotated[dict[str, Any], StoredJson]
    template: str
    status: str
    opened_by: str
    opened_at: StoredTime
    muster_until: StoredTimeOrNone = None
    seed: int = 0


@dataclass
class Seat:
    """One player's seat in a forming game."""

    game_id: str
    address: str
    password_hash: str
    joined_at: StoredTime
    preference: str = ""
    approved: bool = True
    confirmed: bool = False
    power: str | None = None
    token: str | None = None


class Lobby(Connection):
    """Open games, their seats, observers and standbys."""

    # -- open games ---------------------------------------------------------

    def add_open_game(self, game: OpenGame) -> None:
        self.db.execute(
            "INSERT INTO open_games (id, entry, template, status, opened_by, opened_at, seed)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                game.id,
                json.dumps(game.entry),
                game.template,
                game.status,
                game.opened_by,
                utc_text(game.opened_at),
                game.seed,
            ],
        )

    def open_game(self, game_id: str) -> OpenGame | None:
        row = self._one("SELECT * FROM open_games WHERE id = ?", [game_id.lower()])
        return from_row(OpenGame, row) if row else None

    def hold_open_game(self, game_id: str) -> None:
        """Inside a transaction, hold a forming game's row until it ends, so that two joins
        for its last seat count the free seats one after the other. SQLite's IMMEDIATE
        transaction holds the whole database already; PostgreSQL's READ COMMITTED needs the
        row locked (two workers' joins would otherwise both see the seat free)."""
        if self.dialect is POSTGRESQL:
            self._one("SELECT id FROM open_games WHERE id = ? FOR UPDATE", [game_id.lower()])

    def open_games(self, *statuses: str) -> list[OpenGame]:
        marks = ", ".join("?" for _ in statuses)
        rows = self._rows(
            f"SELECT * FROM open_games WHERE status IN ({marks}) ORDER BY opened_at, id", list(statuses)
        )
        return [from_row(OpenGame, row) for row in rows]

    def update_open_game(self, game_id: str, **changes: Any) -> None:
        encoded = encode_changes(changes, json_columns={"entry"})
        columns = ", ".join(f"{name} = ?" for name in encoded)
        self.db.execute(f"UPDATE open_games SET {columns} WHERE id = ?", [*encoded.values(), game_id])

    # -- seats ----------------------------------------------------------------

    def add_seat(self, seat: Seat) -> bool:
        """Take a seat; False if the address has one in this game already (one per address)."""
        cursor = self.db.execute(
            "INSERT INTO seats (game_id, address, password_hash, preference, joined_at, approved,"
            " confirmed, power, token) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            [
                seat.game_id,
                seat.address.lower(),
                seat.password_hash,
                seat.preference,
                utc_text(seat.joined_at),
                int(seat.approved),
                int(seat.confirmed),
                seat.power,
                seat.token,
            ],
        )
        return bool(cursor.rowcount == 1)

    def seats(self, game_id: str) -> list[Seat]:
        rows = self._rows("SELECT * FROM seats WHERE game_id = ? ORDER BY joined_at, rowid", [game_id])
        return [from_row(Seat, row) for row in rows]

    def seat(self, game_id: str, address: str) -> Seat | None:
        row = self._one("SELECT * FROM seats WHERE game_id = ? AND address = ?", [game_id, address.lower()])
        return from_row(Seat, row) if row else None

    def seat_by_token(self, token: str) -> Seat | None:
        row = self._one("SELECT * FROM seats WHERE token = ?", [token.lower()])
        return from_row(Seat, row) if row else None

    def seats_of(self, address: str) -> list[Seat]:
        rows = self._rows(
            "SELECT seats.* FROM seats JOIN open_games ON open_games.id = seats.game_id"
            " WHERE seats.address = ? AND open_games.status IN ('forming', 'mustering')",
            [address.lower()],
        )
        return [from_row(Seat, row) for row in rows]

    def update_seat(self, game_id: str, address: str, **changes: Any) -> None:
        encoded = encode_changes(changes, json_columns=set())
        columns = ", ".join(f"{name} = ?" for name in encoded)
        self.db.execute(
            f"UPDATE seats SET {columns} WHERE game_id = ? AND address = ?",
            [*encoded.values(), game_id, address.lower()],
        )

    def remove_seat(self, game_id: str, address: str) -> bool:
        cursor = self.db.execute(
            "DELETE FROM seats WHERE game_id = ? AND address = ?", [game_id, address.lower()]
        )
        return bool(cursor.rowcount == 1)

    # -- observers and standbys ---------------------------------------------------

    def add_watcher(self, game_id: str, address: str, kind: str, now: datetime) -> bool:
        cursor = self.db.execute(
            "INSERT INTO watchers (game_id, address, kind, since) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
            [game_id, address.lower(), kind, utc_text(now)],
        )
        return bool(cursor.rowcount == 1)

    def remove_watcher(self, game_id: str, address: str, kind: str) -> bool:
        cursor = self.db.execute(
            "DELETE FROM watchers WHERE game_id = ? AND address = ? AND kind = ?",
            [game_id, address.lower(), kind],
        )
        return bool(cursor.rowcount == 1)

    def watchers(self, game_id: str, kind: str, any_game: bool = False) -> list[str]:
        """The addresses watching ``game_id`` as ``kind``; with ``any_game``, also those of '*'."""
        games = [game_id, "*"] if any_game else [game_id]
        marks = ", ".join("?" * len(games))
        rows = self._rows(
            f"SELECT address FROM watchers WHERE kind = ? AND game_id IN ({marks})"
            " GROUP BY address ORDER BY min(since), address",
            [kind, *games],
        )
        return [row["address"] for row in rows]

    def watching(self, address: str) -> list[tuple[str, str]]:
        """(game, kind) of everything ``address`` watches or stands by for."""
        rows = self._rows(
            "SELECT game_id, kind FROM watchers WHERE address = ? ORDER BY game_id", [address.lower()]
        )
        return [(row["game_id"], row["kind"]) for row in rows]

    # -- the daily limit of an address's joins ----------------------------------------

    def count_joins(self, address: str, now: datetime) -> int:
        since = utc_text(now - timedelta(days=1))
        row = self._one(
            "SELECT count(*) AS n FROM joins WHERE address = ? AND at > ?", [address.lower(), since]
        )
        return int(row["n"]) if row else 0

    def add_join(self, address: str, what: str, now: datetime) -> None:
        self.db.execute(
            "INSERT INTO joins (address, at, what) VALUES (?, ?, ?)", [address.lower(), utc_text(now), what]
        )

    def count_mail_of(self, kind: str, since: datetime) -> int:
        """Mails of ``kind`` queued to anyone at or after ``since`` (the cap on answers to strangers)."""
        row = self._one(
            "SELECT count(*) AS n FROM outbox WHERE kind = ? AND created_at >= ?", [kind, utc_text(since)]
        )
        return int(row["n"]) if row else 0
