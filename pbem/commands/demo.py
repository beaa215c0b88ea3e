"""``pbem demo``: watch a game of Diplomacy played by mail on the embedded defaults."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path
from typing import Any

from pbem.demo import play


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "demo",
        help="play a demo Diplomacy game by mail in a fresh folder, and show it",
        description="Seven demo players send their orders by mail (Maildir) for the first game "
        "year; pbem's cron job answers, adjudicates and reports. Everything lands in "
        "a fresh folder you can look through afterwards.",
    )
    parser.add_argument(
        "--dir",
        default="demo",
        type=Path,
        help="the folder to play in (made afresh; default: ./demo)",
    )
    parser.set_defaults(func=_demo)


def _demo(args: argparse.Namespace) -> int:
    if not args.verbose:  # the demo prints its own story; the cron log is for referees
        logging.getLogger("pbem").setLevel(logging.WARNING)
    try:
        play(args.dir)
    except FileExistsError as error:
        print(f"pbem: {error}", file=sys.stderr)
        return 2
    return 0
