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


def test_a_run_killed_while_filing_mail_on_an_imap_server_without_move_loses_and_repeats_nothing(
    tmp_path, mail_server_without_move, monkeypatch
):
    """On a server without MOVE or UIDPLUS a message is filed by COPY, STORE \\\\Deleted and
    EXPUNGE; a run that dies between the copy and the mark is rerun."""
    import dataclasses

    import pytest

    from pbem.faults import InjectedCrash
    from pbem.mail.imap import ImapInbox
    from tests.harness import MailServerTable
    from tests.mailserver import Mailboxes

    server = mail_server_without_move
    boxes = Mailboxes(server)
    players = {power: boxes.user(power.lower()).address for power in PLAYERS}
    table = MailServerTable(
        tmp_path, [game("g1", "tally", players)], server, boxes.user("judge"), boxes.user("referee")
    )
    inbox = dataclasses.replace(table.service.inbox, processed_folder="Processed")
    table.service = dataclasses.replace(table.service, inbox=inbox)
    table.start("g1")
    table.take()
    table.send(players["North"], "SIGNON North g1 pw\nADD 2", subject="north")
    table.send(players["South"], "SIGNON South g1 pw\nADD 3", subject="south")

    real = ImapInbox._uid_command
    marked = []

    async def killed_before_the_second_mark(self, client, command, *args):
        if command == "store" and "Deleted" in args[-1]:
            marked.append(args[0])
            if len(marked) == 2:
                raise InjectedCrash("killed between COPY and STORE \\\\Deleted")
        await real(self, client, command, *args)

    with monkeypatch.context() as patch:
        patch.setattr(ImapInbox, "_uid_command", killed_before_the_second_mark)
        with pytest.raises(InjectedCrash):
            table.run()
    table.run()
    table.run()

    judge = table.service.inbox.username
    assert [str(m["Subject"]) for m in server.mailbox(judge)] == []
    assert sorted(str(m["Subject"]) for m in server.mailbox(judge, "Processed")) == ["north", "south"]
    for power, address in players.items():
        [answer] = [m for m in table.take(address) if str(m["Subject"]).startswith("Re:")]
        assert f"ADD {2 if power == 'North' else 3}" in text_of(answer)
    with table.store() as store:
        assert store.message_count() == 2 and store.message_count("done") == 2
