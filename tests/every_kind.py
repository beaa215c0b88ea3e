"""The kinds of order and event a ruleset's own code can make, read from that code (issue 30).

The every_report property tests must send every order kind a ruleset accepts and see every
event kind it can produce. Listing those kinds by hand in the test lets a new kind slip by
untested, so they are read from the ruleset's source: each event is recorded through one or
two calls (``board.event("move", ...)``, ``table.say("attack", ...)``) whose kind is a string
literal there, or a name that holds one of a few literals (assigned, compared, or passed by
every caller of the function it is a parameter of). A kind written any other way is an error
that names the line, so the list cannot quietly go stale.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pbem

RULESETS = Path(pbem.__file__).parent / "rulesets"


def literal_kinds(ruleset: str | Path, calls: Mapping[str, int]) -> set[str]:
    """Every kind the modules of ``ruleset`` (its name, or a folder) pass to the named calls
    (``{"say": 0, "tell": 1}``: the kind is that positional argument, and a text follows it)."""
    modules = {path: ast.parse(path.read_text()) for path in sorted((RULESETS / ruleset).rglob("*.py"))}
    found: set[str] = set()
    for path, tree in modules.items():
        for function, call in _calls(tree):
            at = calls.get(_name(call.func) or "")
            if at is None or len(call.args) < at + 2:
                continue
            kinds = _strings(call.args[at]) or _resolved(call, call.args[at], function, modules)
            assert kinds, (
                f"{path.name}:{call.lineno}: write the kind as a literal, not {ast.unparse(call.args[at])}"
            )
            found |= kinds
    return found


def dict_kinds(ruleset: str, key: str) -> set[str]:
    """Every literal value of ``key`` in the dict displays of ``ruleset``'s modules
    (Diplomacy's events: ``{"type": "movement", ...}``)."""
    found: set[str] = set()
    for path in (RULESETS / ruleset).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Dict):
                for name, value in zip(node.keys, node.values, strict=True):
                    if isinstance(name, ast.Constant) and name.value == key:
                        found |= _strings(value)
    return found


def _calls(
    tree: ast.AST, function: ast.FunctionDef | None = None
) -> Iterator[tuple[ast.FunctionDef | None, ast.Call]]:
    """Each call with the innermost function it stands in (None at a module's top)."""
    for node in ast.iter_child_nodes(tree):
        inner = node if isinstance(node, ast.FunctionDef) else function
        if isinstance(node, ast.Call):
            yield function, node
        yield from _calls(node, inner)


def _name(func: ast.expr) -> str | None:
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None


def _strings(node: ast.expr) -> set[str]:
    """The strings a literal, a tuple of literals or a conditional between them can be."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        body, orelse = _strings(node.body), _strings(node.orelse)
        return body | orelse if body and orelse else set()
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        parts = [_strings(element) for element in node.elts]
        return set().union(*parts) if parts and all(parts) else set()
    return set()


def _resolved(
    call: ast.Call, node: ast.expr, function: ast.FunctionDef | None, modules: Mapping[Path, ast.Module]
) -> set[str]:
    """The literals a name in ``function`` holds at ``call``: assigned to it, compared with it by
    the ``if`` the call stands under (``elif effect in ("resurrect", "enlist"):``), or, for a
    parameter, passed by every call of the function."""
    if not isinstance(node, ast.Name) or function is None:
        return set()
    found: set[str] = set()
    for inner in ast.walk(function):
        if isinstance(inner, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == node.id for t in inner.targets
        ):
            found |= _strings(inner.value)
        elif (
            isinstance(inner, ast.If)
            and isinstance(inner.test, ast.Compare)
            and isinstance(inner.test.left, ast.Name)
            and inner.test.left.id == node.id
            and any(call in ast.walk(statement) for statement in inner.body)
        ):
            for comparator in inner.test.comparators:
                found |= _strings(comparator)
    if found:
        return found
    parameters = [a.arg for a in function.args.args if a.arg not in ("self", "cls")]
    if node.id not in parameters:
        return set()
    at = parameters.index(node.id)
    passed: list[set[str]] = []
    for tree in modules.values():
        for _, call in _calls(tree):
            if _name(call.func) != function.name:
                continue
            given = [k.value for k in call.keywords if k.arg == node.id]
            given += call.args[at : at + 1]
            passed.extend(_strings(value) for value in given)
    return set().union(*passed) if passed and all(passed) else set()


class Sweep:
    """Kinds seen over whole games, and a few of their phases that between them bring every
    kind seen (each phase chosen for the most kinds not yet brought), put through every report
    (``report``) at the end: every kind reaches every reader at the cost of a handful of
    phases' reports, not every phase's."""

    def __init__(self, report: Callable[..., object]) -> None:
        self.report = report
        self.orders: set[str] = set()
        self.events: set[str] = set()
        self.phases: list[tuple[frozenset[str], tuple[Any, ...]]] = []
        self.reported = 0

    def phase(self, orders: set[str], events: set[str], *args: Any) -> None:
        """A phase whose orders and events are of these kinds, and what ``report`` needs of it."""
        brings = frozenset({f"order {kind}" for kind in orders} | {f"event {kind}" for kind in events})
        if brings - self.brought():
            self.phases.append((brings, args))
        self.orders |= orders
        self.events |= events

    def brought(self) -> set[str]:
        return {f"order {kind}" for kind in self.orders} | {f"event {kind}" for kind in self.events}

    def report_all(self) -> None:
        """Report the fewest phases (nearly: greedily) that bring every kind seen."""
        left = self.brought()
        while left:
            brings, args = max(self.phases, key=lambda phase: len(phase[0] & left))
            self.report(*args)
            self.reported += 1
            left -= brings
