"""The standard map's rules, its 1901 board, seven players mailing it and the positions another
engine resolves alike, for the tests that read orders, play by mail or compare outcomes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pbem.ruleset import get_ruleset
from pbem.rulesets.diplomacy.core import Board, GameState
from pbem.rulesets.diplomacy.variant import load_variant
from tests.diplomacy.games import POWERS

STANDARD = load_variant("standard")
#: 200 movement phases pbem and the ``diplomacy`` package resolve alike (data/crosschecked.json)
POSITIONS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "crosschecked.json").read_text()
)["positions"]
#: the seven players' addresses, and a hold for one unit of each in spring 1901
ADDRESSES = {power: f"{power.lower()}@example.test" for power in POWERS}
ONE_HOLD_EACH = {
    "Austria": "A Vie H",
    "England": "F Lon H",
    "France": "A Par H",
    "Germany": "A Mun H",
    "Italy": "A Rom H",
    "Russia": "A Mos H",
    "Turkey": "A Con H",
}


def start_board() -> Board:
    """The board of spring 1901."""
    state = get_ruleset("diplomacy").start("standard", POWERS, {}, 0)
    assert isinstance(state, GameState)
    return state.board
