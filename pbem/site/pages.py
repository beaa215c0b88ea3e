"""The files of a game's site, rendered from its record: a pure function of the record.

Layout under the site's folder (``OUT_DIR``)::

    index.html, style.css          the games written to this folder so far
    <game>/index.html              the game: its phases, its press still open
    <game>/<phase>.html            a phase as the site's viewer saw it, with its map
    <game>/maps/<phase>.svg        (and .png, shown where a browser cannot show the SVG)
    <game>/as/<power>/<phase>.html (referee's site) the phase as that power saw it
    <game>/as/<power>/maps/<phase>.svg

A site for one power (``--as POWER``) has its own game folder, ``<game>-as-<power>``, so it
never overwrites the public one. Every link is relative, so the folder can be served from
anywhere or opened from disk.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from markupsafe import Markup

from pbem.mail.pictures import png
from pbem.reports import Templates
from pbem.ruleset import PUBLIC, REFEREE

from .record import GameRecord, PhasePage

_BODY = re.compile(r"<body[^>]*>(.*)</body>", re.DOTALL | re.IGNORECASE)
_MAP_FIGURE = re.compile(r'<figure class="pbem-map".*?</figure>', re.DOTALL)


def slug(name: str) -> str:
    """A file name for a phase id or a power: letters, digits, dot, dash and underscore."""
    cleaned = re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip("-.")
    return cleaned or "x"


def report_body(html: str | None) -> Markup | None:
    """The body of a report's HTML part, without its inline map (the page shows the map itself).

    The report was rendered by an autoescaping template from a view, so its HTML is safe to embed.
    """
    if not html:
        return None
    match = _BODY.search(html)
    body = match[1] if match else html
    return Markup(_MAP_FIGURE.sub("", body))


def page_names(pages: Sequence[PhasePage]) -> list[str]:
    """File names (without suffix) for a viewer's pages: the phase id, made unique by its turn.

    The phase as it stands owns the plain name (``F1901M.html``, the page a link or a bookmark
    means); a phase the referee rolled back, kept for the record, takes its turn's number
    (``F1901M-7.html``), whether it came before the replay or not."""
    names: list[str | None] = [None] * len(pages)
    taken: set[str] = {"index"}
    for keep_plain in (True, False):
        for n, page in enumerate(pages):
            if page.rolled_back == keep_plain:
                continue
            name = slug(page.phase_id)
            if name in taken:
                name = f"{name}-{page.seq}"
            taken.add(name)
            names[n] = name
    return [name or "x" for name in names]


def viewer_folder(record: GameRecord, viewer: str) -> str:
    """The folder of ``viewer``'s pages inside the game's folder ("" for the site's viewer)."""
    return "" if viewer == record.viewer else f"as/{slug(viewer)}/"


def render(
    record: GameRecord, templates: Templates, png_of: Callable[[str], bytes] = png
) -> dict[str, str | bytes]:
    """Every file of the game's folder: relative path (inside ``<game>/``) -> text or bytes.
    ``png_of`` makes a map's PNG from its SVG (``build`` passes one that reuses those written)."""
    files: dict[str, str | bytes] = {}
    names = {viewer: page_names(record.pages[viewer]) for viewer in record.shown}
    for viewer in record.shown:
        folder = viewer_folder(record, viewer)
        up = "../" * folder.count("/")
        pages = record.pages[viewer]
        for index, page in enumerate(pages):
            name = names[viewer][index]
            map_src = None
            if page.picture is not None:
                map_src = f"maps/{name}.svg"
                files[f"{folder}{map_src}"] = page.picture
                files[f"{folder}maps/{name}.png"] = png_of(page.picture)
            neighbours = [
                {"href": f"{names[viewer][i]}.html", "label": pages[i].label} if 0 <= i < len(pages) else None
                for i in (index - 1, index + 1)
            ]
            others = [
                {"viewer": other, "href": f"{up}{viewer_folder(record, other)}{names[other][index]}.html"}
                for other in record.shown
                if other != viewer
            ]
            files[f"{folder}{name}.html"] = templates.html(
                "site/phase.html.j2",
                root=up + "../",
                game=game_summary(record),
                page=page,
                map_src=map_src,
                png_src=map_src.removesuffix(".svg") + ".png" if map_src else None,
                report=report_body(page.report_html),
                previous=neighbours[0],
                next=neighbours[1],
                others=others,
                game_index=f"{up}index.html",
            )
    latest = None
    own = record.pages[record.viewer]
    if own:
        name = names[record.viewer][-1]
        latest = {
            "href": f"{name}.html",
            "label": own[-1].label,
            "map": f"maps/{name}.svg" if own[-1].picture is not None else None,
            "png": f"maps/{name}.png" if own[-1].picture is not None else None,
        }
    files["index.html"] = templates.html(
        "site/game.html.j2",
        root="../",
        game=game_summary(record),
        latest=latest,
        sections=[
            {
                "viewer": viewer,
                "folder": viewer_folder(record, viewer),
                "phases": [
                    {
                        "href": f"{viewer_folder(record, viewer)}{name}.html",
                        "label": page.label,
                        "id": page.phase_id,
                        "at": page.adjudicated_at,
                        "rolled_back": page.rolled_back,
                    }
                    for name, page in zip(names[viewer], record.pages[viewer], strict=True)
                ],
            }
            for viewer in record.shown
        ],
        current=record.current,
        open_press=record.open_press,
    )
    return files


def game_folder(record: GameRecord) -> str:
    """The game's folder: its id, and for a site made for one power, that power too."""
    if record.viewer in (PUBLIC, REFEREE):
        return slug(record.id)
    return f"{slug(record.id)}-as-{slug(record.viewer)}"


def game_summary(record: GameRecord) -> dict[str, Any]:
    """The game as the site's pages and its front page name it."""
    return {
        "id": record.id,
        "name": record.name,
        "ruleset": record.ruleset,
        "variant": record.variant,
        "status": record.status,
        "result": record.result,
        "viewer": record.viewer,
        "powers": list(record.powers),
    }


def index(games: Mapping[str, Mapping[str, Any]], templates: Templates) -> str:
    """The site's front page: every game written to this folder, from its manifest."""
    return templates.html(
        "site/index.html.j2",
        root="",
        games=[dict(entry, id=game_id) for game_id, entry in sorted(games.items())],
    )
