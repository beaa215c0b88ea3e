"""English counts for the texts pbem writes in English only (the front door, the referee's
notices and the CLI): "1 more player", "6 more players", never "player(s)"."""

from __future__ import annotations


def counted(count: int, word: str, plural: str | None = None) -> str:
    """``count`` and ``word`` in its number: ``counted(1, "seat")`` is "1 seat", 2 "2 seats"."""
    return f"{count} {in_number(count, word, plural)}"


def in_number(count: int, word: str, plural: str | None = None) -> str:
    """``word`` in the number of ``count``: ``in_number(2, "option")`` is "options"."""
    return word if count == 1 else plural or word + "s"


def more_players(count: int) -> str:
    """What a forming game waits for: "1 more player", "3 more players"."""
    return counted(count, "more player", "more players")
