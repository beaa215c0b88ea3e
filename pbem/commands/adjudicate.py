"""``pbem adjudicate``: decide one Diplomacy position read as JSON, print the outcome as JSON.

A thin layer over ``pbem.rulesets.diplomacy.positions.adjudicate_position``; what it reads and
writes is in its ``--help`` (``pbem.cli.parsers.ADJUDICATE_DESCRIPTION``). It imports the
Diplomacy rules and nothing of the service (no config, store or mail): it starts in the time
those take to load.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import orjson

from pbem.rulesets.diplomacy.positions import PositionError, adjudicate_position


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
