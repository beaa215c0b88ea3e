"""Reading a bounce: which of our mails a mail server could not deliver, to whom, and why.

A server that cannot deliver a mail sends its sender a delivery-status report (RFC 3464: a
``multipart/report; report-type=delivery-status`` whose ``message/delivery-status`` part has a
block per recipient: ``Final-Recipient``, ``Action``, ``Status``, ``Diagnostic-Code``), with the
undelivered mail or its headers attached (``message/rfc822``, ``text/rfc822-headers``). Older
servers write the same in prose; qmail's is the one still common ("Hi. This is the qmail-send
program ... <address>: reason ... --- Below this line is a copy of the message."). Either way
what matters is which of our mails (and so which player) it was, and the server's reason, for
the referee. The undelivered mail's Message-ID says which, where the server quotes it; the
address the bounce was delivered to says it always, where we sent the mail from a return
address of the recipient's own (``pbem.mail.verp``): the delivering server writes it in
``Delivered-To``, ``X-Original-To`` or ``Envelope-To``, and the bounce's ``To`` names it.
Exim's prose ("This message was created automatically by mail delivery software ... The
following address(es) failed:") is read too.

Pure: bytes in, a ``Bounce`` or None out, never an exception. Only a failure is a bounce: a
report of a delay, a delivery or a relay (``Action: delayed|delivered|relayed|expanded``) is
none. Knows nothing of games (``pbem.turns.bounces`` matches a bounce to a player).
"""

from __future__ import annotations

import dataclasses
import email
import email.policy
import re
from email.message import Message

from pbem.frozen import Frozen

#: a bounce's reason is cut to this: a line in the referee's notice
MAX_REASON_CHARS = 300

_QMAIL = re.compile(r"^Hi\. This is the qmail-send program", re.MULTILINE)
_QMAIL_RECIPIENT = re.compile(r"^<([^<>\s]+@[^<>\s]+)>:\s*\n((?:.+\n?)+?)(?:\n|$)", re.MULTILINE)
_QMAIL_COPY = re.compile(r"^--- Below this line is a copy of the message\.?\s*$", re.MULTILINE)
_MESSAGE_ID = re.compile(r"^Message-ID:\s*(<[^<>\s]+>)", re.IGNORECASE | re.MULTILINE)
_WORDS = re.compile(r"[\s<>;,]+")
_EXIM = re.compile(r"^This message was created automatically by mail delivery software", re.MULTILINE)
_EXIM_FAILED = re.compile(r"following address(?:es|\(es\))? failed:", re.IGNORECASE)
_EXIM_COPY = re.compile(r"^-{3,} This is a copy of the message", re.MULTILINE)
#: the fields that name the envelope sender of the mail a bounce returns
_ENVELOPE_SENDER = ("return-path:", "x-postfix-sender:")
#: the headers a delivering server records the envelope recipient in, and the bounce's own To
RETURNED_TO = ("Delivered-To", "X-Original-To", "Envelope-To", "X-Envelope-To", "To")


class Bounce(Frozen):
    """One recipient a mail could not be delivered to."""

    recipient: str  # the address that failed, lower case ("" when the report names none)
    status: str  # the RFC 3463 status, "5.1.1" ("" when none)
    reason: str  # the server's words, "550 5.1.1 <anna@example.org>: user unknown"
    original_message_id: str  # the undelivered mail's Message-ID with its <>, or ""
    #: where the bounce was delivered: its Delivered-To, X-Original-To, Envelope-To and To
    returned_to: tuple[str, ...] = ()


def read_bounce(raw: bytes) -> Bounce | None:
    """The failure ``raw`` reports, if it is a bounce (the first failed recipient's)."""
    try:
        message = email.message_from_bytes(raw, policy=email.policy.compat32)
        bounce = None
        if message.get_content_type() == "multipart/report":
            bounce = _delivery_status(message)
        else:
            text = _first_text(message)
            if _QMAIL.search(text):
                bounce = _qmail(text)
            elif _EXIM.search(text):
                bounce = _exim(text)
        if bounce is None:
            return None
        return dataclasses.replace(bounce, returned_to=_returned_to(message, raw))
    except Exception:  # noqa: BLE001 - a bounce we cannot read is treated as none (module docstring)
        return None


def _returned_to(message: Message, raw: bytes) -> tuple[str, ...]:
    """Where the bounce was delivered (its own headers), then the envelope sender of the mail it
    returns, where it says: Postfix's ``X-Postfix-Sender``, a copy's ``Return-Path`` (a bounce
    relayed on, or one whose server wrote no delivery headers)."""
    found: list[str] = []
    for name in RETURNED_TO:
        for value in message.get_all(name) or []:
            found.extend(_addresses(str(value)))
    for line in raw.decode("utf-8", "replace").split("\n"):
        if line[:17].lower().startswith(_ENVELOPE_SENDER):
            found.extend(_addresses(line.partition(":")[2]))
    return tuple(dict.fromkeys(found))


