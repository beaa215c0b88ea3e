"""A run killed while mails it sent wait for their record (acting holds SQLite's lock): the
send journal lists them, and the next sending records them before it sends anything, so none
goes out twice (pbem.sending)."""

from __future__ import annotations

import os
import subprocess
import sys

from pbem import sending
from pbem.store import Store
from tests.store.helpers import a_mail

SENDING = """
import asyncio, sqlite3, sys
from datetime import datetime, UTC
from pathlib import Path
from types import SimpleNamespace
from pbem import sending
from pbem.store import Store
from tests.store.helpers import a_mail
from pbem.tally import Tally

folder, hold = Path(sys.argv[1]), sys.argv[2] == "hold"
store = Store(folder / "pbem.sqlite3")
acting_holds = sqlite3.connect(folder / "pbem.sqlite3", isolation_level=None, check_same_thread=False)

class Outbox:
    async def send(self, raw, sender, recipients):
        with open(folder / "received", "a") as received:
            received.write(recipients[0] + "\\n")
        if hold and not acting_holds.in_transaction:
            acting_holds.execute("BEGIN IMMEDIATE")  # and never lets go before the run is killed

async def main():
    acting = asyncio.get_running_loop().create_future()  # acting goes on
    service = SimpleNamespace(return_path="plain", address="judge@example.test", send_attempts=5,
                              store_target=folder / "pbem.sqlite3", data_dir=folder)
    await sending.send_queue(service, store, Outbox(), datetime(2026, 11, 29, 12, 5, tzinfo=UTC),
                             Tally(), acting if hold else None)

asyncio.run(main())
"""


def sending_run(folder, hold: bool, crash: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": "."}
    env.pop("PBEM_CRASH_AT", None)
    if crash:
        env["PBEM_CRASH_AT"] = crash
    return subprocess.run(
        [sys.executable, "-c", SENDING, str(folder), "hold" if hold else "free"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def test_mails_sent_and_waiting_for_their_record_when_the_run_is_killed_are_not_sent_again(tmp_path):
    store = Store(tmp_path / "pbem.sqlite3")
    for number in range(10):
        a_mail(store, f"m{number}", f"p{number}@example.test", raw=b"Subject: results\n\nhello\n")
    killed = sending_run(tmp_path, hold=True, crash="sent:3@kill")
    assert killed.returncode == -9, killed.stderr
    # the scene: three mails taken by the server, none recorded, the journal lists them
    assert (tmp_path / "received").read_text().split() == [
        "p0@example.test",
        "p1@example.test",
        "p2@example.test",
    ]
    assert [row["status"] for row in store.outbox_rows()] == ["queued"] * 10
    journal = (tmp_path / sending.JOURNAL).read_text().splitlines()
    assert [line.split()[0] for line in journal] == [str(row["id"]) for row in store.outbox_rows()[:3]]

    again = sending_run(tmp_path, hold=False)
    assert again.returncode == 0, again.stderr
    received = (tmp_path / "received").read_text().split()
    assert sorted(received) == sorted(f"p{number}@example.test" for number in range(10))  # each once
    assert [row["status"] for row in store.outbox_rows()] == ["sent"] * 10
    assert (tmp_path / sending.JOURNAL).read_text() == ""
    assert oct((tmp_path / sending.JOURNAL).stat().st_mode & 0o777) == "0o600"


def test_a_journal_line_cut_short_by_the_kill_is_not_taken(tmp_path):
    """The kill may come in the middle of a line: the whole lines are recorded, the rest left."""
    store = Store(tmp_path / "pbem.sqlite3")
    for number in range(3):
        a_mail(store, f"m{number}", f"p{number}@example.test")
    first, second, third = (row["id"] for row in store.outbox_rows())
    journal = tmp_path / sending.JOURNAL
    when = "2026-11-29T12:05:00+00:00"
    journal.write_text(f"{first} {when}\n{second} {when}\n{third} 2026-11-2")
    assert sending.record_journal(store, journal) == 2
    assert [row["status"] for row in store.outbox_rows()] == ["sent", "sent", "queued"]
    assert journal.read_text() == ""
