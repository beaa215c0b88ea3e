"""The SMTP outbox against the fixture's real SMTP servers, read back over IMAP from Dovecot."""

from __future__ import annotations

import asyncio
from email.message import EmailMessage
from typing import Any

import pytest

from pbem.mail.smtp import SmtpOutbox
from pbem.mail.transport import Outbox, PermanentFailure, TemporaryFailure
from tests.mailserver import Mailboxes, MailServer, MailUser, free_port


def report(sender: str, to: str, subject: str, body: str = "Spring 1901 report.\n") -> bytes:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, to, subject
    message["Message-ID"] = f"<{subject.replace(' ', '-')}@pbem.example.test>"
    message.set_content(body)
    return message.as_bytes()


def outbox_for(server: MailServer, user: MailUser | None, security: str, **options: Any) -> SmtpOutbox:
    return SmtpOutbox(**{**server.smtp_settings(user, security), **options})


def subjects(server: MailServer, user: MailUser) -> list[str]:
    return [str(message["Subject"]) for message in server.mailbox(user.address)]


def test_smtp_outbox_is_an_outbox() -> None:
    assert isinstance(SmtpOutbox("127.0.0.1", 25, security="plain"), Outbox)


@pytest.mark.parametrize("security", ["plain", "starttls", "tls"])
async def test_a_sent_message_arrives_whole(
    mail_server: MailServer, gm: MailUser, france: MailUser, security: str
) -> None:
    raw = report(gm.address, france.address, f"Report over {security}", "Über alles: A Mun H\n")
    async with outbox_for(mail_server, gm, security) as outbox:
        await outbox.send(raw, gm.address, [france.address])
    [arrived] = mail_server.mailbox(france.address)
    assert str(arrived["Subject"]) == f"Report over {security}"
    assert str(arrived["Message-ID"]) == f"<Report-over-{security}@pbem.example.test>"
    assert arrived.get_content() == "Über alles: A Mun H\n"
    [accepted] = [a for a in mail_server.accepted if a.recipients == (france.address,)]
    assert accepted.sender == gm.address
    assert accepted.login == (None if security == "plain" else gm.address)


async def test_many_sends_share_one_connection(
    mail_server: MailServer, gm: MailUser, france: MailUser
) -> None:
    async with outbox_for(mail_server, gm, "starttls") as outbox:
        for number in range(5):
            await outbox.send(report(gm.address, france.address, f"n{number}"), gm.address, [france.address])
    assert subjects(mail_server, france) == [f"n{number}" for number in range(5)]
    ours = [a for a in mail_server.accepted if a.recipients == (france.address,)]
    assert len(ours) == 5
    assert len({a.client_port for a in ours}) == 1


async def test_a_utf8_subject_and_body_arrive_intact(
    mail_server: MailServer, gm: MailUser, france: MailUser
) -> None:
    message = EmailMessage()
    message["From"], message["To"] = gm.address, france.address
    message["Subject"] = "Printemps 1901 : résultats ⚔"
    message.set_content("Armée à Paris — tient.\n", cte="8bit")
    async with outbox_for(mail_server, None, "plain") as outbox:
        await outbox.send(message.as_bytes(), gm.address, [france.address])
    [arrived] = mail_server.mailbox(france.address)
    assert str(arrived["Subject"]) == "Printemps 1901 : résultats ⚔"
    assert arrived.get_content() == "Armée à Paris — tient.\n"


async def test_a_wrong_password_is_a_permanent_failure(
    mail_server: MailServer, gm: MailUser, france: MailUser
) -> None:
    outbox = outbox_for(mail_server, gm, "starttls", password="wrong horse")
    with pytest.raises(PermanentFailure, match="535") as failure:
        await outbox.send(report(gm.address, france.address, "never"), gm.address, [france.address])
    assert failure.value.code == 535
    assert "wrong horse" not in str(failure.value) and "wrong horse" not in repr(outbox)
    assert mail_server.mailbox(france.address) == []


@pytest.mark.parametrize("security", ["plain", "starttls", "tls"])
async def test_a_server_that_is_down_is_a_temporary_failure(
    mail_server: MailServer, gm: MailUser, france: MailUser, security: str
) -> None:
    outbox = outbox_for(mail_server, gm, security, port=free_port(), timeout=5)
    with pytest.raises(TemporaryFailure, match="connect"):
        await outbox.send(report(gm.address, france.address, "lost"), gm.address, [france.address])


