"""Reading an incoming message: its headers, whether a person wrote it, and its text.

Pure functions over raw bytes: no game knowledge here. What comes out is an
``Incoming`` that intake can act on without touching MIME again.

Everything a sender controls passes through one decoding layer that cannot
raise: ``decode_text`` (bytes in a named charset, by a fallback chain),
``header_text`` (a header as one line of text), ``msg_id`` (a Message-ID only
if it is one), ``header_date`` (a date or None) and ``_text_parts`` (the MIME
tree, to a depth limit). A message that cannot be read still yields an
Incoming (with what could be read and a ``problem``), never an exception.
"""

from __future__ import annotations

import codecs
import email
import email.parser
import email.policy
import hashlib
import re
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from email.header import decode_header
from email.message import EmailMessage, Message
from email.utils import getaddresses, parseaddr, parsedate_to_datetime
from typing import TypeVar

from pbem.frozen import Frozen
from pbem.mail.html import MAX_HTML_CHARS, html_text

T = TypeVar("T")
D = TypeVar("D")

#: our own header: mail carrying it came from a pbem and is never answered
OWN_HEADER = "X-Pbem"

#: at most this much text is read from a body: orders never need more
MAX_TEXT_CHARS = 64_000

#: MIME parts nested deeper than this, or beyond this many parts, are not read
MAX_DEPTH = 12
MAX_PARTS = 100

#: a header value is cut to this many characters: nothing we read needs more
MAX_HEADER_CHARS = 2_000

_AUTOMATIC_SENDERS = re.compile(
    r"^(mailer-daemon|postmaster|no-?reply|do-?not-?reply|bounces?|listserv|majordomo)([+@-]|$)",
    re.IGNORECASE,
)

# Subjects auto-responders write when they send no RFC 3834 header (Outlook, Gmail, Exchange,
# Thunderbird and Zimbra vacation replies, in the languages players write in).
_AUTOMATIC_SUBJECTS = re.compile(
    r"^\s*(\[?(auto(matic|matische)?[ -]?(reply|response|antwort|r[eé]ponse)|autoreply"
    r"|out of (the )?office|abwesenheitsnotiz|r[eé]ponse automatique|risposta automatica"
    r"|respuesta autom[aá]tica|automatisch antwoord|fuera de la oficina|absence du bureau)\b"
    r"|undeliverable:|undelivered mail|delivery status notification|returned mail:"
    r"|mail delivery (failed|failure|system))",
    re.IGNORECASE,
)

# RFC 5322 section 3.6.4: msg-id = "<" id-left "@" id-right ">", without the obsolete forms
# and on one line. A value that is not one never reaches a header we write.
_ATEXT = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]"
_DOT_ATOM = rf"{_ATEXT}+(?:\.{_ATEXT}+)*"
MSG_ID = re.compile(rf"<{_DOT_ATOM}@(?:{_DOT_ATOM}|\[[\x21-\x5a\x5e-\x7e]*\])>")

#: charset names mail programs write for "I do not know": read as UTF-8, then Windows-1252
_UNKNOWN_CHARSETS = {"unknown-8bit", "x-unknown", "unknown", "8bit", "default", "x-user-defined"}


class Incoming(Frozen):
    """One received message, decoded as far as intake needs."""

    message_id: str  # a valid msg-id (RFC 5322), or "" when the mail had none
    sender: str  # the From address, lower-cased; empty if there is none
    sender_name: str
    recipients: tuple[str, ...]  # To and Cc addresses, lower-cased
    subject: str  # one line, no control characters
    text: str  # the body as plain text, quotes and signature still in it
    automatic: str  # why this is a bounce or auto-reply; "" for a person's mail
    problem: str = ""  # why the body could not be read, if it could not
    in_reply_to: str = ""
    html: str = ""  # the HTML body, if there is one: its mark-up says where a quote begins


def digest(raw: bytes) -> str:
    """The SHA-256 of a message's bytes, to recognise the same delivery twice."""
    return hashlib.sha256(raw).hexdigest()


