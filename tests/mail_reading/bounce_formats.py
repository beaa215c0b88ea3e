"""Bounces as real mail servers write them, the project's own (issue 31): Postfix, Exim (its prose,
before DSNs), Exchange Online's NDR, Gmail's mailer-daemon and qmail, each as it lands in our
Maildir behind the delivering server's ``Return-Path: <>`` and ``Delivered-To``.

Each takes the address that failed (``recipient``), the return address the bounce came back to
(``returned_to``: where our mail said bounces go) and the bounced mail's Message-ID, or None for
the many bounces that quote none of it."""

from __future__ import annotations

from collections.abc import Callable

Writer = Callable[[str, str, "str | None"], bytes]


def _delivered(returned_to: str) -> str:
    """What the delivering server puts on top: the null sender and where it was delivered."""
    return f"Return-Path: <>\nDelivered-To: {returned_to}\n"


def postfix(recipient: str, returned_to: str, message_id: str | None) -> bytes:
    quoted = f"Message-ID: {message_id}\n" if message_id else ""
    return (
        _delivered(returned_to) + f"X-Original-To: {returned_to}\n"
        "Received: by mx.example.test (Postfix)\n"
        "\tid 4ZxK1F0mZbz9sWp; Mon,  2 Mar 2026 09:05:01 +0000 (UTC)\n"
        "Date: Mon,  2 Mar 2026 09:05:01 +0000 (UTC)\n"
        "From: MAILER-DAEMON@mx.example.test (Mail Delivery System)\n"
        "Subject: Undelivered Mail Returned to Sender\n"
        f"To: {returned_to}\nAuto-Submitted: auto-replied\nMIME-Version: 1.0\n"
        "Content-Type: multipart/report; report-type=delivery-status;\n"
        '\tboundary="4ZxK1F0mZbz9sWp.1772442301/mx"\n'
        "Message-Id: <20260302090501.4ZxK1F0mZbz9sWp@mx.example.test>\n\n"
        "This is a MIME-encapsulated message.\n\n"
        "--4ZxK1F0mZbz9sWp.1772442301/mx\nContent-Description: Notification\n"
        "Content-Type: text/plain; charset=us-ascii\n\n"
        "This is the mail system at host mx.example.test.\n\n"
        "I'm sorry to have to inform you that your message could not\n"
        "be delivered to one or more recipients. It's attached below.\n\n"
        "For further assistance, please send mail to postmaster.\n\n"
        "                   The mail system\n\n"
        f"<{recipient}>: host mail.example.org[192.0.2.25] said: 550 5.1.1\n"
        f"    <{recipient}>: Recipient address rejected: User unknown in virtual mailbox\n"
        "    table (in reply to RCPT TO command)\n\n"
        "--4ZxK1F0mZbz9sWp.1772442301/mx\nContent-Description: Delivery report\n"
        "Content-Type: message/delivery-status\n\n"
        "Reporting-MTA: dns; mx.example.test\nX-Postfix-Queue-ID: 4ZxK1F0mZbz9sWp\n"
        f"X-Postfix-Sender: rfc822; {returned_to}\n"
        "Arrival-Date: Mon,  2 Mar 2026 09:05:00 +0000 (UTC)\n\n"
        f"Final-Recipient: rfc822; {recipient}\nOriginal-Recipient: rfc822;{recipient}\n"
        "Action: failed\nStatus: 5.1.1\nRemote-MTA: dns; mail.example.org\n"
        f"Diagnostic-Code: smtp; 550 5.1.1 <{recipient}>: Recipient address rejected: User\n"
        "    unknown in virtual mailbox table\n\n"
        "--4ZxK1F0mZbz9sWp.1772442301/mx\nContent-Description: Undelivered Message Headers\n"
        "Content-Type: text/rfc822-headers\n\n"
        f"Return-Path: <{returned_to}>\nFrom: pbem test judge <judge@pbem.test>\nTo: {recipient}\n"
        f"Subject: [g1] Spring 1901 results\n{quoted}\n"
        "--4ZxK1F0mZbz9sWp.1772442301/mx--\n"
    ).encode()


