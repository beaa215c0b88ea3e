"""The IMAP inbox against a real Dovecot (tests/mailserver.py)."""

from __future__ import annotations

import re

import pytest

from pbem.mail.transport import Inbox, PermanentFailure, TemporaryFailure
from tests.mail.helpers import fetch_all, inbox_for, order, subjects
from tests.mailserver import MailServer, MailUser, free_port


def uidvalidity(server: MailServer, user: MailUser, folder: str = "INBOX") -> int:
    """Read independently of the code under test, with the standard library's client."""
    with server.imap(user.address) as client:
        _, [answer] = client.status(folder, "(UIDVALIDITY)")
    assert isinstance(answer, bytes)
    found = re.search(rb"UIDVALIDITY (\d+)", answer)
    assert found is not None
    return int(found.group(1))


async def test_imap_inbox_is_an_inbox(mail_server: MailServer, gm: MailUser) -> None:
    assert isinstance(inbox_for(mail_server, gm), Inbox)


@pytest.mark.parametrize("security", ["tls", "starttls", "plain"])
async def test_fetch_yields_new_mail_oldest_first_with_uidvalidity_in_the_refs(
    mail_server: MailServer, gm: MailUser, france: MailUser, security: str
) -> None:
    for number in range(3):
        mail_server.deliver(order(france.address, gm.address, f"orders {number}"))
    async with inbox_for(mail_server, gm, security) as inbox:
        fetched = await fetch_all(inbox)
    validity = uidvalidity(mail_server, gm)
    assert subjects(fetched) == ["orders 0", "orders 1", "orders 2"]
    assert [f.ref for f in fetched] == [f"imap:INBOX:{validity}:{uid}" for uid in (1, 2, 3)]


async def test_fetched_message_is_the_delivered_one_with_lf_line_endings(
    mail_server: MailServer, gm: MailUser, france: MailUser
) -> None:
    sent = order(france.address, gm.address, "Ordres pour l'été", "F Bre-MAO\nA Par-Bur\n")
    raw = sent.as_bytes()  # LF line endings
    mail_server.deliver(raw, to=gm.address, sender=france.address)
    async with inbox_for(mail_server, gm) as inbox:
        [fetched] = await fetch_all(inbox)
    assert b"\r\n" not in fetched.raw
    # Dovecot puts Return-Path, Delivered-To and Received on top of what was sent.
    assert fetched.raw.endswith(raw)
    assert fetched.raw.startswith(f"Return-Path: <{france.address}>\n".encode())


async def test_fetching_marks_nothing_seen(mail_server: MailServer, gm: MailUser, france: MailUser) -> None:
    mail_server.deliver(order(france.address, gm.address, "unread"))
    async with inbox_for(mail_server, gm) as inbox:
        first = await fetch_all(inbox)
    assert all("\\Seen" not in flags for flags in mail_server.flags(gm.address))
    async with inbox_for(mail_server, gm) as inbox:
        assert await fetch_all(inbox) == first


async def test_done_sets_seen_and_the_message_is_not_fetched_again(
    mail_server: MailServer, gm: MailUser, france: MailUser
) -> None:
    mail_server.deliver(order(france.address, gm.address, "first"))
    mail_server.deliver(order(france.address, gm.address, "second"))
    async with inbox_for(mail_server, gm) as inbox:
        first, _ = await fetch_all(inbox)
        await inbox.done(first.ref)
        assert subjects(await fetch_all(inbox)) == ["second"]
    assert ["\\Seen" in flags for flags in mail_server.flags(gm.address)] == [True, False]
    async with inbox_for(mail_server, gm) as inbox:
        assert subjects(await fetch_all(inbox)) == ["second"]


async def test_done_with_a_processed_folder_moves_the_message_there_seen(
    mail_server: MailServer, gm: MailUser, france: MailUser
) -> None:
    mail_server.deliver(order(france.address, gm.address, "to move"))
    mail_server.deliver(order(france.address, gm.address, "to keep"))
    async with inbox_for(mail_server, gm, processed_folder="Processed") as inbox:
        first, _ = await fetch_all(inbox)
        await inbox.done(first.ref)
    assert [str(m["Subject"]) for m in mail_server.mailbox(gm.address)] == ["to keep"]
    assert [str(m["Subject"]) for m in mail_server.mailbox(gm.address, "Processed")] == ["to move"]
    assert "\\Seen" in mail_server.flags(gm.address, "Processed")[0]


