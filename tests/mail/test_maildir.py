"""The Maildir inbox and outbox, on a temporary directory: no server, fast."""

from __future__ import annotations

import asyncio
import mailbox
import os
from email import message_from_bytes, policy
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.mail.maildir import MaildirInbox, MaildirOutbox
from pbem.mail.transport import Fetched, Inbox, Outbox, PermanentFailure


def message(subject: str, body: str = "Hold.\n") -> bytes:
    return (
        f"From: france@example.test\nTo: gm@example.test\nSubject: {subject}\n"
        f"Message-ID: <{subject.replace(' ', '.')}@example.test>\n\n{body}"
    ).encode()


def deliver(
    path: Path, raw: bytes, arrived: int | None = None, subdir: str = "new", name: str | None = None
) -> str:
    """Put a message in the Maildir as a delivery agent would; returns its key."""
    for folder in ("tmp", "new", "cur"):
        (path / folder).mkdir(parents=True, exist_ok=True)
    box = mailbox.Maildir(path, create=False)
    key = box.add(raw)
    if subdir == "new" and name is None:
        file = path / "new" / key
    else:
        file = path / subdir / (name or key)
        os.rename(path / "new" / key, file)
        key = file.name.partition(":")[0]
    if arrived is not None:
        os.utime(file, ns=(arrived, arrived))
    return key


async def fetch_all(inbox: MaildirInbox) -> list[Fetched]:
    return [fetched async for fetched in inbox.fetch()]


def subjects(fetched: list[Fetched]) -> list[str]:
    return [str(message_from_bytes(f.raw, policy=policy.default)["Subject"]) for f in fetched]


def test_maildir_inbox_and_outbox_are_an_inbox_and_an_outbox(tmp_path: Path) -> None:
    assert isinstance(MaildirInbox(tmp_path / "in"), Inbox)
    assert isinstance(MaildirOutbox(tmp_path / "out"), Outbox)


def test_inbox_creates_its_folders(tmp_path: Path) -> None:
    MaildirInbox(tmp_path / "inbox", processed_folder="processed")
    for sub in ("new", "cur", "tmp", ".processed/new", ".processed/cur", ".processed/tmp"):
        assert (tmp_path / "inbox" / sub).is_dir(), sub


def test_inbox_and_outbox_fill_in_an_existing_empty_directory(tmp_path: Path) -> None:
    (tmp_path / "inbox").mkdir()
    (tmp_path / "outbox").mkdir()
    MaildirInbox(tmp_path / "inbox")
    MaildirOutbox(tmp_path / "outbox")
    for sub in ("new", "cur", "tmp"):
        assert (tmp_path / "inbox" / sub).is_dir(), sub
        assert (tmp_path / "outbox" / sub).is_dir(), sub


async def test_fetch_yields_messages_in_arrival_order_not_name_order(tmp_path: Path) -> None:
    # Keys sort in delivery order, so give the files arrival times in the opposite order.
    for number, arrived in [(1, 3_000), (2, 2_000), (3, 1_000)]:
        deliver(tmp_path, message(f"order {number}"), arrived=arrived * 10**9)
    fetched = await fetch_all(MaildirInbox(tmp_path))
    assert subjects(fetched) == ["order 3", "order 2", "order 1"]


async def test_mail_delivered_within_one_clock_tick_is_fetched_in_the_order_its_names_count(
    tmp_path: Path,
) -> None:
    # Some file systems stamp files with a clock tick of several milliseconds; a delivery agent
    # numbers its names without leading zeros, so text order would put M100000 before M99999.
    for number, name in [(2, "1700000000.M100000P7Q10.host"), (1, "1700000000.M99999P7Q9.host")]:
        deliver(tmp_path, message(f"order {number}"), arrived=1_700_000_000 * 10**9, name=name)
    fetched = await fetch_all(MaildirInbox(tmp_path))
    assert subjects(fetched) == ["order 1", "order 2"]


async def test_fetch_gives_the_whole_message_with_lf_line_endings(tmp_path: Path) -> None:
    crlf = message("crlf", "F A Par-Bur\nF F Bre-MAO\n").replace(b"\n", b"\r\n")
    key = deliver(tmp_path, crlf)
    [fetched] = await fetch_all(MaildirInbox(tmp_path))
    assert fetched == Fetched(f"maildir:{key}", crlf.replace(b"\r\n", b"\n"))


async def test_a_message_not_marked_done_is_fetched_again(tmp_path: Path) -> None:
    deliver(tmp_path, message("again"))
    inbox = MaildirInbox(tmp_path)
    first = await fetch_all(inbox)
    assert await fetch_all(inbox) == first
    assert await fetch_all(MaildirInbox(tmp_path)) == first


