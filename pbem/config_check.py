"""What a started game no longer takes from the config: its players' passwords.

A player's password is fixed (hashed) when the game starts and mailed in the welcome, so an
edit in the config afterwards changes nothing; rather than ignore it silently, pbem refuses it
with a message that says how to change a password (the referee's ``REPLACE``, which mails a new
one). The password each game last took from the config is kept (as a scrypt hash, in the
store's meta table), so a later REPLACE does not count as an edit. The check runs when the config
file changed since it last ran (scrypt is slow on purpose) and on ``pbem status``.
"""

from __future__ import annotations

import hashlib

from pbem import passwords
from pbem.config import Player, Service
from pbem.store import PlayerRow, Store

CHECKED = "config_checked"  # the meta key holding the digest of the config last checked


def _key(game_id: str, power: str) -> str:
    return f"config_password:{game_id}:{power.lower()}"


def _same(player: Player, stored_hash: str) -> bool:
    if player.password_hash:
        return player.password_hash == stored_hash
    assert player.password is not None
    return passwords.check_password(player.password.value, stored_hash)


def changed_passwords(service: Service, store: Store) -> list[str]:
    """One message per player whose password in the config changed after their game started."""
    notes = []
    for game in service.games:
        started: dict[str, PlayerRow] = {row.power.lower(): row for row in store.players(game.id)}
        for index, player in enumerate(game.players):
            row = started.get(player.power.lower())
            if row is None or (player.password is None and not player.password_hash):
                continue
            seen = store.get_meta(_key(game.id, player.power))
            if seen is None and _same(player, row.password_hash):
                store.set_meta(_key(game.id, player.power), row.password_hash)  # what the game took
            elif seen is None or not _same(player, seen):
                notes.append(
                    f"{service.path}: game {game.id}: players[{index}].password: the password of "
                    f"{row.power} was changed after the game started and is not applied: {row.power} "
                    f"keeps the password of their welcome mail. To give {row.power} a new password, "
                    f"mail REPLACE {row.power} {row.address} to the game master as the referee (pbem "
                    "mails them a new one); or put the old password back in the config."
                )
    return notes


def config_changed(service: Service, store: Store) -> bool:
    """Whether the config file differs from the one last checked (and remember this one)."""
    digest = hashlib.sha256(service.path.read_bytes()).hexdigest()
    if store.get_meta(CHECKED) == digest:
        return False
    store.set_meta(CHECKED, digest)
    return True