async def test_an_unknown_recipient_is_a_permanent_failure_and_nobody_gets_a_copy(
    mail_server: MailServer, gm: MailUser, france: MailUser, mailboxes: Mailboxes
) -> None:
    nobody = mailboxes.address("nobody")
    async with outbox_for(mail_server, gm, "starttls") as outbox:
        with pytest.raises(PermanentFailure, match=f"550.*{nobody}") as failure:
            await outbox.send(
                report(gm.address, france.address, "half"), gm.address, [france.address, nobody]
            )
        assert failure.value.code == 550
        # The same connection carries the next message.
        await outbox.send(report(gm.address, france.address, "whole"), gm.address, [france.address])
    assert subjects(mail_server, france) == ["whole"]


async def test_a_deferred_recipient_is_a_temporary_failure_and_a_retry_delivers_once(
    mail_server: MailServer, gm: MailUser, france: MailUser
) -> None:
    mail_server.defer(france.address, times=1)
    raw = report(gm.address, france.address, "retried")
    async with outbox_for(mail_server, gm, "tls") as outbox:
        with pytest.raises(TemporaryFailure, match="451") as failure:
            await outbox.send(raw, gm.address, [france.address])
        assert failure.value.code == 451
        await outbox.send(raw, gm.address, [france.address])
    assert subjects(mail_server, france) == ["retried"]


async def test_a_certificate_from_an_unknown_ca_is_refused(
    mail_server: MailServer, gm: MailUser, france: MailUser
) -> None:
    for security in ("starttls", "tls"):
        outbox = outbox_for(mail_server, gm, security, ca_file=None)
        with pytest.raises(PermanentFailure, match="certificate verify failed"):
            await outbox.send(report(gm.address, france.address, "x"), gm.address, [france.address])


@pytest.mark.parametrize("missing", ["STARTTLS", "AUTH"])
async def test_asking_for_what_the_server_does_not_offer_is_a_permanent_failure(
    mail_server: MailServer, gm: MailUser, france: MailUser, missing: str
) -> None:
    """The open player port has neither STARTTLS nor AUTH: asking for STARTTLS must fail, not
    send in clear; logging in must fail, not send unauthenticated."""
    asked: dict[str, Any] = {
        "STARTTLS": {"security": "starttls", "ca_file": str(mail_server.ca_file)},
        "AUTH": {"security": "plain", "username": gm.address, "password": gm.password},
    }[missing]
    outbox = SmtpOutbox(mail_server.host, mail_server.smtp_port, **asked)
    with pytest.raises(PermanentFailure, match=f"does not offer {missing}"):
        await outbox.send(report(gm.address, france.address, "refused"), gm.address, [france.address])
    assert mail_server.mailbox(france.address) == []


async def test_a_send_after_the_server_closed_an_idle_connection_reconnects(
    mail_server: MailServer, gm: MailUser, france: MailUser
) -> None:
    with mail_server.extra_smtp_server(timeout=0.2) as port:
        async with SmtpOutbox(mail_server.host, port, security="plain") as outbox:
            await outbox.send(report(gm.address, france.address, "before"), gm.address, [france.address])
            # the server hangs up on the idle connection after 0.2 s (a busy machine may take
            # longer than any fixed sleep: wait until the client has seen it)
            for _ in range(400):
                await asyncio.sleep(0.05)
                if outbox._client is None or not outbox._client.is_connected:
                    break
            await outbox.send(report(gm.address, france.address, "after"), gm.address, [france.address])
    assert subjects(mail_server, france) == ["before", "after"]
    before, after = [a for a in mail_server.accepted if a.server_port == port]
    assert before.client_port != after.client_port, "the second send needed a new connection"


async def test_an_envelope_without_recipients_is_refused_before_connecting() -> None:
    outbox = SmtpOutbox("127.0.0.1", free_port(), security="plain")
    with pytest.raises(PermanentFailure, match="no recipients"):
        await outbox.send(b"Subject: x\n\nx\n", "gm@example.test", [])


def test_username_and_password_come_together() -> None:
    with pytest.raises(ValueError, match="both"):
        SmtpOutbox("127.0.0.1", 587, username="gm@example.test")
    with pytest.raises(ValueError, match="security"):
        SmtpOutbox("127.0.0.1", 587, security="ssl")  # type: ignore[arg-type]
