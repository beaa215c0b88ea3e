"""Where generals and armies may go: paths through a power's own regions.

Travel goes any distance through the power's own regions; Move Army goes at most two
regions, through and into its own regions (rulebook, General's Actions). Both are judged on
who held what at the start of the turn, so that the order of writing orders cannot matter
(RULINGS.md, ruling 10). Parsing uses these to refuse impossible orders at once, and
adjudication uses them again against the same start-of-turn holders.
"""

from __future__ import annotations

from collections.abc import Mapping

from pbem.rulesets.generals.world import Variant


def reachable(variant: Variant, holders: Mapping[str, str | None], power: str, start: str) -> set[str]:
    """Regions of ``power`` reachable from ``start`` through its own regions (``start`` too)."""
    seen = {start}
    frontier = [start]
    while frontier:
        here = frontier.pop()
        for there in variant.regions[here].neighbours:
            if there not in seen and holders.get(there) == power:
                seen.add(there)
                frontier.append(there)
    return seen


def middles(
    variant: Variant, holders: Mapping[str, str | None], power: str, start: str, to: str
) -> list[str]:
    """The own regions a two-step move from ``start`` to ``to`` could pass through."""
    return sorted(
        region
        for region in variant.regions[start].neighbours
        if holders.get(region) == power and to in variant.regions[region].neighbours
    )


def move_route_error(
    variant: Variant,
    holders: Mapping[str, str | None],
    power: str,
    start: str,
    to: str,
    via: str | None,
) -> str | None:
    """Why a Move Army from ``start`` to ``to`` (via ``via``) is not allowed, or None."""
    if holders.get(to) != power:
        return f"{to} is not one of your regions; an army moves only into your own regions"
    if to == start:
        return f"the army is already in {to}"
    if via is None:
        if to in variant.regions[start].neighbours:
            return None
        return f"{to} is not next to {start}; give the route with 'via <region>'"
    if holders.get(via) != power:
        return f"{via} is not one of your regions; an army moves only through your own regions"
    if via not in variant.regions[start].neighbours:
        return f"{via} is not next to {start}"
    if to not in variant.regions[via].neighbours:
        return f"{to} is not next to {via}"
    return None
