"""Every game's RULINGS.md: its rulings numbered in order, each naming the tests that check it,
and every test it names existing, in the file it names (a ruling whose test is renamed or
dropped fails here)."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

import pbem.rulesets

TESTS = Path(__file__).parent
RULINGS = sorted(Path(pbem.rulesets.__file__).parent.rglob("RULINGS.md"))
#: a ruling starts a line as "**12. Title.**" or "12. **Title.**"
RULING = re.compile(r"^(?:\*\*(\d+)\.|(\d+)\. \*\*)", re.M)


def rulings(path: Path) -> list[tuple[int, str]]:
    text = path.read_text(encoding="utf-8")
    starts = list(RULING.finditer(text))
    ends = [match.start() for match in starts[1:]] + [len(text)]
    return [
        (int(m.group(1) or m.group(2)), text[m.start() : end]) for m, end in zip(starts, ends, strict=True)
    ]


@functools.cache  # parsed once for the six rulesets' cases
def defined_tests() -> dict[str, set[str]]:
    """The test functions of every test file under tests/, by file name (several folders may
    have a file of the same name)."""
    tests: dict[str, set[str]] = {}
    for path in TESTS.rglob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        functions = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
        tests.setdefault(path.name, set()).update(functions)
    return tests


def test_every_game_has_its_rulings() -> None:
    games = {path.parent.name for path in RULINGS}
    assert games >= {"diplomacy", "mandate", "generals", "invincible", "invictus", "invoke"}


@pytest.mark.parametrize("path", RULINGS, ids=lambda path: path.parent.name)
def test_rulings_are_numbered_in_order(path: Path) -> None:
    # generals numbers its rulings by section (1-4, 10-18, 20-...), the others 1..n
    numbers = [number for number, _ in rulings(path)]
    assert len(numbers) >= 10 and numbers[0] == 1
    assert all(a < b for a, b in zip(numbers, numbers[1:], strict=False)), numbers


@pytest.mark.parametrize("path", RULINGS, ids=lambda path: path.parent.name)
def test_every_ruling_names_tests_that_exist(path: Path) -> None:
    tests = defined_tests()
    anywhere = set().union(*tests.values()) | {name.removesuffix(".py") for name in tests}
    for number, text in rulings(path):
        ruling = f"{path.parent.name} ruling {number}"
        named = set(re.findall(r"\btest_\w+", text))
        assert named, f"{ruling} names no test"
        missing = sorted(name for name in named if name not in anywhere)
        assert not missing, f"{ruling}: no test {', '.join(missing)}"
        for file, test in re.findall(r"\b(test_\w+\.py)::(test_\w+)", text):
            assert test in tests.get(file, ()), f"{ruling}: no {test} in {file}"
