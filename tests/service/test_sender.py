"""A run's SMTP sending in a process of its own beside acting (pbem.sender), on the real servers:
acting goes on when the sending dies, the run tells what the sending did and logged, and a run
killed leaves no sending behind."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from tests.harness import MailServerTable, game, text_of
from tests.service.helpers import DIPLOMACY_HOLDS

ORDERS = DIPLOMACY_HOLDS  # every unit ordered: the phase ends at once
POWERS = list(ORDERS)


@pytest.fixture
def table(tmp_path, mail_server, mailboxes):
    judge, referee = mailboxes.user("judge"), mailboxes.user("referee")
    players = {power: mailboxes.user(power.lower()).address for power in POWERS}
    table = MailServerTable(
        tmp_path, [game("g1", "diplomacy", players, early="orders")], mail_server, judge, referee
    )
    table.players = players  # type: ignore[attr-defined]
    table.start("g1")
    for power, address in players.items():
        table.take(address)  # the welcome
        table.send(address, f"SIGNON {power} g1 pw\n{ORDERS[power]}")
    return table


def pbem_run(table, **env: str) -> subprocess.Popen[str]:
    environment = {k: v for k, v in os.environ.items() if k != "PBEM_CRASH_AT"} | env
    return subprocess.Popen(
        [sys.executable, "-m", "pbem.cli", "--config", str(table.config_path), "run"],
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_the_sending_killed_acting_goes_on_and_the_next_run_sends_the_rest_once(table):
    """Only the sending process dies at the first mail it sent: the run still adjudicates and
    archives (in one process, the kill would have ended all of it), says so and fails."""
    run = pbem_run(table, PBEM_CRASH_AT="sent:1@kill")
    _, stderr = run.communicate(timeout=120)
    assert run.returncode == 1, stderr
    assert "the sending process ended (exit code -9)" in stderr
    with table.store() as store:
        assert [turn.phase_id for turn in store.turns("g1")] == ["S1901M"]
        assert store.outbox_rows(status="queued")  # acks and reports, left for the next run
    assert (table.service.archive_dir / "g1" / "S1901M" / "turn.json").exists()

    again = pbem_run(table)
    _, stderr = again.communicate(timeout=120)
    assert again.returncode == 0, stderr
    for address in table.players.values():
        reports = [m for m in table.take(address) if "results" in str(m["Subject"])]
        assert len(reports) == 1  # the one the killed sending took, not sent again


def test_what_the_sending_process_did_and_logged_is_the_runs(table, mail_server, caplog):
    """Turkey's mailbox refuses mail for good (550): the run counts and logs it as ever."""
    mail_server.refuse(table.players["Turkey"])
    with caplog.at_level(logging.INFO, logger="pbem"):
        tally = table.run()
    # an ack and a report to each of the other six and the referee's report sent; Turkey's two refused
    assert (tally.sent, tally.failed) == (13, 2)
    assert tally.seconds["send"] > 0 and "record" in tally.stages
    refused = [r for r in caplog.records if "failed for good" in r.getMessage()]
    assert len(refused) == 2 and all("550" in r.getMessage() for r in refused)
    assert {(r.levelno, r.module) for r in refused} == {(logging.ERROR, "sending")}  # where it was said
    [report] = [m for m in table.take(table.players["Austria"]) if "results" in str(m["Subject"])]
    assert "A VIE H" in text_of(report).upper()


def _spawned(mark: str) -> list[int]:
    """The processes multiprocessing spawned whose environment carries ``mark``."""
    found = []
    for folder in Path("/proc").glob("[0-9]*"):
        try:
            environ = (folder / "environ").read_bytes()
            command = (folder / "cmdline").read_bytes()
        except OSError:
            continue
        if f"PBEM_TEST_MARK={mark}".encode() in environ.split(b"\0") and b"spawn_main" in command:
            found.append(int(folder.name))
    return found


def test_a_run_killed_while_acting_leaves_no_sending_process_behind(table):
    mark = uuid.uuid4().hex
    run = pbem_run(table, PBEM_CRASH_AT="adjudicated@kill", PBEM_TEST_MARK=mark)
    seen: set[int] = set()
    while run.poll() is None:
        seen.update(_spawned(mark))
        time.sleep(0.01)
    assert run.returncode == -9, run.stderr.read() if run.stderr else ""
    assert seen  # the sending process was there while the run acted
    deadline = time.monotonic() + 10
    while _spawned(mark) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _spawned(mark) == []


def test_where_no_process_can_be_started_the_run_sends_itself(table, monkeypatch, caplog):
    import multiprocessing.context

    def refused(self):  # type: ignore[no-untyped-def]
        raise OSError("Resource temporarily unavailable")

    monkeypatch.setattr(multiprocessing.context.SpawnProcess, "start", refused)
    with caplog.at_level(logging.WARNING, logger="pbem"):
        tally = table.run()
    assert any("no sending process" in r.getMessage() for r in caplog.records)
    assert (tally.sent, tally.failed) == (15, 0)  # seven acks, seven reports and the referee's
    with table.store() as store:
        assert store.outbox_rows(status="queued") == []
