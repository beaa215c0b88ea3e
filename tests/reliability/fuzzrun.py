"""Pushing hostile mail through real runs, and counting what became of every mail.

Mail goes into the judge's inbox in batches (a Maildir, or Dovecot over LMTP, to be fetched
over IMAP); after each batch a real ``pbem run`` reads it, and a clean mail from a player must
still be answered. Then the store says what became of each mail: answered (an answer queued
and sent), deliberately ignored (a loop or a bounce), or quarantined (marked failed); and every
mail we queued is checked for a header the sender put there. The figures are the fuzz suite's
verdict and what ``benchmarks/fuzz_intake.py`` prints.
"""

from __future__ import annotations

import logging
import re
import smtplib
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from email import message_from_bytes
from email.policy import compat32
from typing import Any

from tests.harness import MailServerTable, Table, game
from tests.reliability.fuzzmail import PLAYERS, VICTIM

#: the player whose clean mail follows every batch: no fuzzed mail comes from this address, so
#: the per-address answer rate (which the fuzzed mail from the others may reach) never holds it
CLEAN_PLAYER = ("West", "west@example.test")

#: the headers an answer of ours may carry, each once
OUR_HEADERS = {
    "from",
    "to",
    "subject",
    "date",
    "message-id",
    "in-reply-to",
    "references",
    "reply-to",
    "auto-submitted",
    "precedence",
    "x-loop",
    "x-pbem",
    "mime-version",
    "content-type",
    "content-transfer-encoding",
}


@dataclass
class Figures:
    """What became of the mails of a fuzz run."""

    mails: int = 0  # put into the judge's inbox
    refused: int = 0  # refused by the mail server on the way in (never reached pbem)
    stored: int = 0
    copies: int = 0  # recognised as a copy of a mail already stored (same sender and Message-ID)
    answered: int = 0
    rate_limited: int = 0  # acted on, but its address had this hour's answers (answers_per_hour)
    ignored: int = 0  # deliberately: bounces, auto-replies, our own mail
    quarantined: int = 0  # marked failed in the store
    unaccounted: int = 0  # stored but neither answered, ignored nor quarantined
    tracebacks: int = 0
    injected: int = 0  # mails we queued with a header of the sender's making
    stalls: int = 0  # runs after which a clean mail went unanswered or mail was left unread
    batches: int = 0
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)  # the first few problems, for a failing test

    def add(self, other: Figures) -> None:
        for name, value in vars(other).items():
            if name == "notes":
                self.notes.extend(value[: 20 - len(self.notes)])
            else:
                setattr(self, name, getattr(self, name) + value)

    @property
    def clean(self) -> bool:
        return (
            self.tracebacks == self.injected == self.stalls == self.unaccounted == 0
            and self.stored + self.copies == self.mails - self.refused
        )

    def line(self) -> str:
        return (
            f"{self.mails} mails ({self.refused} refused by the server) in {self.batches} runs, "
            f"{self.seconds:.1f} s: stored {self.stored}, copies {self.copies}; "
            f"answered {self.answered} (and {self.rate_limited} past the answer rate), "
            f"ignored {self.ignored}, quarantined {self.quarantined}, unaccounted {self.unaccounted}; "
            f"tracebacks {self.tracebacks}, injected headers {self.injected}, stalls {self.stalls}"
        )


