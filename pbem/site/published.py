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

from pathlib import Path

from pbem.config import Game, Service
from pbem.frozen import Frozen
from pbem.reports import Templates
from pbem.ruleset import PUBLIC
from pbem.store import Store

from . import build
from .pages import slug
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


def rebuild(store: Store, templates: Templates, service: Service, game: Game) -> list[str]:
    """Rebuild every site of ``game`` the config names; a sentence for each that could not be
    written (a folder that is not pbem's, a full disk), so that the run goes on and says so."""
    problems = []
    for place in places(service, game):
        try:
            build(store, game.id, place.folder, place.viewer, templates, name=game.name)
        except (SiteError, OSError) as error:
            problems.append(f"the site of {game.id} for {place.viewer} in {place.folder} was not "
                            f"written: {error}")
    return problems


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
