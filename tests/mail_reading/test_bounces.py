"""Reading bounces (issue 31): RFC 3464 delivery-status reports as Postfix, Exchange and Gmail
write them, and qmail's prose; only a failure is a bounce, and nothing here raises."""

import pytest

from pbem.mail.bounces import read_bounce

ORIGINAL = "<report.S1901M.italy@pbem.test>"


POSTFIX_DIAGNOSTIC = (
    "smtp; 550 5.1.1 <dan@example.test>: Recipient address rejected: User unknown in virtual mailbox table"
)


def dsn(
    action: str = "failed",
    status: str = "5.1.1",
    diagnostic: str = POSTFIX_DIAGNOSTIC,
    attach: str = "headers",
) -> bytes:
    """A delivery-status report, as Postfix writes one, for our mail ``ORIGINAL`` to dan."""
    returned = (
        f"Content-Type: text/rfc822-headers\n\nFrom: judge@pbem.test\nTo: dan@example.test\n"
        f"Subject: [g1] Spring 1901 results\nMessage-ID: {ORIGINAL}\n"
        if attach == "headers"
        else f"Content-Type: message/rfc822\n\nFrom: judge@pbem.test\nTo: dan@example.test\n"
        f"Message-ID: {ORIGINAL}\nSubject: [g1] results\n\nYour orders ...\n"
    )
    return (
        "From: MAILER-DAEMON@mx.example.test (Mail Delivery System)\nTo: judge@pbem.test\n"
        "Subject: Undelivered Mail Returned to Sender\nAuto-Submitted: auto-replied\n"
        "MIME-Version: 1.0\n"
        'Content-Type: multipart/report; report-type=delivery-status; boundary="B1"\n\n'
        "--B1\nContent-Type: text/plain; charset=us-ascii\n\n"
        "This is the mail system at host mx.example.test.\n\nI'm sorry to have to inform you that your "
        "message could not\nbe delivered to one or more recipients.\n\n"
        "--B1\nContent-Type: message/delivery-status\n\n"
        "Reporting-MTA: dns; mx.example.test\nArrival-Date: Mon,  2 Mar 2026 09:00:00 +0000\n\n"
        f"Final-Recipient: rfc822; dan@example.test\nOriginal-Recipient: rfc822;dan@example.test\n"
        f"Action: {action}\nStatus: {status}\nDiagnostic-Code: {diagnostic}\n\n"
        f"--B1\n{returned}\n--B1--\n"
    ).encode()


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
