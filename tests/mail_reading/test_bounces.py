"""Reading bounces (issue 31): RFC 3464 delivery-status reports as Postfix, Exchange and Gmail
write them, and qmail's prose; only a failure is a bounce, and nothing here raises."""

import pytest

from pbem.mail.bounces import read_bounce
from tests.mail_reading.helpers import ORIGINAL, dsn


def test_a_postfix_report_names_the_recipient_the_reason_and_our_message_id():
    bounce = read_bounce(dsn())
    assert bounce is not None
    assert bounce.recipient == "dan@example.test" and bounce.status == "5.1.1"
    assert bounce.reason.startswith("550 5.1.1 <dan@example.test>: Recipient address rejected")
    assert bounce.original_message_id == ORIGINAL


def test_the_whole_returned_mail_gives_its_message_id_too():
    bounce = read_bounce(dsn(attach="whole"))
    assert bounce is not None and bounce.original_message_id == ORIGINAL


def test_an_exchange_diagnostic_folded_over_lines_is_one_line():
    bounce = read_bounce(
        dsn(
            status="5.4.1",
            diagnostic="smtp;550 5.4.1 Recipient address rejected:\n"
            " Access denied. AS(201806281) [x.outlook.test]",
        )
    )
    assert bounce is not None and bounce.status == "5.4.1"
    assert bounce.reason == (
        "550 5.4.1 Recipient address rejected: Access denied. AS(201806281) [x.outlook.test]"
    )


@pytest.mark.parametrize("action", ["delayed", "delivered", "relayed", "expanded"])
def test_a_report_of_anything_but_a_failure_is_no_bounce(action):
    assert read_bounce(dsn(action=action, status="4.4.7")) is None


def test_qmails_prose_bounce_is_read():
    raw = (
        b"From: MAILER-DAEMON@mx.example.test\nTo: judge@pbem.test\nSubject: failure notice\n\n"
        b"Hi. This is the qmail-send program at mx.example.test.\nI'm afraid I wasn't able to deliver "
        b"your message to the following addresses.\nThis is a permanent error; I've given up. Sorry it "
        b"didn't work out.\n\n<dan@example.test>:\nSorry, no mailbox here by that name. (#5.1.1)\n\n"
        b"--- Below this line is a copy of the message.\n\nReturn-Path: <judge@pbem.test>\n"
        b"Message-ID: <report.S1901M.italy@pbem.test>\nSubject: [g1] results\n\nYour orders\n"
    )
    bounce = read_bounce(raw)
    assert bounce is not None and bounce.recipient == "dan@example.test" and bounce.status == "5.1.1"
    assert bounce.original_message_id == ORIGINAL and "no mailbox here" in bounce.reason


@pytest.mark.parametrize(
    "raw",
    [
        b"From: dan@example.test\nSubject: Re: results\n\nA VEN - TRI\n",
        b"Content-Type: multipart/report; report-type=disposition-notification; boundary=X\n\n--X\n"
        b"Content-Type: message/disposition-notification\n\n"
        b"Disposition: manual-action/MDN-sent-manually; displayed\n--X--\n",
        b"Content-Type: multipart/report; report-type=delivery-status; boundary=X\n\n--X\n"
        b"Content-Type: message/delivery-status\n\n\x00\xff garbage\n",  # cut off, no end
        b"",
    ],
)
def test_a_persons_mail_a_read_receipt_or_a_broken_report_is_no_bounce(raw):
    assert read_bounce(raw) is None