# -- the decoding layer -------------------------------------------------------


def codec_name(charset: str | None) -> str | None:
    """The Python codec of a MIME charset name, or None when it names no text codec we trust.

    Names are the sender's: they may be unknown, hold a NUL or spaces, carry an RFC 2231
    language (``utf-8*en``), or name a codec that is not a text encoding (``base64``, ``rot13``).
    """
    if not charset:
        return None
    name = charset.strip().strip("\"'").split("*", 1)[0].lower()
    if not name or name in _UNKNOWN_CHARSETS or not re.fullmatch(r"[a-z0-9_.:+-]{1,40}", name):
        return None
    try:
        info = codecs.lookup(name)
    except (LookupError, ValueError):
        return None
    if not getattr(info, "_is_text_encoding", True) or info.name in {"idna", "punycode"}:
        return None  # bytes-to-bytes codecs, and codecs that cannot replace errors
    return info.name


def decode_text(data: bytes, charset: str | None = None) -> str:
    """``data`` as text; never raises.

    The fallback chain: the named charset strictly, then UTF-8 strictly (mail labelled
    ASCII or Latin-1 is often UTF-8), then the named charset with replacement characters,
    then Windows-1252 (every byte means something; the common unlabelled 8-bit charset).
    """
    codec = codec_name(charset)
    attempts = [(codec, "strict"), ("utf-8", "strict"), (codec, "replace"), ("cp1252", "replace")]
    for name, errors in attempts:
        if name is None:
            continue
        try:
            return data.decode(name, errors)
        except Exception:  # noqa: BLE001 - a codec may raise anything on hostile input
            continue
    return data.decode("latin-1")  # cannot fail: every byte is a character


_CONTROL = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]+")


def header_text(value: str | None) -> str:
    """A header value as one line of readable text; never raises.

    Raw 8-bit bytes (which the parser keeps as surrogates) and encoded words (RFC 2047)
    are decoded by ``decode_text``; folding, CR, LF, NUL and other control characters
    become single spaces, so nothing read here can start a line of a header we write.
    """
    if value is None:
        return ""
    text = str(value)[: MAX_HEADER_CHARS * 4]
    if any("\udc80" <= char <= "\udcff" for char in text):  # raw 8-bit bytes in the header
        text = decode_text(text.encode("ascii", "surrogateescape"))
    if "=?" in text:
        text = _decode_words(text)
    return " ".join(_CONTROL.sub(" ", text).split())[:MAX_HEADER_CHARS]


def _decode_words(text: str) -> str:
    try:
        chunks = decode_header(text)
    except Exception:  # noqa: BLE001 - malformed encoded words raise deep in email
        return text
    return "".join(
        chunk if isinstance(chunk, str) else decode_text(chunk, charset) for chunk, charset in chunks
    )


def msg_id(value: str | None) -> str:
    """The first RFC 5322 msg-id in ``value``, or "" if there is none."""
    match = MSG_ID.search(header_text(value))
    return match[0] if match and len(match[0]) <= 250 else ""


def header_date(value: str | None) -> datetime | None:
    """A date header (RFC 5322) as an aware UTC time, or None if it is absent, malformed,
    without a zone, or out of range (year 9999 with a negative zone)."""
    if not value:
        return None
    try:
        moment = parsedate_to_datetime(header_text(value))
        if moment.tzinfo is None:
            return None
        return moment.astimezone(UTC)
    except Exception:  # noqa: BLE001 - TypeError, ValueError, OverflowError, IndexError
        return None


def received_at(raw: bytes, fetched_at: datetime) -> datetime:
    """When our mail server received a message: its newest Received header, else ``fetched_at``.

    The Date header is the sender's to write, so it is never trusted for lateness.
    """
    head = raw.split(b"\n\n", 1)[0].decode("utf-8", "replace")
    for block in head.replace("\n\t", " ").replace("\n ", " ").split("\n"):
        if block.lower().startswith("received:") and ";" in block:
            moment = header_date(block.rsplit(";", 1)[1])
            return fetched_at if moment is None else min(moment, fetched_at)
    return fetched_at


