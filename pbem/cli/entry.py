"""``main``: read the command line, run the one command it names, and give its exit status.

Exit codes: 0 success, 1 the job ran but something failed (see the log; also a full disk),
2 bad input or configuration, or a database missing, empty or damaged.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Sequence

from pbem.cli.parsers import build_parser


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
        # late: the service it knows is loaded already by any command that can raise its faults
        from pbem.commands.common import fault_line

        said = fault_line(error)
        if said is None:
            raise
        print(said[0], file=sys.stderr)
        return said[1]
    return result
