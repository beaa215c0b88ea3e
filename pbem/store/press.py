"""The press and votes tables: messages between players, and draw and concession votes."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from pbem.deadlines import utc_text
from pbem.store.connection import Connection


class Press(Connection):
    """Press sent (and held until release where the game says so), and standing votes."""

    def add_press(
        self,
        game_id: str,
        phase_id: str,
        sender: str,
        recipients: list[str],
        grey: bool,
        body: str,
        now: datetime,
        released: bool,
    ) -> int:
        row = self._one(
            "INSERT INTO press (game_id, phase_id, sender, recipients, grey, body, created_at, released)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            [
                game_id,
                phase_id,
                sender,
                json.dumps(recipients),
                int(grey),
                body,
                utc_text(now),
                int(released),
            ],
        )
        assert row is not None
        return int(row["id"])

    def press(self, game_id: str, *, released: bool | None = None) -> list[dict[str, Any]]:
        where = "" if released is None else f" AND released = {int(released)}"
        rows = self._rows(f"SELECT * FROM press WHERE game_id = ?{where} ORDER BY id", [game_id])
        for row in rows:
            row["recipients"] = json.loads(row["recipients"])
            row["grey"] = bool(row["grey"])
        return rows

    def release_press(self, press_id: int) -> None:
        self.db.execute("UPDATE press SET released = 1 WHERE id = ?", [press_id])

    # -- votes ------------------------------------------------------------

    def set_vote(self, game_id: str, power: str, kind: str, value: str | None) -> None:
        if value is None:
            self.db.execute(
                "DELETE FROM votes WHERE game_id = ? AND power = ? AND kind = ?",
                [game_id, power, kind],
            )
        else:
            self.db.execute(
                "INSERT INTO votes (game_id, power, kind, value) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id, power, kind) DO UPDATE SET value = excluded.value",
                [game_id, power, kind, value],
            )

    def votes(self, game_id: str, kind: str) -> dict[str, str]:
        return {
            row["power"]: row["value"]
            for row in self._rows(
                "SELECT power, value FROM votes WHERE game_id = ? AND kind = ?", [game_id, kind]
            )
        }