# -- mail too large to keep whole -----------------------------------------------

#: the header we put on the stored copy of a mail cut to size: its size when it came
SHORTENED_HEADER = "X-Pbem-Shortened-From"


def shortened(raw: bytes, limit: int) -> bytes:
    """``raw`` cut to about ``limit`` bytes: its headers and its first part, with a header
    that says how large it was. What is kept is enough to answer the sender and to show a
    referee what came; the rest (a video, a forwarded archive) is never stored."""
    end = raw.find(b"\n\n")
    head, body = (raw, b"") if end < 0 else (raw[:end + 1], raw[end + 1:])
    if len(head) > limit:  # a header block alone too large: keep whole lines up to the limit
        head = head[: head.rfind(b"\n", 0, limit) + 1]
    msg = _parsed(head, True)
    boundary = _safely(msg.get_boundary, None) if msg is not None else None
    room = max(limit - len(head), 0)
    if boundary:
        marker = b"\n--" + boundary.encode("ascii", "replace")
        first = body.find(marker)
        second = body.find(marker, first + 1) if first >= 0 else -1
        kept = body[: min(second if second >= 0 else len(body), room)]
        body = kept + marker + b"--\n"
    else:
        body = body[:room]
    return f"{SHORTENED_HEADER}: {len(raw)}\n".encode() + head + body


def shortened_from(raw: bytes) -> int:
    """How large a stored mail was before ``shortened`` cut it; 0 if it is whole."""
    if not raw.startswith(SHORTENED_HEADER.encode()):
        return 0
    value = raw[len(SHORTENED_HEADER) + 1 : raw.find(b"\n")].strip()
    return int(value) if value.isdigit() else 0


# -- reading a message ----------------------------------------------------------


def parse(raw: bytes, *, headers_only: bool = False, own_address: str = "") -> Incoming:
    """Decode ``raw`` into an Incoming; never raises.

    ``headers_only`` reads no body (for a message too large to read): the text
    is empty and ``problem`` says why. ``own_address`` is ours: mail whose X-Loop
    names it came back to us and is never answered.
    """
    # compat32: the modern policy's header objects cost milliseconds a message; here the few
    # headers we need are decoded by header_text, and bodies by body_text.
    problem = "the message was too large to read" if headers_only else ""
    if not headers_only and len(_BOUNDARY.findall(raw)) > MAX_PARTS:  # the parser's time grows with
        headers_only = True  # the square of the nesting: thousands of levels would take seconds
        problem = f"the message has more than {MAX_PARTS} parts; send your orders as plain text"
    msg = _parsed(raw, headers_only)
    if msg is None:  # the structure broke the parser (e.g. nested thousands deep): headers only
        msg = _parsed(raw, True)
        problem = "the message's structure could not be read; send your orders as plain text"
    if msg is None:
        return Incoming("", "", "", (), "", "", "", problem="the message could not be parsed")
    sender_name, sender = _address(_header(msg, "From"))
    try:
        pairs = getaddresses([_header(msg, "To"), _header(msg, "Cc")])
    except Exception:  # noqa: BLE001 - getaddresses is lenient; belt and braces
        pairs = []
    recipients = tuple(addr.lower() for _, addr in pairs if ADDRESS.fullmatch(addr))
    text = html = ""
    if not problem:
        text, problem = body_text(msg)
        html = _html_body(msg)
    return Incoming(
        message_id=msg_id(_header(msg, "Message-ID")),
        sender=sender,
        sender_name=sender_name,
        recipients=recipients,
        subject=_header(msg, "Subject"),
        text=text,
        automatic=automatic_reason(msg, sender, own_address),
        problem=problem,
        in_reply_to=msg_id(_header(msg, "In-Reply-To")),
        html=html,
    )


_BOUNDARY = re.compile(rb"boundary\s*=", re.IGNORECASE)


#: the blank line that ends a message's header block
_HEADER_END = re.compile(rb"\r?\n\r?\n")