async def test_with_a_processed_folder_even_seen_mail_in_the_inbox_waits(
    mail_server: MailServer, gm: MailUser, france: MailUser
) -> None:
    mail_server.deliver(order(france.address, gm.address, "read by the referee"))
    with mail_server.imap(gm.address) as client:  # the referee reads it in a mail client
        client.select("INBOX")
        client.uid("STORE", "1", "+FLAGS", "(\\Seen)")
    async with inbox_for(mail_server, gm, processed_folder="Processed") as inbox:
        assert subjects(await fetch_all(inbox)) == ["read by the referee"]
    async with inbox_for(mail_server, gm) as inbox:  # flag mode counts it as done
        assert await fetch_all(inbox) == []


async def test_a_missing_processed_folder_is_created(
    mail_server: MailServer, gm: MailUser, france: MailUser
) -> None:
    for subject in ("archived", "archived later"):  # the second session finds it made
        mail_server.deliver(order(france.address, gm.address, subject))
        async with inbox_for(mail_server, gm, processed_folder="Archive/pbem") as inbox:
            [fetched] = await fetch_all(inbox)
            await inbox.done(fetched.ref)
    assert [str(m["Subject"]) for m in mail_server.mailbox(gm.address, "Archive/pbem")] == [
        "archived",
        "archived later",
    ]
    assert mail_server.mailbox(gm.address) == []


