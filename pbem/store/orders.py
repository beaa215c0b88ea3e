"""The orders table: each power's current orders for the open phase, and its READY."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pbem.deadlines import from_utc_text, utc_text
from pbem.store.connection import Connection


@dataclass
class OrderSet:
    """A power's current orders for a phase."""

    lines: list[dict[str, str]]
    ready: bool
    late: bool
    updated_at: datetime

    def orders(self) -> list[str]:
        return [line["order"] for line in self.lines]


class Orders(Connection):
    """Orders as the players last sent them, until the phase is adjudicated."""

    def order_set(self, game_id: str, phase_id: str, power: str) -> OrderSet | None:
        row = self._one(
            "SELECT * FROM orders WHERE game_id = ? AND phase_id = ? AND power = ?",
            [game_id, phase_id, power],
        )
        return _order_set(row) if row else None

    def order_sets(self, game_id: str, phase_id: str) -> dict[str, OrderSet]:
        return {
            row["power"]: _order_set(row)
            for row in self._rows(
                "SELECT * FROM orders WHERE game_id = ? AND phase_id = ?", [game_id, phase_id]
            )
        }

    def save_orders(
        self,
        game_id: str,
        phase_id: str,
        power: str,
        lines: list[dict[str, str]],
        ready: bool,
        late: bool,
        now: datetime,
    ) -> None:
        self.db.execute(
            "INSERT INTO orders (game_id, phase_id, power, lines, ready, late, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, phase_id, power) DO UPDATE SET"
            " lines = excluded.lines, ready = excluded.ready, late = excluded.late,"
            " updated_at = excluded.updated_at",
            [game_id, phase_id, power, json.dumps(lines), int(ready), int(late), utc_text(now)],
        )

    def clear_orders(self, game_id: str, phase_id: str) -> None:
        self.db.execute("DELETE FROM orders WHERE game_id = ? AND phase_id = ?", [game_id, phase_id])


def _order_set(row: dict[str, Any]) -> OrderSet:
    return OrderSet(
        json.loads(row["lines"]),
        bool(row["ready"]),
        bool(row["late"]),
        from_utc_text(row["updated_at"]),
    )
