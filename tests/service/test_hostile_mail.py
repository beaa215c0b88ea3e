"""Hostile and broken mail through real runs: every kind found in issue 17 is answered (or
deliberately ignored), never a traceback, never a header of the sender's making in our mail,
and never an answer to a program that would answer back."""

from datetime import UTC, datetime

import pytest

from tests.harness import REFEREE_ADDRESS, SERVICE_ADDRESS, Table, game, plain_mail, text_of

NORTH, SOUTH = "north@example.test", "south@example.test"
PLAYERS = {"North": NORTH, "South": SOUTH}
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def table(tmp_path) -> Table:
    table = Table(
        tmp_path, [game("g1", "tally", PLAYERS)], now=START, service_settings={"max_message_bytes": 200_000}
    )
    table.start("g1")
    table.take()
    return table


def statuses(table: Table) -> list[str]:
    with table.store() as store:
        return [row["status"] for row in store._rows("SELECT status FROM messages ORDER BY id")]


def raw_mail(headers: str, body: bytes = b"SIGNON North g1 pw\nADD 2\n", sender: str = NORTH) -> bytes:
    return (
        f"From: {sender}\nTo: {SERVICE_ADDRESS}\nSubject: orders\n{headers}".encode(
            "utf-8", "surrogateescape"
        )
        + b"\n"
        + body
    )


@pytest.mark.parametrize(
    "headers",
    [
        "Content-Type: text/plain; charset=idna\n",
        'Content-Type: text/plain; charset="utf\x008"\n',
        "Message-ID: <caf\udcc3\udca9@player.test>\n",
        "Message-ID: =?utf-8?q?<x@player.test>=0D=0ABcc:_outsider@evil.test?=\n",
        "Date: Fri, 31 Dec 9999 23:00:00 -0500\n",
        "Received: from mx by us; Fri, 31 Dec 9999 23:00:00 -0500\n",
        "Subject: =?utf-8?b?b3JkZXJzDQpCY2M6IG91dHNpZGVyQGV2aWwudGVzdA==?=\n",  # "orders\r\nBcc: ..."
    ],
    ids=[
        "idna",
        "nul-charset",
        "8bit-message-id",
        "encoded-message-id",
        "date-9999",
        "received-9999",
        "encoded-subject",
    ],
)
def test_each_mail_of_issue_17_is_answered_and_injects_nothing(table, headers):
    table.deliver(raw_mail(headers))
    tally = table.run()
    assert tally.errors == [] and statuses(table) == ["done"]
    [answer] = table.take(NORTH)
    assert "ADD 2" in text_of(answer)
    assert answer["Bcc"] is None and table.take("outsider@evil.test") == []
    assert all("\n" not in value for value in answer.values())


@pytest.mark.parametrize(
    "line, answer",
    [
        ("HISTORY \u00b2", "write it as: HISTORY [n]"),
        ("HISTORY 500", "HISTORY sends from 1 to 20 reports"),
        ("HISTORY 0", "HISTORY sends from 1 to 20 reports"),
        ("SET ABSENCE 9999-12-30 TO 9999-12-31", "an absence must begin within 90 days"),
        ("SET ABSENCE 2026-02-30 TO 2026-03-03", "is not a date"),
        ("SET ABSENCE 2026-09-01 TO 2026-09-03", "an absence must begin within 90 days"),
    ],
)
def test_absurd_command_arguments_get_a_clear_answer(table, line, answer):
    with table.store() as store:
        deadline = store.game("g1").deadline
    table.send(NORTH, f"SIGNON North g1 pw\n{line}")
    tally = table.run()
    assert tally.errors == [] and statuses(table) == ["done"]
    [reply] = table.take(NORTH)
    assert answer in text_of(reply)
    with table.store() as store:
        assert store.game("g1").deadline == deadline
        assert store.player("g1", "North").absences == []


def test_the_absence_horizon_is_configurable(tmp_path):
    table = Table(tmp_path, [game("g1", "tally", PLAYERS, absence={"max_ahead_days": 400})], now=START)
    table.start("g1")
    table.take()
    table.send(NORTH, "SIGNON North g1 pw\nSET ABSENCE 2026-09-01 TO 2026-09-03")
    table.run()
    assert "absence from 2026-09-01 to 2026-09-03 recorded" in text_of(table.take(NORTH)[0])


def test_a_mail_over_the_limit_is_stored_cut_and_its_sender_told(table):
    attachment = b"QUFBQUFB\n" * 150_000  # 1.35 MB of base64
    raw = (
        (
            f"From: {NORTH}\nTo: {SERVICE_ADDRESS}\nSubject: orders\nMessage-ID: <big@player.test>\n"
            'Content-Type: multipart/mixed; boundary="b"\n\n--b\nContent-Type: text/plain\n\n'
            "SIGNON North g1 pw\nADD 2\n--b\n"
            "Content-Type: application/zip\nContent-Transfer-Encoding: base64\n\n"
        ).encode()
        + attachment
        + b"--b--\n"
    )
    table.deliver(raw)
    table.run()
    with table.store() as store:
        [row] = store._rows("SELECT raw, status FROM messages")
    assert len(row["raw"]) < 1_000 and b"ADD 2" in row["raw"] and row["status"] == "done"
    [answer] = table.take(NORTH)
    assert f"your mail is {len(raw)} bytes long" in text_of(answer)
    assert answer["In-Reply-To"] == "<big@player.test>"


