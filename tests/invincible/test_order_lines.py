"""Every Invincible! order kind writes its canonical line as it always has: the lines stored
with games and read back by the parser must not change when the way they are written does
(issue 16: the hand-written ``text()`` methods became forms of ``pbem.rulesets.written``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, get_args

import pytest
import yaml

from pbem.rulesets.invincible import orders as o

#: (order kind, its fields, its canonical line), as the hand-written text() methods wrote them
ROWS: list[tuple[str, dict[str, Any], str]] = yaml.safe_load(
    (Path(__file__).parent / "order_lines.yaml").read_text(encoding="utf-8")
)


def _order(kind: str, fields: dict[str, Any]) -> o.Order:
    given = dict(fields)
    if "when" in given:
        given["when"] = o.Condition(**given["when"])
    if "guests" in given:
        given["guests"] = tuple(given["guests"])
    order: o.Order = getattr(o, kind)(**given)
    return order


def test_the_table_has_every_order_kind() -> None:
    assert {kind for kind, _, _ in ROWS} == {t.__name__ for t in get_args(o.Order)}


@pytest.mark.parametrize(("kind", "fields", "line"), ROWS, ids=[line for _, _, line in ROWS])
def test_an_order_writes_its_canonical_line_as_before(kind: str, fields: dict[str, Any], line: str) -> None:
    assert _order(kind, fields).text() == line
