"""A crash at every step of a run, by exception and by SIGKILL, then a second run: nothing lost,
nothing twice. Against the real Dovecot and SMTP servers, with ``pbem run`` as a real process."""

import os
import subprocess

import pytest

from pbem.faults import POINTS
from tests.harness import MailServerTable, game, run_pbem, text_of

POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
ORDERS = {
    "Austria": "A Vie - Gal",
    "England": "F Lon - Nth",
    "France": "A Par - Bur",
    "Germany": "A Mun - Ruh",
    "Italy": "A Ven H",
    "Russia": "A War - Gal",
    "Turkey": "A Con - Bul",
}
# Where to crash: every failpoint, at a place in the run where work is half done.
CRASHES = {
    "fetched": "fetched:4",
    "stored": "stored:4",
    "reading": "reading:3",
    "queued-reply": "queued-reply:3",
    "handled": "handled:5",
    "adjudicating": "adjudicating",
    "adjudicated": "adjudicated",
    "archived": "archived",
    "sent": "sent:6",
}
assert set(CRASHES) == set(POINTS)


def pbem_run(table, crash: str | None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ}
    env.pop("PBEM_CRASH_AT", None)
    if crash:
        env["PBEM_CRASH_AT"] = crash
    return run_pbem("--config", str(table.config_path), "run", env=env)


@pytest.mark.parametrize("mode", ["exception", "kill"])
@pytest.mark.parametrize("point", sorted(CRASHES))
def test_a_crash_loses_nothing_and_sends_nothing_twice(tmp_path, mail_server, mailboxes, point, mode):
    judge, referee = mailboxes.user("judge"), mailboxes.user("referee")
    players = {power: mailboxes.user(power.lower()).address for power in POWERS}
    table = MailServerTable(
        tmp_path, [game("crash", "diplomacy", players, early="orders")], mail_server, judge, referee
    )
    table.start("crash")
    for power, address in players.items():
        table.take(address)  # the welcome
        table.send(address, f"SIGNON {power} crash pw\n{ORDERS[power]}")

    crash = CRASHES[point] + ("@kill" if mode == "kill" else "")
    crashed = pbem_run(table, crash)
    assert crashed.returncode != 0, crashed.stderr
    if mode == "exception":
        assert "crash injected at" in crashed.stderr
    again = pbem_run(table, None)
    assert again.returncode == 0, again.stderr

    with table.store() as store:
        turns = store.turns("crash")
        assert [turn.phase_id for turn in turns] == ["S1901M"]
        assert turns[0].orders == {power: [text.upper()] for power, text in ORDERS.items()}
        assert store.message_count("done") == 7 and store.message_count() == 7
        assert store.outbox_rows(status="queued") == []
    assert (table.service.archive_dir / "crash" / "S1901M" / "turn.json").exists()
    for power, address in players.items():
        mail = table.take(address)
        acks = [m for m in mail if str(m["Subject"]).startswith("Re:")]
        reports = [m for m in mail if "results" in str(m["Subject"])]
        assert len(acks) == 1 and len(reports) == 1, [str(m["Subject"]) for m in mail]
        assert "ok: " in text_of(acks[0])
        assert ORDERS[power].split()[1].upper() in text_of(reports[0])
    assert len([m for m in table.take(referee.address) if "results" in str(m["Subject"])]) == 1
