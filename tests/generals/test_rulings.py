"""RULINGS.md: every ruling names tests, and every test it names exists."""

from __future__ import annotations

import re
from pathlib import Path

from pbem.rulesets import generals

RULINGS = Path(generals.__file__).parent / "RULINGS.md"
HERE = Path(__file__).parent


def test_every_ruling_names_a_test_that_exists():
    text = RULINGS.read_text(encoding="utf-8")
    rulings = re.split(r"\n\*\*(?=\d+\.)", text)[1:]
    assert len(rulings) >= 40
    defined = {
        name
        for path in HERE.glob("test_*.py")
        for name in re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M)
    }
    files = {path.name for path in HERE.glob("test_*.py")}
    for ruling in rulings:
        number = ruling.split(".")[0]
        named = re.findall(r"\btest_\w+", ruling)
        assert named, f"ruling {number} names no test"
        for name in named:
            assert name in defined or f"{name}.py" in files, f"ruling {number}: {name}"