def exim(recipient: str, returned_to: str, message_id: str | None) -> bytes:
    """Exim's prose bounce (before it wrote DSNs), the whole mail copied below it, or not."""
    copy = (
        "------ This is a copy of the message, including all the headers. ------\n\n"
        f"Return-path: <{returned_to}>\nFrom: judge@pbem.test\nTo: {recipient}\n"
        f"Message-ID: {message_id}\nSubject: [g1] results\n\nYour orders ...\n"
        if message_id
        else ""
    )
    return (
        _delivered(returned_to) + f"Envelope-to: {returned_to}\n"
        "Received: from Debian-exim by mail.example.net with local (Exim 4.96)\n\tid 1wQ2-0001; "
        "Mon, 02 Mar 2026 09:05:01 +0000\n"
        "X-Failed-Recipients: " + recipient + "\nAuto-Submitted: auto-replied\n"
        "From: Mail Delivery System <Mailer-Daemon@mail.example.net>\n"
        f"To: {returned_to}\nSubject: Mail delivery failed: returning message to sender\n"
        "Message-Id: <E1wQ2-0001@mail.example.net>\nDate: Mon, 02 Mar 2026 09:05:01 +0000\n\n"
        "This message was created automatically by mail delivery software.\n\n"
        "A message that you sent could not be delivered to one or more of its\n"
        "recipients. This is a permanent error. The following address(es) failed:\n\n"
        f"  {recipient}\n"
        "    host mx.example.org [192.0.2.30]\n"
        f"    SMTP error from remote mail server after RCPT TO:<{recipient}>:\n"
        "    550 5.1.1 No such user here\n" + ("\n" + copy if copy else "")
    ).encode()


def exchange(recipient: str, returned_to: str, message_id: str | None) -> bytes:
    """Exchange Online's non-delivery report: an HTML notice, the DSN, the mail's headers."""
    quoted = f"Message-ID: {message_id}\n" if message_id else ""
    return (
        _delivered(returned_to)
        + "From: Microsoft Outlook\n <MicrosoftExchange329e71ec88ae4615bbc36ab6ce41109e@"
        "contoso.onmicrosoft.com>\n"
        f"To: <{returned_to}>\nDate: Mon, 2 Mar 2026 09:05:02 +0000\n"
        "Content-Type: multipart/report; report-type=delivery-status;\n"
        '\tboundary="7b3c1c9e-0a2e-4b34-9a1f-1f0a0d6b2c55"\n'
        "X-MS-Exchange-Message-Is-Ndr:\nContent-Language: en-US\n"
        "Message-ID: <7b3c1c9e-0a2e-4b34@DB8EUR06.prod.outlook.com>\n"
        "Subject: Undeliverable: [g1] Spring 1901 results\nAuto-Submitted: auto-replied\n"
        "MIME-Version: 1.0\n\n"
        "--7b3c1c9e-0a2e-4b34-9a1f-1f0a0d6b2c55\n"
        'Content-Type: multipart/alternative; differences=Content-Type;\n\tboundary="alt-1f0a"\n\n'
        '--alt-1f0a\nContent-Type: text/plain; charset="us-ascii"\n'
        "Content-Transfer-Encoding: quoted-printable\n\n"
        "Your message to "
        + recipient
        + " couldn't be delivered.\n\n"
        + recipient.partition("@")[0]
        + " wasn't found at "
        + recipient.partition("@")[2]
        + ".\n\nOffice 365\n\n"
        '--alt-1f0a\nContent-Type: text/html; charset="us-ascii"\n'
        "Content-Transfer-Encoding: quoted-printable\n\n"
        '<html><body><p>Your message to <a href=3D"mailto:' + recipient + '">' + recipient + "</a> "
        "couldn't be delivered.</p></body></html>\n\n"
        "--alt-1f0a--\n\n"
        "--7b3c1c9e-0a2e-4b34-9a1f-1f0a0d6b2c55\nContent-Type: message/delivery-status\n\n"
        "Reporting-MTA: dns;DB8EUR06.prod.outlook.com\nReceived-From-MTA: dns;mail.pbem.test\n"
        "Arrival-Date: Mon, 2 Mar 2026 09:05:01 +0000\n\n"
        f"Original-Recipient: rfc822;{recipient}\nFinal-Recipient: rfc822;{recipient}\nAction: failed\n"
        "Status: 5.1.10\n"
        "Diagnostic-Code: smtp;550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP\n"
        " address lookup\n\n"
        "--7b3c1c9e-0a2e-4b34-9a1f-1f0a0d6b2c55\nContent-Type: text/rfc822-headers\n\n"
        f"Return-Path: {returned_to}\nFrom: judge@pbem.test\nTo: {recipient}\n{quoted}"
        "Subject: [g1] Spring 1901 results\n\n"
        "--7b3c1c9e-0a2e-4b34-9a1f-1f0a0d6b2c55--\n"
    ).encode()


