"""Helpers for the front-door tests: a judge with no game in its config, and its players' mail."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import getaddresses
from typing import Any

from tests.harness import Table, text_of

OPEN_JUDGE = {"judge": {"create": "anyone", "muster": "48h", "joins_per_day": 20, "games_per_address": 9}}


def reply_address(message: EmailMessage) -> str:
    """Where a reply to ``message`` goes: its Reply-To (a seat's or player's token address)."""
    [(_, address)] = getaddresses([str(message["Reply-To"])])
    return address


def latest(table: Table, address: str, containing: str = "") -> EmailMessage:
    """The newest mail to ``address`` (whose text holds ``containing``), taken from the outbox."""
    mails = [m for m in table.mails_to(address) if containing in text_of(m) + str(m["Subject"])]
    assert mails, f"no mail to {address} with {containing!r}"
    return mails[-1]


def say(table: Table, sender: str, text: str, **kwargs: Any) -> str:
    """``sender`` mails the judge ``text``; a run; the text of the judge's answer to it."""
    before = len(table.mails_to(sender))
    table.send(sender, text, **kwargs)
    table.run()
    fresh = table.mails_to(sender)[before:]
    answers = [m for m in fresh if str(m["Subject"]).startswith(("Your mail to", "Re:"))]
    assert answers, f"{sender} got no answer to {text!r}"
    return text_of(answers[0])
