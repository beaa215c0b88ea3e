"""Intake on the embedded Maildir transport: who sent it, what it said, and the answer."""

import os

import pytest

from pbem.store import Store
from tests.harness import REFEREE_ADDRESS, Table, game, plain_mail, text_of

NORTH, SOUTH, EAST = "north@example.test", "south@example.test", "east@example.test"
PLAYERS = {"North": NORTH, "South": SOUTH, "East": EAST}


@pytest.fixture
def table(tmp_path):
    table = Table(
        tmp_path,
        [game("g1", "tally", PLAYERS, passwords={"North": "n-pw", "South": "s-pw", "East": "e-pw"})],
    )
    table.start("g1")
    table.take()
    return table


def orders_of(table: Table, power: str) -> list[str]:
    with table.store() as store:
        stored = store.order_set("g1", "R1", power)
        return stored.orders() if stored else []


def reply_address(table: Table, power: str) -> str:
    return table.reply_token_address(power)


def test_welcome_mails_tell_each_player_their_power_password_and_reply_address(tmp_path):
    table = Table(
        tmp_path,
        [game("g1", "tally", PLAYERS, passwords={"North": "n-pw", "South": "s-pw", "East": "e-pw"})],
    )
    table.start("g1")
    [welcome] = table.take(NORTH)
    body = text_of(welcome)
    assert "You play: North" in body and "Your password: n-pw" in body
    assert reply_address(table, "North") in body and welcome["Reply-To"] == reply_address(table, "North")
    assert "s-pw" not in body and "e-pw" not in body
    assert welcome["Auto-Submitted"] == "auto-generated" and welcome["X-Pbem"]


def test_the_reply_address_signs_on_by_itself(table):
    table.send(NORTH, "ADD 4", to=reply_address(table, "North"))
    table.run()
    [reply] = table.take(NORTH)
    assert "ok: ADD 4" in text_of(reply)
    assert orders_of(table, "North") == ["ADD 4"]


def test_a_wrong_password_is_told_to_the_registered_address_not_the_sender(table):
    table.send("mallory@evil.test", "SIGNON North g1 guess\nADD 9")
    table.run()
    [receipt] = table.take("mallory@evil.test")  # the same as for the right one (test_guesses)
    assert "wrong" not in text_of(receipt) and "its answer goes to that address only" in text_of(receipt)
    [warning] = table.take(NORTH)
    assert "wrong password" in text_of(warning) and "mallory@evil.test" in text_of(warning)
    assert orders_of(table, "North") == []


def test_a_right_password_from_another_address_is_accepted_and_answered_at_the_registered_one(table):
    table.send("north.at.work@example.test", "SIGNON North g1 n-pw\nADD 2")
    table.run()
    [receipt] = table.take("north.at.work@example.test")
    assert "ADD 2" not in text_of(receipt) and "its answer goes to that address only" in text_of(receipt)
    notice, ack = sorted(table.take(NORTH), key=lambda mail: str(mail["Subject"]).startswith("Re:"))
    assert "north.at.work@example.test" in text_of(notice)
    assert "ok: ADD 2" in text_of(ack)
    assert orders_of(table, "North") == ["ADD 2"]


def test_a_forged_from_without_a_secret_is_never_accepted(table):
    table.send(NORTH, "ADD 9")  # From says North, but no sign-on and not the secret address
    table.run()
    [answer] = table.take(NORTH)
    assert "no sign-on" in text_of(answer)
    assert orders_of(table, "North") == []


def test_an_unknown_sender_gets_a_short_helpful_reply(table):
    table.send("stranger@example.test", "hello, can I play?")
    table.run()
    [answer] = table.take("stranger@example.test")
    assert "SIGNON" in text_of(answer) and answer["Auto-Submitted"] == "auto-replied"


def test_an_unknown_game_is_named_in_the_reply(table):
    table.send(NORTH, "SIGNON North nosuch n-pw\nADD 1")
    table.run()
    [answer] = table.take(NORTH)
    assert "no running game called 'nosuch'" in text_of(answer)