async def test_done_moves_the_message_to_cur_with_the_seen_flag(tmp_path: Path) -> None:
    raw = message("done")
    key = deliver(tmp_path, raw)
    deliver(tmp_path, message("waiting"))
    inbox = MaildirInbox(tmp_path)
    fetched = await fetch_all(inbox)
    await inbox.done(fetched[0].ref)
    assert not (tmp_path / "new" / key).exists()
    assert (tmp_path / "cur" / f"{key}:2,S").read_bytes() == raw
    assert subjects(await fetch_all(inbox)) == ["waiting"]


async def test_done_all_marks_each_message_it_names_done(tmp_path: Path) -> None:
    for subject in ("one", "two", "waiting"):
        deliver(tmp_path, message(subject))
    inbox = MaildirInbox(tmp_path)
    fetched = {str(subjects([f])[0]): f for f in await fetch_all(inbox)}
    await inbox.done_all([fetched["one"].ref, fetched["two"].ref])
    assert subjects(await fetch_all(inbox)) == ["waiting"]
    assert len(os.listdir(tmp_path / "cur")) == 2


async def test_done_keeps_the_flags_a_mail_client_set(tmp_path: Path) -> None:
    key = deliver(tmp_path, message("flagged"), subdir="cur", name="1.M1P1.host:2,F")
    inbox = MaildirInbox(tmp_path)
    [fetched] = await fetch_all(inbox)
    await inbox.done(fetched.ref)
    assert os.listdir(tmp_path / "cur") == [f"{key}:2,FS"]


async def test_messages_in_cur_count_as_done_only_with_the_seen_flag(tmp_path: Path) -> None:
    deliver(tmp_path, message("read by a person"), subdir="cur", name="1.M1P1.host:2,S")
    deliver(tmp_path, message("opened, not read"), subdir="cur", name="2.M1P1.host:2,")
    assert subjects(await fetch_all(MaildirInbox(tmp_path))) == ["opened, not read"]


async def test_with_a_processed_folder_every_message_waits_until_moved(tmp_path: Path) -> None:
    deliver(tmp_path, message("read by a person"), arrived=1, subdir="cur", name="1.M1P1.host:2,S")
    key = deliver(tmp_path, message("new"), arrived=2)
    inbox = MaildirInbox(tmp_path, processed_folder="processed")
    fetched = await fetch_all(inbox)
    assert subjects(fetched) == ["read by a person", "new"]
    for each in fetched:
        await inbox.done(each.ref)
    assert await fetch_all(inbox) == []
    assert sorted(os.listdir(tmp_path / ".processed" / "cur")) == ["1.M1P1.host:2,S", f"{key}:2,S"]
    assert os.listdir(tmp_path / "new") == os.listdir(tmp_path / "cur") == []


async def test_done_works_from_another_inbox_object_and_twice(tmp_path: Path) -> None:
    deliver(tmp_path, message("once"))
    [fetched] = await fetch_all(MaildirInbox(tmp_path))
    later = MaildirInbox(tmp_path)
    await later.done(fetched.ref)
    await later.done(fetched.ref)  # a second run repeating the mark does no harm
    assert await fetch_all(later) == []


async def test_done_of_an_unknown_message_is_a_permanent_failure(tmp_path: Path) -> None:
    inbox = MaildirInbox(tmp_path)
    with pytest.raises(PermanentFailure, match="no message"):
        await inbox.done("maildir:1.M1P1.nowhere")
    with pytest.raises(PermanentFailure, match="not a reference"):
        await inbox.done("imap:INBOX:1:2")
    with pytest.raises(PermanentFailure, match="not a reference"):
        await inbox.done("maildir:../../etc/passwd")


async def test_fetch_reads_each_message_only_when_it_is_reached(tmp_path: Path) -> None:
    for number in range(5):
        deliver(tmp_path, message(f"lazy {number}"), arrived=(number + 1) * 10**9)
    inbox = MaildirInbox(tmp_path)
    seen = []
    async for fetched in inbox.fetch():
        seen.append(fetched)
        if len(seen) == 1:  # take the rest away: a lazy reader no longer finds them
            for name in os.listdir(tmp_path / "new"):
                if f"maildir:{name}" != fetched.ref:
                    os.unlink(tmp_path / "new" / name)
    assert subjects(seen) == ["lazy 0"]


def test_processed_folder_must_be_a_plain_name(tmp_path: Path) -> None:
    for bad in ("", "../x", ".hidden", "a/b"):
        with pytest.raises(ValueError, match="processed_folder"):
            MaildirInbox(tmp_path, processed_folder=bad)


