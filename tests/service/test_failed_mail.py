"""One mail never stops a run (issue 17, point 1): a mail whose handling fails is kept, marked
failed with the reason, its sender told once, the referee told once per run; the run goes on,
later runs try it a few times, and the referee can retry or drop it."""

import logging

import pytest

from pbem import cli, service
from tests.harness import game, text_of
from tests.service.tally import Tally

PLAYERS = {"North": "north@example.test", "South": "south@example.test"}


@pytest.fixture
def bug(monkeypatch):
    """The tally ruleset raises on a line BUG until the test fixes it."""
    monkeypatch.setattr(Tally, "bug_fixed", False)
    return lambda: monkeypatch.setattr(Tally, "bug_fixed", True)


def referee_of(table) -> str:
    return table.service.referee.address


def failed_rows(table):
    with table.store() as store:
        return store.failed_messages()


def answers(mails):
    return [m for m in mails if str(m["Subject"]).startswith("Re:")]


def test_a_mail_that_fails_is_kept_answered_once_and_the_run_goes_on(make_table, bug):
    table = make_table([game("g1", "tally", PLAYERS)])
    table.start("g1")
    table.take()
    table.send(PLAYERS["North"], "SIGNON North g1 pw\nBUG", subject="first")
    table.send(PLAYERS["North"], "SIGNON North g1 pw\nADD 2\nBUG", subject="second")
    table.send(PLAYERS["South"], "SIGNON South g1 pw\nADD 3")
    tally = table.run()

    assert len(tally.errors) == 2 and tally.handled == 1
    first, second = failed_rows(table)
    assert (first["subject"], second["subject"]) == ("first", "second")
    assert all("RuntimeError: a bug in the tally ruleset" in row["outcome"] for row in (first, second))
    assert [row["attempts"] for row in (first, second)] == [1, 1]
    with table.store() as store:
        assert store.order_set("g1", "R1", "South").orders() == ["ADD 3"]
        assert store.order_set("g1", "R1", "North") is None  # the failed mail changed nothing

    told = table.take(PLAYERS["North"])
    assert sorted(str(m["Subject"]) for m in told) == ["Re: first", "Re: second"]
    assert all("your mail could not be read; the referee has been told" in text_of(m) for m in told)
    [south] = answers(table.take(PLAYERS["South"]))
    assert "ADD 3" in text_of(south)
    [notice] = table.take(referee_of(table))
    assert "2 mails could not be handled" in str(notice["Subject"])
    assert f"message {first['id']} from" in text_of(notice) and f"message {second['id']} " in text_of(notice)


def test_a_failed_mail_is_tried_again_a_few_runs_then_left_alone(make_table, bug):
    table = make_table([game("g1", "tally", PLAYERS)])
    table.start("g1")
    table.take()
    table.send(PLAYERS["North"], "SIGNON North g1 pw\nBUG")
    attempts = table.service.mail_attempts
    assert attempts == 3
    notices = []
    for run in range(1, attempts + 2):
        table.advance(minutes=10)
        tally = table.run()
        [row] = failed_rows(table)
        assert row["attempts"] == min(run, attempts)
        assert len(tally.errors) == (1 if run <= attempts else 0)
        notices.append(table.take(referee_of(table)))
    assert [len(each) for each in notices] == [1, 1, 1, 0]  # one notice per run that failed it
    assert "tried again next run" in text_of(notices[0][0])
    assert "left alone" in text_of(notices[2][0])
    assert len(answers(table.mails_to(PLAYERS["North"]))) == 1, "the sender is told once"


def test_the_referee_retries_a_failed_mail_after_a_fix_and_the_player_gets_the_real_answer(
    make_table, bug, capsys
):
    table = make_table([game("g1", "tally", PLAYERS)])
    table.start("g1")
    table.take()
    table.send(PLAYERS["North"], "SIGNON North g1 pw\nADD 4\nBUG")
    table.run()
    [row] = failed_rows(table)
    config = ["--config", str(table.config_path)]

    assert cli.main([*config, "status"]) == 0
    status = capsys.readouterr().out
    assert f"#{row['id']} " in status and "RuntimeError" in status and "1 failed" in status
    assert cli.main([*config, "mail", "show", str(row["id"])]) == 0
    assert "ADD 4\nBUG" in capsys.readouterr().out

    bug()
    assert cli.main([*config, "mail", "retry", str(row["id"])]) == 0
    assert "will be read again" in capsys.readouterr().out
    table.run()
    assert failed_rows(table) == []
    with table.store() as store:
        assert store.order_set("g1", "R1", "North").orders() == ["ADD 4"]
    [failed, real] = answers(table.mails_to(PLAYERS["North"]))
    assert "could not be read" in text_of(failed)
    assert "ADD 4" in text_of(real) and "could not be read" not in text_of(real)


