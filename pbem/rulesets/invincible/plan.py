"""A khan's battle plan: what he does in the rounds he cannot answer by mail.

At the table a khan answers each round as it comes; by mail he says ahead
how many Informer points to defend or ambush with, when to sue for peace,
retreat or withdraw, whether to pursue, which points to assign or which
Honor to spend between rounds, and his standing answers to offers made
during the turn. Each line may carry a condition on his numbers (or his
opponent's) or on the round; the first line of a kind whose condition holds
is the one followed.
"""

from __future__ import annotations

from collections.abc import Sequence

from pbem.frozen import Frozen

from .orders import (
    Answer,
    Assign,
    Assist,
    Condition,
    Defence,
    Exit,
    Order,
    SpendHonor,
    TransferLoss,
)
from .state import Khan


def holds(when: Condition, me: Khan, them: Khan | None, round_: int) -> bool:
    """Whether a plan line's condition holds after ``round_`` rounds (0 before the first)."""
    if when.kind == "always":
        return True
    if when.kind == "never":
        return False
    if when.kind == "after":
        return round_ >= when.value
    whose = them if when.opponent else me
    if whose is None:
        return False
    if when.stat == "honor":
        value = whose.honor
    elif when.stat == "wine":
        value = whose.wine
    else:
        value = whose.modes.get(when.stat)
    return value < when.value if when.kind == "below" else value > when.value


class Plan(Frozen):
    """The plan lines and standing answers of one khan for one turn."""

    defences: tuple[Defence, ...] = ()
    exits: tuple[Exit, ...] = ()
    between_rounds: tuple[Assign | SpendHonor, ...] = ()
    losses: tuple[TransferLoss, ...] = ()
    answers: tuple[Answer, ...] = ()
    helps: tuple[Assist, ...] = ()

    @classmethod
    def of(cls, orders: Sequence[Order]) -> Plan:
        return cls(
            defences=tuple(o for o in orders if isinstance(o, Defence)),
            exits=tuple(o for o in orders if isinstance(o, Exit)),
            between_rounds=tuple(o for o in orders if isinstance(o, Assign | SpendHonor)),
            losses=tuple(o for o in orders if isinstance(o, TransferLoss)),
            answers=tuple(o for o in orders if isinstance(o, Answer)),
            helps=tuple(o for o in orders if isinstance(o, Assist) and o.in_battle),
        )

    def defence(self, me: Khan, them: Khan, round_: int, default: int) -> Defence:
        """How the khan meets this round's attack: the first line that holds, else the default."""
        for line in self.defences:
            if holds(line.when, me, them, round_):
                return line
        return Defence(default)

    def wants(self, word: str, me: Khan, them: Khan | None, round_: int) -> bool:
        """Whether a line SUE FOR PEACE / RETREAT / WITHDRAW / PURSUE holds now."""
        return any(line.word == word and holds(line.when, me, them, round_) for line in self.exits)

    def answer(self, kind: str, other: str) -> bool | None:
        """The standing answer to ``other``'s offer of ``kind``: yes, no, or none given.

        An answer naming the khan goes before one for all khans; of two lines
        for the same khan, the later one counts.
        """
        for wanted in (other, ""):
            for line in reversed(self.answers):
                if line.kind == kind and line.other == wanted:
                    return line.accept
        return None
