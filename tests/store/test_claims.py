"""Leases and claims between workers on one PostgreSQL database: a job one worker at a time, its
lease passing on when the holder's session ends; a game or a queued mail claimed by one worker,
skipped by the others; acting on mail waits for the games being tended. On SQLite every lease and
claim is the one run's (the file lock keeps runs apart)."""

from __future__ import annotations

import threading
import time

from pbem.store import Store
from pbem.store.claims import LEASES
from tests.store.helpers import NOW, a_game, a_mail, a_message


def passes_on(store: Store, job: str) -> bool:
    """Whether ``store`` gets ``job``'s lease within seconds (a closed session's server process
    ends, and lets its locks go, a moment after the client closes it)."""
    for _ in range(50):
        with store.lease(job) as held:
            if held:
                return True
        time.sleep(0.1)
    return False


def test_a_lease_is_one_workers_and_passes_on_when_its_session_ends(pg_url):
    first, second = Store(pg_url), Store(pg_url)
    try:
        with first.lease("poll") as held:
            assert held
            with second.lease("poll") as also:
                assert not also
            with second.lease("archive") as other_job:
                assert other_job
        with second.lease("poll") as after:
            assert after
        taken = first._one("SELECT pg_try_advisory_lock(?) AS held", [LEASES["poll"]])
        assert taken and taken["held"]
        first.close()  # the holder dies: its session ends, and its lease with it
        assert passes_on(second, "poll")
    finally:
        second.close()


def test_a_game_claimed_by_one_worker_is_skipped_by_another(pg_url):
    first, second = Store(pg_url), Store(pg_url)
    try:
        a_game(first)
        with first.claim_game("g1") as mine:
            assert mine
            with second.claim_game("g1") as theirs:
                assert not theirs
        with second.claim_game("g1") as now_theirs:
            assert now_theirs
    finally:
        first.close()
        second.close()


def test_no_game_is_claimed_while_stored_mail_waits_to_be_acted_on(pg_url):
    """A run reads its mail before it keeps deadlines: orders sent in time count."""
    store = Store(pg_url)
    try:
        a_game(store)
        row = a_message(store, "m1")
        assert row is not None
        with store.claim_game("g1") as claimed:
            assert not claimed
        store.finish_message(row, "done", "orders")
        with store.claim_game("g1") as claimed:
            assert claimed
    finally:
        store.close()


def test_a_queued_mail_is_sent_by_the_worker_that_claims_it_only(pg_url):
    first, second = Store(pg_url), Store(pg_url)
    try:
        a_mail(first, "results:g1:1")
        [mail] = first.due_mail(NOW)
        with first.claim_mail(mail.id) as mine:
            assert mine
            with second.claim_mail(mail.id) as theirs:
                assert not theirs
            first.mark_sent(mail.id, NOW)
        with second.claim_mail(mail.id) as sent_already:
            assert not sent_already
    finally:
        first.close()
        second.close()


def test_acting_on_mail_waits_for_the_games_being_tended(pg_url):
    tending, acting = Store(pg_url), Store(pg_url)
    began: list[float] = []
    try:
        a_game(tending)
        with tending.claim_game("g1") as mine:
            assert mine

            def act() -> None:
                with acting.lease("intake") as held:
                    assert held
                    began.append(time.monotonic())

            thread = threading.Thread(target=act)
            thread.start()
            time.sleep(0.3)
            assert began == []  # held back while the game is tended
            done_tending = time.monotonic()
        thread.join(5)
        assert began and began[0] >= done_tending
    finally:
        tending.close()
        acting.close()


def test_on_sqlite_every_lease_and_claim_is_the_runs(tmp_path):
    store = Store(tmp_path / "pbem.sqlite3")
    try:
        a_game(store)
        with store.lease("poll") as held, store.claim_game("g1") as claimed:
            assert held and claimed
    finally:
        store.close()
