"""RULINGS.md is numbered in order and every test it names exists."""

from __future__ import annotations

import ast
import re
from pathlib import Path

HERE = Path(__file__).parent
RULINGS = Path(__file__).parents[2] / "pbem/rulesets/invincible/RULINGS.md"


def _tests_in(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")
    }


def _rulings() -> list[tuple[int, str]]:
    text = RULINGS.read_text(encoding="utf-8")
    parts = re.split(r"^\*\*(\d+)\.", text, flags=re.M)
    return [(int(parts[i]), parts[i + 1]) for i in range(1, len(parts), 2)]


def test_rulings_are_numbered_one_to_n_in_order() -> None:
    numbers = [number for number, _ in _rulings()]
    assert numbers == list(range(1, len(numbers) + 1))


def test_every_ruling_names_tests_that_exist() -> None:
    for number, body in _rulings():
        named = re.findall(r"`(?:(test_\w+\.py)(?:::)?)?(test_\w+)?`", body)
        assert named, f"ruling {number} names no test"
        current: Path | None = None
        for filename, test in named:
            if filename:
                current = HERE / filename
                assert current.exists(), f"ruling {number}: no file {filename}"
            if test:
                assert current is not None, f"ruling {number}: {test} names no file first"
                assert test in _tests_in(current), f"ruling {number}: no {current.name}::{test}"
