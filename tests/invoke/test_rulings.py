"""RULINGS.md names, for each ruling, the tests that check it: those tests must exist."""

from __future__ import annotations

import re
from pathlib import Path

import pbem.rulesets.invoke as package

RULINGS = Path(package.__file__).parent / "RULINGS.md"
HERE = Path(__file__).parent


def test_every_ruling_names_tests_that_exist() -> None:
    text = RULINGS.read_text(encoding="utf-8")
    rulings = re.split(r"\n(?=\d+\. )", text)[1:]
    assert len(rulings) >= 30
    defined = {
        name
        for path in HERE.glob("test_*.py")
        for name in re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M)
    }
    files = {path.name for path in HERE.glob("test_*.py")}
    for ruling in rulings:
        number = ruling.split(".", 1)[0]
        named = re.findall(r"\btest_\w+\b", ruling)
        assert named, f"ruling {number} names no test"
        for name in named:
            assert name in defined or f"{name}.py" in files, f"ruling {number}: no {name}"
