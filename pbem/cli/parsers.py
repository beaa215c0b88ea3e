"""Every sub-command's line: its name, help and arguments, and the function that runs it,
named by module so that it is imported only when its command runs.

A command's module (``pbem.commands.*``) imports what its work needs: the config, the store,
the mail transports, the rulesets. ``pbem --version``, ``pbem adjudicate`` and ``pbem run``
each load only their own (benchmarks/startup.py measures them); reading the line, and every
``--help``, loads none.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from pbem import __version__

DEFAULT_CONFIG = "config/pbem.yaml"


@dataclass(frozen=True)
class Later:
    """A command's function, ``module.function``, imported when the command runs."""

    module: str
    function: str

    def __call__(self, args: argparse.Namespace) -> int:
        run: Callable[[argparse.Namespace], int] = getattr(
            importlib.import_module(self.module), self.function
        )
        return run(args)


class Parser(argparse.ArgumentParser):
    """An argparse parser whose description may be written when its help is asked for
    (``describe``): the referee's commands are listed from the intake's own table, which reading
    a command line need not import."""

    def __init__(self, *args: Any, describe: Callable[[], str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.describe = describe

    def format_help(self) -> str:
        if self.describe is not None:
            self.description = self.describe()
        return super().format_help()


def add_config_option(parser: argparse.ArgumentParser, top_level: bool = False) -> None:
    """``--config``, before or after the sub-command (``pbem --config x run`` or ``pbem run --config x``)."""
    parser.add_argument(
        "--config",
        default=os.environ.get("PBEM_CONFIG", DEFAULT_CONFIG) if top_level else argparse.SUPPRESS,
        help=f"the service's YAML config (default: $PBEM_CONFIG or {DEFAULT_CONFIG})",
    )


def add_command(
    subparsers: Any, name: str, run: Later, help: str, description: str | None = None, **kwargs: Any
) -> argparse.ArgumentParser:
    """A sub-command that reads the config (``--config``) and runs ``run``: its parser, for its
    own arguments."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        name, help=help, description=description, **kwargs
    )
    add_config_option(parser)
    parser.set_defaults(func=run)
    return parser


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="pbem", description="A play-by-email game master for Diplomacy and other games.")
    parser.add_argument("--version", action="version", version=f"pbem {__version__}")
    loudness = parser.add_mutually_exclusive_group()
    loudness.add_argument("-v", "--verbose", action="store_true", help="log debugging detail to stderr")
    loudness.add_argument(
        "-q", "--quiet", action="store_true", help="log only problems (warnings and errors) to stderr"
    )
    add_config_option(parser, top_level=True)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for add in (_run, _games, _referee, _mail, _archive, _adjudicate, _demo, _db):
        add(subparsers)
    return parser


def _run(subparsers: Any) -> None:
    """``pbem run`` (the cron job), ``pbem poll`` and ``pbem send``."""
    for name, help_text in (
        ("run", "the cron job: poll the mailbox, act on mail and deadlines, send the queue"),
        ("poll", "fetch new mail and store it (acting on it is left to `pbem run`)"),
        ("send", "send what is queued"),
    ):
        add_command(subparsers, name, Later("pbem.commands.run", name), help=help_text, description=help_text)


def _games(subparsers: Any) -> None:
    """``pbem new-game``, ``create``, ``init``, ``status``, ``replay`` and ``hash-password``."""
    parser = add_command(
        subparsers,
        "new-game",
        Later("pbem.commands.games", "new_game"),
        help="start a configured game and mail every player their welcome",
        description="Start a game listed in the config: its opening position, each player's "
        "password and reply address, and a welcome mail to each (sent at once).",
    )
    parser.add_argument("game", help="the game's id in the config")
    parser.add_argument("--seed", type=int, help="the setup seed (default: random)")

    parser = add_command(
        subparsers,
        "create",
        Later("pbem.commands.games", "create"),
        help="open a game to be formed by mail (players join with SIGNON ?GAME)",
        description="Open a game in the database, not the config, from a template of the config "
        "(game_templates; none: a standard Diplomacy game). Players join it by mail with "
        "SIGNON ?GAME <password>; it begins when every seat is taken and confirmed. The referee "
        "is its master. The same as a mailed CREATE from the referee.",
    )
    parser.add_argument("game", help="the new game's name")
    parser.add_argument("--template", help="a template's id in the config's game_templates")

    add_command(
        subparsers,
        "init",
        Later("pbem.commands.games", "init"),
        help="create the database, empty (new-game does it too)",
        description="Create the service's database where there is none. pbem never creates one "
        "by itself where the service has run before: a lost database is an error to fix, "
        "not a fresh start.",
    )

    parser = add_command(
        subparsers,
        "status",
        Later("pbem.commands.games", "status"),
        help="where each game stands, failed mail, the send queue",
    )
    parser.add_argument("game", nargs="?", help="one game's id (default: all)")
    parser.add_argument(
        "--check-mail",
        action="store_true",
        help="connect and log in to the inbox and the outbox, and say what works (sends nothing)",
    )
    parser.add_argument("--test-mail", metavar="ADDRESS", help="with --check-mail: send ADDRESS a test mail")

    parser = add_command(
        subparsers,
        "replay",
        Later("pbem.commands.games", "replay_phase"),
        help="adjudicate an archived phase again and say whether it matches",
        description="Recompute the adjudication of PHASE in GAME from the archived state, orders "
        "and seed, and compare with what was recorded. Exit 0 if it matches, 1 if not.",
    )
    parser.add_argument("game")
    parser.add_argument("phase")

    parser = subparsers.add_parser(
        "hash-password", help="print the scrypt hash of a password, for password_hash in the config"
    )
    parser.set_defaults(func=Later("pbem.commands.games", "hash_password"))


def _referee(subparsers: Any) -> None:
    """``pbem referee GAME COMMAND ...``: the referee's mailed commands."""
    parser = add_command(
        subparsers,
        "referee",
        Later("pbem.commands.referee", "referee"),
        help="a referee command (extend, pause, resume, process, rollback, replace, option, list)",
        describe=_referee_description,
    )
    parser.add_argument("game", metavar="GAME", help="the game's id")
    parser.add_argument("words", nargs="+", metavar="COMMAND", help="the command and its arguments")


def _referee_description() -> str:
    from pbem.intake.commands import REFEREE_COMMANDS

    return (
        "Carry out a referee command in GAME as if the referee had mailed it, and "
        "mail the players what a mailed one tells them: "
        + "; ".join(usage.lower() for usage in [*REFEREE_COMMANDS.values(), "LIST"])
        + ". For example: pbem referee spring26 extend 24h."
    )


OUTGOING_HELP = "mail pbem could not send, rather than mail it could not read"


def _mail(subparsers: Any) -> None:
    """``pbem mail list|show|retry|drop``: mail whose handling failed."""
    parser = subparsers.add_parser(
        "mail", help="list, show, retry or drop mail whose handling failed (--outgoing: mail not sent)"
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    listing = add_command(
        actions,
        "list",
        Later("pbem.commands.mail", "list_failed"),
        help="the failed mails: id, sender, subject, reason",
    )
    listing.add_argument("--outgoing", action="store_true", help=OUTGOING_HELP)
    for name, help_text, function in (
        ("show", "print a stored mail as it arrived (or, --outgoing, as it was to be sent)", "show"),
        ("retry", "hand a failed (or dropped) mail to the next run", "retry"),
        ("drop", "leave a failed mail alone for good (it stays stored)", "drop"),
    ):
        action = add_command(
            actions, name, Later("pbem.commands.mail", function), help=help_text, description=help_text
        )
        action.add_argument("id", type=int, help="the mail's number, as `pbem mail list` shows it")
        action.add_argument("--outgoing", action="store_true", help=OUTGOING_HELP)
    parser.set_defaults(func=lambda args: (parser.print_help(sys.stderr), 2)[1])


def _archive(subparsers: Any) -> None:
    """``pbem archive list|show|export|site``: the record of past turns."""
    parser = subparsers.add_parser("archive", help="review past turns of a game")
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    listing = add_command(
        actions,
        "list",
        Later("pbem.commands.archive", "list_games"),
        help="games and their adjudicated phases",
    )
    listing.add_argument("game", nargs="?")
    show = add_command(
        actions,
        "show",
        Later("pbem.commands.archive", "show"),
        help="one phase's report as a viewer received it",
        description="Print the report of PHASE. While a game runs, --as POWER shows only what "
        "that power was sent; the default is the public report; --as REFEREE "
        "shows everything.",
    )
    show.add_argument("game")
    show.add_argument("phase")
    show.add_argument("--as", dest="viewer", metavar="POWER")
    export = add_command(
        actions, "export", Later("pbem.commands.archive", "export"), help="every phase of a game as JSON"
    )
    export.add_argument("game")
    pages = add_command(
        actions,
        "site",
        Later("pbem.commands.archive", "write_site"),
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


ADJUDICATE_DESCRIPTION = """\
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
melted away). The outcome adds ``neutral_votes``: each ballot with its votes."""


def _adjudicate(subparsers: Any) -> None:
    """``pbem adjudicate``: Diplomacy positions as JSON in, outcomes out."""
    parser = subparsers.add_parser(
        "adjudicate",
        help="adjudicate Diplomacy positions given as JSON on standard input",
        description=ADJUDICATE_DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--variant",
        default="standard",
        help=f"the map: {', '.join(diplomacy_variants())} (default: standard)",
    )
    parser.add_argument("--raw", action="store_true", help="read raw_orders through the mail order parser")
    parser.add_argument(
        "--jsonl", action="store_true", help="one position per input line, one result per line"
    )
    parser.set_defaults(func=Later("pbem.commands.adjudicate", "run"))


def diplomacy_variants() -> list[str]:
    """The Diplomacy maps' names, as ``variant.variant_names`` gives them, found without importing
    the ruleset (the files ``variants/*.yaml`` beside it)."""
    spec = find_spec("pbem.rulesets.diplomacy")
    assert spec is not None and spec.submodule_search_locations is not None
    folder = Path(next(iter(spec.submodule_search_locations))) / "variants"
    return sorted(path.stem for path in folder.glob("*.yaml"))


def _demo(subparsers: Any) -> None:
    """``pbem demo``: a demo game played by mail."""
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
    parser.set_defaults(func=Later("pbem.commands.demo", "demo"))


def _db(subparsers: Any) -> None:
    """``pbem db upgrade`` and ``pbem db copy``: the database's schema, and a judge moved."""
    parser = subparsers.add_parser("db", help="the database: upgrade its schema, copy it elsewhere")
    actions = parser.add_subparsers(dest="db_command", metavar="ACTION", required=True)
    add_command(
        actions,
        "upgrade",
        Later("pbem.commands.db", "upgrade"),
        help="apply the schema migrations the database lacks (back it up first)",
        description="Apply the numbered schema migrations the database lacks, each whole or not "
        "at all, and print the version it was at and the version it is at now.",
    )
    copy = add_command(
        actions,
        "copy",
        Later("pbem.commands.db", "copy"),
        help="copy a whole judge from one database to another, and verify the copy",
        description="Copy every game, turn, order, mail and queued mail from SOURCE into TARGET "
        "(new or empty), then read both again and compare them. Each is a SQLite file (a path or "
        "sqlite:///PATH) or a PostgreSQL URL (postgresql://USER@HOST/DB; its password from "
        "PGPASSWORD or ~/.pgpass). Stop the cron job first.",
    )
    copy.add_argument("source", metavar="SOURCE")
    copy.add_argument("target", metavar="TARGET")
