"""Pictures kept once: a map in many stored reports and queued mails is one row of ``pictures``.

Every viewer's report of a Diplomacy phase holds the same map (its SVG, some 70 kB), and every
mail of the phase the same picture (its PNG in base64, some 50 kB). Kept in each row, the
database wrote a phase's map sixteen times, and a mail's whole 52 kB again when it was
recorded as sent. So each large picture is kept once, by its digest, and a reference left in
its place: in a mail ``\\0picture:<sha256>\\0`` (no mail pbem writes holds a NUL byte), in a
report's HTML ``<pbem-picture sha256="..."/>`` (PostgreSQL's text holds no NUL; a tag a player
wrote reaches the HTML escaped). ``restored`` puts the pictures back. Rows written before keep
their pictures and read the same.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from typing import TypeVar

from pbem.store.connection import Connection

#: the pictures set aside: an inline SVG in a report's HTML, the base64 body of a mail's PNG part
#: (every line up to the part's boundary); smaller ones are left where they are
_SVG = re.compile(r"<svg\b[^<]*(?:<(?!/svg>)[^<]*)*</svg>")
_PNG_PART = re.compile(rb"Content-Type: image/png;[^\n]*\n(?:[^\n]+\n)*\n((?:[A-Za-z0-9+/=]+\n)+)")
SMALLEST = 2048
#: how many pictures read are kept at hand
RECENT = 8
_REFERENCE = re.compile(r'<pbem-picture sha256="([0-9a-f]{64})"/>')
_REFERENCE_BYTES = re.compile(rb"\x00picture:([0-9a-f]{64})\x00")

Text = TypeVar("Text", str, bytes)


class Pictures(Connection):
    """The pictures table, and the rows of other tables that refer to it."""

    def set_aside_svg(self, html: str) -> str:
        """``html`` (a stored report) with each large inline SVG kept in ``pictures``."""

        def keep(match: re.Match[str]) -> str:
            if len(match[0]) < SMALLEST:
                return match[0]
            return f'<pbem-picture sha256="{self._kept(match[0].encode("utf-8"))}"/>'

        return _SVG.sub(keep, html) if "<svg" in html else html

    def set_aside_png(self, raw: bytes) -> bytes:
        """``raw`` (a queued mail) with each PNG part's base64 body kept in ``pictures``."""

        def keep(match: re.Match[bytes]) -> bytes:
            if len(match[1]) < SMALLEST:
                return match[0]
            reference = f"\x00picture:{self._kept(match[1])}\x00".encode("ascii")
            return match[0][: match.start(1) - match.start()] + reference

        return _PNG_PART.sub(keep, raw)

    def restored(self, stored: Text) -> Text:
        """``stored`` with its pictures back in place (as it was before ``set_aside_...``)."""
        if isinstance(stored, bytes):
            if b"\x00picture:" not in stored:
                return stored
            return _REFERENCE_BYTES.sub(self._lookup(lambda data: data), stored)
        if "<pbem-picture" not in stored:
            return stored
        return _REFERENCE.sub(self._lookup(lambda data: data.decode("utf-8")), stored)

    def _kept(self, data: bytes) -> str:
        """``data`` kept in ``pictures`` (once); its digest."""
        digest = hashlib.sha256(data).hexdigest()
        self.db.execute(
            "INSERT INTO pictures (digest, data) VALUES (?, ?) ON CONFLICT DO NOTHING", [digest, data]
        )
        return digest

    def _lookup(self, decoded: Callable[[bytes], Text]) -> Callable[[re.Match[Text]], Text]:
        """What each reference stands for: its picture, or the reference itself where the
        picture is missing (never: a row and its pictures are written together)."""

        def picture(match: re.Match[Text]) -> Text:
            digest = match[1] if isinstance(match[1], str) else match[1].decode("ascii")
            data = self._picture(digest)
            return match[0] if data is None else decoded(data)

        return picture

    def _picture(self, digest: str) -> bytes | None:
        """The picture of ``digest``; the last few read are kept (a digest's picture never
        changes), as the mails of one phase go out one after another with the same map."""
        recent: dict[str, bytes] = self.__dict__.setdefault("_recent_pictures", {})
        if digest not in recent:
            row = self._one("SELECT data FROM pictures WHERE digest = ?", [digest])
            if row is None:
                return None
            if len(recent) >= RECENT:
                del recent[next(iter(recent))]
            recent[digest] = bytes(row["data"])
        return recent[digest]
