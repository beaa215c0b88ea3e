"""The standard map's rules and its 1901 board, for the tests that read orders against them."""

from __future__ import annotations

from pbem.ruleset import get_ruleset
from pbem.rulesets.diplomacy.core import Board, GameState
from pbem.rulesets.diplomacy.variant import load_variant

STANDARD = load_variant("standard")
POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]


def start_board() -> Board:
    """The board of spring 1901."""
    state = get_ruleset("diplomacy").start("standard", POWERS, {}, 0)
    assert isinstance(state, GameState)
    return state.board
