"""A rolled-back turn is kept, marked, beside its replay: in the store, the archive's folders,
``pbem archive list|show|export``; and a database from before the mark opens and catches up.

A turn's number is never used twice in a game, so replaying a phase adds a turn instead of
overwriting the one the referee rolled back.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from pbem import archive
from tests.harness import REFEREE_ADDRESS, REFEREE_PASSWORD, Table, game, run_pbem, text_of

PLAYERS = {"North": "north@example.test", "South": "south@example.test", "East": "east@example.test"}
REF = f"SIGNON REFEREE g1 {REFEREE_PASSWORD}"


def play(table: Table, orders: str) -> None:
    for power, address in PLAYERS.items():
        table.send(address, f"SIGNON {power} g1 pw\n{orders}")
    table.run()
    table.take()


def rolled_back_game(tmp_path: Path) -> Table:
    """Rounds 1 and 2 played (ADD 5, ADD 1), then the referee rolls the game back to round 2."""
    table = Table(
        tmp_path, [game("g1", "tally", PLAYERS, early="orders")], now=datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    )
    table.start("g1")
    table.take()
    play(table, "ADD 5")
    play(table, "ADD 1")
    table.send(REFEREE_ADDRESS, f"{REF}\nROLLBACK R2")
    table.run()
    table.take()
    return table


def turn_record(folder: Path) -> dict:
    return json.loads((folder / "turn.json").read_text())


def cli(table: Table, *args: str) -> str:
    done = run_pbem("--config", str(table.config_path), "archive", *args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_rolled_back_turn_is_kept_marked_beside_its_replay(tmp_path):
    table = rolled_back_game(tmp_path)
    games = table.service.archive_dir / "g1"
    # at once, not only when the phase is replayed: no live folder shows the undone turn
    assert not (games / "R2").exists()
    record = turn_record(games / "R2.rolled-back-2")
    assert record["rolled_back"] is True and record["rolled_back_at"].startswith("2026-03-02")
    assert record["orders"]["North"] == ["ADD 1"]

    play(table, "ADD 2")  # the replay
    with table.store() as store:
        turns = store.turns("g1", include_rolled_back=True)
        assert [(t.seq, t.phase_id, t.rolled_back) for t in turns] == [
            (1, "R1", False),
            (2, "R2", True),
            (3, "R2", False),
        ]
        assert store.reports("g1", 2)["North"]["text"] != store.reports("g1", 3)["North"]["text"]
    assert turn_record(games / "R2")["seq"] == 3 and turn_record(games / "R2")["rolled_back"] is False
    assert turn_record(games / "R2.rolled-back-2")["orders"]["North"] == ["ADD 1"]
    assert turn_record(games / "R2.rolled-back-2")["rolled_back"] is True
    assert sorted(path.name for path in games.iterdir()) == ["R1", "R2", "R2.rolled-back-2"]

    listed = cli(table, "list", "g1")
    assert "R2.rolled-back-2" in listed and listed.count("(rolled back)") == 1
    shown = cli(table, "show", "g1", "R2.rolled-back-2", "--as", "REFEREE")
    assert "ROLLED BACK" in shown and "North: ADD 1" in shown
    replayed = cli(table, "show", "g1", "R2", "--as", "REFEREE")
    assert "ROLLED BACK" not in replayed and "North: ADD 2" in replayed
    exported = json.loads(cli(table, "export", "g1"))
    assert [t["seq"] for t in exported["turns"]] == [1, 3]
    assert [t["seq"] for t in exported["rolled_back_turns"]] == [2]


def test_a_rolled_back_turn_is_not_shown_to_a_player_it_was_not_sent_to(tmp_path):
    table = rolled_back_game(tmp_path)
    with table.store() as store:
        text = archive.show(store, "g1", "R2.rolled-back-2", "North")
        assert "ROLLED BACK" in text
        assert "record of the turn" not in text  # the orders stay hidden while the game runs


# the turns table as it was before rolled-back turns were marked (rolled_back_at)
OLD_TURNS = """
CREATE TABLE turns_before (
    game_id TEXT NOT NULL, seq INTEGER NOT NULL, phase_id TEXT NOT NULL, phase_label TEXT NOT NULL,
    state_before TEXT NOT NULL, orders TEXT NOT NULL, nmr TEXT NOT NULL DEFAULT '[]',
    seed INTEGER NOT NULL, state_after TEXT NOT NULL, events TEXT NOT NULL, adjudicated_at TEXT NOT NULL,
    rolled_back INTEGER NOT NULL DEFAULT 0, archived INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seq)
);
INSERT INTO turns_before SELECT game_id, seq, phase_id, phase_label, state_before, orders, nmr, seed,
    state_after, events, adjudicated_at, rolled_back, 1 FROM turns;
DROP TABLE turns;
ALTER TABLE turns_before RENAME TO turns;
CREATE INDEX turns_unarchived ON turns(archived) WHERE archived = 0;
DELETE FROM meta WHERE key = 'schema_version';
"""


def as_left_by_the_old_version(table: Table) -> None:
    """The database and archive as pbem left them before: no rolled_back_at, every turn archived,
    and the rolled-back turn still in the phase's own folder, unmarked."""
    database = sqlite3.connect(table.service.database)
    database.executescript(OLD_TURNS)
    database.close()
    games = table.service.archive_dir / "g1"
    shutil.move(games / "R2.rolled-back-2", games / "R2")
    record = turn_record(games / "R2")
    del record["rolled_back"], record["rolled_back_at"]
    (games / "R2" / "turn.json").write_text(json.dumps(record))


def test_an_old_database_opens_and_its_rolled_back_turns_are_archived_marked(tmp_path):
    table = rolled_back_game(tmp_path)
    as_left_by_the_old_version(table)
    upgraded = run_pbem("--config", str(table.config_path), "db", "upgrade")
    assert "from schema version 0 to" in upgraded.stdout, upgraded.stderr
    with table.store() as store:  # the migration: the column is added, the turn to write again
        [turn] = [t for t in store.turns("g1", include_rolled_back=True) if t.rolled_back]
        assert turn.seq == 2 and turn.rolled_back_at is None
        assert store.unarchived_turns() == [("g1", 2)]
    games = table.service.archive_dir / "g1"
    table.run()
    assert not (games / "R2").exists()
    assert turn_record(games / "R2.rolled-back-2")["rolled_back"] is True
    play(table, "ADD 2")
    assert turn_record(games / "R2")["seq"] == 3
    assert turn_record(games / "R2.rolled-back-2")["seq"] == 2
    with table.store() as store:
        assert store.unarchived_turns() == []
    assert "(rolled back)" in cli(table, "list", "g1")


def test_the_replay_of_a_rolled_back_phase_is_reported_once(tmp_path):
    table = rolled_back_game(tmp_path)
    for power, address in PLAYERS.items():
        table.send(address, f"SIGNON {power} g1 pw\nADD 2")
    table.run()
    reports = [m for m in table.take(PLAYERS["North"]) if "Round 2 results" in str(m["Subject"])]
    assert len(reports) == 1 and "ADD 2" in text_of(reports[0])