class _Tracebacks(logging.Handler):
    """Counts log records that carry an exception: pbem logs every traceback it survives."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.records.append(record)


@contextmanager
def _counting_tracebacks() -> Iterator[_Tracebacks]:
    handler = _Tracebacks()
    logger = logging.getLogger("pbem")
    logger.addHandler(handler)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)


def fuzz_table(folder: Any, server: Any = None, mailboxes: Any = None) -> Table:
    """A started game of two players, on Maildir, or on the suite's Dovecot when ``server`` is given.

    ``max_message_bytes`` is small so that the corpus's padded mails are over it without
    writing megabytes each; ``answers_per_hour`` is large so that nearly every mail is answered
    and the answer, where a header could be injected, is checked (the rate has its own tests,
    and what it holds back is still counted).
    """
    games = [game("g1", "tally", dict([*PLAYERS.items(), CLEAN_PLAYER]))]
    settings = {"max_message_bytes": 200_000, "answers_per_hour": 200}
    table: Table
    if server is None:
        table = Table(folder, games, service_settings=settings)
    else:
        table = MailServerTable.for_games(folder, games, server, mailboxes, service_settings=settings)
    table.start("g1")
    table.take()
    return table


def _lmtp_delivery(table: MailServerTable) -> Callable[[bytes], bool]:
    """Deliver into the judge's Dovecot mailbox over LMTP, as the MTA's last step does (the
    suite's SMTP server refuses lines over 1000 bytes, which a hostile mail is free to have)."""

    def deliver(raw: bytes) -> bool:
        for address, box in table.renamed.items():
            raw = raw.replace(address.encode(), box.encode())
        try:
            with smtplib.LMTP("127.0.0.1", table.server.lmtp_port, local_hostname="localhost") as lmtp:
                lmtp.sendmail("fuzz-envelope@example.test", [table.address], re.sub(rb"\r?\n", b"\r\n", raw))
        except smtplib.SMTPException:
            return False
        return True

    return deliver


def _maildir_delivery(table: Table) -> Callable[[bytes], bool]:
    def deliver(raw: bytes) -> bool:
        table.deliver(raw)
        return True

    return deliver


def injected(raw: bytes) -> str:
    """Why the mail we queued carries a header of the sender's making, or ""."""
    head = raw.split(b"\n\n", 1)[0]
    if not head.isascii() or any(len(line) > 998 for line in head.split(b"\n")):
        return "a header line that is not 7-bit or longer than 998 characters"
    message = message_from_bytes(raw, policy=compat32)
    names = [name.lower() for name in message]
    strange = sorted(set(names) - OUR_HEADERS)
    if strange:
        return f"headers {strange}"
    if len(names) != len(set(names)):
        return f"a header twice in {names}"
    if not re.fullmatch(r"[^\s,;<>]+@[^\s,;<>]+", str(message["to"])):
        return f"to: {message['to']} (one address, as the sender wrote it, or nothing)"
    for name in names:  # anyone may write From: victim (and get our answer); nobody may add to it
        if name not in {"subject", "to"} and VICTIM.split("@")[1] in str(message[name]):
            return f"{name}: {message[name]}"
    return ""


def push(table: Table, mails: Sequence[bytes], *, batch: int = 250) -> Figures:
    """Put ``mails`` into ``table``'s inbox ``batch`` at a time, a real run after each; the figures."""
    deliver = _lmtp_delivery(table) if isinstance(table, MailServerTable) else _maildir_delivery(table)
    figures = Figures()
    started = time.perf_counter()
    for first in range(0, len(mails), batch):
        figures.add(_push_batch(table, mails[first : first + batch], deliver, figures.batches))
        table.advance(minutes=5)
    figures.seconds = time.perf_counter() - started
    return figures


def _push_batch(
    table: Table, mails: Sequence[bytes], deliver: Callable[[bytes], bool], number: int
) -> Figures:
    figures = Figures(batches=1, mails=len(mails))
    with table.store() as store:
        last_message = _last_id(store, "messages")
        last_mail = _last_id(store, "outbox")
    figures.refused = sum(not deliver(raw) for raw in mails)
    clean_id = f"<clean.{number}.{time.monotonic_ns()}@player.test>"
    with _counting_tracebacks() as tracebacks:
        for step in ("fuzz", "clean"):
            if step == "clean":  # a player's ordinary mail after the hostile ones
                table.send(CLEAN_PLAYER[1], f"SIGNON {CLEAN_PLAYER[0]} g1 pw\nADD 1", message_id=clean_id)
            try:
                tally = table.run()
            except Exception as error:  # noqa: BLE001 - a run that dies is what the suite looks for
                figures.tracebacks += 1
                figures.stalls += 1
                figures.notes.append("the run raised " + "".join(traceback.format_exception(error)))
                continue
            if step == "fuzz":
                figures.copies = tally.duplicates
            figures.notes.extend(tally.errors[:3])
    figures.tracebacks += len(tracebacks.records)
    figures.notes.extend(f"traceback: {record.getMessage()}" for record in tracebacks.records[:3])
    with table.store() as store:
        rows = store._rows(
            "SELECT id, message_id, sender, status, outcome FROM messages WHERE id > ?", [last_message]
        )
        replies = {
            row["dedup_key"]: row
            for row in store._rows("SELECT dedup_key, status, raw FROM outbox WHERE id > ?", [last_mail])
        }
        rate_limited = {
            row["dedup_key"].split(":")[1]
            for row in store._rows("SELECT dedup_key FROM outbox WHERE dedup_key LIKE 'answer-rate:%'")
        }
    clean_row = next((row for row in rows if row["message_id"] == clean_id), None)
    if clean_row is None or replies.get(f"reply:{clean_row['id']}", {}).get("status") != "sent":
        figures.stalls += 1
        figures.notes.append(f"run {number}: the clean mail was not answered ({clean_row})")
    for row in rows:
        if row is clean_row:
            continue
        figures.stored += 1
        status = row["status"]
        if status == "done" and f"reply:{row['id']}" in replies:
            figures.answered += 1
        elif status == "done" and {row["sender"], *PLAYERS.values()} & rate_limited:
            figures.rate_limited += 1  # the answer would have gone to the sender or the power claimed
        elif status == "ignored":
            figures.ignored += 1
        elif status == "failed":
            figures.quarantined += 1
        else:
            figures.unaccounted += 1
            figures.notes.append(f"message {row['id']}: {status} ({row['outcome']}) without an answer")
    if any(row["status"] == "new" for row in rows):
        figures.stalls += 1
    for key, reply in replies.items():
        why = injected(reply["raw"])
        if why:
            figures.injected += 1
            figures.notes.append(f"{key}: {why}")
    return figures


def _last_id(store: Any, table: str) -> int:
    row = store._one(f"SELECT COALESCE(MAX(id), 0) AS last FROM {table}")
    return int(row["last"]) if row else 0
