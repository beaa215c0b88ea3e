"""The turns and reports tables: every adjudicated phase, and what each viewer was sent of it.

A turn keeps its seed, orders and states so it can be replayed; rolled-back
turns stay, marked, for the record. A turn's number (``seq``) is never used twice in a game,
rolled-back turns included, so a replayed phase is a new turn beside the one rolled back.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any

from pbem.deadlines import utc_text
from pbem.store.connection import StoredJson, StoredTime, StoredTimeOrNone, from_row
from pbem.store.pictures import Pictures


@dataclass
class TurnRow:
    game_id: str
    seq: int
    phase_id: str
    phase_label: str
    state_before: Annotated[dict[str, Any], StoredJson]
    orders: Annotated[dict[str, list[str]], StoredJson]
    nmr: Annotated[list[str], StoredJson]
    seed: int
    state_after: Annotated[dict[str, Any], StoredJson]
    events: Annotated[list[dict[str, Any]], StoredJson]
    adjudicated_at: StoredTime
    rolled_back: bool
    rolled_back_at: StoredTimeOrNone = None


class Turns(Pictures):
    """Adjudicated phases and their reports."""

    def add_turn(self, turn: TurnRow) -> None:
        self.db.execute(
            "INSERT INTO turns (game_id, seq, phase_id, phase_label, state_before, orders, nmr, seed,"
            " state_after, events, adjudicated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                turn.game_id,
                turn.seq,
                turn.phase_id,
                turn.phase_label,
                json.dumps(turn.state_before),
                json.dumps(turn.orders),
                json.dumps(turn.nmr),
                turn.seed,
                json.dumps(turn.state_after),
                json.dumps(turn.events),
                utc_text(turn.adjudicated_at),
            ],
        )

    def turns(self, game_id: str, include_rolled_back: bool = False) -> list[TurnRow]:
        where = "" if include_rolled_back else " AND rolled_back = 0"
        return [
            from_row(TurnRow, row)
            for row in self._rows(f"SELECT * FROM turns WHERE game_id = ?{where} ORDER BY seq", [game_id])
        ]

    def turn_by_seq(self, game_id: str, seq: int) -> TurnRow | None:
        row = self._one("SELECT * FROM turns WHERE game_id = ? AND seq = ?", [game_id, seq])
        return from_row(TurnRow, row) if row else None

    def turn(self, game_id: str, phase_id: str) -> TurnRow | None:
        """The live (not rolled back) turn that adjudicated ``phase_id``."""
        row = self._one(
            "SELECT * FROM turns WHERE game_id = ? AND lower(phase_id) = lower(?) AND rolled_back = 0"
            " ORDER BY seq DESC LIMIT 1",
            [game_id, phase_id],
        )
        return from_row(TurnRow, row) if row else None

    def unarchived_turns(self) -> list[tuple[str, int]]:
        """(game, seq) of turns whose files are not written as the turn now stands (new, or rolled
        back since): a short list, always."""
        return [
            (row["game_id"], row["seq"])
            for row in self._rows("SELECT game_id, seq FROM turns WHERE archived = 0 ORDER BY game_id, seq")
        ]

    def mark_archived(self, game_id: str, seq: int) -> None:
        self.db.execute("UPDATE turns SET archived = 1 WHERE game_id = ? AND seq = ?", [game_id, seq])

    def phase_ids(self, game_id: str) -> list[str]:
        """The adjudicated phases of a game, in order, without loading their states."""
        return [
            row["phase_id"]
            for row in self._rows(
                "SELECT phase_id FROM turns WHERE game_id = ? AND rolled_back = 0 ORDER BY seq", [game_id]
            )
        ]

    def next_seq(self, game_id: str) -> int:
        """The number of the next turn: after every turn, rolled back ones included."""
        row = self._one("SELECT max(seq) AS seq FROM turns WHERE game_id = ?", [game_id])
        return int(row["seq"] or 0) + 1 if row else 1

    def roll_back_after(self, game_id: str, seq: int, now: datetime) -> None:
        """Mark every live turn after ``seq`` as rolled back (kept, for the record), for the
        archive to write again as such."""
        self.db.execute(
            "UPDATE turns SET rolled_back = 1, rolled_back_at = ?, archived = 0"
            " WHERE game_id = ? AND seq > ? AND rolled_back = 0",
            [utc_text(now), game_id, seq],
        )

    # -- reports ----------------------------------------------------------

    def add_report(
        self, game_id: str, seq: int, viewer: str, subject: str, text: str, html: str | None
    ) -> None:
        self.db.execute(
            "INSERT INTO reports (game_id, seq, viewer, subject, text, html) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (game_id, seq, viewer) DO UPDATE SET subject = excluded.subject,"
            " text = excluded.text, html = excluded.html",
            [game_id, seq, viewer, subject, text, self.set_aside_svg(html) if html else html],
        )

    def reports(self, game_id: str, seq: int) -> dict[str, dict[str, Any]]:
        """Each viewer's report of turn ``seq``, its maps back in place (pbem.store.pictures)."""
        rows = self._rows("SELECT * FROM reports WHERE game_id = ? AND seq = ?", [game_id, seq])
        return {row["viewer"]: {**row, "html": row["html"] and self.restored(row["html"])} for row in rows}

    def recent_reports(self, game_id: str, viewer: str, count: int) -> list[dict[str, Any]]:
        """The last ``count`` reports ``viewer`` was sent in a game, oldest first."""
        rows = self._rows(
            "SELECT reports.subject, reports.text FROM reports JOIN turns"
            " ON turns.game_id = reports.game_id AND turns.seq = reports.seq"
            " WHERE reports.game_id = ? AND reports.viewer = ? AND turns.rolled_back = 0"
            " ORDER BY reports.seq DESC LIMIT ?",
            [game_id, viewer, count],
        )
        return list(reversed(rows))
