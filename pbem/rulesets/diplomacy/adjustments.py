"""The adjustment phase: builds, waives and removals, and civil disorder.

Each power may build as many units as it has supply centres more than units,
in its vacant, owned home centres (a variant may allow any owned centre), and
must remove as many as it has fewer. Orders are taken one by one in the order
written: a build after the allowed number is "too many builds" (DATC 4.D.4),
a removal after the required number "too many disbands" (4.D.6).

Missing builds are waived. Missing removals are made by the 2023 civil-disorder
rule (DATC 4.D.8): the unit farthest from the power's nearest owned supply
centre goes first, the distance counted in moves over any border, land or sea,
whatever the unit; on a tie fleets go before armies, then in alphabetical order
of the province's name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pbem.frozen import Frozen

from .core import Board, Order, Unit, UnitType
from .orders import Build, Cancel, Disband, Waive
from .results import FAILURE, SUCCESS, OrderResult, read_lines
from .variant import Variant


class AdjustmentOutcome(Frozen):
    results: list[OrderResult]
    units: dict[str, Unit]
    built: tuple[Unit, ...]
    removed: tuple[Unit, ...]
    civil_disorder: tuple[Unit, ...]
    #: builds each power left unused
    waived: dict[str, int]


def adjustments_due(variant: Variant, board: Board) -> dict[str, int]:
    """Builds (positive) and removals (negative) due, for each power that has any."""
    powers = dict.fromkeys(variant.powers())
    powers.update(dict.fromkeys(unit.power for unit in board.units.values()))
    due = {power: variant.adjustment(power, board) for power in powers}
    return {power: count for power, count in due.items() if count}


def vacant_build_sites(variant: Variant, power: str, board: Board) -> list[str]:
    return [p for p in variant.build_sites(power, board) if p not in board.units]


def must_act(variant: Variant, board: Board) -> list[str]:
    """Powers with removals due, or builds due and somewhere to build them."""
    return [
        power
        for power, count in adjustments_due(variant, board).items()
        if count < 0 or vacant_build_sites(variant, power, board)
    ]


class Ledger:
    """What each power has built and removed so far this phase, in order."""

    def __init__(self, variant: Variant, board: Board) -> None:
        self.variant = variant
        self.board = board
        self.due = adjustments_due(variant, board)
        self.built: list[Unit] = []
        self.removed: list[Unit] = []
        self.waives: dict[str, int] = {}

    def built_by(self, power: str) -> int:
        return sum(1 for unit in self.built if unit.power == power)

    def used(self, power: str) -> int:
        """Builds made or waived."""
        return self.built_by(power) + self.waives.get(power, 0)

    def apply(self, power: str, order: Order | None) -> str | None:
        """Take one order of ``power``: None if it is done, else the reason it is refused."""
        if isinstance(order, Build):
            return self.build(power, order)
        if isinstance(order, Waive):
            return self.waive(power)
        if isinstance(order, Disband):
            return self.remove(power, order)
        return "illegal"

    def build(self, power: str, order: Build) -> str | None:
        """Make the build, or say why not."""
        refusal = self.site_refusal(power, order)
        if refusal is not None:
            return refusal
        if any(unit.province == order.province for unit in self.built):
            return "second build in the same province"
        if order.province in self.board.units:
            return "province occupied"
        due = self.due.get(power, 0)
        if due <= 0:
            return "no builds due"
        if self.used(power) >= due:
            return "too many builds"
        # An army's coast means nothing (DATC 6.B.12): it is built in the province.
        location = order.location if order.unit_type is UnitType.FLEET else order.province
        self.built.append(Unit(power, order.unit_type, location))
        return None

    def site_refusal(self, power: str, order: Build) -> str | None:
        game_map = self.variant.map
        province = game_map.provinces[order.province]
        # The sites follow the builds already made this winter (a seventh nomad unit goes elsewhere).
        board = self.board
        if self.built:
            units = dict(board.units) | {unit.province: unit for unit in self.built}
            board = Board(units, board.centres, board.dislodged)
        if order.province not in self.variant.build_sites(power, board):
            return self.variant.build_site_refusal(power, board, order.province)
        if order.unit_type is UnitType.FLEET:
            if province.type != "coast":
                return "fleet in land province"
            if province.coasts and order.location not in province.locations:
                return "coast not specified"
        elif province.type == "sea":
            return "army in sea province"
        return None

    def waive(self, power: str) -> str | None:
        due = self.due.get(power, 0)
        if due <= 0:
            return "no builds due"
        if self.used(power) >= due:
            return "too many builds"
        self.waives[power] = self.waives.get(power, 0) + 1
        return None

    def take_back(self, power: str, order: Order) -> None:
        """Undo an order ``apply`` took (a build, removal or waive a later line replaces)."""
        if isinstance(order, Build):
            self.built = [u for u in self.built if u.province != order.province]
        elif isinstance(order, Disband):
            self.removed = [u for u in self.removed if u.province != order.province]
        elif isinstance(order, Waive) and self.waives.get(power):
            self.waives[power] -= 1

    def built_here(self, power: str) -> list[Unit]:
        return [unit for unit in self.built if unit.power == power]

    def remove(self, power: str, order: Disband) -> str | None:
        unit = self.board.units.get(order.province)
        if unit is None:
            return "no such unit"
        if unit.power != power:
            return "not own unit"
        if unit in self.removed:
            return "same unit removed twice"
        due = self.due.get(power, 0)
        if due >= 0:
            return "no removals due"
        if sum(1 for u in self.removed if u.power == power) >= -due:
            return "too many disbands"
        self.removed.append(unit)
        return None


def civil_disorder(
    variant: Variant, board: Board, power: str, count: int, spared: Sequence[Unit] = ()
) -> list[Unit]:
    """The ``count`` units of ``power`` the civil-disorder rule removes (see module docstring)."""
    owned = set(board.centres_of(power))
    provinces = variant.map.provinces
    candidates = [u for u in board.units_of(power) if u not in spared]
    distance = {u.province: _distance(variant, u.province, owned) for u in candidates}
    candidates.sort(
        key=lambda u: (
            -distance[u.province],
            u.type is not UnitType.FLEET,
            provinces[u.province].name,
        )
    )
    return candidates[:count]


def _distance(variant: Variant, start: str, targets: set[str]) -> float:
    """Moves from ``start`` to the nearest of ``targets`` over any border; infinite if none."""
    seen = {start}
    frontier = [start]
    steps = 0
    while frontier:
        if any(province in targets for province in frontier):
            return steps
        steps += 1
        following = []
        for province in frontier:
            for neighbour in variant.map.all_borders(province):
                if neighbour not in seen:
                    seen.add(neighbour)
                    following.append(neighbour)
        frontier = following
    return float("inf")


def adjudicate_adjustments(
    variant: Variant, board: Board, orders: Mapping[str, Sequence[str]]
) -> AdjustmentOutcome:
    """Decide an adjustment phase: each power's builds, waives and removals, then civil disorder."""
    ledger = Ledger(variant, board)
    results = []
    for line in read_lines(orders, variant.notation):
        if isinstance(line.order, Cancel):
            continue  # it took an order back where the orders are kept; nothing to decide
        reason = line.refused or ledger.apply(line.power, line.order)
        results.append(OrderResult(line.power, line.text, FAILURE if reason else SUCCESS, reason))
    disorder: list[Unit] = []
    for power, due in ledger.due.items():
        missing = -due - sum(1 for unit in ledger.removed if unit.power == power)
        if due < 0 and missing > 0:
            disorder += civil_disorder(variant, board, power, missing, spared=ledger.removed)
    units = {p: u for p, u in board.units.items() if u not in ledger.removed and u not in disorder}
    for unit in ledger.built:
        units[unit.province] = unit
    waived = {
        power: due - ledger.built_by(power)
        for power, due in ledger.due.items()
        if due > ledger.built_by(power)
    }
    return AdjustmentOutcome(
        results, units, tuple(ledger.built), tuple(ledger.removed), tuple(disorder), waived
    )
