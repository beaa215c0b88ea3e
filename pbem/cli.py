"""The ``pbem`` command: a thin argparse layer over functions in ``pbem.commands``.

Each module in ``COMMANDS`` defines ``register(subparsers)``, which adds its
sub-command and sets ``func(args) -> int`` on the parser's defaults. Exit
codes: 0 success, 1 the job ran but something failed (see the log; also a full
disk), 2 bad input or configuration, or a database missing, empty or damaged.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys
from collections.abc import Sequence

from pbem import __version__
from pbem.commands.common import add_config_option, fault_line

COMMANDS = [
    "pbem.commands.run",
    "pbem.commands.games",
    "pbem.commands.referee",
    "pbem.commands.mail",
    "pbem.commands.archive",
    "pbem.commands.adjudicate",
    "pbem.commands.demo",
    "pbem.commands.db",
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pbem", description="A play-by-email game master for Diplomacy and other games."
    )
    parser.add_argument("--version", action="version", version=f"pbem {__version__}")
    loudness = parser.add_mutually_exclusive_group()
    loudness.add_argument("-v", "--verbose", action="store_true", help="log debugging detail to stderr")
    loudness.add_argument(
        "-q", "--quiet", action="store_true", help="log only problems (warnings and errors) to stderr"
    )
    add_config_option(parser, top_level=True)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING if args.quiet else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        result: int = args.func(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader went away (`pbem archive show ... | head`): what is left goes nowhere, and
        # Python's own flush at exit must not fail again on the closed pipe
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except Exception as error:
        said = fault_line(error)
        if said is None:
            raise
        print(said[0], file=sys.stderr)
        return said[1]
    return result


if __name__ == "__main__":
    sys.exit(main())
