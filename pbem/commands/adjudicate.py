"""``pbem adjudicate``: decide one Diplomacy position read as JSON, print the outcome as JSON.

A thin layer over ``pbem.rulesets.diplomacy.positions.adjudicate_position``:
the input is a position in the form of a DATC case (``phase``, ``units``,
``orders`` and, where the phase needs them, ``supply_centers``, ``dislodged``
and ``standoff_provinces``), the output has the keys of that case's
``expected``. ``--raw`` reads ``raw_orders`` (as players write them) instead
of ``orders``; ``--jsonl`` reads one position per line and prints one result
per line, so many positions take one process.

With ``--variant mandate_of_heaven``, ``neutral_votes`` gives each player's
orders for neutral units, their votes (``{"Ch'in": ["A SUN - LU"], ...}``,
read as players write them with ``--raw``); a vote is carried when most
players, holding most of the players' units, sent it. ``players`` may list
the powers in the game (by default the map's player powers with units or
centres), ``extra`` what the game remembers (``{"melted": 1}``: nomad armies
melted away). The outcome adds ``neutral_votes``: each ballot with its votes.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import orjson

from pbem.rulesets.diplomacy.positions import PositionError, adjudicate_position
from pbem.rulesets.diplomacy.variant import variant_names


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "adjudicate",
        help="adjudicate Diplomacy positions given as JSON on standard input",
        description="\n\n".join(__doc__.split("\n\n")[1:3]) if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--variant",
        default="standard",
        help=f"the map: {', '.join(variant_names())} (default: standard)",
    )
    parser.add_argument("--raw", action="store_true", help="read raw_orders through the mail order parser")
    parser.add_argument(
        "--jsonl", action="store_true", help="one position per input line, one result per line"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Exit status 0 when every position was adjudicated, 2 when any input was bad."""
    if args.jsonl:
        status = 0
        write = sys.stdout.write
        for number, line in enumerate(sys.stdin, start=1):
            if line.isspace():
                continue
            try:
                result = _adjudicate(line, args.variant, args.raw)
            except PositionError as error:
                status = 2
                print(f"pbem adjudicate: line {number}: {error}", file=sys.stderr)
                result = {"error": str(error)}
            write(orjson.dumps(result, option=orjson.OPT_APPEND_NEWLINE).decode())
        sys.stdout.flush()
        return status
    try:
        result = _adjudicate(sys.stdin.read(), args.variant, args.raw)
    except PositionError as error:
        print(f"pbem adjudicate: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=2))
    return 0


def _adjudicate(text: str, variant: str, raw: bool) -> dict[str, Any]:
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError as error:
        raise PositionError(f"bad JSON: {error}") from None
    return adjudicate_position(data, variant, raw)
