"""The sites kept up to date by the service: rebuilt after every adjudication, linked from mail.

A referee who sets ``service.site_dir`` gets every game's public site rebuilt there after each
phase (the same ``build`` as ``pbem archive site``), and a player whose entry sets its own
``site_dir`` gets the site of their power's view rebuilt there too. With a ``site_url``, each
results mail names the page of the phase it reports: the public site's, or the player's own
where their entry gives its address.

A phase's page is named by its phase id (``S1901M.html``): the phase just adjudicated stands,
so it owns that name (pbem.site.pages.page_names), and a link mailed today still shows the
same phase after a later rollback moves it aside.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pbem.config import Game, Service
from pbem.frozen import Frozen
from pbem.reports import Templates
from pbem.ruleset import PUBLIC
from pbem.store import Store

from .pages import slug
from .publish import MANIFEST, build
from .record import SiteError


class Place(Frozen):
    """Where the site of one viewer of a game is written, and where readers reach it."""

    viewer: str
    folder: Path
    url: str | None


def places(service: Service, game: Game) -> list[Place]:
    """The sites the config asks for: the public one (``service.site_dir``) and each player's own."""
    found = []
    if service.site_dir is not None:
        found.append(Place(viewer=PUBLIC, folder=service.site_dir, url=service.site_url))
    for player in game.players:
        if player.site_dir is not None:
            found.append(Place(viewer=player.power, folder=player.site_dir, url=player.site_url))
    return found


def manifests(service: Service, games: Sequence[Game]) -> list[Path]:
    """The manifest of every site of ``games``: ``rebuild_stale`` reads them, so a quiet run
    (pbem.quiet) watches them."""
    return sorted({place.folder / MANIFEST for game in games for place in places(service, game)})


def rebuild(store: Store, templates: Templates, service: Service, game: Game) -> list[str]:
    """Rebuild every site of ``game`` the config names; a sentence for each that could not be
    written (a folder that is not pbem's, a full disk), so that the run goes on and says so."""
    return [problem for place in places(service, game) if (problem := _write(store, templates, game, place))]


def rebuild_stale(store: Store, templates: Templates, service: Service, games: Sequence[Game]) -> list[str]:
    """Rebuild each site that does not show its game as it stands: a run that stopped between
    an adjudication and its site (the mail, queued with the turn, links a page not yet written),
    or a ROLLBACK since (its phases are marked rolled back only when the site is written again).
    A site is as it stands when its manifest counts the game's phases and names its last."""
    problems = []
    for game in games:
        wanted = places(service, game)
        if not wanted or store.game(game.id) is None:
            continue
        live = store.turns(game.id)
        if not live:
            continue
        for place in wanted:
            entry = _manifest_entry(place, game.id)
            if entry.get("phases") == len(live) and entry.get("last") == live[-1].phase_label:
                continue
            problem = _write(store, templates, game, place)
            if problem:
                problems.append(problem)
    return problems


def _write(store: Store, templates: Templates, game: Game, place: Place) -> str | None:
    """Build one of ``game``'s sites; the sentence that says why it could not be, or None."""
    try:
        build(store, game.id, place.folder, place.viewer, templates, name=game.name)
    except (SiteError, OSError) as error:
        return f"the site of {game.id} for {place.viewer} in {place.folder} was not written: {error}"
    return None


def _manifest_entry(place: Place, game_id: str) -> dict[str, Any]:
    """What the site's manifest (pbem.site.MANIFEST) says of the game's folder; {} if nothing."""
    folder = slug(game_id) if place.viewer == PUBLIC else f"{slug(game_id)}-as-{slug(place.viewer)}"
    try:
        manifest = json.loads((place.folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    entry = manifest.get(folder) if isinstance(manifest, dict) else None
    return entry if isinstance(entry, dict) else {}


def links_pages(service: Service, game: Game, viewer: str) -> bool:
    """Whether ``viewer``'s results mails link their phase's page (``page_url`` gives one): what
    SET MAP LINK needs."""
    return page_url(service, game, viewer, "") is not None


def page_url(service: Service, game: Game, viewer: str, phase_id: str) -> str | None:
    """The address of ``phase_id``'s page on the site ``viewer`` reads: a player's own where
    their entry gives one, else the public site's (only for what the public may see: a game's
    public site shows no player's secrets); None where the config gives no address."""
    player = game.player(viewer)
    if player is not None and player.site_dir is not None and player.site_url:
        return f"{player.site_url}/{slug(game.id)}-as-{slug(player.power)}/{slug(phase_id)}.html"
    if service.site_dir is not None and service.site_url:
        return f"{service.site_url}/{slug(game.id)}/{slug(phase_id)}.html"
    return None
