"""Hold: the unit stays. Every unit without a valid order of its own holds."""

from __future__ import annotations

from ..core import Board, UnitOrder
from ..maps import Map
from ..rules import Decisions, Rules
from .kind import order_kind


@order_kind("H")
class Hold(UnitOrder):
    def plain(self, game_map: Map) -> bool:
        return True

    def normalize(self, variant: Rules, board: Board) -> Hold:
        if self.stands(board.units):
            return self
        unit = board.units[self.province]
        return Hold(unit.type, unit.location)

    def adjudicate(self, movement: Decisions) -> bool:
        """A hold "succeeds" when the unit keeps its province."""
        return not movement.dislodged(self.province)
