"""Who is the Genghis Khan: the title passing after Honor stays at zero.

"If a GK has Honor at zero for more than one Turn, he loses his GK title,
which at the beginning of the next Turn, transfers to whichever Khan has the
greatest Honor. If a tie exists, the Khan with the greatest Companion,
Leader, Informer and/or Accuser (in that order) becomes the new Genghis
Khan. Make sure to include any points available from subservient Khans."
The first Genghis Khan is found by the d6 roll-off of ``setup.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .table import Table


def roll_off(powers: Sequence[str], roll: Callable[[], int]) -> list[list[tuple[str, int]]]:
    """Each rolls 1d6; those tied highest roll again until one alone is highest."""
    rounds: list[list[tuple[str, int]]] = []
    rolling = list(powers)
    while True:
        rolls = [(power, roll()) for power in rolling]
        rounds.append(rolls)
        best = max(r for _, r in rolls)
        rolling = [p for p, r in rolls if r == best]
        if len(rolling) == 1:
            return rounds


def successor(table: Table, exclude: str) -> str | None:
    """The free khan with the greatest Honor, then Companion, Leader, Informer, Accuser.

    Only khans who have submitted to no one are candidates (RULINGS.md 25);
    a tie on every count is settled by a d6 roll-off.
    """
    candidates = [p for p in table.in_game() if p != exclude and table.khans[p].ruler is None]
    if not candidates:
        return None

    def standing(power: str) -> tuple[int, ...]:
        modes = table.strength(power)
        honor = table.khans[power].honor
        return (honor, modes.companion, modes.leader, modes.informer, modes.accuser)

    best = max(standing(p) for p in candidates)
    tied = [p for p in candidates if standing(p) == best]
    if len(tied) == 1:
        return tied[0]
    rounds = roll_off(tied, table.roll)
    table.say(
        "roll-off",
        "Tied for the title, they roll: "
        + "; ".join(", ".join(f"{table.name(p)} {r}" for p, r in rnd) for rnd in rounds)
        + ".",
        rounds=[[[table.name(p), r] for p, r in rnd] for rnd in rounds],
    )
    return winner(rounds)


def winner(rounds: Sequence[Sequence[tuple[str, int]]]) -> str:
    """Who won a roll-off: the highest roll of its last round."""
    return max(rounds[-1], key=lambda pair: pair[1])[0]


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
    heir = successor(table, exclude=gk)
    if heir is None:
        table.say(
            "genghis",
            f"{table.name(gk)} has had no Honor for two turns, but no free khan can take "
            "the title from him.",
            khan=table.name(gk),
        )
        table.gk_zero_turns = 0
        return
    table.pass_title(heir, f"{table.name(gk)} had no Honor for two turns")