def test_an_unknown_power_lists_the_games_powers(table):
    table.send(NORTH, "SIGNON West g1 n-pw\nADD 1")
    table.run()
    [answer] = table.take(NORTH)
    assert "no power called 'West'" in text_of(answer) and "North, South, East" in text_of(answer)


def test_the_same_mail_delivered_twice_is_acted_on_once(table):
    raw = plain_mail(NORTH, "SIGNON North g1 n-pw\nADD 5", message_id="<dup-1@player.test>")
    table.deliver(raw)
    table.deliver(
        raw.replace(b"Subject: orders", b"Received: by mx2; Mon, 2 Mar 2026 09:00:00 +0000\nSubject: orders")
    )
    tally = table.run()
    assert tally.fetched == 2 and tally.duplicates == 1
    assert len(table.take(NORTH)) == 1
    table.deliver(raw)
    table.run()
    assert table.take(NORTH) == []


@pytest.mark.parametrize(
    "headers",
    [
        {"Auto-Submitted": "auto-replied"},
        {"Precedence": "bulk"},
        {"Return-Path": "<>"},
        {"List-Id": "<list.example.test>"},
        {"X-Pbem": "pbem 0.1.0"},
    ],
)
def test_bounces_and_auto_replies_get_no_answer(table, headers):
    table.send(NORTH, "SIGNON North g1 n-pw\nADD 5", headers=headers)
    table.run()
    assert table.take() == []
    assert orders_of(table, "North") == []


def test_a_bounce_from_mailer_daemon_gets_no_answer(table):
    table.send("MAILER-DAEMON@mx.example.test", "Delivery failed: SIGNON North g1 n-pw")
    table.run()
    assert table.take() == []


def test_html_only_mail_is_read(table):
    table.send(
        NORTH,
        "",
        html="<html><body><div>SIGNON North g1 n-pw</div><div>ADD&nbsp;6</div>"
        "<div class='gmail_quote'>ADD 1</div></body></html>",
    )
    table.run()
    [reply] = table.take(NORTH)
    assert "ok: ADD 6" in text_of(reply)
    assert orders_of(table, "North") == ["ADD 6"]


def test_quoted_text_and_signature_are_not_read_as_orders(table):
    table.send(NORTH, "SIGNON North g1 n-pw\nADD 3\n\nOn Mon, 2 Mar 2026, Judge wrote:\n> ADD 9\n")
    table.send(SOUTH, "SIGNON South g1 s-pw\nADD 2\n-- \nSouth's player\nADD 8\n")
    table.run()
    assert orders_of(table, "North") == ["ADD 3"]
    assert orders_of(table, "South") == ["ADD 2"]


def test_later_orders_replace_earlier_ones_and_the_reply_says_so(table):
    table.send(NORTH, "SIGNON North g1 n-pw\nADD 3")
    table.run()
    table.take()
    table.send(NORTH, "SIGNON North g1 n-pw\nADD 7")
    table.run()
    [reply] = table.take(NORTH)
    assert "these were replaced" in text_of(reply) and "  ADD 3" in text_of(reply)
    assert orders_of(table, "North") == ["ADD 7"]


def test_list_shows_orders_deadline_and_who_is_waited_for(table):
    table.send(NORTH, "SIGNON North g1 n-pw\nADD 3")
    table.send(SOUTH, "SIGNON South g1 s-pw\nLIST")
    table.run()
    body = text_of(table.take(SOUTH)[0])
    assert "Round 1 (R1)" in body and "Deadline: Wed 04 Mar 2026 10:00 CET (09:00 UTC)" in body
    assert "Waiting for: South, East" in body
    assert "ADD 3" not in body  # North's orders are North's


def test_help_explains_commands_and_orders(table):
    table.send(NORTH, "SIGNON North g1 n-pw\nHELP")
    table.run()
    body = text_of(table.take(NORTH)[0])
    assert "PRESS TO <powers|ALL>" in body and "ADD <n>" in body


