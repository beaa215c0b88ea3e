"""Arithmetic on armies: merging units, taking chosen troops out, and naming them.

An army is a tuple of ``Unit``s, at most one per troop type and veteran level, listed in
the order of troops.yaml and most experienced first. Every order that moves men (Move
Army, Attack Enemy, a rearguard) takes them with ``take``, so shortfalls are handled alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pbem.rulesets.generals.state import Pick, Unit
from pbem.rulesets.generals.world import world


def merge(*armies: Iterable[Unit]) -> tuple[Unit, ...]:
    """One army of all the units given, units of one troop and level joined."""
    men: dict[tuple[str, int], int] = {}
    for army in armies:
        for unit in army:
            men[unit.troop, unit.level] = men.get((unit.troop, unit.level), 0) + unit.men
    order = world().troop_order
    return tuple(
        Unit(troop, count, level)
        for (troop, level), count in sorted(men.items(), key=lambda i: (order(i[0][0]), -i[0][1]))
        if count > 0
    )


def men(army: Iterable[Unit]) -> int:
    return sum(unit.men for unit in army)


def points(army: Iterable[Unit]) -> int:
    troops = world().troops
    return sum(unit.men * troops[unit.troop].points for unit in army)


def unit_name(troop: str, level: int | None) -> str:
    """'Archers', or 'Archers vet 2' for veterans of level 2."""
    return f"{troop} vet {level}" if level else troop


def headcount(men: int) -> str:
    """'1 man', '40 men'."""
    return f"{men} man" if men == 1 else f"{men} men"


def describe(army: Sequence[Unit]) -> str:
    """'120 Spearmen, 40 Archers vet 1', the way reports and orders write an army."""
    if not army:
        return "no troops"
    return ", ".join(f"{unit.men} {unit_name(unit.troop, unit.level)}" for unit in army)


def describe_pick(pick: Pick) -> str:
    if pick.troop is None:
        return "all troops"
    name = unit_name(pick.troop, pick.level)
    if pick.level == 0:
        name += " vet 0"
    return f"all {name}" if pick.count is None else f"{pick.count} {name}"


def describe_picks(picks: Sequence[Pick]) -> str:
    return ", ".join(describe_pick(pick) for pick in picks)


def take(army: Sequence[Unit], picks: Sequence[Pick]) -> tuple[tuple[Unit, ...], tuple[Unit, ...], list[str]]:
    """Split ``army`` into (taken, left) by ``picks``; and what could not be found.

    Each pick takes from what earlier picks left, the most experienced men first.
    """
    left = {(u.troop, u.level): u.men for u in army}
    taken: list[Unit] = []
    short: list[str] = []
    for pick in picks:
        matching = sorted(
            (
                key
                for key, count in left.items()
                if count > 0
                and (pick.troop is None or key[0] == pick.troop)
                and (pick.level is None or key[1] == pick.level)
            ),
            key=lambda key: -key[1],
        )
        wanted = pick.count
        available = sum(left[key] for key in matching)
        if wanted is not None and wanted > available:
            short.append(f"{describe_pick(pick)} asked, {available} there")
        need = available if wanted is None else min(wanted, available)
        for key in matching:
            moved = min(need, left[key])
            if moved:
                taken.append(Unit(key[0], moved, key[1]))
                left[key] -= moved
                need -= moved
    rest = [Unit(troop, count, level) for (troop, level), count in left.items()]
    return merge(taken), merge(rest), short
