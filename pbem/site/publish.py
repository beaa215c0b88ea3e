"""Writing a game's site: its folder written beside the old one and renamed into place, and the
front page of every game in the folder (``site.json`` remembers them)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pbem.mail.pictures import png
from pbem.reports import Templates
from pbem.store import Store

from .pages import game_folder, game_summary, index, render
from .record import SiteError, collect, site_viewer

MANIFEST = "site.json"
#: a file in each game's folder that says pbem wrote it, so rewriting may replace the folder
MARKER = ".pbem-site"


def build(
    store: Store,
    game_id: str,
    out_dir: Path,
    viewer: str | None = None,
    templates: Templates | None = None,
    name: str | None = None,
) -> Path:
    """Write the site of ``game_id`` for ``viewer`` (default PUBLIC) in ``out_dir``.

    Returns the path of the site's front page.
    """
    templates = templates or Templates()
    who = site_viewer(store, game_id, viewer)
    record = collect(store, game_id, who, name)
    folder = out_dir / game_folder(record)
    files = render(record, templates, _reusing_pngs(folder))
    out_dir.mkdir(parents=True, exist_ok=True)
    if folder.exists() and not (folder / MARKER).exists():
        raise SiteError(f"{folder} exists and was not written by pbem: choose another OUT_DIR")
    staging = out_dir / f".{folder.name}.tmp"
    if staging.exists():
        shutil.rmtree(staging)
    for relative, content in files.items():
        path = staging / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    (staging / MARKER).write_text(f"{record.id} as {record.viewer}\n", encoding="utf-8")
    if folder.exists():
        shutil.rmtree(folder)
    staging.rename(folder)

    manifest = _manifest(out_dir)
    live = [page for page in record.pages[record.viewer] if not page.rolled_back]
    manifest[folder.name] = {
        **game_summary(record),
        "folder": folder.name,
        "phases": len(live),
        "last": live[-1].label if live else None,
    }
    (out_dir / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    (out_dir / "index.html").write_text(index(manifest, templates), encoding="utf-8")
    if templates.exists("site/style.css"):
        (out_dir / "style.css").write_text(templates.source("site/style.css"), encoding="utf-8")
    return out_dir / "index.html"


def _manifest(out_dir: Path) -> dict[str, Any]:
    path = out_dir / MANIFEST
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError:
        raise SiteError(f"{path} is not the JSON pbem wrote; remove it or choose another OUT_DIR") from None
    # games whose folder is gone are dropped from the front page
    return {game: entry for game, entry in data.items() if (out_dir / entry.get("folder", game)).is_dir()}


def _reusing_pngs(folder: Path) -> Callable[[str], bytes]:
    """The PNG of a map: the one written beside the same SVG last time, else a new one. The
    service rebuilds a site after every phase, and every earlier phase's map is unchanged:
    rendering each again would cost a tenth of a second per phase per site."""
    written: dict[str, Path] = {}
    if (folder / MARKER).exists():
        for svg in folder.glob("**/maps/*.svg"):
            if svg.with_suffix(".png").is_file():
                written.setdefault(svg.read_text(encoding="utf-8"), svg.with_suffix(".png"))

    def png_of(picture: str) -> bytes:
        old = written.get(picture)
        return old.read_bytes() if old is not None else png(picture)

    return png_of
