"""The battlefield's geometry: slot names, lines, range and who steps forward.

Both camps' battlefields form one board of three columns (a, b, c) and four
rows, named like a chessboard so that every slot has one name both players
use: camp 0 holds rows 1 (back line) and 2 (front line), camp 1 rows 3 (front
line) and 4 (back line). Each camp faces the other, so "ahead" and "right" are
mirrored for camp 1. Nothing here knows about cards in hands or turns.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

COLUMNS = "abc"
FRONT_ROW = (2, 3)
BACK_ROW = (1, 4)
#: slots of each camp, front line then back line, each from its owner's left
SLOTS: tuple[tuple[str, ...], tuple[str, ...]] = (
    ("a2", "b2", "c2", "a1", "b1", "c1"),
    ("c3", "b3", "a3", "c4", "b4", "a4"),
)
ALL_SLOTS = SLOTS[0] + SLOTS[1]


def camp_of(slot: str) -> int:
    return 0 if int(slot[1]) <= 2 else 1


def is_front(slot: str) -> bool:
    return int(slot[1]) in FRONT_ROW


def front_line(camp: int) -> tuple[str, ...]:
    return SLOTS[camp][:3]


def behind(slot: str) -> str | None:
    """The back-line slot behind a front-line slot (None for a back-line slot)."""
    if not is_front(slot):
        return None
    return f"{slot[0]}{1 if slot[1] == '2' else 4}"


def ahead(slot: str) -> str | None:
    """The front-line slot in front of a back-line slot (None for a front-line slot)."""
    if is_front(slot):
        return None
    return f"{slot[0]}{2 if slot[1] == '1' else 3}"


def offset(slot: str, rows_ahead: int, columns_right: int) -> str | None:
    """The slot ``rows_ahead`` rows ahead and ``columns_right`` to the right, seen by its camp."""
    sign = 1 if camp_of(slot) == 0 else -1
    row = int(slot[1]) + sign * rows_ahead
    column = COLUMNS.index(slot[0]) + sign * columns_right
    if not (1 <= row <= 4 and 0 <= column <= 2):
        return None
    return f"{COLUMNS[column]}{row}"


def in_reach(slot: str, reach: Iterable[tuple[int, int]]) -> set[str]:
    """Every slot a unit at ``slot`` with this range may aim at (occupied or not)."""
    slots = (offset(slot, ahead_, right) for ahead_, right in reach)
    return {s for s in slots if s is not None}


def may_place(slot: str, occupied: Mapping[str, object]) -> bool:
    """An empty slot a camp may put a unit on: the front line, or behind a front unit."""
    if slot in occupied:
        return False
    front = ahead(slot)
    return front is None or front in occupied


def conscription_slots(camp: int) -> tuple[str, str]:
    """Where conscripts stand (see RULINGS.md): the front centre, then the owner's left."""
    line = front_line(camp)
    return line[1], line[0]