async def test_outbox_delivers_one_copy_per_recipient_with_the_envelope(tmp_path: Path) -> None:
    raw = message("report").replace(b"\n", b"\r\n")
    async with MaildirOutbox(tmp_path / "out") as outbox:
        await outbox.send(raw, "gm@example.test", ["france@example.test", "italy@example.test"])
    out = mailbox.Maildir(tmp_path / "out", create=False)
    copies = sorted(
        (message_from_bytes(out.get_bytes(key), policy=policy.default) for key in out.iterkeys()),
        key=lambda m: str(m["Delivered-To"]),
    )
    assert [str(m["Delivered-To"]) for m in copies] == ["france@example.test", "italy@example.test"]
    for copy in copies:
        assert str(copy["Return-Path"]) == "<gm@example.test>"
        assert str(copy["Subject"]) == "report"
        assert copy.get_content() == "Hold.\n"


async def test_outbox_refuses_an_envelope_no_server_would_take(tmp_path: Path) -> None:
    outbox = MaildirOutbox(tmp_path)
    with pytest.raises(PermanentFailure, match="no recipients"):
        await outbox.send(message("x"), "gm@example.test", [])
    with pytest.raises(PermanentFailure, match="invalid"):
        await outbox.send(message("x"), "gm@example.test", ["a@b\r\nBcc: c@d"])
    with pytest.raises(PermanentFailure, match="needs an @"):
        await outbox.send(message("x"), "gm@example.test", ["france"])
    with pytest.raises(TypeError):
        await outbox.send(message("x"), "gm@example.test", "france@example.test")
    assert os.listdir(tmp_path / "new") == []


@settings(max_examples=40, deadline=None)
@given(
    bodies=st.lists(
        st.lists(st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=30), max_size=5).map(
            lambda lines: "".join(line + "\n" for line in lines)
        ),
        min_size=1,
        max_size=4,
    )
)
def test_what_the_outbox_delivers_the_inbox_reads_back_unchanged(
    tmp_path_factory: pytest.TempPathFactory, bodies: list[str]
) -> None:
    path = tmp_path_factory.mktemp("roundtrip")
    raws = [message(f"n{number}", body) for number, body in enumerate(bodies)]

    async def roundtrip() -> list[bytes]:
        outbox = MaildirOutbox(path)
        for arrived, raw in enumerate(raws, start=1):
            await outbox.send(raw, "gm@example.test", ["france@example.test"])
            for key in os.listdir(path / "new"):  # make arrival order unambiguous
                if os.stat(path / "new" / key).st_mtime_ns > 10**12:
                    os.utime(path / "new" / key, ns=(arrived * 10**9, arrived * 10**9))
        inbox = MaildirInbox(path)
        got = []
        async for fetched in inbox.fetch():
            got.append(fetched.raw)
            await inbox.done(fetched.ref)
        return got

    envelope = b"Return-Path: <gm@example.test>\nDelivered-To: france@example.test\n"
    assert asyncio.run(roundtrip()) == [envelope + raw for raw in raws]


async def test_the_outbox_delivers_a_message_once_however_often_it_is_sent(tmp_path: Path) -> None:
    """A run killed after delivering but before recording the mail sent sends it again."""
    raw = message("report")
    async with MaildirOutbox(tmp_path) as outbox:
        await outbox.send(raw, "gm@example.test", ["france@example.test"])
    async with MaildirOutbox(tmp_path) as rerun:  # the next run, a new outbox object
        await rerun.send(raw, "gm@example.test", ["france@example.test", "italy@example.test"])
        await rerun.send(raw, "gm@example.test", ["italy@example.test"])
    delivered = [
        message_from_bytes((tmp_path / "new" / name).read_bytes(), policy=policy.default)
        for name in sorted(os.listdir(tmp_path / "new"))
    ]
    assert [str(m["Delivered-To"]) for m in delivered] == ["france@example.test", "italy@example.test"]
    assert os.listdir(tmp_path / "tmp") == []


async def test_a_copy_a_reader_moved_to_cur_is_not_delivered_again(tmp_path: Path) -> None:
    raw = message("report")
    async with MaildirOutbox(tmp_path) as outbox:
        await outbox.send(raw, "gm@example.test", ["france@example.test"])
    reader = MaildirInbox(tmp_path)
    [fetched] = [fetched async for fetched in reader.fetch()]
    await reader.done(fetched.ref)
    async with MaildirOutbox(tmp_path) as rerun:
        await rerun.send(raw, "gm@example.test", ["france@example.test"])
        await rerun.send(message("another"), "gm@example.test", ["france@example.test"])
    assert len(os.listdir(tmp_path / "cur")) == 1
    [new] = os.listdir(tmp_path / "new")
    assert b"Subject: another" in (tmp_path / "new" / new).read_bytes()


async def test_without_a_message_id_the_bytes_name_the_message(tmp_path: Path) -> None:
    first = b"From: gm@example.test\nSubject: one\n\nHold.\n"
    second = b"From: gm@example.test\nSubject: two\n\nHold.\n"
    async with MaildirOutbox(tmp_path) as outbox:
        for raw in (first, second, first):
            await outbox.send(raw, "gm@example.test", ["france@example.test"])
    assert len(os.listdir(tmp_path / "new")) == 2
