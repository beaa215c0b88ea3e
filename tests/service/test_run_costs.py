"""What a run spends its time on: each phase's map drawn once, outside the database's write
lock, and the stages inside the run's steps told in its log line (pbem.stopwatch)."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from pbem import stopwatch
from pbem.mail import pictures
from pbem.service import Tally
from tests.harness import Table, game
from tests.service.helpers import DIPLOMACY_HOLDS

PLAYERS = {power: f"{power.lower()}@example.test" for power in DIPLOMACY_HOLDS}


@dataclass
class Drawn:
    """A run that adjudicated a Diplomacy phase, with each PNG drawn during it and whether the
    database's write lock was free while it was drawn."""

    table: Table
    tally: Tally
    lock_free: list[bool] = field(default_factory=list)


@pytest.fixture(scope="module")
def drawn(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Drawn]:
    table = Table(tmp_path_factory.mktemp("costs"), [game("g1", "diplomacy", PLAYERS, early="orders")])
    table.start("g1")
    table.take()
    for power, orders in DIPLOMACY_HOLDS.items():
        table.send(PLAYERS[power], f"SIGNON {power} g1 pw\n{orders}")
    free: list[bool] = []
    draw = pictures._palette_png

    def drawing(svg):
        other = sqlite3.connect(table.service.database, timeout=0)
        try:
            other.execute("BEGIN IMMEDIATE")  # fails at once while another holds the write lock
            other.execute("ROLLBACK")
            free.append(True)
        except sqlite3.OperationalError:
            free.append(False)
        finally:
            other.close()
        return draw(svg)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pictures, "_palette_png", drawing)
        pictures._kept_png.cache_clear()  # drawn by this run, not found drawn by another test's
        tally = table.run()
    yield Drawn(table, tally, free)


def test_a_stage_sums_its_blocks_across_threads_and_a_lap_starts_the_sums_again():
    stopwatch.lap()

    def block() -> None:
        with stopwatch.timed("render"):
            time.sleep(0.02)

    workers = [threading.Thread(target=block) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    with pytest.raises(ValueError), stopwatch.timed("store"):  # a block that fails still took its time
        time.sleep(0.01)
        raise ValueError
    sums = stopwatch.lap()
    assert sums.keys() == {"render", "store"}
    assert sums["render"] >= 0.04
    assert sums["store"] >= 0.01
    assert stopwatch.lap() == {}


@pytest.mark.slow  # a real run that draws the standard board (about 4 s, shared by the tests below)
def test_a_phase_map_is_drawn_once_for_every_report_and_not_while_the_database_is_locked(drawn):
    results = [mail for _, mail in drawn.table.outbox() if "results" in str(mail["Subject"])]
    assert len(results) == len(PLAYERS) + 1  # every player and the referee
    pngs = {part.get_payload(decode=True) for mail in results for part in mail.walk()}
    assert sum(1 for data in pngs if data and data.startswith(b"\x89PNG")) == 1
    assert drawn.lock_free == [True]


@pytest.mark.slow
def test_a_run_tells_what_reading_drawing_and_storing_took(drawn):
    tally = drawn.tally
    assert tally.handled == len(PLAYERS)
    assert {"held", "read", "render", "store", "record"} <= tally.stages.keys()
    assert 0 < tally.stages["render"] <= tally.seconds["act"]
    assert "; of which held " in tally.line() and " read " in tally.line() and " render " in tally.line()