def _parsed(raw: bytes, headers_only: bool) -> Message | None:
    """``raw`` parsed, or its headers only. The email parser reads a body line by line (a
    second for a million lines), so it is given the header block alone when the body is not
    needed, or when the body is one part, which becomes the message's payload as the parser
    would make it (the rest of the bytes, as ASCII with surrogate escapes)."""
    try:
        end = _HEADER_END.search(raw)
        head = raw[: end.end()] if end and end.start() else raw
        msg = email.parser.BytesHeaderParser(policy=email.policy.compat32).parsebytes(head)
        if headers_only:
            return msg
        whole_head = head is not raw and not msg.defects and msg.get_payload() == ""  # all of it headers
        if whole_head and msg.get_content_maintype() not in {"multipart", "message"}:
            msg.set_payload(raw[len(head) :].decode("ascii", "surrogateescape"))
            return msg
        return email.message_from_bytes(raw, policy=email.policy.compat32)
    except Exception:  # noqa: BLE001 - RecursionError on deep nesting; anything else is a bug of email
        return None


def _header(msg: Message, name: str) -> str:
    """The first header ``name`` as one line of text, read from the raw header so that the
    email package's own decoding (which may raise) never runs on it."""
    try:
        for key, value in msg.raw_items():
            if key.lower() == name.lower():
                return header_text(value)
    except Exception:  # noqa: BLE001 - a header list the parser could not make sense of
        return ""
    return ""


# an address we can answer: printable ASCII without specials, and a domain of labels
ADDRESS = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}@[A-Za-z0-9-]{1,63}(\.[A-Za-z0-9-]{1,63})+")


def _address(value: str) -> tuple[str, str]:
    """The display name and the address of a From header; the address is "" unless it is
    one we could send an answer to."""
    try:
        name, addr = parseaddr(value)
    except Exception:  # noqa: BLE001 - parseaddr is lenient; belt and braces
        return "", ""
    addr = addr.strip().lower()
    return name.strip(), addr if ADDRESS.fullmatch(addr) else ""


def automatic_reason(msg: Message, sender: str, own_address: str = "") -> str:
    """Why ``msg`` must not be answered (RFC 3834 and common practice), or "".

    Answering software is how mail loops start: anything that says it was sent by a
    program, a list or a mail server, that carries our own marks, or that reads like
    an auto-responder's subject, gets no answer.
    """
    auto_submitted = _header(msg, "Auto-Submitted").lower()
    if auto_submitted and auto_submitted != "no":
        return f"Auto-Submitted: {auto_submitted}"
    if _header(msg, OWN_HEADER):
        return f"{OWN_HEADER} header (our own mail)"
    if own_address and any(
        own_address.lower() in header_text(value).lower()
        for key, value in msg.raw_items()
        if key.lower() == "x-loop"
    ):
        return f"X-Loop: {own_address} (our own mail came back)"
    precedence = _header(msg, "Precedence").lower()
    if precedence in {"bulk", "junk", "list", "auto_reply"}:
        return f"Precedence: {precedence}"
    for name in ("List-Id", "List-Unsubscribe", "List-Post", "X-Autoreply", "X-Autorespond"):
        if _header(msg, name):
            return f"{name} header"
    suppress = _header(msg, "X-Auto-Response-Suppress").lower()
    if "all" in suppress or "autoreply" in suppress or "oof" in suppress:
        return f"X-Auto-Response-Suppress: {suppress}"
    return_path = _header(msg, "Return-Path")
    if any(key.lower() == "return-path" for key, _ in msg.raw_items()) and return_path in {"<>", ""}:
        return "empty Return-Path (a bounce)"
    _, return_address = parseaddr(return_path) if return_path else ("", "")
    if return_address and _AUTOMATIC_SENDERS.match(return_address.split("@")[0] + "@"):
        return f"Return-Path {return_address.lower()}"
    try:
        content_type = msg.get_content_type()
    except Exception:  # noqa: BLE001 - a Content-Type the email package cannot read
        content_type = "text/plain"
    if content_type in {"multipart/report", "message/delivery-status"}:
        return "a delivery or disposition report"
    if not sender:
        return "no From address"
    if _AUTOMATIC_SENDERS.match(sender.split("@")[0] + "@"):
        return f"sent by {sender}"
    subject = _header(msg, "Subject")
    if _AUTOMATIC_SUBJECTS.match(subject):
        return f"an auto-responder's subject ({subject[:60]!r})"
    return ""


