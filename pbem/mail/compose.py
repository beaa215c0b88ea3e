"""Outgoing mail: building the messages pbem sends, with the headers that keep mail sane.

Every message carries ``Auto-Submitted`` (RFC 3834: ``auto-replied`` for answers
to a player's mail, ``auto-generated`` for reports and notices), ``X-Loop`` with
our address and our own ``X-Pbem`` header, so that no mail program, no other pbem
and not we ourselves answer it, and a Message-ID fixed when it is queued, so that
a retried send is recognisable as the same message.

Nothing a sender wrote reaches a header unchecked: In-Reply-To and References hold
an id only if it is an RFC 5322 msg-id, and text (an echoed subject) is made one
line and folded, so no incoming value can start a header of its own.
"""

from __future__ import annotations

import base64
import quopri
import re
import secrets
from datetime import datetime
from email.header import Header
from email.utils import format_datetime, formataddr

from pbem import __version__
from pbem.frozen import Frozen
from pbem.mail.message import MSG_ID, OWN_HEADER
from pbem.mail.pictures import Picture, as_png, without_pictures


class Outgoing(Frozen):
    """What a mail says, before it is given headers and bytes."""

    to: str
    subject: str
    text: str
    html: str | None = None
    reply_to: str | None = None
    in_reply_to: str | None = None
    automatic: str = "auto-generated"  # or "auto-replied"
    maps: str = "inline"  # the HTML's maps: "inline" (shown), "attached" (PNG files), "off" (left out)
    text_only: bool = False  # no HTML part: its maps, unless "off", are attached


def new_message_id(domain: str) -> str:
    return f"<pbem.{secrets.token_hex(12)}@{domain or 'localhost'}>"


def compose(outgoing: Outgoing, *, sender: str, sender_name: str, message_id: str, date: datetime) -> bytes:
    """The bytes of ``outgoing``, ready for the send queue.

    Written directly rather than through the email package's generator: our mail
    has one fixed shape (a text part, and an HTML part beside it), and reports
    with a map picture are large enough that the generic generator dominated a
    run's time. The result parses back with the email package (tested).

    An HTML part's inline SVG maps are sent as PNG parts it shows by ``cid:``
    (pbem.mail.pictures), in a multipart/related around the text and HTML.
    """
    headers = [
        ("From", formataddr((sender_name, sender), "utf-8") if sender_name else sender),
        ("To", _header_text(outgoing.to)),
        ("Subject", _header_text(outgoing.subject)),
        ("Date", format_datetime(date)),
        ("Message-ID", message_id),
    ]
    if outgoing.reply_to:
        headers.append(("Reply-To", outgoing.reply_to))
    if outgoing.in_reply_to and MSG_ID.fullmatch(outgoing.in_reply_to):
        headers += [("In-Reply-To", outgoing.in_reply_to), ("References", outgoing.in_reply_to)]
    headers += [
        ("Auto-Submitted", outgoing.automatic),
        ("Precedence", "bulk" if outgoing.automatic == "auto-generated" else "auto_reply"),
        ("X-Loop", sender),
        (OWN_HEADER, f"pbem {__version__}"),
        ("MIME-Version", "1.0"),
    ]
    head = "".join(f"{name}: {value}\n" for name, value in headers)
    source = without_pictures(outgoing.html or "") if outgoing.maps == "off" else outgoing.html or ""
    if not source or (outgoing.text_only and outgoing.maps == "off"):
        return (head + _part("plain", outgoing.text)).encode("ascii")
    html, pictures = as_png(source, message_id.strip("<>").partition("@")[2])
    attached = outgoing.text_only or outgoing.maps == "attached"
    if attached:
        html = _PICTURE_TAG.sub("", html)
    boundary = f"=_pbem_{secrets.token_hex(16)}"
    body = (
        _part("plain", outgoing.text)
        if outgoing.text_only
        else (
            f'Content-Type: multipart/alternative; boundary="{boundary}"\n\n'
            f"--{boundary}\n{_part('plain', outgoing.text)}\n"
            f"--{boundary}\n{_part('html', html)}\n"
            f"--{boundary}--\n"
        )
    )
    if pictures:
        body = _with_pictures(body, pictures, attached)
    return (head + body).encode("ascii")


#: the ``<img>`` of a picture sent with the mail (``as_png``), taken out when it is attached instead
_PICTURE_TAG = re.compile(r'<img src="cid:[^"]*"[^>]*>')


def _with_pictures(alternative: str, pictures: list[Picture], attached: bool) -> str:
    """The text and HTML with the pictures the HTML shows (RFC 2387): ``inline`` with a file
    name, so a text-only client offers each picture as an attachment to open; or, where the
    player asked for them ``attached`` (or for text only), as attachments beside it."""
    boundary = f"=_pbem_{secrets.token_hex(16)}"
    container = "multipart/mixed" if attached else 'multipart/related; type="multipart/alternative"'
    parts = [f'Content-Type: {container}; boundary="{boundary}"\n', f"--{boundary}\n{alternative}"]
    for picture in pictures:
        data = base64.encodebytes(picture.data).decode("ascii")
        parts.append(
            f"--{boundary}\n"
            f'Content-Type: image/png; name="{picture.filename}"\n'
            "Content-Transfer-Encoding: base64\n"
            f"Content-ID: <{picture.content_id}>\n"
            f'Content-Disposition: {"attachment" if attached else "inline"}; filename="{picture.filename}"'
            f"\n\n{data}"
        )
    parts.append(f"--{boundary}--\n")
    return "\n".join(parts)


def _header_text(value: str) -> str:
    """A header value in 7 bits, folded at 78 columns: line breaks and control characters
    (a header injection) made spaces, encoded words (RFC 2047) where it is not ASCII, and
    at most 900 characters of text."""
    value = " ".join("".join(" " if ord(char) < 32 or ord(char) == 127 else char for char in value).split())
    value = value[:900]
    if not value.isascii():
        return Header(value, "utf-8", header_name="Subject").encode(linesep="\n")
    lines = [""]
    for word in value.split(" "):  # fold at the spaces; unfolding gives the value back
        width = len(lines[-1]) + (len("Subject: ") if len(lines) == 1 else 0)
        if lines[-1] and width + 1 + len(word) > 78:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}" if lines[-1] else word
    return "\n ".join(lines)


#: what a 7bit part may not hold (RFC 2045 2.7): anything but printable ASCII, tabs and line ends
_NOT_SEVEN_BIT = re.compile(r"[^\t\n\x20-\x7e]")


def _part(subtype: str, text: str) -> str:
    """One text part: US-ASCII as it is where it can be, else UTF-8 quoted-printable
    (7-bit safe and still legible; a control character a player wrote is quoted, never sent
    raw), with its headers."""
    if not text.endswith("\n"):
        text += "\n"
    if not _NOT_SEVEN_BIT.search(text) and all(len(line) <= 998 for line in text.split("\n")):
        return f'Content-Type: text/{subtype}; charset="us-ascii"\nContent-Transfer-Encoding: 7bit\n\n{text}'
    encoded = quopri.encodestring(text.encode("utf-8")).decode("ascii")
    return (
        f'Content-Type: text/{subtype}; charset="utf-8"\n'
        f"Content-Transfer-Encoding: quoted-printable\n\n{encoded}"
    )
