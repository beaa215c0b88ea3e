"""Scouting: what each power learns of the regions next to its own.

At the end of every turn (and at the start of the game) each power's scouts report the
regions that border its own: who holds them, with what troops and which generals. A Sneaky
general's region may go unseen by each enemy neighbour, with a chance per level (skills.yaml),
and is then reported as empty, like any region nobody holds. His allies' scouts see him
as always: the rulebook lowers only "the chance for enemies to see his scouts".
The reports are rolled here, once, and kept in the state, so every view of the turn
shows the same thing (RULINGS.md, ruling 80).
"""

from __future__ import annotations

import random

from pbem.rulesets.generals.board import Board
from pbem.rulesets.generals.state import Sighting
from pbem.rulesets.generals.world import world


def neighbours(board: Board, power: str) -> list[str]:
    """Regions bordering ``power``'s own, in map order."""
    own = set(board.owned(power))
    near = {n for r in own for n in board.variant.regions[r].neighbours} - own
    return [r for r in board.variant.regions if r in near]


def scout(board: Board, rng: random.Random) -> None:
    hide = world().skills["Sneaky"].per_level["hide"]
    for power in board.alive():
        seen = []
        for region in neighbours(board, power):
            generals = [g for g in board.generals_in(region) if g.power != power]
            enemies = [g for g in generals if not board.allied(g.power, power)]
            sneaky = max((g.level("Sneaky") for g in enemies), default=0)
            holding = board.holdings[region]
            if sneaky and rng.random() < sneaky * hide:
                # hidden: reported as the scouts report an empty region, so that nothing,
                # not even a gap in the list, gives him away (RULINGS.md, ruling 80)
                seen.append(Sighting(region, None, ()))
                continue
            seen.append(Sighting(region, holding.owner, holding.units, tuple(g.name for g in generals)))
        board.change_realm(power, intel=tuple(seen))
