"""Two and four `pbem run` workers race over one PostgreSQL database and one Maildir: the same
stored mail, the same due games, the same send queue, some of them killed (SIGKILL) wherever
they are. Afterwards every phase was adjudicated once, every mail acted on once, and every
queued mail delivered once: none twice, none lost."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest

from pbem.games import start_game
from pbem.run import Run
from pbem.store import Store
from tests.harness import Table, game

#: a real ruleset: the workers are processes of their own, without the test rulesets
ORDERS = {
    "Austria": "A Vie - Gal",
    "England": "F Lon - Nth",
    "France": "A Par - Bur",
    "Germany": "A Mun - Ruh",
    "Italy": "A Ven H",
    "Russia": "A War - Gal",
    "Turkey": "F Ank - Bla",
}
PLAYERS = {power: f"{power.lower()}@example.test" for power in ORDERS}
GAMES = [f"g{n}" for n in range(1, 5)]
#: where the first round's workers die, as the reliability tests' failpoints name them (pbem.faults)
KILLED_AT = ["adjudicating@kill", "sent:3@kill", "handled:5@kill", "adjudicated@kill"]


def due_games(tmp_path, pg_url) -> Table:
    """Four games whose deadline has passed with every order in: each is due once the workers'
    clock (the real one) reads the mail, and every welcome still waits in the queue."""
    table = Table(
        tmp_path,
        [game(game_id, "diplomacy", PLAYERS) for game_id in GAMES],
        now=datetime.now(UTC) - timedelta(days=3),
        service_settings={"database": pg_url},
    )
    store = Store(pg_url)
    try:
        for game_id in GAMES:
            start_game(Run(table.service, store, table.now, table.templates), game_id, seed=1)
    finally:
        store.close()
    for game_id in GAMES:
        for power, address in PLAYERS.items():
            table.send(address, f"SIGNON {power} {game_id} pw\n{ORDERS[power]}")
    return table


def workers(table: Table, count: int, crashes: list[str | None]) -> list[subprocess.Popen[bytes]]:
    started = []
    for n in range(count):
        env = {**os.environ}
        if crashes[n]:
            env["PBEM_CRASH_AT"] = str(crashes[n])
        command = [sys.executable, "-m", "pbem.cli", "-q", "--config", str(table.config_path), "run"]
        started.append(subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE))
    return started


@pytest.mark.slow
@pytest.mark.parametrize("count", [2, 4])
def test_racing_workers_killed_anywhere_adjudicate_once_and_send_once(tmp_path, pg_url, count):
    table = due_games(tmp_path, pg_url)
    chance = random.Random(count)
    first = workers(
        table, count, [KILLED_AT[n % len(KILLED_AT)] if n % 2 == 0 else None for n in range(count)]
    )
    time.sleep(chance.uniform(0.5, 2.0))
    first[-1].send_signal(signal.SIGKILL)  # and one killed from outside, wherever it is
    for worker in first:
        worker.wait(120)
    assert any(worker.returncode == -signal.SIGKILL for worker in first)
    for _ in range(2):  # the runs after (one does all that is left; the second finds nothing)
        again = workers(table, count, [None] * count)
        for worker in again:
            _, errors = worker.communicate(timeout=120)
            assert worker.returncode == 0, errors.decode()

    store = Store(pg_url)
    try:
        for game_id in GAMES:
            assert [turn.phase_id for turn in store.turns(game_id, include_rolled_back=True)] == ["S1901M"]
        assert store.message_count() == len(GAMES) * len(PLAYERS) == store.message_count("done")
        queued = store.outbox_rows()
        assert {row["status"] for row in queued} == {"sent"}
    finally:
        store.close()
    delivered = Counter((str(m["Message-ID"]), str(m["Delivered-To"])) for _, m in table.outbox())
    assert [pair for pair, times in delivered.items() if times > 1] == []  # none twice
    assert set(delivered) == {(row["message_id"], row["recipient"]) for row in queued}  # none lost
    for address in PLAYERS.values():
        results = [m for m in table.mails_to(address) if "results" in str(m["Subject"])]
        assert sorted(str(m["Subject"]).split("]")[0] for m in results) == sorted(f"[{g}" for g in GAMES)