def test_the_referee_drops_a_failed_mail_and_no_run_tries_it_again(tmp_path, bug, capsys):
    from tests.harness import Table

    table = Table(tmp_path, [game("g1", "tally", PLAYERS)], service_settings={"mail_attempts": 5})
    table.start("g1")
    table.send(PLAYERS["North"], "SIGNON North g1 pw\nBUG")
    table.run()
    [row] = failed_rows(table)
    config = ["--config", str(table.config_path)]
    assert cli.main([*config, "mail", "drop", str(row["id"])]) == 0
    assert cli.main([*config, "mail", "drop", str(row["id"])]) == 2  # dropped already
    assert "is not failed" in capsys.readouterr().err
    assert cli.main([*config, "mail", "list"]) == 0
    assert "no failed mail" in capsys.readouterr().out
    assert table.run().errors == []
    with table.store() as store:
        assert store.message(row["id"])["status"] == "dropped"
        assert store.message(row["id"])["attempts"] == 1


def test_a_mail_whose_headers_cannot_be_read_while_polling_is_stored_and_acted_on(tmp_path, monkeypatch):
    from tests.harness import Table

    real_parse = service.parse

    def parse(raw, **kwargs):
        if b"X-Poison" in raw:
            raise ValueError("a bug in reading headers")
        return real_parse(raw, **kwargs)

    monkeypatch.setattr(service, "parse", parse)
    table = Table(tmp_path, [game("g1", "tally", PLAYERS)])
    table.start("g1")
    table.take()
    table.send(PLAYERS["North"], "SIGNON North g1 pw\nADD 5", headers={"X-Poison": "yes"})
    table.send(PLAYERS["South"], "SIGNON South g1 pw\nADD 6")
    tally = table.run()
    assert tally.errors == [] and tally.handled == 2
    with table.store() as store:
        assert store.order_set("g1", "R1", "North").orders() == ["ADD 5"]
        assert store.message_count("done") == 2


def test_a_mail_that_cannot_be_stored_stays_in_the_inbox_and_the_others_are_stored(tmp_path, monkeypatch):
    from tests.harness import Table

    real_store_one = service._store_one

    def store_one(service_, store, fetched, now):
        if b"X-Poison" in fetched.raw:
            raise OSError("disk trouble with this one")
        return real_store_one(service_, store, fetched, now)

    monkeypatch.setattr(service, "_store_one", store_one)
    table = Table(tmp_path, [game("g1", "tally", PLAYERS)])
    table.start("g1")
    table.send(PLAYERS["North"], "SIGNON North g1 pw\nADD 5", headers={"X-Poison": "yes"})
    table.send(PLAYERS["South"], "SIGNON South g1 pw\nADD 6")
    tally = table.run()
    assert len(tally.errors) == 1 and "disk trouble" in tally.errors[0]
    with table.store() as store:
        assert store.message_count() == 1
        assert store.order_set("g1", "R1", "South").orders() == ["ADD 6"]
    monkeypatch.setattr(service, "_store_one", real_store_one)  # the trouble is gone
    assert table.run().errors == []
    with table.store() as store:
        assert store.message_count() == 2
        assert store.order_set("g1", "R1", "North").orders() == ["ADD 5"]


def test_a_database_made_before_failed_mail_was_counted_gets_the_column(tmp_path):
    import sqlite3

    from pbem.store import Store, schema
    from pbem.store.connection import Connection

    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path)
    old.execute(
        "CREATE TABLE messages (id INTEGER PRIMARY KEY, dedup_key TEXT NOT NULL UNIQUE,"
        " sha256 TEXT NOT NULL, message_id TEXT, ref TEXT, received_at TEXT NOT NULL,"
        " sender TEXT, subject TEXT, raw BLOB NOT NULL, status TEXT NOT NULL DEFAULT 'new',"
        " game_id TEXT, power TEXT, outcome TEXT)"
    )
    old.execute(
        "INSERT INTO messages (dedup_key, sha256, received_at, raw, status)"
        " VALUES ('k', 's', '2026-03-02T09:00:00Z', x'00', 'failed')"
    )
    old.commit()
    old.close()
    old_connection = Connection(path)
    assert schema.upgrade(old_connection) == (0, schema.latest())  # `pbem db upgrade`
    old_connection.close()
    store = Store(path)
    assert store.pending_message_ids(attempts=1) == [1]  # failed before attempts were counted
    assert store.fail_message(1, "again") == 1
    store.close()


# The per-address answer rate (issue 17, point 4).


