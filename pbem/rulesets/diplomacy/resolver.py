"""The one place that knows how dependent orders are resolved: Kruijswijk's guess-and-check.

Every order of a movement phase is one yes/no decision: a move succeeds, a
support is given, a convoy carries. Deciding one order asks about others (an
attack needs to know whether the supports for it are cut, which asks whether
the supporter's attacker moves, ...). ``Resolver.resolve`` answers by
recursion and copes with circular questions as L. B. Kruijswijk describes in
"The Math of Adjudication" (DATC, section 5):

1. An order being decided is *guessed* to fail, and decided on that guess.
2. If that answer leaned on no guess, it stands.
3. If it leaned on the guess of an order further up the chain of questions,
   it is only *provisional*: it is remembered for the rest of that order's
   decision and forgotten afterwards, to be decided again.
4. If it leaned on its own guess (the question came back to it), it is decided
   again with the guess "succeeds". Same answer both ways: the cycle has one
   consistent resolution; keep it. Different answers: the cycle has none or
   two, and the *backup rule* decides:

   * a cycle that holds a convoy order is a convoy paradox, settled by the
     Szykman rule (DATC 4.A.2, the DATC 3.0 preference): every convoy in the
     cycle fails, so the armies it carried stay home and cut no support;
   * any other cycle is a circular movement: every move in it succeeds.

   Then the order is decided afresh with those orders settled.

Which guesses an answer leaned on is tracked as in Tarjan's strongly connected
components: every decision in progress has a depth, and each answer carries the
smallest depth of any guess it used, directly or through provisional answers.
(Kruijswijk's sketch notes only guesses not yet on its dependency list, which
loses dependencies in Pandin's paradox, DATC 6.F.16, when orders are asked in
some orders; this way the outcome does not depend on the order of questions.)

The resolver does not know what an order means: each order kind decides itself
(``adjudicate(movement)``) by asking ``resolve`` about the orders it depends on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum

from .core import Order


class _State(Enum):
    UNRESOLVED = 0
    GUESSING = 1
    PROVISIONAL = 2
    RESOLVED = 3


#: the reason recorded for a convoy the Szykman rule made fail
PARADOX = "convoy paradox"
_NONE = 1 << 30  # the depth of "no guess at all"


class Resolver:
    """Guess-and-check over the orders of one movement phase, keyed by province."""

    def __init__(
        self,
        orders: Mapping[str, Order],
        adjudicate: Callable[[str], bool],
        is_convoy: Callable[[Order], bool],
        is_move: Callable[[Order], bool],
    ) -> None:
        self._orders = orders
        self._adjudicate = adjudicate
        self._is_convoy = is_convoy
        self._is_move = is_move
        self._state: dict[str, _State] = dict.fromkeys(orders, _State.UNRESOLVED)
        self._result: dict[str, bool] = dict.fromkeys(orders, False)
        #: depth of each decision in progress, and the shallowest guess each one has used
        self._depth: dict[str, int] = {}
        self._used: list[int] = []
        #: provisional answers, in the order they were given, with the guess each leaned on
        self._provisional: list[str] = []
        self._leaned: dict[str, int] = {}
        #: orders decided by the backup rule, with why
        self.backup_decisions: dict[str, str] = {}

    def resolve(self, key: str) -> bool:
        """Whether the order at ``key`` succeeds."""
        state = self._state[key]
        if state is _State.RESOLVED:
            return self._result[key]
        if state is _State.GUESSING:
            self._lean_on(self._depth[key])
            return self._result[key]
        if state is _State.PROVISIONAL:
            self._lean_on(self._leaned[key])
            return self._result[key]
        return self._decide(key)

    def _lean_on(self, depth: int) -> None:
        if self._used and depth < self._used[-1]:
            self._used[-1] = depth

    def _evaluate(self, key: str, guess: bool) -> tuple[bool, int]:
        """Decide ``key`` on a guess; the answer and the shallowest guess it leaned on."""
        self._state[key] = _State.GUESSING
        self._result[key] = guess
        self._used.append(_NONE)
        try:
            answer = self._adjudicate(key)
        finally:
            used = self._used.pop()
        return answer, used

    def _decide(self, key: str) -> bool:
        depth = self._depth[key] = len(self._used)
        mark = len(self._provisional)
        first, used = self._evaluate(key, False)
        if used > depth:
            return self._settle(key, first)
        if used < depth:
            # Leaned on a guess further up: provisional until that one is decided.
            self._state[key] = _State.PROVISIONAL
            self._result[key] = first
            self._leaned[key] = used
            self._provisional.append(key)
            self._lean_on(used)
            return first

        # Leaned on its own guess: a cycle. Try the other guess.
        cycle = set(self._forget(mark))
        second, used = self._evaluate(key, True)
        cycle.update(self._forget(mark))
        if first == second:
            if used < depth:
                self._state[key] = _State.PROVISIONAL
                self._result[key] = first
                self._leaned[key] = used
                self._provisional.append(key)
                self._lean_on(used)
                return first
            return self._settle(key, first)
        self._state[key] = _State.UNRESOLVED
        self._backup_rule(cycle | {key}, key, first)
        return self.resolve(key)

    def _settle(self, key: str, result: bool) -> bool:
        self._result[key] = result
        self._state[key] = _State.RESOLVED
        return result

    def _forget(self, mark: int) -> list[str]:
        """Drop the provisional answers given since ``mark``: they will be decided again."""
        dropped = self._provisional[mark:]
        for key in dropped:
            if self._state[key] is _State.PROVISIONAL:
                self._state[key] = _State.UNRESOLVED
        del self._provisional[mark:]
        return dropped

    def _backup_rule(self, cycle: set[str], key: str, fallback: bool) -> None:
        """Settle a cycle with no or two consistent resolutions (see the module docstring)."""
        paradox = any(self._is_convoy(self._orders[k]) for k in cycle)
        settled = False
        for member in sorted(cycle):
            order = self._orders[member]
            if paradox and self._is_convoy(order):
                self._settle(member, False)
                self.backup_decisions[member] = PARADOX
                settled = True
            elif not paradox and self._is_move(order):
                self._settle(member, True)
                self.backup_decisions[member] = "circular movement"
                settled = True
        if not settled:  # not a shape the rules name: keep the first answer rather than loop
            self._settle(key, fallback)