def gmail(recipient: str, returned_to: str, message_id: str | None) -> bytes:
    """Gmail's mailer-daemon: "Address not found", the DSN, and the mail (here cut to its head)."""
    quoted = f"Message-ID: {message_id}\n" if message_id else ""
    return (
        _delivered(returned_to) + f"X-Original-To: {returned_to}\n"
        "Received: by mail-sor-f69.google.com with SMTP id a640c23a62f3a-ab7\n"
        "From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>\n"
        f"To: {returned_to}\nAuto-Submitted: auto-replied\nSubject: Delivery Status Notification (Failure)\n"
        "References: <pbem.3f2a@pbem.test>\nMessage-ID: <67c41e1d.050a0220.3e8f1.0a1b.GMR@mx.google.com>\n"
        "Date: Mon, 02 Mar 2026 01:05:01 -0800 (PST)\nMIME-Version: 1.0\n"
        'Content-Type: multipart/report; boundary="000000000000b4c1e7062a1d2e3f";\n'
        " report-type=delivery-status\n\n"
        "--000000000000b4c1e7062a1d2e3f\n"
        'Content-Type: multipart/related; boundary="000000000000b4c2f2062a1d2e40"\n\n'
        "--000000000000b4c2f2062a1d2e40\n"
        'Content-Type: multipart/alternative; boundary="000000000000b4c2f4062a1d2e41"\n\n'
        '--000000000000b4c2f4062a1d2e41\nContent-Type: text/plain; charset="UTF-8"\n\n'
        "\n** Address not found **\n\n"
        f"Your message wasn't delivered to {recipient} because the address couldn't be found, "
        "or is unable to receive mail.\n\n"
        "Learn more here: https://support.google.com/mail/?p=NoSuchUser\n\n"
        "The response from the remote server was:\n"
        f"550 5.1.1 The email account that you tried to reach does not exist. b2-20020a170906 - gsmtp\n\n"
        '--000000000000b4c2f4062a1d2e41\nContent-Type: text/html; charset="UTF-8"\n\n'
        "<html><body><h2>Address not found</h2></body></html>\n\n"
        "--000000000000b4c2f4062a1d2e41--\n"
        "--000000000000b4c2f2062a1d2e40--\n"
        "--000000000000b4c1e7062a1d2e3f\nContent-Type: message/delivery-status\n\n"
        "Reporting-MTA: dns; googlemail.com\n"
        "Received-From-MTA: dns; judge@pbem.test\nArrival-Date: Mon, 02 Mar 2026 01:05:00 -0800 (PST)\n"
        + (f"X-Original-Message-ID: {message_id}\n" if message_id else "")
        + "\n"
        f"Final-Recipient: rfc822; {recipient}\nAction: failed\nStatus: 5.1.1\n"
        "Remote-MTA: dns; gmail-smtp-in.l.google.com. (2a00:1450:400c:c0a::1b, the server for the "
        "domain gmail.com.)\n"
        "Diagnostic-Code: smtp; 550-5.1.1 The email account that you tried to reach does not exist.\n"
        " 550 5.1.1 b2-20020a170906 - gsmtp\n"
        "Last-Attempt-Date: Mon, 02 Mar 2026 01:05:01 -0800 (PST)\n\n"
        "--000000000000b4c1e7062a1d2e3f\nContent-Type: text/rfc822-headers\n\n"
        f"From: judge@pbem.test\nTo: {recipient}\n{quoted}Subject: [g1] Spring 1901 results\n\n"
        "--000000000000b4c1e7062a1d2e3f--\n"
    ).encode()


def qmail(recipient: str, returned_to: str, message_id: str | None) -> bytes:
    """qmail's prose; with no Message-ID, the copy below the line is cut off before any."""
    copy = f"Return-Path: <{returned_to}>\nMessage-ID: {message_id}\nSubject: [g1] results\n\nYour orders\n"
    return (
        _delivered(returned_to) + "Date: 2 Mar 2026 09:05:01 -0000\n"
        "From: MAILER-DAEMON@mx.example.test\n"
        f"To: {returned_to}\nSubject: failure notice\n\n"
        "Hi. This is the qmail-send program at mx.example.test.\n"
        "I'm afraid I wasn't able to deliver your message to the following addresses.\n"
        "This is a permanent error; I've given up. Sorry it didn't work out.\n\n"
        f"<{recipient}>:\n192.0.2.40 does not like recipient.\n"
        "Remote host said: 550 5.1.1 Sorry, no mailbox here by that name.\n"
        "Giving up on 192.0.2.40.\n\n"
        "--- Below this line is a copy of the message.\n\n" + (copy if message_id else "")
    ).encode()


#: every server's bounce, by the name a test gives it
WRITERS: dict[str, Writer] = {
    "postfix": postfix,
    "exim": exim,
    "exchange": exchange,
    "gmail": gmail,
    "qmail": qmail,
}
