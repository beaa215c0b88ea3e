"""How each order line of a phase fared, and which line is in effect for which unit.

Every line a power sent gets a result: ``success`` or ``failure``, and for a
failure a short reason ("bounced", "cut", "illegal", "not own unit", ...).
``REASONS`` says each in a sentence for reports.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .core import IllegalOrder, Order, UnitOrder
from .orders import Notation, NotationError

SUCCESS = "success"
FAILURE = "failure"

#: reason code -> what it means, for reports
REASONS = {
    "illegal": "the rules do not allow this order",
    "coast not specified": "the coast must be named",
    "not own unit": "that unit belongs to another power",
    "no such unit": "there is no unit there",
    "replaced": "a later order for the same unit replaced it",
    "bounced": "it was not strong enough to get in",
    "no convoy": "no fleets convoyed it",
    "convoy disrupted": "its convoy was disrupted",
    "convoy paradox": "its convoy was part of a paradox and failed (Szykman rule)",
    "cut": "the support was cut",
    "convoy broken": "an attack broke the convoy though the fleet stays (a fleet attacking a river fleet)",
    "unmatched": "the unit supported or convoyed did not make that order",
    "supported move illegal": "the move it supported was illegal",
    "dislodged": "the unit was dislodged",
    "not dislodged": "only dislodged units retreat",
    "too many builds": "no builds were left",
    "no builds due": "this power has no builds",
    "not a home supply center": "builds go in home supply centres",
    "not an owned supply center": "builds go in supply centres the power owns",
    "home supply center not owned": "the power does not own that home centre",
    "not in the placement area": "the Hsiung-Nu place their armies in the steppe and desert",
    "province occupied": "a unit already stands there",
    "second build in the same province": "only one unit can be built in a province",
    "fleet in land province": "fleets cannot be built inland",
    "army in sea province": "armies cannot be built at sea",
    "too many disbands": "no more removals were due",
    "no removals due": "this power has no removals",
    "same unit removed twice": "that unit was already removed",
}


@dataclass(slots=True)
class OrderResult:
    power: str
    order: str
    result: str
    reason: str | None = None
    #: in movement phases: whether the ordered unit was dislodged
    dislodged: bool | None = None

    def as_dict(self) -> dict[str, Any]:
        return result_dict(self.power, self.order, self.result, self.reason, self.dislodged)


def result_dict(
    power: str, order: str, result: str, reason: str | None = None, dislodged: bool | None = None
) -> dict[str, Any]:
    """An order's result as the DATC cases write it (``OrderResult.as_dict``); made straight
    from the parts where nothing else needs the result."""
    data: dict[str, Any] = {"power": power, "order": order, "result": result}
    if reason is not None:
        data["reason"] = reason
    if dislodged is not None:
        data["dislodged"] = dislodged
    return data


@dataclass(slots=True)
class Line:
    """One order line a power sent, as read, with the reason it was refused if it was."""

    power: str
    text: str
    order: Order | None = None
    refused: str | None = None
    message: str = ""


def read_lines(orders: Mapping[str, Sequence[str]], notation: Notation) -> list[Line]:
    """Every power's lines, each parsed; lines that are not canonical orders are refused."""
    lines = []
    parse = notation.parse
    for power, texts in orders.items():
        for text in texts:
            try:
                lines.append(Line(power, text, parse(text)))
            except NotationError as error:
                lines.append(Line(power, text, refused="illegal", message=str(error)))
    return lines


def assign_to_units(lines: list[Line], owners: Mapping[str, str], kinds: tuple[type, ...]) -> dict[str, Line]:
    """The line in effect for each unit, by province; refuses the others with the reason.

    ``owners`` maps each province with an orderable unit to its power. See ``claim``.
    """
    in_effect: dict[str, Line] = {}
    for line in lines:
        order = line.order
        if line.refused or order is None:
            continue
        if not isinstance(order, UnitOrder):
            line.refused, line.message = "illegal", f"{order} is not an order of this phase"
            continue
        claim(line, order, owners.get(order.province), in_effect, kinds)
    return in_effect


def claim(
    line: Line, order: UnitOrder, owner: str | None, in_effect: dict[str, Line], kinds: tuple[type, ...]
) -> bool:
    """Put ``line`` (a unit's ``order``) in effect for the unit, whose power is ``owner`` (None:
    no unit there), or refuse it with the reason; whether it is in effect and of one of the
    ``kinds`` the phase takes.

    A line for no unit or another power's unit is refused; so is an order of a kind this phase
    does not take. When a power orders one unit twice, the later line is the order and the
    earlier is "replaced".
    """
    if owner is None:
        line.refused, line.message = "no such unit", f"there is no unit to order in {order.province}"
        return False
    if owner != line.power:
        line.refused, line.message = "not own unit", f"the unit in {order.province} belongs to {owner}"
        return False
    earlier = in_effect.get(order.province)
    if earlier is not None:
        earlier.refused, earlier.message = "replaced", f"replaced by {line.text}"
    in_effect[order.province] = line
    if not isinstance(order, kinds):
        line.refused, line.message = "illegal", f"{order} is not an order of this phase"
        return False
    return True


def refuse(line: Line, error: IllegalOrder) -> None:
    line.refused, line.message = error.reason, str(error)