async def test_without_move_done_copies_marks_deleted_and_expunges(
    mail_server: MailServer, gm: MailUser, france: MailUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dovecot has MOVE; hide it to take the RFC 6851 fallback against the same real server."""
    mail_server.deliver(order(france.address, gm.address, "copied"))
    mail_server.deliver(order(france.address, gm.address, "stays"))
    async with inbox_for(mail_server, gm, processed_folder="Processed") as inbox:
        assert inbox._client is not None
        real = inbox._client.has_capability
        monkeypatch.setattr(inbox._client, "has_capability", lambda name: name != "MOVE" and real(name))
        first, _ = await fetch_all(inbox)
        await inbox.done(first.ref)
    assert [str(m["Subject"]) for m in mail_server.mailbox(gm.address)] == ["stays"]
    assert [str(m["Subject"]) for m in mail_server.mailbox(gm.address, "Processed")] == ["copied"]


async def test_a_session_kept_open_sees_mail_that_arrives_later(
    mail_server: MailServer, gm: MailUser, france: MailUser
) -> None:
    mail_server.deliver(order(france.address, gm.address, "early"))
    async with inbox_for(mail_server, gm) as inbox:
        assert subjects(await fetch_all(inbox)) == ["early"]
        mail_server.deliver(order(france.address, gm.address, "late"))
        assert subjects(await fetch_all(inbox)) == ["early", "late"]
    logins = re.findall(rf"Login: user=<{re.escape(gm.address)}>", mail_server.log())
    assert len(logins) == 1, "both fetches should use the one connection"


async def test_fetch_streams_a_few_hundred_messages_batch_by_batch(
    mail_server: MailServer, gm: MailUser, france: MailUser
) -> None:
    count, batch = 200, 30
    mail_server.deliver_many(order(france.address, gm.address, f"n{n}") for n in range(count))
    async with inbox_for(mail_server, gm, batch_size=batch) as inbox:
        fetched = []
        async for each in inbox.fetch():
            fetched.append(each)
            await inbox.done(each.ref)
        assert subjects(fetched) == [f"n{n}" for n in range(count)]
        assert all("\\Seen" in flags for flags in mail_server.flags(gm.address))

        # Only one batch is in hand at a time: messages removed from the server while the
        # first batch is being read are not yielded.
        mail_server.deliver_many(order(france.address, gm.address, f"m{n}") for n in range(2 * batch))
        later = []
        async for each in inbox.fetch():
            later.append(each)
            if len(later) == 1:
                with mail_server.imap(gm.address) as client:
                    client.select("INBOX")
                    client.uid("STORE", "1:*", "+FLAGS.SILENT", "(\\Deleted)")
                    client.expunge()
        assert subjects(later) == [f"m{n}" for n in range(batch)]


async def test_a_batch_is_limited_in_bytes_as_well(
    mail_server: MailServer, gm: MailUser, france: MailUser
) -> None:
    mail_server.deliver_many(order(france.address, gm.address, f"b{n}") for n in range(5))
    async with inbox_for(mail_server, gm, batch_size=100, batch_bytes=1) as inbox:
        fetched = []
        async for each in inbox.fetch():
            fetched.append(each)
            next_uid = int(each.ref.rpartition(":")[2]) + 1
            with mail_server.imap(gm.address) as client:  # take the next one away
                client.select("INBOX")
                client.uid("STORE", str(next_uid), "+FLAGS.SILENT", "(\\Deleted)")
                client.expunge()
    # Each message came in a FETCH of its own, so each removal was noticed in time.
    assert subjects(fetched) == ["b0", "b2", "b4"]


async def test_done_refuses_a_ref_from_another_uidvalidity_or_folder(
    mail_server: MailServer, gm: MailUser, france: MailUser
) -> None:
    mail_server.deliver(order(france.address, gm.address, "renumbered"))
    async with inbox_for(mail_server, gm) as inbox:
        [fetched] = await fetch_all(inbox)
        _, folder, validity, uid = fetched.ref.split(":")
        with pytest.raises(PermanentFailure, match="UIDVALIDITY"):
            await inbox.done(f"imap:{folder}:{int(validity) + 1}:{uid}")
        with pytest.raises(PermanentFailure, match="belongs to folder"):
            await inbox.done(f"imap:Processed:{validity}:{uid}")
        with pytest.raises(PermanentFailure, match="not a reference"):
            await inbox.done(f"maildir:{uid}")
    assert "\\Seen" not in mail_server.flags(gm.address)[0]


async def test_a_wrong_password_is_a_permanent_failure(mail_server: MailServer, gm: MailUser) -> None:
    inbox = inbox_for(mail_server, gm, password="not the password")
    for _ in range(2):  # the connection refused a login is not kept as if it were a session
        with pytest.raises(PermanentFailure, match="refused the login"):
            await fetch_all(inbox)
    assert "not the password" not in repr(inbox)


async def test_a_missing_folder_is_a_permanent_failure(mail_server: MailServer, gm: MailUser) -> None:
    with pytest.raises(PermanentFailure, match="cannot open 'Nowhere'"):
        await fetch_all(inbox_for(mail_server, gm, folder="Nowhere"))


async def test_a_server_that_is_down_is_a_temporary_failure(mail_server: MailServer, gm: MailUser) -> None:
    for security in ("tls", "plain"):
        with pytest.raises(TemporaryFailure):
            await fetch_all(inbox_for(mail_server, gm, security, port=free_port(), timeout=5))


@pytest.mark.parametrize("security", ["tls", "starttls"])
async def test_a_certificate_from_an_unknown_ca_is_refused(
    mail_server: MailServer, gm: MailUser, security: str
) -> None:
    """The system's CAs do not know the test CA: TLS is really checked, on both ports."""
    with pytest.raises(PermanentFailure, match="certificate verify failed"):
        await fetch_all(inbox_for(mail_server, gm, security, ca_file=None))


@pytest.mark.parametrize("processed", [None, "Processed", "Processed without MOVE"])
async def test_done_all_marks_every_message_done_with_one_command_for_them_all(
    mail_server: MailServer,
    gm: MailUser,
    france: MailUser,
    monkeypatch: pytest.MonkeyPatch,
    processed: str | None,
) -> None:
    """A poll tells the inbox of a whole batch at once: the UIDs as one set (a round trip for
    each of 1,050 mails was 0.3 s of a poll), left out ones untouched; without MOVE each is
    filed by copy as ``done`` files it."""
    mail_server.deliver_many(order(france.address, gm.address, f"n{n}") for n in range(12))
    folder = processed.split()[0] if processed else None
    async with inbox_for(mail_server, gm, processed_folder=folder) as inbox:
        assert inbox._client is not None
        if processed and "without" in processed:
            real = inbox._client.has_capability
            monkeypatch.setattr(inbox._client, "has_capability", lambda name: name != "MOVE" and real(name))
        fetched = await fetch_all(inbox)
        commands: list[tuple[str, str]] = []
        issue = inbox._uid_command

        async def counted(client, command, *args):  # type: ignore[no-untyped-def]
            commands.append((command, args[0]))
            await issue(client, command, *args)

        monkeypatch.setattr(inbox, "_uid_command", counted)
        await inbox.done_all([f.ref for f in fetched if subjects([f]) != ["n5"]])
    done = [f"n{n}" for n in range(12) if n != 5]
    if processed is None:
        seen = [("\\Seen" in flags) for flags in mail_server.flags(gm.address)]
        assert seen == [n != 5 for n in range(12)]
        assert commands == [("store", "1:5,7:12")]
    else:
        assert [str(m["Subject"]) for m in mail_server.mailbox(gm.address)] == ["n5"]
        assert [str(m["Subject"]) for m in mail_server.mailbox(gm.address, "Processed")] == done
        if "without" in processed:
            assert commands[0] == ("store", "1:5,7:12") and len(commands) > 11  # then one by one
        else:
            assert commands == [("store", "1:5,7:12"), ("move", "1:5,7:12")]


async def test_done_all_of_nothing_asks_the_server_nothing(mail_server: MailServer, gm: MailUser) -> None:
    inbox = inbox_for(mail_server, gm)
    await inbox.done_all([])  # not even connected
    assert inbox._client is None
