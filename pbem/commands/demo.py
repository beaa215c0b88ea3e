"""``pbem demo``: watch a game of Diplomacy played by mail on the embedded defaults."""

from __future__ import annotations

import argparse
import logging
import sys

from pbem.demo import play


def demo(args: argparse.Namespace) -> int:
    if not args.verbose:  # the demo prints its own story; the cron log is for referees
        logging.getLogger("pbem").setLevel(logging.WARNING)
    try:
        play(args.dir)
    except FileExistsError as error:
        print(f"pbem: {error}", file=sys.stderr)
        return 2
    return 0
