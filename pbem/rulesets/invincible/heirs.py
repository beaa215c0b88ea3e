"""Who may take the Genghis Khan's title: the standing of the free khans, and the roll-off.

The rule both the end of a turn (``succession``) and a defeat (``table``) apply: "the
title ... transfers to whichever Khan has the greatest Honor. If a tie exists, the Khan
with the greatest Companion, Leader, Informer and/or Accuser (in that order) becomes the
new Genghis Khan. Make sure to include any points available from subservient Khans."
It reads khans only, so it sits below the table and both can use it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from .state import Khan, horde_modes


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


def winner(rounds: Sequence[Sequence[tuple[str, int]]]) -> str:
    """Who won a roll-off: the highest roll of its last round."""
    return max(rounds[-1], key=lambda pair: pair[1])[0]


def contenders(khans: Mapping[str, Khan], exclude: str) -> list[str]:
    """The free khans (RULINGS.md 25) tied for the greatest Honor, then Companion, Leader,
    Informer, Accuser, counting their submitted khans' Modes; empty if there is none."""
    candidates = [p for p, k in khans.items() if not k.out and p != exclude and k.ruler is None]

    def standing(power: str) -> tuple[int, ...]:
        modes = horde_modes(khans, power)
        return (khans[power].honor, modes.companion, modes.leader, modes.informer, modes.accuser)

    if not candidates:
        return []
    best = max(standing(p) for p in candidates)
    return [p for p in candidates if standing(p) == best]