def test_an_address_gets_so_many_answers_an_hour_then_none_and_the_referee_is_told_once(make_table, caplog):
    table = make_table([game("g1", "tally", PLAYERS)], service_settings={"answers_per_hour": 3})
    table.start("g1")
    table.take()
    table.advance(minutes=5)  # 09:05
    for number in range(1, 6):
        table.send(PLAYERS["North"], f"SIGNON North g1 pw\nADD {number}", subject=f"mail {number}")
    with caplog.at_level(logging.WARNING, logger="pbem"):
        table.run()
    # the two mails past the limit: one warning in the run's log, not one a mail
    assert len([r for r in caplog.records if "answers this hour; no more until" in r.getMessage()]) == 1
    assert sorted(str(m["Subject"]) for m in answers(table.take(PLAYERS["North"]))) == [
        "Re: [g1] mail 1",
        "Re: [g1] mail 2",
        "Re: [g1] mail 3",
    ]
    with table.store() as store:
        assert store.message_count("done") == 5  # read and acted on, all of them
        assert store.order_set("g1", "R1", "North").orders() == ["ADD 5"]
    [notice] = table.take(referee_of(table))
    assert "gets no more answers this hour" in str(notice["Subject"])

    table.advance(minutes=50)  # 09:55, the same hour
    table.send(PLAYERS["North"], "SIGNON North g1 pw\nADD 6", subject="mail 6")
    table.run()
    assert table.take(PLAYERS["North"]) == [] and table.take(referee_of(table)) == []

    table.advance(minutes=10)  # 10:05, the next hour
    table.send(PLAYERS["North"], "SIGNON North g1 pw\nADD 7", subject="mail 7")
    table.send(PLAYERS["South"], "SIGNON South g1 pw\nADD 1", subject="south")
    table.run()
    assert [str(m["Subject"]) for m in answers(table.take(PLAYERS["North"]))] == ["Re: [g1] mail 7"]
    assert len(answers(table.take(PLAYERS["South"]))) == 1


def test_a_stranger_flooding_the_game_master_is_answered_so_many_times_an_hour(tmp_path):
    from tests.harness import Table

    table = Table(tmp_path, [game("g1", "tally", PLAYERS)], service_settings={"answers_per_hour": 2})
    table.start("g1")
    table.take()
    for _number in range(4):
        table.send("Stranger@Elsewhere.test", "LIST")
    table.run()
    assert len(table.take("stranger@elsewhere.test")) + len(table.take("Stranger@Elsewhere.test")) == 2
    assert len(table.take(referee_of(table))) == 1


def test_a_stranger_s_mail_with_no_command_is_answered_once_a_day_whatever_it_says(tmp_path):
    from tests.harness import Table

    table = Table(tmp_path, [game("g1", "tally", PLAYERS)])
    table.start("g1")
    table.take()
    for number in range(3):
        table.send("someone@elsewhere.test", f"Buy cheap watches {number}", subject=f"CHEAP WATCHES {number}")
    table.run()
    [answer] = table.take("someone@elsewhere.test")
    assert "WATCHES" not in str(answer["Subject"]).upper() and "watches" not in text_of(answer).lower()
    assert answer["In-Reply-To"] is None
    table.advance(hours=25)
    table.send("someone@elsewhere.test", "hello again")
    table.run()
    assert len(table.take("someone@elsewhere.test")) == 1


def test_answers_per_hour_0_means_no_limit(tmp_path):
    from tests.harness import Table

    table = Table(tmp_path, [game("g1", "tally", PLAYERS)], service_settings={"answers_per_hour": 0})
    table.start("g1")
    table.take()
    for number in range(25):
        table.send(PLAYERS["South"], f"SIGNON South g1 pw\nADD {number % 9 + 1}")
    table.run()
    assert len(answers(table.take(PLAYERS["South"]))) == 25


def test_a_queued_mail_that_cannot_be_sent_does_not_stop_the_others(tmp_path, monkeypatch):
    """A bug or a local fault while sending one mail sets that mail aside; the rest of the queue
    is sent, and that mail is tried again later, then given up (``send_attempts``)."""
    from pbem.mail.maildir import MaildirOutbox
    from tests.harness import Table

    real_send = MaildirOutbox.send

    async def send(self, raw, sender, recipients):
        if PLAYERS["South"] in recipients:
            raise RuntimeError("a bug in sending this one")
        await real_send(self, raw, sender, recipients)

    monkeypatch.setattr(MaildirOutbox, "send", send)
    table = Table(tmp_path, [game("g1", "tally", PLAYERS)], service_settings={"send_attempts": 2})
    table.start("g1")  # its sending step sends the welcomes
    assert len(table.take(PLAYERS["North"])) == 1
    with table.store() as store:
        [south] = store.outbox_rows(recipient=PLAYERS["South"])
        assert south["status"] == "queued" and "RuntimeError" in south["last_error"]
    table.send(PLAYERS["North"], "SIGNON North g1 pw\nADD 1")
    table.run()
    assert len(answers(table.take(PLAYERS["North"]))) == 1  # the queue goes on
    table.advance(hours=1)
    tally = table.run()
    assert any("a bug in sending this one" in error for error in tally.errors)
    with table.store() as store:
        [south] = store.outbox_rows(recipient=PLAYERS["South"])
        assert south["status"] == "failed" and south["attempts"] == 2
