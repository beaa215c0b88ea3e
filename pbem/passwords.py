"""Player and referee secrets: scrypt password hashes and reply-address tokens.

Passwords are stored only as scrypt hashes and compared in constant time. A
reply token is the secret part of a player's own address (``judge+TOKEN@...``),
which authenticates a mail by itself, as diplicity does: 80 random bits,
lower-case hex because mail systems may change the case of local parts.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterable

_N, _R, _P = 2**14, 8, 1
PREFIX = "scrypt$"


def hash_password(password: str, *, salt: bytes | None = None) -> str:
    """'scrypt$N$r$p$salt$hash' for ``password``."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, n=_N, r=_R, p=_P, dklen=32)
    return f"{PREFIX}{_N}${_R}${_P}${salt.hex()}${digest.hex()}"


def is_hash(text: str) -> bool:
    return text.startswith(PREFIX) and text.count("$") == 5


def check_password(password: str, stored: str) -> bool:
    """Whether ``password`` matches the ``stored`` hash; constant time in the digest."""
    try:
        _, n, r, p, salt, expected = stored.split("$")
        digest = hashlib.scrypt(
            password.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p), dklen=32
        )
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(digest.hex(), expected)


#: the shortest password SET PASSWORD takes
MIN_LENGTH = 8
#: words every guesser tries first, as ``_core`` leaves them
_FIRST_GUESSES = {"password", "passwd", "qwerty", "azerty", "letmein", "iloveyou", "secret", "diplomacy"}


def _core(text: str) -> str:
    """The letters of ``text``, lower case: 'England-1901!' -> 'england'."""
    return re.sub(r"[^a-z]", "", text.lower())


def weakness(password: str, names: Iterable[str]) -> str | None:
    """Why a player's chosen ``password`` is too easy to guess, or None: ``short`` (under
    ``MIN_LENGTH``), ``repeated`` (one character), ``sequence`` ('12345678', 'hgfedcba') or
    ``name`` (one of ``names``, the game's and its powers', or a first guess such as 'password',
    with digits and signs around it). Pure: the answer's wording is the caller's."""
    if len(password) < MIN_LENGTH:
        return "short"
    if len(set(password.lower())) == 1:
        return "repeated"
    steps = {ord(b) - ord(a) for a, b in zip(password.lower(), password.lower()[1:], strict=False)}
    if steps in ({1}, {-1}):
        return "sequence"
    core = _core(password)
    if core and core in {_core(name) for name in names} | _FIRST_GUESSES:
        return "name"
    return None


def new_token() -> str:
    """A fresh reply-address token (80 bits, lower-case hex)."""
    return secrets.token_hex(10)


def new_password() -> str:
    """A password for a player the config gives none: easy to type, 10 letters."""
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
    return "".join(secrets.choice(alphabet) for _ in range(10))


def keyed_digest(key: str, message: str) -> str:
    """HMAC-SHA256 of ``message`` under ``key``, lower-case hex: a code only the holder of
    ``key`` can make (an address confirmation code keyed by the player's token)."""
    return hmac.new(key.encode(), message.encode(), hashlib.sha256).hexdigest()
