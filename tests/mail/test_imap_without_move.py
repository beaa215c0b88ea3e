"""The IMAP inbox against a Dovecot that announces neither MOVE nor UIDPLUS (issue 17, point 6):
filing a message in the processed folder neither loses nor repeats one, a crash between its
steps included."""

from __future__ import annotations

import pytest

from pbem.faults import InjectedCrash
from pbem.mail.imap import ImapInbox
from tests.mail.helpers import fetch_all, inbox_for, order, subjects
from tests.mailserver import Mailboxes, MailServer, MailUser


@pytest.fixture
def bare(mail_server_without_move: MailServer) -> MailServer:
    return mail_server_without_move


@pytest.fixture
def mailboxes(bare: MailServer) -> Mailboxes:
    """This module's users (``gm``, ``france``: tests/mail/conftest.py) live on the bare server."""
    return Mailboxes(bare)


def in_folder(server: MailServer, user: MailUser, folder: str = "INBOX") -> list[str]:
    return [str(message["Subject"]) for message in server.mailbox(user.address, folder)]


async def test_the_server_announces_neither_move_nor_uidplus(bare: MailServer, gm: MailUser) -> None:
    async with inbox_for(bare, gm) as inbox:
        assert inbox._client is not None
        assert not inbox._client.has_capability("MOVE")
        assert not inbox._client.has_capability("UIDPLUS")
        assert inbox._client.has_capability("IMAP4rev1")


async def test_done_files_each_message_once_and_leaves_the_others(
    bare: MailServer, gm: MailUser, france: MailUser
) -> None:
    for subject in ("one", "two", "three"):
        bare.deliver(order(france.address, gm.address, subject))
    async with inbox_for(bare, gm, processed_folder="Processed") as inbox:
        one, two, _ = await fetch_all(inbox)
        await inbox.done(one.ref)
        await inbox.done(two.ref)
        await inbox.done(two.ref)  # told twice: still one copy
        assert subjects(await fetch_all(inbox)) == ["three"]
    assert in_folder(bare, gm) == ["three"]
    assert in_folder(bare, gm, "Processed") == ["one", "two"]


def crash_at(monkeypatch: pytest.MonkeyPatch, step: str) -> None:
    """Make the next ``done`` die, as a killed run would, just before one step of filing."""
    if step == "expunge":

        async def expunge(self: ImapInbox, client: object, uid: int) -> None:
            raise InjectedCrash("killed before EXPUNGE")

        monkeypatch.setattr(ImapInbox, "_expunge", expunge)
        return
    real = ImapInbox._uid_command

    async def uid_command(self: ImapInbox, client: object, command: str, *args: str) -> None:
        if (step == "copy" and command == "copy") or (
            step == "delete" and command == "store" and "Deleted" in args[-1]
        ):
            raise InjectedCrash(f"killed before {step}")
        await real(self, client, command, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(ImapInbox, "_uid_command", uid_command)


@pytest.mark.parametrize("step", ["copy", "delete", "expunge"])
async def test_a_run_killed_while_filing_a_message_neither_loses_nor_repeats_it(
    bare: MailServer, gm: MailUser, france: MailUser, monkeypatch: pytest.MonkeyPatch, step: str
) -> None:
    for subject in ("one", "two"):
        bare.deliver(order(france.address, gm.address, subject))
    async with inbox_for(bare, gm, processed_folder="Processed") as inbox:
        first, _ = await fetch_all(inbox)
        with monkeypatch.context() as patch:
            crash_at(patch, step)
            with pytest.raises(InjectedCrash):
                await inbox.done(first.ref)

    async with inbox_for(bare, gm, processed_folder="Processed") as rerun:  # the next run
        waiting = await fetch_all(rerun)
        assert subjects(waiting) == (["two"] if step == "expunge" else ["one", "two"])
        for fetched in waiting:
            await rerun.done(fetched.ref)
        assert await fetch_all(rerun) == []
    assert in_folder(bare, gm) == []
    assert sorted(in_folder(bare, gm, "Processed")) == ["one", "two"]
