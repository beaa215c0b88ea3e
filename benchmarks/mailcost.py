"""The bare cost of mail: sending N messages over SMTP and fetching N over IMAP, nothing else.

A full ``pbem run`` also parses, stores, adjudicates and replies; comparing its time with these
figures shows what the service itself adds. It starts the test suite's own servers (Dovecot and
aiosmtpd on loopback, see tests/mailserver.py), so Dovecot must be installed
(scripts/install-test-deps).

    .venv/bin/python benchmarks/mailcost.py --messages 10000

It sends N messages through one SMTP connection (the messages land in the referee's inbox),
then fetches them over one IMAP connection three times: timed, under tracemalloc (the peak
shows that fetching streams instead of holding the inbox in memory), and marking each done.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
import time
import tracemalloc
from email.message import EmailMessage
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pbem.mail.imap import ImapInbox  # noqa: E402
from pbem.mail.smtp import SmtpOutbox  # noqa: E402
from tests.mailserver import MailServer, MailUser  # noqa: E402


def orders(sender: str, to: str, number: int, body_bytes: int) -> bytes:
    message = EmailMessage()
    message["From"], message["To"] = sender, to
    message["Subject"] = f"[bench] orders {number}"
    message["Message-ID"] = f"<bench-{number}@example.test>"
    line = "A Par-Bur, F Bre-MAO, A Mar S A Par-Bur\n"
    message.set_content(line * max(1, body_bytes // len(line)))
    return message.as_bytes()


def figure(what: str, count: int, seconds: float) -> None:
    print(f"{what:<44} {seconds:8.2f} s  {1000 * seconds / count:7.2f} ms/msg {count / seconds:9.0f} msg/s")


async def send(
    server: MailServer, player: MailUser, gm: MailUser, args: argparse.Namespace, raws: list[bytes]
) -> float:
    start = time.perf_counter()
    async with SmtpOutbox(**server.smtp_settings(player, args.smtp_security)) as outbox:
        for raw in raws:
            await outbox.send(raw, player.address, [gm.address])
    return time.perf_counter() - start


async def fetch(
    server: MailServer, gm: MailUser, args: argparse.Namespace, mark_done: bool
) -> tuple[int, int, float]:
    """(messages, bytes, seconds) of one pass over the inbox."""
    count = size = 0
    start = time.perf_counter()
    settings = server.imap_settings(gm, args.imap_security)
    async with ImapInbox(**settings, batch_size=args.batch_size, batch_bytes=args.batch_bytes) as inbox:
        async for fetched in inbox.fetch():
            count += 1
            size += len(fetched.raw)
            if mark_done:
                await inbox.done(fetched.ref)
    return count, size, time.perf_counter() - start


async def measure(server: MailServer, args: argparse.Namespace) -> None:
    gm = server.add_user(f"gm@{server.domain}", "bench-gm")
    player = server.add_user(f"france@{server.domain}", "bench-france")
    raws = [orders(player.address, gm.address, n, args.body_bytes) for n in range(args.messages)]
    print(
        f"{args.messages} messages of about {len(raws[0])} bytes; SMTP {args.smtp_security}, "
        f"IMAP {args.imap_security}, IMAP batches of {args.batch_size}\n"
    )
    figure("send over SMTP (one connection)", args.messages, await send(server, player, gm, args, raws))
    del raws  # so that the memory figure below is the fetch's alone

    count, size, seconds = await fetch(server, gm, args, mark_done=False)
    assert count == args.messages, f"fetched {count} of {args.messages}"
    figure("fetch over IMAP (BODY.PEEK, nothing marked)", count, seconds)

    tracemalloc.start()
    count, size, _ = await fetch(server, gm, args, mark_done=False)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"{'  peak memory while fetching (tracemalloc)':<44} {peak / 2**20:8.2f} MiB "
        f"for {size / 2**20:.2f} MiB of mail"
    )

    count, _, seconds = await fetch(server, gm, args, mark_done=True)
    figure("fetch over IMAP and mark each \\Seen", count, seconds)
    count, _, _ = await fetch(server, gm, args, mark_done=False)
    assert count == 0, f"{count} messages still unseen"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=1000, help="how many (default 1000)")
    parser.add_argument("--body-bytes", type=int, default=2000, help="body size (default 2000)")
    parser.add_argument(
        "--batch-size", type=int, default=10, help="messages per IMAP FETCH (default 10, as ImapInbox)"
    )
    parser.add_argument(
        "--batch-bytes", type=int, default=1 << 20, help="bytes per IMAP FETCH (default 1 MiB, as ImapInbox)"
    )
    parser.add_argument("--imap-security", choices=["tls", "starttls", "plain"], default="tls")
    parser.add_argument("--smtp-security", choices=["tls", "starttls", "plain"], default="starttls")
    args = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="pbem-bench-", dir="/tmp"))
    server = MailServer(base)
    start = time.perf_counter()
    server.start()
    print(f"servers started in {time.perf_counter() - start:.2f} s")
    try:
        asyncio.run(measure(server, args))
    finally:
        server.stop()
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
