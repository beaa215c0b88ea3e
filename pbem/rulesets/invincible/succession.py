"""Who is the Genghis Khan: the title passing after Honor stays at zero.

"If a GK has Honor at zero for more than one Turn, he loses his GK title,
which at the beginning of the next Turn, transfers to whichever Khan has the
greatest Honor. If a tie exists, the Khan with the greatest Companion,
Leader, Informer and/or Accuser (in that order) becomes the new Genghis
Khan. Make sure to include any points available from subservient Khans."
The first Genghis Khan is found by the d6 roll-off of ``setup.py``; who may take the
title is ``heirs``'s rule, shared with a defeat at the table.
"""

from __future__ import annotations

from .heirs import roll_off, winner
from .table import Table

__all__ = ["end_of_turn", "roll_off", "winner"]


def end_of_turn(table: Table) -> None:
    """Count the turns the Genghis Khan ends at zero Honor; after two, the title passes."""
    gk = table.genghis
    if table.khans[gk].out or table.khans[gk].honor > 0:
        table.gk_zero_turns = 0
        return
    table.gk_zero_turns += 1
    if table.gk_zero_turns < 2:
        table.say(
            "genghis-warning",
            f"{table.name(gk)}, the Genghis Khan, ends the turn with no Honor: "
            "another such turn and he loses the title.",
            khan=table.name(gk),
        )
        return
    heir = table.successor(exclude=gk)
    if heir is None:
        table.say(
            "genghis",
            f"{table.name(gk)} has had no Honor for two turns, but no free khan can take the title from him.",
            khan=table.name(gk),
        )
        table.gk_zero_turns = 0
        return
    table.pass_title(heir, f"{table.name(gk)} had no Honor for two turns")
