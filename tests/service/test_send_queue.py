"""The send queue on the real SMTP server: sent is recorded only when the server took it,
temporary refusals are retried later with the same Message-ID, permanent ones are given up."""

import pytest

from tests.harness import MailServerTable, game, text_of


@pytest.fixture
def table(tmp_path, mail_server, mailboxes):
    judge, referee = mailboxes.user("judge"), mailboxes.user("referee")
    players = {power: mailboxes.user(power.lower()).address for power in ("North", "South")}
    table = MailServerTable(
        tmp_path, [game("g1", "tally", players, password="pw")], mail_server, judge, referee
    )
    table.players = players  # type: ignore[attr-defined]
    table.judge = judge  # type: ignore[attr-defined]
    return table


def queue(table, **where):
    with table.store() as store:
        return store.outbox_rows(**where)


def test_a_temporary_refusal_is_retried_later_with_the_same_message_id(table, mail_server):
    north = table.players["North"]
    mail_server.defer(north, times=1)
    table.start("g1")
    [row] = queue(table, recipient=north)
    assert row["status"] == "queued" and row["attempts"] == 1 and "451" in row["last_error"]
    assert table.take(north) == []
    table.run()  # too early: the retry waits a minute
    assert table.take(north) == []
    table.advance(minutes=2)
    table.run()
    [welcome] = table.take(north)
    assert welcome["Message-ID"] == row["message_id"]
    [row] = queue(table, recipient=north)
    assert row["status"] == "sent" and row["attempts"] == 2


def test_after_so_many_temporary_refusals_a_mail_is_given_up(table, mail_server):
    north = table.players["North"]
    mail_server.defer(north, times=50)
    table.start("g1")
    for _ in range(10):
        table.advance(hours=7)
        table.run()
    [row] = queue(table, recipient=north, kind="welcome")
    assert row["status"] == "failed" and row["attempts"] == table.service.send_attempts


def test_a_permanent_refusal_fails_that_mail_only(table, mail_server, mailboxes):
    table.start("g1")
    table.take(table.players["North"])
    # a player whose address the server does not know: 550
    with table.store() as store:
        store.db.execute("UPDATE players SET address = ? WHERE power = 'South'", [mailboxes.address("gone")])
    table.send(table.players["North"], "SIGNON North g1 pw\nPRESS TO South\nhi\nENDPRESS")
    table.run()
    [failed] = queue(table, status="failed")
    assert "550" in failed["last_error"]
    assert "sent to South" in text_of(table.take(table.players["North"])[0])


def test_a_wrong_smtp_password_keeps_the_whole_queue(table, mail_server):
    table.start("g1")
    sent_before = len(queue(table, status="sent"))
    broken = table.service.outbox.__class__(
        **{**table.service.outbox.__dict__, "password": type(table.service.outbox.password)("nope")}
    )
    object.__setattr__(table.service, "outbox", broken)
    table.send(table.players["North"], "SIGNON North g1 pw\nADD 1")
    tally = table.run()
    assert any("refused us" in error for error in tally.errors)
    with table.store() as store:  # the mail was still read and answered, just not sent
        assert store.message_count("done") == 1
    [row] = queue(table, kind="reply")
    assert row["status"] == "queued" and row["attempts"] == 0
    assert len(queue(table, status="sent")) == sent_before


def test_a_sent_mail_is_recorded_even_while_acting_keeps_the_database_busy():
    """SQLite's lock wait is unfair: the acting thread, committing mail after mail, could keep
    the send loop's record of a sent mail out past the busy timeout and kill the run (found
    by benchmarks/fuzz_intake.py). While acting goes on, the record is tried again."""
    import asyncio
    import sqlite3

    from pbem.sending import _record

    attempts = []

    def write() -> None:
        attempts.append(1)
        if len(attempts) < 3:
            raise sqlite3.OperationalError("database is locked")

    async def recorded(acting_done: bool) -> None:
        acting = asyncio.get_running_loop().create_future()
        if acting_done:
            acting.set_result(None)
        await _record(write, acting)

    asyncio.run(recorded(acting_done=False))
    assert len(attempts) == 3
    attempts.clear()
    with pytest.raises(sqlite3.OperationalError):  # with acting over, a lock is a real error
        asyncio.run(recorded(acting_done=True))


def test_mail_sent_while_acting_holds_the_database_is_sent_once_and_recorded_soon(tmp_path):
    """Mails sent are recorded RECORD_EVERY at a time, each in the send journal until then; while
    acting holds SQLite's write lock the sending goes on, never more than MOST_UNRECORDED
    waiting at once; every one is recorded by the end, and none sent twice (an unrecorded mail
    is still queued in the database: the next batch of due mail must not take it again)."""
    import asyncio
    import sqlite3
    import threading
    from types import SimpleNamespace

    from pbem import sending
    from pbem.store import Store
    from pbem.tally import Tally
    from tests.store.helpers import NOW as now
    from tests.store.helpers import a_mail

    path = tmp_path / "pbem.sqlite3"
    store = Store(path)
    count = sending.MOST_UNRECORDED + 100  # more than may wait, and many batches of due mail
    for number in range(count):
        a_mail(store, f"m{number}", f"p{number}@example.test", raw=b"Subject: s\n\nhello\n")
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    watcher = sqlite3.connect(path, isolation_level=None)
    sent: list[str] = []
    waiting: list[int] = []
    held: list[int] = []

    class Outbox:
        async def send(self, raw: bytes, sender: str, recipients: list[str]) -> None:
            sent.append(recipients[0])
            queued = {
                row[0] for row in watcher.execute("SELECT recipient FROM outbox WHERE status = 'queued'")
            }
            waiting.append(len(set(sent[:-1]) & queued))  # sent before this one, not yet recorded
            journal = tmp_path / sending.JOURNAL
            written_down = len(journal.read_text().splitlines()) if journal.exists() else 0
            assert written_down == waiting[-1]  # each waiting for its record is in the send journal
            if len(sent) == 48:  # acting takes the database for a while, across the next batch
                holder.execute("BEGIN IMMEDIATE")
                held.append(len(sent))
                threading.Timer(0.5, lambda: (held.append(len(sent)), holder.execute("COMMIT"))).start()

    async def sending_beside_acting() -> None:
        acting = asyncio.get_running_loop().create_future()
        asyncio.get_running_loop().call_later(1.0, acting.set_result, None)
        service = SimpleNamespace(
            return_path="plain",
            address="judge@example.test",
            send_attempts=5,
            store_target=path,
            data_dir=tmp_path,
        )
        await sending.send_queue(service, store, Outbox(), now, Tally(), acting)  # type: ignore[arg-type]

    asyncio.run(sending_beside_acting())
    assert sorted(sent) == sorted(f"p{number}@example.test" for number in range(count))  # each once
    assert [row["status"] for row in store.outbox_rows()] == ["sent"] * count
    assert max(waiting[:48]) == sending.RECORD_EVERY - 1  # recorded a batch at a time
    assert max(waiting) == sending.MOST_UNRECORDED - 1  # mails went on while the lock was held...
    assert sending.RECORD_EVERY < held[1] - held[0] < sending.MOST_UNRECORDED  # ...till as many wait
