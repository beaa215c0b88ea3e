"""The ``pbem`` command: every sub-command's line (``parsers``), and ``main``, which reads a
line, imports the one command it names (``pbem.commands``) and runs it."""

from pbem.cli.entry import main
from pbem.cli.parsers import build_parser

__all__ = ["build_parser", "main"]