# -- loops -------------------------------------------------------------------------------------


def test_everything_we_send_carries_our_x_loop(table):
    table.send(NORTH, "SIGNON North g1 pw\nADD 1")
    table.send("stranger@example.test", "hello")
    table.run()
    sent = [message for _, message in table.outbox()]
    assert len(sent) >= 4  # the welcomes, an answer, a stranger's answer
    assert all(message["X-Loop"] == SERVICE_ADDRESS for message in sent)


@pytest.mark.parametrize(
    "headers, sender",
    [
        ({"X-Loop": SERVICE_ADDRESS}, NORTH),
        ({"Auto-Submitted": "auto-generated"}, NORTH),
        ({"Precedence": "junk"}, NORTH),
        ({"List-Unsubscribe": "<mailto:leave@list.test>"}, NORTH),
        ({"Return-Path": "<>"}, NORTH),
        ({"Return-Path": "<MAILER-DAEMON@mx.example.test>"}, NORTH),
        ({}, "postmaster@example.test"),
        ({}, "MAILER-DAEMON@example.test"),
    ],
)
def test_mail_that_could_start_a_loop_is_stored_and_deliberately_not_answered(table, headers, sender):
    table.send(sender, "SIGNON North g1 pw\nADD 5", headers=headers)
    tally = table.run()
    assert tally.errors == [] and table.take() == []
    assert statuses(table) == ["ignored"]


def test_a_loop_header_of_someone_else_is_still_answered(table):
    table.send(NORTH, "SIGNON North g1 pw\nADD 5", headers={"X-Loop": "north@forwarder.test"})
    table.run()
    assert "ADD 5" in text_of(table.take(NORTH)[0])


class Responder:
    """An auto-responder that answers every mail it gets, as a vacation program does."""

    def __init__(self, table: Table, address: str, subject: str, **headers: str):
        self.table, self.address, self.subject, self.headers = table, address, subject, headers

    def answer_all(self) -> int:
        mails = self.table.take(self.address)
        for mail in mails:
            self.table.deliver(
                plain_mail(
                    self.address,
                    "I am away until Monday.",
                    subject=self.subject.format(str(mail["Subject"])),
                    headers={"In-Reply-To": str(mail["Message-ID"]), **self.headers},
                )
            )
        return len(mails)


@pytest.mark.parametrize(
    "subject, headers",
    [
        ("Automatic reply: {}", {}),  # Outlook without Exchange's headers
        ("Out of Office: {}", {}),
        ("Abwesenheitsnotiz: {}", {}),
        ("Re: {}", {"X-Autoreply": "yes"}),
        ("Re: {}", {"Auto-Submitted": "auto-replied"}),
        ("Re: {}", {"Precedence": "auto_reply"}),
    ],
)
def test_an_auto_responder_gets_at_most_one_answer(table, subject, headers):
    responder = Responder(table, "away@example.test", subject, **headers)
    table.send(responder.address, "hello, can I play?")  # its owner writes once, then leaves
    table.run()
    answered = 0
    for _ in range(5):
        answered += responder.answer_all()
        table.advance(minutes=5)
        assert table.run().errors == []
    assert answered == 1  # our one answer to its owner; none to the responder's answers


def test_an_auto_responder_without_any_mark_gets_a_bounded_number_of_answers(table):
    """Nothing in its mail says it is a program. An address that plays no game gets one answer a
    day to a mail with no command (pbem.intake), so the loop ends at the first answer."""
    responder = Responder(table, "away@example.test", "Re: {}")
    table.send(responder.address, "hello, can I play?")
    table.run()
    answered = 0
    for _ in range(30):  # half an hour of the loop, within one clock hour
        answered += responder.answer_all()
        table.advance(minutes=1)
        assert table.run().errors == []
    assert answered == 1


def test_an_auto_responder_answering_a_player_s_address_is_capped_by_the_hourly_rate(table):
    """A player's own address in a loop with a program: answers_per_hour (20) ends it, and the
    referee is told once."""
    player = next(p.address for g in table.service.games for p in g.players)
    responder = Responder(table, player, "Re: {}")
    table.send(responder.address, "hello, can I play?")
    table.run()
    answered = 0
    for _ in range(30):
        answered += responder.answer_all()
        table.advance(minutes=1)
        assert table.run().errors == []
    assert answered == 20
    [notice] = [m for m in table.take(REFEREE_ADDRESS) if player in str(m["Subject"])]
    assert "no more answers" in str(notice["Subject"])
