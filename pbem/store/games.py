"""The games and players tables: where each game stands and who plays which power."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
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


@dataclass
class GameRow:
    """Where a game stands, as stored."""

    id: str
    ruleset: str
    variant: str
    status: str
    phase_id: str
    state: Annotated[dict[str, Any], StoredJson]
    seq: int
    deadline: StoredTimeOrNone
    grace_until: StoredTimeOrNone
    reminded: bool
    late_noticed: bool
    paused_left: float | None
    started_at: StoredTime
    result: str | None
    start_seed: int = 0
    deadline_given: StoredTimeOrNone = None


@dataclass
class PlayerRow:
    game_id: str
    power: str
    address: str
    password_hash: str
    token: str
    nmr_streak: int = 0
    nmr_total: int = 0
    civil_disorder: bool = False
    absences: Annotated[list[list[str]], StoredJson] = field(default_factory=list)
    mail_format: str | None = None  # SET FORMAT TEXT|HTML; None: the game's default
    map: str | None = None  # SET MAP INLINE|ATTACHED|OFF|LINK; None: the game's default
    #: the addresses this player moved from (SET ADDRESS, confirmed), oldest first: theirs too
    former_addresses: Annotated[list[str], StoredJson] = field(default_factory=list)


class Games(Connection):
    """Games, and the players seated in them."""

    def add_game(self, game: GameRow, players: Sequence[PlayerRow]) -> None:
        self.db.execute(
            "INSERT INTO games (id, ruleset, variant, status, phase_id, state, seq, deadline,"
            " started_at, start_seed, deadline_given) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                game.id,
                game.ruleset,
                game.variant,
                game.status,
                game.phase_id,
                json.dumps(game.state),
                game.seq,
                utc_text(game.deadline) if game.deadline else None,
                utc_text(game.started_at),
                game.start_seed,
                utc_text(game.started_at),  # the welcome tells the first deadline
            ],
        )
        for player in players:
            self.add_player(player)

    def add_player(self, player: PlayerRow) -> None:
        """Seat a player for a power (at the start, or one that had none: a neutral made a player)."""
        self.db.execute(
            "INSERT INTO players (game_id, power, address, password_hash, token) VALUES (?, ?, ?, ?, ?)",
            [player.game_id, player.power, player.address, player.password_hash, player.token],
        )

    def game(self, game_id: str) -> GameRow | None:
        row = self._one("SELECT * FROM games WHERE id = ?", [game_id])
        return from_row(GameRow, row) if row else None

    def game_ids(self) -> list[str]:
        return [row["id"] for row in self._rows("SELECT id FROM games ORDER BY id")]

    def update_game(self, game_id: str, **changes: Any) -> None:
        """Change columns of a game; datetimes and the state are encoded here."""
        encoded = encode_changes(changes, json_columns={"state"})
        columns = ", ".join(f"{name} = ?" for name in encoded)
        self.db.execute(f"UPDATE games SET {columns} WHERE id = ?", [*encoded.values(), game_id])

    def players(self, game_id: str) -> list[PlayerRow]:
        return [
            from_row(PlayerRow, row)
            for row in self._rows("SELECT * FROM players WHERE game_id = ? ORDER BY rowid", [game_id])
        ]

    def player(self, game_id: str, power: str) -> PlayerRow | None:
        row = self._one(
            "SELECT * FROM players WHERE game_id = ? AND lower(power) = lower(?)", [game_id, power]
        )
        return from_row(PlayerRow, row) if row else None

    def player_by_token(self, token: str) -> PlayerRow | None:
        row = self._one("SELECT * FROM players WHERE token = ?", [token.lower()])
        return from_row(PlayerRow, row) if row else None

    def players_by_address(self, address: str) -> list[PlayerRow]:
        return [
            from_row(PlayerRow, row)
            for row in self._rows(
                "SELECT * FROM players WHERE address = ? ORDER BY game_id", [address.lower()]
            )
        ]

    def update_player(self, game_id: str, power: str, **changes: Any) -> None:
        encoded = encode_changes(changes, json_columns={"absences", "former_addresses"})
        columns = ", ".join(f"{name} = ?" for name in encoded)
        self.db.execute(
            f"UPDATE players SET {columns} WHERE game_id = ? AND power = ?",
            [*encoded.values(), game_id, power],
        )
