"""Exactly once into the outbox (issue 17, point 6): a run killed after a mail left but before
it was recorded sent, then its rerun, never leave two copies of a mail."""

from tests.harness import Table, game, text_of

PLAYERS = {"North": "north@example.test", "South": "south@example.test"}


def forget_what_was_sent(table: Table) -> int:
    """The database as a kill -9 between delivering and recording leaves it: every mail queued."""
    with table.store() as store:
        cursor = store.db.execute(
            "UPDATE outbox SET status = 'queued', attempts = 0, sent_at = NULL WHERE status = 'sent'"
        )
        return cursor.rowcount


def test_mail_delivered_but_not_recorded_sent_is_not_delivered_again_to_a_maildir(tmp_path):
    table = Table(tmp_path, [game("g1", "tally", PLAYERS)])
    table.start("g1")
    table.send(PLAYERS["North"], "SIGNON North g1 pw\nLIST")
    table.run()
    before = [(key, message["Message-ID"]) for key, message in table.outbox()]
    assert len(before) == 4  # two welcomes, the referee's copy, the answer

    assert forget_what_was_sent(table) == 4
    tally = table.run()
    assert tally.sent == 4  # sent again, as far as the queue knows...
    assert [(key, message["Message-ID"]) for key, message in table.outbox()] == before  # ...once
    [answer] = [m for m in table.mails_to(PLAYERS["North"]) if str(m["Subject"]).startswith("Re:")]
    assert "LIST" in text_of(answer)
    with table.store() as store:
        assert store.outbox_rows(status="queued") == []
