"""The mail path end to end on real servers: players send through SMTP, pbem polls Dovecot
over IMAP and answers through SMTP, and each player's replies are read from their IMAP mailbox."""

import asyncio
from email.message import EmailMessage

import pytest

from pbem.service import run_once
from tests.harness import MailServerTable, game, plain_mail, text_of


@pytest.fixture
def table(tmp_path, mail_server, mailboxes):
    judge = mailboxes.user("judge")
    referee = mailboxes.user("referee")
    players = {power: mailboxes.user(power.lower()).address for power in ("North", "South", "East")}
    table = MailServerTable(
        tmp_path, [game("g1", "tally", players, password="pw")], mail_server, judge, referee
    )
    table.players = players  # type: ignore[attr-defined]
    table.start("g1")
    for address in players.values():
        [welcome] = table.take(address)
        assert "You play" in text_of(welcome)
    return table


def only_reply(table, address: str) -> str:
    [reply] = table.take(address)
    return text_of(reply)


def test_plain_mail_is_answered_through_smtp_into_the_players_mailbox(table):
    north = table.players["North"]
    table.send(north, "SIGNON North g1 pw\nADD 3")
    table.run()
    body = only_reply(table, north)
    assert "ok: ADD 3" in body and "Deadline:" in body


def test_html_only_and_multipart_mail(table):
    north, south = table.players["North"], table.players["South"]
    table.send(north, "", html="<p>SIGNON North g1 pw<br>ADD 4</p>")
    table.send(south, "SIGNON South g1 pw\nADD 5", html="<p>ignored html part</p>")
    table.run()
    assert "ok: ADD 4" in only_reply(table, north)
    assert "ok: ADD 5" in only_reply(table, south)


def test_utf8_subject_and_body_survive_the_round_trip(table):
    north = table.players["North"]
    table.send(north, "SIGNON North g1 pw\nADD 2 ☃", subject="ordres de l'été ☀")
    table.run()
    [reply] = table.take(north)
    assert reply["Subject"] == "Re: [g1] ordres de l'été ☀"
    assert "line 2: ADD 2 ☃" in text_of(reply)


def test_a_quoted_reply_to_the_game_master_is_read_without_its_quote(table):
    north = table.players["North"]
    table.send(
        north,
        "ADD 6\n\nOn Mon, 2 Mar 2026, pbem wrote:\n> ADD 9\n> Your orders now:",
        to=table.reply_token_address("North"),
    )
    table.run()
    body = only_reply(table, north)
    assert "ok: ADD 6" in body and "ADD 9" not in body.split("Your orders now:")[1]


def test_a_wrong_password_warns_the_registered_player_and_not_the_sender(table, mailboxes):
    north = table.players["North"]
    mallory = mailboxes.user("mallory").address
    table.send(mallory, "SIGNON North g1 wrong\nADD 9")
    table.run()
    [receipt] = table.take(mallory)  # the same as for the right password (test_guesses)
    assert "wrong" not in text_of(receipt)
    assert "wrong password" in only_reply(table, north)


def test_a_forged_from_is_not_accepted_and_the_real_player_is_told(table):
    north = table.players["North"]
    table.send(north, "ADD 9")  # From: North, but no sign-on and not the secret address
    table.run()
    assert "no sign-on" in only_reply(table, north)
    with table.store() as store:
        assert store.order_set("g1", "R1", "North") is None


def test_an_unknown_game_gets_a_helpful_reply(table):
    south = table.players["South"]
    table.send(south, "SIGNON South nosuchgame pw\nADD 1")
    table.run()
    assert "no running game called 'nosuchgame'" in only_reply(table, south)


def test_a_mail_delivered_twice_is_answered_once(table):
    east = table.players["East"]
    raw = plain_mail(east, "SIGNON East g1 pw\nADD 7", to=table.address, message_id="<twice@player.test>")
    table.deliver(raw)
    table.deliver(raw)
    tally = table.run()
    assert tally.fetched == 2 and tally.duplicates == 1
    assert len(table.take(east)) == 1


def test_a_bounce_and_an_auto_reply_get_no_answer(table, mail_server):
    east = table.players["East"]
    bounce = EmailMessage()
    bounce["From"] = "MAILER-DAEMON@example.test"
    bounce["To"] = table.address
    bounce["Subject"] = "Undelivered Mail Returned to Sender"
    bounce.set_content("SIGNON East g1 pw\nADD 9")
    mail_server.deliver(bounce, sender="")
    table.send(east, "I am on holiday. SIGNON East g1 pw", headers={"Auto-Submitted": "auto-replied"})
    tally = table.run()
    assert tally.fetched == 2 and tally.sent == 0
    assert table.take(east) == []


def test_fetched_mail_is_marked_seen_only_after_it_is_stored(table, mail_server):
    north = table.players["North"]
    table.send(north, "SIGNON North g1 pw\nADD 1")
    asyncio.run(run_once(table.service, table.now, templates=table.templates, do_act=False, do_send=False))
    assert mail_server.flags(table.address) == [frozenset({"\\Seen"})]
    with table.store() as store:
        assert store.message_count("new") == 1
    table.run()
    assert "ok: ADD 1" in only_reply(table, north)


def test_two_runs_at_once_do_not_both_work(table):
    north = table.players["North"]
    for number in range(1, 6):
        table.send(north, f"SIGNON North g1 pw\nADD {number}")

    async def both() -> list:
        first = run_once(table.service, table.now, templates=table.templates)
        second = run_once(table.service, table.now, templates=table.templates)
        return await asyncio.gather(first, second, return_exceptions=True)

    from pbem.service import Busy

    results = asyncio.run(both())
    assert sum(isinstance(result, Busy) for result in results) == 1
    [tally] = [result for result in results if not isinstance(result, BaseException)]
    assert tally.handled == 5
    assert len(table.take(north)) == 5
