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

from collections.abc import Iterable, Mapping
from typing import Any

from .orders import Convoy, Move  # the two kinds the backup rule knows by name

# The state of a decision (plain ints: they are compared on every question).
UNRESOLVED, GUESSING, PROVISIONAL, RESOLVED = range(4)


#: the reason recorded for a convoy the Szykman rule made fail
PARADOX = "convoy paradox"
_NONE = 1 << 30  # the depth of "no guess at all"


class Resolver:
    """Guess-and-check over the orders of one movement phase, keyed by province.

    The movement phase is a Resolver (``Movement`` subclasses it) rather than holding one, so
    the two need no references to each other: a phase leaves no cycles for the collector.
    """

    def __init__(self, orders: Mapping[str, Any]) -> None:
        """``orders`` by province, each with ``adjudicate(movement) -> bool``; ``self`` is
        the movement phase they are asked about."""
        self._orders = orders
        self._state: dict[str, int] = dict.fromkeys(orders, UNRESOLVED)
        #: the answer (or guess) for each order not UNRESOLVED, set with its state
        self._result: dict[str, bool] = {}
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
        if state == RESOLVED:
            return self._result[key]
        if state == GUESSING:
            self._lean_on(self._depth[key])
            return self._result[key]
        if state == PROVISIONAL:
            self._lean_on(self._leaned[key])
            return self._result[key]
        return self._decide(key)

    def _lean_on(self, depth: int) -> None:
        if self._used and depth < self._used[-1]:
            self._used[-1] = depth

    def _evaluate(self, key: str, guess: bool) -> tuple[bool, int]:
        """Decide ``key`` on a guess; the answer and the shallowest guess it leaned on."""
        self._state[key] = GUESSING
        self._result[key] = guess
        used = self._used
        used.append(_NONE)
        answer = self._orders[key].adjudicate(self)
        return answer, used.pop()

    def known(self, keys: Iterable[str], result: bool) -> None:
        """Record decisions that need no question (supports nobody attacks are given)."""
        state, results = self._state, self._result
        for key in keys:
            state[key], results[key] = RESOLVED, result

    def _decide(self, key: str) -> bool:
        used_stack = self._used
        depth = self._depth[key] = len(used_stack)
        mark = len(self._provisional)
        # The first guess, "fails" (this is _evaluate, written out: it runs for every order).
        self._state[key] = GUESSING
        self._result[key] = False
        used_stack.append(_NONE)
        first: bool = self._orders[key].adjudicate(self)
        used = used_stack.pop()
        if used > depth:
            self._result[key] = first
            self._state[key] = RESOLVED
            return first
        if used < depth:
            return self._provisional_answer(key, first, used)

        # Leaned on its own guess: a cycle. Try the other guess.
        cycle = set(self._forget(mark))
        second, used = self._evaluate(key, True)
        cycle.update(self._forget(mark))
        if first == second:
            if used < depth:  # the second guess led to a guess further up
                return self._provisional_answer(key, first, used)
            return self._settle(key, first)
        self._state[key] = UNRESOLVED
        self._backup_rule(cycle | {key}, key, first)
        return self.resolve(key)

    def _provisional_answer(self, key: str, answer: bool, used: int) -> bool:
        """Remember an answer that leaned on a guess further up, until that guess is decided."""
        self._state[key] = PROVISIONAL
        self._result[key] = answer
        self._leaned[key] = used
        self._provisional.append(key)
        self._lean_on(used)
        return answer

    def _settle(self, key: str, result: bool) -> bool:
        self._result[key] = result
        self._state[key] = RESOLVED
        return result

    def _forget(self, mark: int) -> list[str]:
        """Drop the provisional answers given since ``mark``: they will be decided again."""
        dropped = self._provisional[mark:]
        for key in dropped:
            if self._state[key] == PROVISIONAL:
                self._state[key] = UNRESOLVED
        del self._provisional[mark:]
        return dropped

    def _backup_rule(self, cycle: set[str], key: str, fallback: bool) -> None:
        """Settle a cycle with no or two consistent resolutions (see the module docstring)."""
        paradox = any(isinstance(self._orders[k], Convoy) for k in cycle)
        settled = False
        for member in sorted(cycle):
            order = self._orders[member]
            if paradox and isinstance(order, Convoy):
                self._settle(member, False)
                self.backup_decisions[member] = PARADOX
                settled = True
            elif not paradox and isinstance(order, Move):
                self._settle(member, True)
                self.backup_decisions[member] = "circular movement"
                settled = True
        if not settled:  # not a shape the rules name: keep the first answer rather than loop
            self._settle(key, fallback)
