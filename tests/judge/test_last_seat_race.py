"""Two runs racing on a forming game's last seat: it is given once, and the game mustered once.

Runs of one judge never work at once (the run lock), but a seat is safe even without it: a join
reads the free seats and takes one in one IMMEDIATE transaction. Here two runs, each with its own
connection to the database, act on two joins for the same last seat at the same moment."""

from __future__ import annotations

import threading

from pbem import intake
from pbem.run import Run
from pbem.store import Store
from tests.harness import Table, text_of
from tests.judge.helpers import OPEN_JUDGE, say


def test_two_runs_racing_on_the_last_seat_give_it_once(tmp_path):
    table = Table(tmp_path, [], service_settings=OPEN_JUDGE)
    say(table, "master@players.test", "CREATE ?race hunter22")
    for n in range(6):
        say(table, f"p{n}@players.test", f"SIGNON ?race secret-{n}")
    for racer in ("late1@players.test", "late2@players.test"):
        table.send(racer, "SIGNON ?race racing-pw")
    table.run(do_act=False)  # stored, not yet acted on
    with table.store() as store:
        waiting = store.pending_message_ids()
    assert len(waiting) == 2
    start = threading.Barrier(2)
    failures: list[BaseException] = []

    def act(row_id: int) -> None:
        store = Store(table.service.store_target)  # SQLite's file, or PostgreSQL's database
        try:
            start.wait()
            intake.handle(Run(table.service, store, table.now, table.templates), row_id)
        except BaseException as error:  # noqa: BLE001 - reported below
            failures.append(error)
        finally:
            store.close()

    threads = [threading.Thread(target=act, args=(row_id,)) for row_id in waiting]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures
    table.run()  # send what the two queued
    with table.store() as store:
        seated = {seat.address for seat in store.seats("race")}
        powers = [seat.power for seat in store.seats("race")]
    racers = seated & {"late1@players.test", "late2@players.test"}
    assert len(racers) == 1 and len(seated) == 7
    assert sorted(powers) == sorted({p for p in powers if p})  # seven powers, each given once
    [winner] = racers
    loser = ({"late1@players.test", "late2@players.test"} - racers).pop()
    [won] = [text_of(m) for m in table.mails_to(winner) if str(m["Subject"]).startswith("Your mail")]
    [lost] = [text_of(m) for m in table.mails_to(loser) if str(m["Subject"]).startswith("Your mail")]
    assert "the game is full: see the mail that follows" in won
    assert "refused: game race is full; STANDBY race puts you on its standby list" in lost
    for n in range(6):  # each seat asked to confirm once
        assert (
            len([m for m in table.mails_to(f"p{n}@players.test") if "is full. You play" in text_of(m)]) == 1
        )
