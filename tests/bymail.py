"""The steps every game's by-mail test takes: players' mails into the inbox, the cron job at
the deadline, the game's states back out of the archived turns, and every text a mail shows.

A ``table`` is a tests.harness.Table (Maildir) or MailServerTable (real IMAP and SMTP); the
game is ``g1`` and every player's password ``pw``, as tests.harness.game sets them up.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from email.message import EmailMessage
from html import unescape
from typing import Any

from pbem.ruleset import Ruleset
from tests.harness import Table, text_of


def send_mails(table: Table, addresses: Mapping[str, str], mails: Mapping[str, str]) -> None:
    """Each power's mail of a phase (power -> the text below its SIGNON line) into the inbox."""
    for power, text in mails.items():
        table.send(addresses[power], f"SIGNON {power} g1 pw\n{text}")


def phase_id(table: Table) -> str:
    """The phase game g1 is in."""
    return table.game_row().phase_id


def to_deadline(table: Table) -> None:
    """Run the cron job at the deadline, and at the end of the grace period if someone was late."""
    row = table.game_row()
    assert row.deadline is not None
    table.now = row.deadline
    table.run()
    after = table.game_row()
    if after.phase_id == row.phase_id:  # someone was late: the grace period
        assert after.grace_until is not None
        table.now = after.grace_until
        table.run()


def archived_states(ruleset: Ruleset, turns: Iterable[Any]) -> list[Any]:
    """The states of the archived ``turns``: the first one's start, then each one's end."""
    turns = list(turns)
    return [ruleset.load_state(turns[0].state_before), *(ruleset.load_state(t.state_after) for t in turns)]


def bodies(messages: Iterable[EmailMessage]) -> list[str]:
    """Every text and HTML part of ``messages``, HTML unescaped (so "Ch'in" reads as written)."""
    messages = list(messages)
    out = [text_of(m) for m in messages]
    out += [
        unescape(str(part.get_content()))
        for m in messages
        for part in m.walk()
        if part.get_content_type() == "text/html"
    ]
    return out