def body_text(msg: Message) -> tuple[str, str]:
    """The message's text: text/plain preferred, else HTML made text; and a problem.

    Attachments are ignored. Charsets come from the part (through ``decode_text``'s
    fallback chain), and a BOM is dropped.
    """
    plain = html = None
    problems: list[str] = []
    for part in _text_parts(msg, problems):
        content_type = _safely(part.get_content_type, "text/plain")
        if content_type.startswith("multipart/"):  # a multipart without its boundary: plain text
            content_type = "text/plain"
        if content_type == "text/plain" and plain is None:
            plain = _decode(part)
        elif content_type == "text/html" and html is None:
            html = _decode(part)
    if plain is not None and plain.strip():
        text = plain
    elif html is not None:
        read = _safely(lambda: html_text(html or ""), None)
        text = read.text if read else ""
        if read and read.cut:
            problems.append(f"only the first {MAX_HTML_CHARS} characters of the HTML were read")
    elif plain is not None:
        text = plain
    else:
        problems.append("the message has no text part (send your orders as plain text or HTML)")
        return "", "; ".join(problems)
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
    if len(text) > MAX_TEXT_CHARS:
        text = text[:MAX_TEXT_CHARS]
        problems.append(f"only the first {MAX_TEXT_CHARS} characters were read")
    return text, "; ".join(problems)


def _html_body(msg: Message) -> str:
    """The first text/html part, decoded, or ""."""
    for part in _text_parts(msg, []):
        if _safely(part.get_content_type, "") == "text/html":
            return _decode(part)
    return ""


def _text_parts(msg: Message, problems: list[str]) -> Iterator[Message]:
    """The leaf parts that are not attachments, in order, at most ``MAX_DEPTH`` deep and
    ``MAX_PARTS`` many (the email package's own walk recurses without a limit)."""
    stack: list[tuple[Message, int]] = [(msg, 0)]
    seen = 0
    while stack:
        part, depth = stack.pop()
        seen += 1
        if seen > MAX_PARTS:
            problems.append(f"only the first {MAX_PARTS} parts of the message were read")
            return
        if part.is_multipart():
            if depth >= MAX_DEPTH:
                problems.append(f"parts nested more than {MAX_DEPTH} deep were not read")
                continue
            children = part.get_payload()
            if isinstance(children, list):
                stack.extend((child, depth + 1) for child in reversed(children)
                             if isinstance(child, Message))
            continue
        if _safely(part.get_content_disposition, None) != "attachment":
            yield part


def _decode(part: Message) -> str:
    payload = _safely(lambda: part.get_payload(decode=True), None)
    if not isinstance(payload, bytes):
        return ""
    charset = _safely(part.get_content_charset, None)
    if payload.startswith(b"\xef\xbb\xbf"):
        payload, charset = payload[3:], "utf-8"
    elif payload.startswith((b"\xff\xfe", b"\xfe\xff")):
        charset = "utf-16"
    return decode_text(payload, charset).lstrip("\ufeff")


def _safely(read: Callable[[], T], default: D) -> T | D:
    """``read()``, or ``default`` when the email package raises on a broken part."""
    try:
        return read()
    except Exception:  # noqa: BLE001 - a broken part is skipped, never a traceback
        return default


def as_email_message(raw: bytes) -> EmailMessage:
    """``raw`` parsed with the modern policy, for tests and re-sending."""
    message: EmailMessage = email.message_from_bytes(raw, policy=email.policy.default)  # type: ignore[assignment]
    return message
