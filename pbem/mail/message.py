"""Reading an incoming message: its headers, whether a person wrote it, and its text.

Pure functions over raw bytes: no game knowledge here. What comes out is an
``Incoming`` that intake can act on without touching MIME again. Everything is
defensive: a message that cannot be decoded still yields an Incoming (with an
empty text and a ``problem``), never an exception.
"""

from __future__ import annotations

import email
import email.parser
import email.policy
import hashlib
import re
from dataclasses import dataclass
from email.header import decode_header, make_header
from email.message import EmailMessage, Message
from email.utils import getaddresses, parseaddr

from pbem.mail.html import html_to_text

#: our own header: mail carrying it came from a pbem and is never answered
OWN_HEADER = "X-Pbem"

#: at most this much text is read from a body: orders never need more
MAX_TEXT_CHARS = 64_000

_AUTOMATIC_SENDERS = re.compile(
    r"^(mailer-daemon|postmaster|no-?reply|do-?not-?reply|bounces?|listserv|majordomo)([+@-]|$)",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Incoming:
    """One received message, decoded as far as intake needs."""

    message_id: str
    sender: str  # the From address, lower-cased; empty if there is none
    sender_name: str
    recipients: tuple[str, ...]  # To and Cc addresses, lower-cased
    subject: str
    text: str  # the body as plain text, quotes and signature still in it
    automatic: str  # why this is a bounce or auto-reply; "" for a person's mail
    problem: str = ""  # why the body could not be read, if it could not
    in_reply_to: str = ""


def digest(raw: bytes) -> str:
    """The SHA-256 of a message's bytes, to recognise the same delivery twice."""
    return hashlib.sha256(raw).hexdigest()


def parse(raw: bytes, *, headers_only: bool = False) -> Incoming:
    """Decode ``raw`` into an Incoming; never raises.

    ``headers_only`` reads no body (for a message too large to read): the text
    is empty and ``problem`` says why.
    """
    # compat32: the modern policy's header objects cost milliseconds a message; here the few
    # headers we need are decoded by _header, and bodies by body_text.
    try:
        if headers_only:
            msg = email.parser.BytesHeaderParser(policy=email.policy.compat32).parsebytes(raw)
        else:
            msg = email.message_from_bytes(raw, policy=email.policy.compat32)
    except Exception:  # noqa: BLE001 - the stdlib parser is lenient; this is belt and braces
        return Incoming("", "", "", (), "", "", "", problem="the message could not be parsed")
    sender_name, sender = _address(_header(msg, "From"))
    recipients = tuple(
        addr.lower() for _, addr in getaddresses([_header(msg, "To"), _header(msg, "Cc")]) if "@" in addr
    )
    text, problem = ("", "the message was too large to read") if headers_only else body_text(msg)
    return Incoming(
        message_id=_header(msg, "Message-ID").strip(),
        sender=sender,
        sender_name=sender_name,
        recipients=recipients,
        subject=" ".join(_header(msg, "Subject").split()),
        text=text,
        automatic=automatic_reason(msg, sender),
        problem=problem,
        in_reply_to=_header(msg, "In-Reply-To").strip(),
    )


def _header(msg: Message, name: str) -> str:
    """A header as text, encoded words decoded; a header too broken to decode is taken as is."""
    value = msg.get(name)
    if value is None:
        return ""
    text = str(value)
    if any("\udc80" <= char <= "\udcff" for char in text):  # raw 8-bit bytes in the header
        text = text.encode("ascii", "surrogateescape").decode("utf-8", "replace")
    if "=?" not in text:
        return text
    try:
        return str(make_header(decode_header(text)))
    except Exception:  # noqa: BLE001 - malformed encoded words raise deep in email
        return text


def _address(value: str) -> tuple[str, str]:
    name, addr = parseaddr(value)
    addr = addr.strip().lower()
    return name.strip(), addr if "@" in addr else ""


def automatic_reason(msg: Message, sender: str) -> str:
    """Why ``msg`` must not be answered (RFC 3834 and common practice), or ""."""
    auto_submitted = _header(msg, "Auto-Submitted").strip().lower()
    if auto_submitted and auto_submitted != "no":
        return f"Auto-Submitted: {auto_submitted}"
    if _header(msg, OWN_HEADER):
        return f"{OWN_HEADER} header (our own mail)"
    precedence = _header(msg, "Precedence").strip().lower()
    if precedence in {"bulk", "junk", "list", "auto_reply"}:
        return f"Precedence: {precedence}"
    for name in (
        "List-Id",
        "List-Unsubscribe",
        "X-Autoreply",
        "X-Autorespond",
        "X-Auto-Response-Suppress",
    ):
        if name == "X-Auto-Response-Suppress":
            value = _header(msg, name).lower()
            if "all" in value or "autoreply" in value or "oof" in value:
                return f"{name}: {value}"
        elif _header(msg, name):
            return f"{name} header"
    return_path = msg.get("Return-Path")
    if return_path is not None and str(return_path).strip() in {"<>", ""}:
        return "empty Return-Path (a bounce)"
    content_type = msg.get_content_type()
    if content_type == "multipart/report":
        return "a delivery or disposition report"
    if not sender:
        return "no From address"
    if _AUTOMATIC_SENDERS.match(sender.split("@")[0] + "@"):
        return f"sent by {sender}"
    return ""


def body_text(msg: Message) -> tuple[str, str]:
    """The message's text: text/plain preferred, else HTML made text; and a problem.

    Attachments are ignored. Charsets come from the part; a part that names an
    unknown charset is read as UTF-8 with replacement, and a BOM is dropped.
    """
    plain = html = None
    for part in msg.walk():
        if part.is_multipart():
            continue
        if part.get_content_disposition() == "attachment":
            continue
        content_type = part.get_content_type()
        if content_type == "text/plain" and plain is None:
            plain = _decode(part)
        elif content_type == "text/html" and html is None:
            html = _decode(part)
    if plain is not None and plain.strip():
        text = plain
    elif html is not None:
        text = html_to_text(html)
    elif plain is not None:
        text = plain
    else:
        return "", "the message has no text part (send your orders as plain text or HTML)"
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if len(text) > MAX_TEXT_CHARS:
        return text[:MAX_TEXT_CHARS], f"only the first {MAX_TEXT_CHARS} characters were read"
    return text, ""


def _decode(part: Message) -> str:
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes):
        return ""
    charset = part.get_content_charset() or "utf-8"
    if payload.startswith(b"\xef\xbb\xbf"):
        payload, charset = payload[3:], "utf-8"
    elif payload.startswith((b"\xff\xfe", b"\xfe\xff")):
        charset = "utf-16"
    try:
        text = payload.decode(charset, errors="replace")
    except LookupError:
        text = payload.decode("utf-8", errors="replace")
    return text.lstrip("\ufeff")


def as_email_message(raw: bytes) -> EmailMessage:
    """``raw`` parsed with the modern policy, for tests and re-sending."""
    message: EmailMessage = email.message_from_bytes(raw, policy=email.policy.default)  # type: ignore[assignment]
    return message
