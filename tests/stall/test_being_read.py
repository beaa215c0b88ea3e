"""A mail being read is counted before it is read (issue 29): a run killed while reading it
(cron's timeout, a person, a power cut) does not leave it to stall every run after, for ever.
Real ``pbem run`` processes, killed by SIGKILL at the failpoint ``reading`` (pbem.faults)."""

import os
import subprocess
from datetime import UTC, datetime

from tests.harness import REFEREE_ADDRESS, Table, game, run_pbem, text_of

POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
PLAYERS = {power: f"{power.lower()}@example.test" for power in POWERS}


def pbem_run(table: Table, crash: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "PBEM_CRASH_AT"}
    if crash:
        env["PBEM_CRASH_AT"] = crash
    return run_pbem("--config", str(table.config_path), "run", env=env)


def started(tmp_path) -> Table:
    # the processes read the real clock: the table's is now, so no deadline passes meanwhile
    table = Table(tmp_path, [game("g1", "diplomacy", PLAYERS)], now=datetime.now(UTC))
    table.start("g1")
    table.take()
    return table


def answers(table: Table, address: str) -> list[str]:
    return [text_of(mail) for mail in table.take(address) if str(mail["Subject"]).startswith("Re:")]


def test_a_mail_whose_runs_were_killed_while_reading_it_is_set_aside_and_the_referee_told(tmp_path):
    table = started(tmp_path)
    table.send(PLAYERS["France"], "SIGNON France g1 pw\nA Par - Bur", subject="stalls")
    table.send(PLAYERS["England"], "SIGNON England g1 pw\nF Lon - Nth")
    attempts = table.service.mail_attempts
    for _ in range(attempts):  # each run is killed reading the first mail, the same one each time
        killed = pbem_run(table, "reading@kill")
        assert killed.returncode == -9, killed.stderr
    with table.store() as store:
        assert store.message(1)["status"] == "new" and store.message(2)["status"] == "new"

    assert pbem_run(table).returncode == 1  # finished, with a mail that failed in it
    with table.store() as store:
        stalled, read = store.message(1), store.message(2)
        assert stalled["status"] == "failed" and stalled["attempts"] == attempts
        assert f"StalledMail: runs stopped while reading it {attempts} times" in stalled["outcome"]
        assert read["status"] == "done"
        assert store.order_set("g1", "S1901M", "England").orders() == ["F LON - NTH"]
        assert store.order_set("g1", "S1901M", "France") is None
    [told] = answers(table, PLAYERS["France"])
    assert "your mail could not be read; the referee has been told" in told
    assert len(answers(table, PLAYERS["England"])) == 1
    [notice] = table.take(REFEREE_ADDRESS)
    assert "1 mail could not be handled" in str(notice["Subject"])
    assert "message 1 from france@example.test" in text_of(notice) and "left alone" in text_of(notice)

    assert pbem_run(table).returncode == 0  # the next run leaves it alone: nobody is told again
    assert table.take() == []
    with table.store() as store:
        assert store.message(1)["status"] == "failed"


def test_a_mail_read_again_after_a_killed_run_is_answered_once_and_its_count_cleared(tmp_path):
    table = started(tmp_path)
    table.send(PLAYERS["France"], "SIGNON France g1 pw\nA Par - Bur")
    assert pbem_run(table, "reading@kill").returncode == -9
    with table.store() as store:
        assert store.message(1)["readings"] == 1
    assert pbem_run(table).returncode == 0
    [answer] = answers(table, PLAYERS["France"])
    assert "A PAR - BUR" in answer.upper()
    with table.store() as store:
        row = store.message(1)
        assert row["status"] == "done" and row["readings"] == 0 and row["attempts"] == 0
        assert store.order_set("g1", "S1901M", "France").orders() == ["A PAR - BUR"]