def _delivery_status(report: Message) -> Bounce | None:
    if str(report.get_param("report-type") or "").lower() != "delivery-status":
        return None
    fields: list[Message] = []
    original = ""
    for part in report.walk():
        kind = part.get_content_type()
        if kind == "message/delivery-status":
            blocks = [block for block in part.get_payload() if isinstance(block, Message)]
            if blocks and not original:  # Gmail names the mail in the report's own fields
                original = _message_id(str(blocks[0].get("X-Original-Message-ID", "")))
            fields.extend(blocks)
        elif kind == "message/rfc822" and not original:
            attached = part.get_payload()
            inner = attached[0] if isinstance(attached, list) and attached else None
            if isinstance(inner, Message):
                original = _message_id(str(inner.get("Message-ID", "")))
        elif kind == "text/rfc822-headers" and not original:
            found = _MESSAGE_ID.search(_decoded(part))
            original = found[1] if found else ""
    for block in fields:
        if (block.get("Action") or "").strip().lower() != "failed":
            continue
        recipient = _address(block.get("Final-Recipient") or block.get("Original-Recipient") or "")
        diagnostic = " ".join(str(block.get("Diagnostic-Code") or "").split())
        reason = diagnostic.split(";", 1)[1].strip() if ";" in diagnostic else diagnostic
        status = (block.get("Status") or "").strip().split(" ")[0]
        return Bounce(
            recipient=recipient,
            status=status,
            reason=(reason or status)[:MAX_REASON_CHARS],
            original_message_id=original,
        )
    return None


def _qmail(text: str) -> Bounce | None:
    copy = _QMAIL_COPY.search(text)
    head, tail = (text[: copy.start()], text[copy.end() :]) if copy else (text, "")
    found = _QMAIL_RECIPIENT.search(head)
    if found is None:
        return None
    reason = " ".join(found[2].split())
    status = re.search(r"\b([245]\.\d{1,3}\.\d{1,3})\b", reason)
    original = _MESSAGE_ID.search(tail)
    return Bounce(
        recipient=found[1].lower(),
        status=status[1] if status else "",
        reason=reason[:MAX_REASON_CHARS],
        original_message_id=original[1] if original else "",
    )


def _exim(text: str) -> Bounce | None:
    """Exim's prose: the address on the first line after "The following address(es) failed:",
    the server's words on the indented lines under it. Read line by line: a pattern over the
    whole could take minutes on a mail made to stall it."""
    copy = _EXIM_COPY.search(text)
    head, tail = (text[: copy.start()], text[copy.end() :]) if copy else (text, "")
    lines = head.split("\n")
    start = next((n for n, line in enumerate(lines) if _EXIM_FAILED.search(line)), None)
    if start is None:
        return None
    rest = lines[start + 1 :]
    first = next((n for n, line in enumerate(rest) if line.strip()), len(rest))
    found = _addresses(rest[first]) if first < len(rest) else []
    if not found:
        return None
    details = []
    for line in rest[first + 1 :]:
        if not line.strip() or not line[:1].isspace():
            break
        details.append(line.strip())
    # the server's answer, "550 5.1.1 ...", is the last lines; "host ..." and "SMTP error ..." lead to it
    answer = next((n for n, line in enumerate(details) if re.match(r"[245]\d\d[ -]", line)), None)
    reason = " ".join(details[answer:] if answer is not None else details)
    status = re.search(r"\b([245]\.\d{1,3}\.\d{1,3})\b", reason)
    original = _MESSAGE_ID.search(tail)
    return Bounce(
        recipient=found[0],
        status=status[1] if status else "",
        reason=reason[:MAX_REASON_CHARS],
        original_message_id=original[1] if original else "",
    )


def _first_text(message: Message) -> str:
    for part in message.walk():
        if part.get_content_type() == "text/plain":
            return _decoded(part)
    return ""


def _decoded(part: Message) -> str:
    payload = part.get_payload(decode=True)
    if isinstance(payload, bytes):
        return payload.decode(part.get_content_charset() or "utf-8", "replace").replace("\r\n", "\n")
    return str(part.get_payload()).replace("\r\n", "\n")


def _address(field: str) -> str:
    """The address of a recipient field: "rfc822; anna@example.org" gives anna@example.org."""
    found = _addresses(field.split(";", 1)[-1])
    return found[0] if found else ""


def _addresses(text: str) -> list[str]:
    """The words of ``text`` with an @ in them, lower case, without their <>: split, not matched
    by a pattern, so that a field made of thousands of @ costs no more than its length."""
    return [word.lower() for word in _WORDS.split(text) if "@" in word.strip("@")]


def _message_id(value: str) -> str:
    found = re.search(r"<[^<>\s]+>", value)
    return found[0] if found else ""
