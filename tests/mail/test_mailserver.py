"""The test mail server itself: the other mail tests are only as good as it is."""

from __future__ import annotations

import smtplib
import ssl
from pathlib import Path
from types import SimpleNamespace

import pytest

from pbem.mail.imap import ImapInbox
from pbem.mail.transport import PermanentFailure
from tests import mailserver
from tests.mailserver import Mailboxes, MailServer


def note(sender: str, to: str, subject: str) -> bytes:
    return f"From: {sender}\nTo: {to}\nSubject: {subject}\n\nHello.\n".encode()


def test_without_dovecot_the_tests_fail_and_say_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(mailserver, "find_dovecot", lambda: None)
    with pytest.raises(pytest.fail.Exception, match="scripts/install-test-deps"):
        MailServer(tmp_path).start()


def test_the_servers_ports_are_distinct_even_when_the_kernel_draws_a_port_twice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A closed probe's port can be drawn again at once (one server start in a thousand did):
    with a kernel that always draws the lowest port not bound, six ports are still six."""
    bound: set[int] = set()

    class Probe:
        port = 0

        def __enter__(self) -> Probe:
            return self

        def __exit__(self, *exc: object) -> None:
            bound.discard(self.port)

        def bind(self, address: tuple[str, int]) -> None:
            self.port = min(set(range(40000, 40010)) - bound)
            bound.add(self.port)

        def getsockname(self) -> tuple[str, int]:
            return (mailserver.HOST, self.port)

    monkeypatch.setattr(mailserver, "socket", SimpleNamespace(socket=Probe))
    assert sorted(mailserver.free_ports(6)) == list(range(40000, 40006))
    assert mailserver.free_port() == 40000 and bound == set()


def test_each_test_gets_its_own_addresses(mail_server: MailServer) -> None:
    assert Mailboxes(mail_server).address("france") != Mailboxes(mail_server).address("france")


def test_an_unknown_recipient_is_refused_with_550(mail_server: MailServer, mailboxes: Mailboxes) -> None:
    known = mailboxes.user("known")
    stranger = mailboxes.address("stranger")
    with pytest.raises(smtplib.SMTPRecipientsRefused) as refused:
        mail_server.deliver(note(known.address, stranger, "hello?"))
    assert refused.value.recipients[stranger][0] == 550


def test_a_plus_address_is_delivered_to_the_users_inbox(
    mail_server: MailServer, mailboxes: Mailboxes
) -> None:
    gm = mailboxes.user("gm")
    secret = gm.address.replace("@", "+france.k3y@")
    mail_server.deliver(note("player@example.test", secret, "orders"))
    [arrived] = mail_server.mailbox(gm.address)
    assert str(arrived["To"]) == secret
    assert str(arrived["Delivered-To"]) == secret


def test_a_bounce_arrives_with_an_empty_return_path(mail_server: MailServer, mailboxes: Mailboxes) -> None:
    gm = mailboxes.user("gm")
    mail_server.deliver(note("MAILER-DAEMON@example.test", gm.address, "Undelivered Mail"), sender="")
    [arrived] = mail_server.mailbox(gm.address)
    assert str(arrived["Return-Path"]) == "<>"


def test_reading_a_mailbox_marks_nothing_seen(mail_server: MailServer, mailboxes: Mailboxes) -> None:
    gm = mailboxes.user("gm")
    mail_server.deliver(note("player@example.test", gm.address, "unread"))
    assert len(mail_server.mailbox(gm.address)) == 1
    assert ["\\Seen" in flags for flags in mail_server.flags(gm.address)] == [False]


def test_submission_needs_starttls_and_a_login(mail_server: MailServer, mailboxes: Mailboxes) -> None:
    gm = mailboxes.user("gm")
    raw = note(gm.address, gm.address, "submitted")
    with smtplib.SMTP(mail_server.host, mail_server.submission_port, local_hostname="localhost") as smtp:
        with pytest.raises(smtplib.SMTPSenderRefused) as refused:
            smtp.sendmail(gm.address, [gm.address], raw)
        assert refused.value.smtp_code == 530  # STARTTLS first
        smtp.starttls(context=ssl.create_default_context(cafile=str(mail_server.ca_file)))
        smtp.ehlo()
        with pytest.raises(smtplib.SMTPSenderRefused) as refused:
            smtp.sendmail(gm.address, [gm.address], raw)
        assert refused.value.smtp_code == 530  # then a login
        with pytest.raises(smtplib.SMTPAuthenticationError):
            smtp.login(gm.address, "wrong")
        smtp.login(gm.address, gm.password)
        smtp.sendmail(gm.address, [gm.address], raw)
    assert [str(m["Subject"]) for m in mail_server.mailbox(gm.address)] == ["submitted"]


async def test_an_unknown_user_cannot_log_in_over_imap(mail_server: MailServer, mailboxes: Mailboxes) -> None:
    ghost = mailserver.MailUser(mailboxes.address("ghost"), "boo")
    with pytest.raises(PermanentFailure, match="refused the login"):
        async with ImapInbox(**mail_server.imap_settings(ghost)):
            pass


def test_a_user_cannot_change_password(mail_server: MailServer, mailboxes: Mailboxes) -> None:
    gm = mailboxes.user("gm")
    assert mail_server.add_user(gm.address, gm.password) == gm
    with pytest.raises(ValueError, match="another password"):
        mail_server.add_user(gm.address, "other")
