"""Drawing a Diplomacy view and reading its SVG back as XML: the orders and units a map shows."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from pbem import site
from pbem.ruleset import PUBLIC
from pbem.rulesets.diplomacy import ruleset

SVG = "{http://www.w3.org/2000/svg}"
POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]


def adjudicated(orders: dict[str, list[str]], state: Any = None) -> dict[str, Any]:
    state = state if state is not None else ruleset.start("standard", POWERS, {}, 1)
    result = ruleset.adjudicate(state, orders, 1)
    return ruleset.view(result.state, result.events, PUBLIC)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def orders_drawn(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-order", ""): g for g in root.iter(f"{SVG}g") if "order" in g.get("class", "")}


def units_drawn(root: ET.Element, dislodged: bool = False) -> dict[tuple[str, str], ET.Element]:
    return {
        (g.get("data-power", ""), g.get("data-unit", "")): g
        for g in root.iter(f"{SVG}g")
        if g.get("class", "").split()[:1] == ["unit"] and ("dislodged" in g.get("class", "")) == dislodged
    }


def build(table, game_id: str, out: Path, viewer: str | None = None) -> Path:
    with table.store() as store:
        return site.build(store, game_id, out, viewer)


def links(html: str) -> list[str]:
    return re.findall(r'<a [^>]*href="([^"]+)"', html)
