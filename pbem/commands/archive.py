"""``pbem archive list|show|export|site``: reading the record of past turns."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pbem import archive, site
from pbem.commands.common import read_store
from pbem.config import Service
from pbem.entries import game_config
from pbem.reports import Templates
from pbem.store import Store


def list_games(args: argparse.Namespace) -> int:
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


def show(args: argparse.Namespace) -> int:
    text = read_store(
        args,
        lambda _, store: archive.show(store, args.game, args.phase, args.viewer),
        (archive.ArchiveError,),
    )
    if text is None:
        return 2
    print(text)
    return 0


def export(args: argparse.Namespace) -> int:
    data = read_store(args, lambda _, store: archive.export(store, args.game), (archive.ArchiveError,))
    if data is None:
        return 2
    json.dump(data, sys.stdout, indent=1, ensure_ascii=False)
    print()
    return 0


def write_site(args: argparse.Namespace) -> int:
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
