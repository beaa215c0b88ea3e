"""A game's entry, whichever made it: the config file's, or the one kept with a game opened by mail.

One way to load a game: a game opened by ``CREATE`` (pbem.store.lobby) keeps a config entry of its
own, checked by the same code as the config's (``pbem.config.stored_game``), so everything that
tends a game asks here and never needs to know where the game came from.
"""

from __future__ import annotations

import json

from pbem.config import ConfigError, Game, Service, stored_game
from pbem.store import Store

_cache: dict[tuple[str, str], Game] = {}


def game_config(service: Service, store: Store, game_id: str) -> Game | None:
    """The entry of game ``game_id`` (None if no such game, or one cancelled or unreadable)."""
    config = service.game(game_id)
    if config is not None:
        return config
    opened = store.open_game(game_id)
    if opened is None or opened.status == "cancelled":
        return None
    key = (str(service.path), json.dumps(opened.entry, sort_keys=True))
    if key not in _cache:
        try:
            _cache[key] = stored_game(opened.entry, service.path)
        except ConfigError:
            return None
    return _cache[key]


def all_game_ids(service: Service, store: Store) -> list[str]:
    """Every game of the judge: the config's and those opened by mail that have not been cancelled."""
    opened = [game.id for game in store.open_games("forming", "mustering", "started")]
    return list(dict.fromkeys([*(game.id for game in service.games), *opened]))
