"""A mail with its secrets taken out: what is kept of a mail that held a password.

A secret is taken out where it stands as a word of its own (not inside a longer word: a
password 'pw' leaves 'pwned' alone), in every text part, decoded (quoted-printable, base64,
any charset), and in the headers. Where a secret would stay (an attachment that is not text,
the bytes around the parts, a mail the email package cannot rewrite), the mail keeps only its
identifying headers and a line that says its body was taken out: a secret never rests.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from email import message_from_bytes
from email.header import decode_header, make_header
from email.message import EmailMessage
from email.policy import SMTP, default

MARK = "[redacted]"
#: what a mail keeps when its body cannot be rewritten without its secrets
KEPT_HEADERS = ("From", "To", "Cc", "Date", "Message-ID", "In-Reply-To", "References", "Subject")


def pattern(secrets: Iterable[str]) -> re.Pattern[str] | None:
    """Any of ``secrets`` as a word of its own; None if there are none."""
    words = sorted({secret for secret in secrets if secret}, key=len, reverse=True)
    if not words:
        return None
    return re.compile(r"(?<![\w])(?:" + "|".join(re.escape(word) for word in words) + r")(?![\w])")


def redacted_text(text: str, secrets: Iterable[str]) -> str:
    """``text`` with every one of ``secrets`` replaced by ``MARK``."""
    found = pattern(secrets)
    return found.sub(MARK, text) if found else text


def redacted(raw: bytes, secrets: Iterable[str]) -> bytes:
    """``raw`` without ``secrets``; ``raw`` itself if it holds none."""
    found = pattern(secrets)
    if found is None:
        return raw
    try:
        rewritten = _rewritten(raw, found)
    except Exception:  # noqa: BLE001 - any mail the package cannot rewrite is cut down instead
        rewritten = None
    if rewritten is None or found.search(rewritten.decode("utf-8", "replace")):
        return cut_down(raw, found)  # a secret it could not take out, or one left in plain sight
    return rewritten


def _header_text(value: str) -> str:
    """A header's value as read, its RFC 2047 words decoded; without the cost of parsing every
    header into its structured form, which the secrets do not need."""
    if "=?" not in value:
        return value
    try:
        return str(make_header(decode_header(value)))
    except (LookupError, ValueError, UnicodeError):
        return value


def _text(part: EmailMessage) -> str:
    try:
        return str(part.get_content())
    except (LookupError, ValueError, AssertionError):
        payload = part.get_payload(decode=True)
        return payload.decode("utf-8", "replace") if isinstance(payload, bytes) else str(payload)


def _rewritten(raw: bytes, found: re.Pattern[str]) -> bytes | None:
    """``raw`` with ``found`` replaced in its headers and text parts; None if a part that is
    not text holds a secret. What it writes is clean by construction: each text is written
    again from its decoded content, secrets replaced."""
    message = message_from_bytes(raw, policy=default)
    assert isinstance(message, EmailMessage)
    for name, value in list(message.raw_items()):
        text = _header_text(value)
        if found.search(text):
            message.replace_header(name, found.sub(MARK, text))
    for part in message.walk():
        if part.is_multipart():
            continue
        if part.get_content_maintype() != "text":
            payload = part.get_payload(decode=True)
            if isinstance(payload, bytes) and found.search(payload.decode("utf-8", "replace")):
                return None
            continue
        text = _text(part)
        if found.search(text):
            disposition = part.get("Content-Disposition")
            part.set_content(found.sub(MARK, text), subtype=part.get_content_subtype(), charset="utf-8")
            if disposition:
                part.replace_header("Content-Disposition", str(disposition))
    return message.as_bytes(policy=SMTP.clone(linesep="\n"))


def cut_down(raw: bytes, found: re.Pattern[str] | None = None) -> bytes:
    """The identifying headers of ``raw`` (secrets ``found`` taken out) over a body that says why:
    what is kept of a mail whose secrets cannot be found in it, or taken out of it."""
    original = message_from_bytes(raw, policy=default)
    message = EmailMessage()
    for name in KEPT_HEADERS:
        value = original.get(name)
        if value is not None:
            try:
                message[name] = found.sub(MARK, str(value)) if found else str(value)
            except (ValueError, TypeError):
                continue
    message.set_content("[the body of this mail held a password and was taken out]\n")
    return message.as_bytes(policy=SMTP.clone(linesep="\n"))