def test_an_unknown_command_gets_an_error_with_a_hint(table):
    table.send(NORTH, "SIGNON North g1 n-pw\nLSIT")
    table.run()
    body = text_of(table.take(NORTH)[0])
    assert "ERROR: not an order: 'LSIT'" in body and "did you mean the command LIST" in body


def test_a_mail_with_nothing_in_it_says_so(table):
    table.send(NORTH, "SIGNON North g1 n-pw\n")
    table.run()
    assert "held no orders and no commands" in text_of(table.take(NORTH)[0])


def test_a_player_who_has_nothing_due_is_told(tmp_path):
    table = Table(tmp_path, [game("g1", "tally", PLAYERS, options={"alternate": True})])
    table.start("g1")
    table.send(SOUTH, "SIGNON South g1 pw\nADD 1")
    table.run()
    assert "No orders are due from South" in text_of(table.take(SOUTH)[-1])


def test_referee_commands_from_a_player_are_refused(table):
    table.send(NORTH, "SIGNON North g1 n-pw\nPROCESS")
    table.run()
    assert "refused: referee commands need the referee's sign-on" in text_of(table.take(NORTH)[0])
    with table.store() as store:
        assert store.turns("g1") == []


def test_a_referee_sign_on_from_another_address_is_refused(table):
    table.send("someone@example.test", "SIGNON REFEREE g1 referee-secret\nPROCESS")
    table.run()
    assert "referee sign-on for game g1 was refused" in text_of(table.take("someone@example.test")[0])
    with table.store() as store:
        assert store.turns("g1") == []


def test_too_large_a_mail_is_answered_not_read(tmp_path):
    table = Table(tmp_path, [game("g1", "tally", PLAYERS)], service_settings={"max_message_bytes": 2000})
    table.start("g1")
    table.take()
    table.send(NORTH, "SIGNON North g1 pw\n" + "ADD 1\n" * 1000)
    table.run()
    assert "more than the 2000" in text_of(table.take(NORTH)[0])


def test_every_stored_message_keeps_its_bytes_and_outcome(table):
    # one that holds a password keeps its bytes without it (tests/service/test_secrets_at_rest.py)
    raw = table.send(NORTH, "ADD 1", to=reply_address(table, "North"))
    table.run()
    with table.store() as store:
        [row] = store._rows("SELECT raw, status, outcome, game_id, power FROM messages")
    assert row["raw"] == raw and row["status"] == "done" and row["power"] == "North"


def test_the_outgoing_mail_is_recorded_sent_with_a_stable_message_id(table):
    table.send(NORTH, "SIGNON North g1 n-pw\nADD 1")
    table.run()
    [reply] = table.take(NORTH)
    with table.store() as store:
        sent = store.outbox_rows(kind="reply")
    assert [row["message_id"] for row in sent] == [reply["Message-ID"]]
    assert sent[0]["status"] == "sent"


def test_two_runs_at_once_do_not_both_work(table):
    from pbem.service import Busy, run_lock

    if os.environ.get("PBEM_TEST_DATABASE") == "postgresql":
        pytest.skip("on PostgreSQL runs work at once by design: tests/store/test_worker_races.py")

    with run_lock(table.service.data_dir), pytest.raises(Busy):
        table.run()
    table.send(NORTH, "SIGNON North g1 n-pw\nADD 1")
    assert table.run().handled == 1


def test_the_store_survives_a_reopen(table):
    table.send(NORTH, "SIGNON North g1 n-pw\nADD 1")
    table.run()
    store = Store(table.service.store_target)
    assert store.message_count("done") == 1
    store.close()


def test_the_referee_can_list_a_game(table):
    table.send(NORTH, "SIGNON North g1 n-pw\nADD 1")
    table.send(REFEREE_ADDRESS, "SIGNON REFEREE g1 referee-secret\nLIST")
    table.run()
    body = text_of(table.take(REFEREE_ADDRESS)[0])
    assert "North" in body and "ADD 1" in body and "South" in body and "no orders" in body
