"""A run that crashes while the last seat of a game is taken (the game mustered and begun in the
same mail's transaction), then a run that finishes: one seat each, one game, one welcome each,
one answer each. ``pbem run`` as a real process on Maildir (at the real clock), with the failpoints
of pbem.faults."""

from __future__ import annotations

import os
import subprocess

import pytest

from tests.harness import Table, run_pbem, text_of
from tests.judge.helpers import OPEN_JUDGE

DUEL = {"id": "duel", "ruleset": "invictus", "seats": 2, "deadlines": {"default": "48h"}}
PLAYERS = ["a@players.test", "b@players.test", "c@players.test"]


def pbem_run(table: Table, crash: str | None) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "PBEM_CRASH_AT"}
    if crash:
        env["PBEM_CRASH_AT"] = crash
    return run_pbem("--config", str(table.config_path), "run", env=env)


#: inside the last join's transaction (by exception and as a power cut), after it, while sending
@pytest.mark.parametrize("crash", ["queued-reply:1", "queued-reply:1@kill", "handled:1", "sent:2"])
def test_a_crash_while_the_last_seat_is_taken_loses_nothing_and_doubles_nothing(tmp_path, crash):
    judge = {"judge": {**OPEN_JUDGE["judge"], "muster": "0"}}
    table = Table(tmp_path, [], service_settings=judge, game_templates=[DUEL])
    table.send("master@players.test", "CREATE ?duel hunter22 duel")
    table.send(PLAYERS[0], "SIGNON ?duel secret-1")
    assert pbem_run(table, None).returncode == 0
    table.send(PLAYERS[1], "SIGNON ?duel secret-2")  # the last seat: the game begins
    table.send(PLAYERS[2], "SIGNON ?duel secret-3")  # one too late: a TAKEOVER is suggested
    crashed = pbem_run(table, crash)
    assert crashed.returncode != 0, crashed.stderr
    again = pbem_run(table, None)
    assert again.returncode == 0, again.stderr
    with table.store() as store:
        assert sorted(p.address for p in store.players("duel")) == PLAYERS[:2]
        assert [s.address for s in store.seats("duel")] == PLAYERS[:2]
        assert store.message_count("done") == 4 == store.message_count()
    for address in PLAYERS[:2]:
        subjects = [str(m["Subject"]) for m in table.mails_to(address)]
        assert (
            subjects.count("[duel] welcome: you play North")
            + subjects.count("[duel] welcome: you play South")
            == 1
        ), subjects
        assert subjects.count("Your mail to pbem test judge") == 1, subjects
    [late] = table.mails_to(PLAYERS[2])
    assert "JOIN: refused: game duel has begun" in text_of(late)
    started = [
        m
        for m in table.mails_to("referee@pbem.test") + table.mails_to("master@players.test")
        if "game started" in str(m["Subject"])
    ]
    assert len(started) == 1
