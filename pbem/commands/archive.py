"""``pbem archive list|show|export|site``: reading the record of past turns."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from pbem import archive, site
from pbem.commands.common import add_command, read_store
from pbem.config import Service
from pbem.entries import game_config
from pbem.reports import Templates
from pbem.store import Store


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("archive", help="review past turns of a game")
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    listing = add_command(actions, "list", _list, help="games and their adjudicated phases")
    listing.add_argument("game", nargs="?")
    show = add_command(
        actions,
        "show",
        _show,
        help="one phase's report as a viewer received it",
        description="Print the report of PHASE. While a game runs, --as POWER shows only what "
        "that power was sent; the default is the public report; --as REFEREE "
        "shows everything.",
    )
    show.add_argument("game")
    show.add_argument("phase")
    show.add_argument("--as", dest="viewer", metavar="POWER")
    export = add_command(actions, "export", _export, help="every phase of a game as JSON")
    export.add_argument("game")
    pages = add_command(
        actions,
        "site",
        _site,
        help="write a static HTML site of a game",
        description="Write a browsable HTML site of GAME into OUT_DIR: an index of the games "
        "written there, a page per phase with its map, orders and results, and press, "
        "linked to the phases before and after. While the game runs, the site shows "
        "only what one viewer may see: --as PUBLIC (the default) or --as POWER. Once "
        "the game is over, --as REFEREE shows everything, with each power's own pages.",
    )
    pages.add_argument("game")
    pages.add_argument("out_dir", metavar="OUT_DIR", type=Path)
    pages.add_argument("--as", dest="viewer", metavar="VIEWER")
    parser.set_defaults(func=lambda args: (parser.print_help(sys.stderr), 2)[1])


def _list(args: argparse.Namespace) -> int:
    games = read_store(args, lambda _, store: archive.listing(store, args.game), (archive.ArchiveError,))
    if games is None:
        return 2
    for game in games:
        print(f"{game['game']} ({game['ruleset']}/{game['variant']}), {game['status']}, now {game['phase']}")
        for turn in game["turns"]:
            mark = "  (rolled back)" if turn["rolled_back"] else ""
            print(
                f"  {turn['seq']:>3}  {turn['phase']:<12} {turn['label']:<32} {turn['adjudicated_at']}{mark}"
            )
    return 0


def _show(args: argparse.Namespace) -> int:
    text = read_store(
        args,
        lambda _, store: archive.show(store, args.game, args.phase, args.viewer),
        (archive.ArchiveError,),
    )
    if text is None:
        return 2
    print(text)
    return 0


def _export(args: argparse.Namespace) -> int:
    data = read_store(args, lambda _, store: archive.export(store, args.game), (archive.ArchiveError,))
    if data is None:
        return 2
    json.dump(data, sys.stdout, indent=1, ensure_ascii=False)
    print()
    return 0


def _site(args: argparse.Namespace) -> int:
    def build(service: Service, store: Store) -> Path:
        configured = game_config(service, store, args.game)
        return site.build(
            store,
            args.game,
            args.out_dir,
            args.viewer,
            name=configured.name if configured else None,
            templates=Templates.with_own(service.templates),
        )

    front = read_store(args, build, (site.SiteError,))
    if front is None:
        return 2
    print(f"wrote the site of {args.game} to {args.out_dir}; open {front}")
    return 0
