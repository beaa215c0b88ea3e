"""VERP: each recipient's mail goes out from a return address of its own, so that a bounce says
whose mail it was by where it arrives, whatever the bouncing server quotes of the mail.

A server that cannot deliver a mail sends the bounce to the mail's envelope sender (SMTP ``MAIL
FROM``, the ``Return-Path``); many write no Message-ID of the mail in it, or quote nothing at
all. With ``judge+bounce-TOKEN@domain`` as the envelope sender of mail to one player, the bounce
comes back to that address, and the delivering server records it (``Delivered-To``,
``X-Original-To``, Exim's ``Envelope-To``; the bounce's ``To`` says it too).

The token is an HMAC of the game and the recipient under a key only the store holds: it names
the recipient without showing the address, cannot be guessed, and no player can make the token
of another player's address to forge a bounce of theirs. It is the same for every mail to one
recipient of one game, so a greylisting server that remembers (sender, recipient) pairs lets
the second mail through at once. Pure: addresses and keys in, addresses and tokens out.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Iterable

#: what marks a return address's tag: ``judge+bounce-TOKEN@domain``
TAG = "bounce-"
#: the token's length in hex digits (80 bits)
TOKEN_DIGITS = 20
_TOKEN = re.compile(rf"[0-9a-f]{{{TOKEN_DIGITS}}}")


def base_address(setting: str, service_address: str) -> str | None:
    """The address whose tagged forms mail goes out from, by the config's ``return_path``:
    ``verp`` the service's own, another address that one; None for ``plain`` (mail goes out
    from the service's address, untagged)."""
    if setting == "plain":
        return None
    return service_address if setting == "verp" else setting


def token(key: str, game_id: str, recipient: str) -> str:
    """The tag of mail to ``recipient`` in ``game_id`` ("" for mail of no game)."""
    message = f"{game_id}\0{recipient.strip().lower()}".encode()
    return hmac.new(key.encode(), message, hashlib.sha256).hexdigest()[:TOKEN_DIGITS]


def return_path(service_address: str, key: str, game_id: str, recipient: str) -> str:
    """The envelope sender of mail to ``recipient``: the service's address with the recipient's
    tag after a ``+`` (``judge+bounce-0f3a...@pbem.example``)."""
    local, at, domain = service_address.partition("@")
    if not at:
        return service_address
    return f"{local}+{TAG}{token(key, game_id, recipient)}@{domain}"


def token_in(addresses: Iterable[str], service_address: str) -> str | None:
    """The tag of the first of ``addresses`` that is one of our return addresses, if any."""
    base_local, _, base_domain = service_address.lower().partition("@")
    for address in addresses:
        local, _, domain = address.strip().strip("<>").lower().partition("@")
        base, plus, tag = local.partition("+")
        if plus and base == base_local and domain == base_domain and tag.startswith(TAG):
            found = tag.removeprefix(TAG)
            if _TOKEN.fullmatch(found):
                return found
    return None


def matches(key: str, tag: str, game_id: str, recipient: str) -> bool:
    """Whether ``tag`` is the tag of ``recipient`` in ``game_id``, compared in constant time."""
    return hmac.compare_digest(token(key, game_id, recipient), tag)
