"""Move: a unit attacks a neighbouring province, or an army goes there by convoy.

Also the four strengths of the DATC's decision model (section 5.B) that a move
is decided by: attack, hold, defend and prevent strength.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from ..core import UNIT_LETTERS, Board, IllegalOrder, UnitOrder, UnitType, coast_of, province_of
from ..maps import Map
from ..rules import Decisions, Rules
from .convoy import convoying_fleets, route_exists
from .kind import NamesDest, order_kind


def fleet_destination(game_map: Map, location: str, dest: str) -> str:
    """The location a fleet at ``location`` reaches by moving to ``dest``.

    A missing coast is filled in when only one coast can be reached (DATC 4.B.2);
    with two it is "coast not specified" (6.B.1). A wrong coast is illegal (6.B.3).
    """
    province = game_map.provinces[province_of(dest)]
    reachable = game_map.fleet_can_reach(location, province.abbr)
    here = f"F {location}"
    if not reachable:
        if province.type == "land":
            raise IllegalOrder(f"{here} cannot go to {province.name}: fleets stay at sea and on coasts")
        raise IllegalOrder(f"{here} cannot reach {province.name}: they do not border by sea")
    coast = coast_of(dest)
    if coast:
        if dest not in province.locations:
            raise IllegalOrder(f"{province.name} has no coast {coast}")
        if dest not in reachable:
            raise IllegalOrder(f"{here} cannot reach the {coast} coast of {province.name}")
        return dest
    if len(reachable) == 1:
        return reachable[0]
    raise IllegalOrder(
        f"{here} can reach {len(reachable)} coasts of {province.name}: name one ({', '.join(reachable)})",
        reason="coast not specified",
    )


def army_can_reach(
    variant: Rules,
    board: Board,
    origin: str,
    dest: str,
    *,
    via_convoy: bool = False,
    without: str | None = None,
) -> bool:
    """Whether an army in ``origin`` can move to ``dest``: over land, or by a chain of the
    fleets now on the board (leaving out the one in ``without``)."""
    game_map = variant.map
    if dest == origin or game_map.provinces[dest].type not in ("coast", "land"):
        return False
    if not via_convoy and dest in game_map.army_borders.get(origin, frozenset()):
        return True
    if not (game_map.is_coastal(origin) and game_map.is_coastal(dest)):
        return False
    fleets = convoying_fleets(variant, board)
    if without is not None:
        fleets = fleets - {without}
    return route_exists(game_map, origin, dest, fleets)


@order_kind("-")
class Move(UnitOrder, NamesDest):
    dest: str
    via_convoy: bool = False
    #: ``kind(*args)``, quicker (``kind.order_kind``), typed for this kind
    made: ClassVar[Callable[..., Move]]

    @classmethod
    def from_words(cls, words: list[str]) -> Move | None:
        if len(words) == 4 or (len(words) == 5 and words[4] == "VIA"):
            return cls.made(UNIT_LETTERS[words[0]], words[1], words[3], len(words) == 5)
        return None

    def __str__(self) -> str:
        text = " ".join((self.unit_type, self.location, "-", self.dest))
        return text + " VIA" if self.via_convoy else text

    def plain(self, game_map: Map) -> bool:
        """A move over land or sea to a neighbour, coast and all, not by convoy."""
        borders = game_map.army_borders if self.unit_type is UnitType.ARMY else game_map.fleet_borders
        return not self.via_convoy and self.dest in borders.get(self.location, ())

    def normalize(self, variant: Rules, board: Board) -> Move:
        game_map = variant.map
        if self.stands(board.units) and self.plain(game_map):
            return self  # already as the engine would write it, to a neighbour: the common case
        unit = board.units[self.province]
        target = game_map.provinces[self.dest_province]
        if target.abbr == unit.province:
            raise IllegalOrder(f"{unit} is already in {target.name}")
        if unit.type is UnitType.FLEET:
            if self.via_convoy:
                raise IllegalOrder("only armies can be convoyed")
            return Move.made(unit.type, unit.location, fleet_destination(game_map, unit.location, self.dest))
        if target.type not in ("coast", "land"):
            raise IllegalOrder(f"an army cannot move into {target.name}")
        if not army_can_reach(variant, board, unit.province, target.abbr, via_convoy=self.via_convoy):
            raise IllegalOrder(
                f"{unit} cannot reach {target.name}: "
                + (
                    "no fleets stand where they could convoy it"
                    if target.abbr in game_map.army_borders.get(unit.province, frozenset())
                    else "they do not border and no fleets stand where they could convoy it"
                )
            )
        # An army's coast means nothing (DATC 6.B.12): it moves to the province.
        return Move.made(unit.type, unit.location, target.abbr, self.via_convoy)

    def adjudicate(self, movement: Decisions) -> bool:
        """The move succeeds if its attack beats the defence of the province and every rival."""
        attack = attack_strength(movement, self)
        if attack == 0:
            return False
        opponent = movement.head_to_head(self.province)
        if opponent is not None:
            if attack <= defend_strength(movement, opponent):
                return False
        elif attack <= hold_strength(movement, self.dest_province):
            return False
        for rival in movement.moves_into[self.dest_province]:
            if rival != self.province and attack <= prevent_strength(movement, rival):
                return False
        return True


def _support_count(movement: Decisions, province: str, exclude_power: str | None = None) -> int:
    """How many of the supports for the order at ``province`` are given."""
    count = 0
    for supporter in movement.supports.get(province, ()):
        if exclude_power is not None and movement.units[supporter].power == exclude_power:
            continue
        if movement.resolve(supporter):
            count += 1
    return count


def attack_strength(movement: Decisions, move: Move) -> int:
    """The force of ``move`` against whatever is in its destination."""
    origin = move.province
    if origin in movement.by_convoy and not movement.path(origin):
        return 0
    dest = move.dest_province
    defender = movement.units.get(dest)
    if defender is None or (
        dest in movement.dest and movement.head_to_head(origin) is None and movement.resolve(dest)
    ):
        return 1 + _support_count(movement, origin)
    attacker = movement.units[origin]
    if defender.power == attacker.power:
        return 0  # a power does not dislodge its own unit
    # Supports from the defender's own power do not help to dislodge it.
    return 1 + _support_count(movement, origin, exclude_power=defender.power)


def hold_strength(movement: Decisions, province: str) -> int:
    """How firmly ``province`` is held against a move into it."""
    unit = movement.units.get(province)
    if unit is None:
        return 0
    bonus = movement.defence_bonus(movement, unit) if movement.defence_bonus else 0
    if province in movement.dest:
        if movement.resolve(province):
            return 0
        return 1 + bonus
    return 1 + _support_count(movement, province) + bonus


def defend_strength(movement: Decisions, origin: str) -> int:
    """The force of a move in a head-to-head battle, resisting the opposite move."""
    bonus = movement.defence_bonus(movement, movement.units[origin]) if movement.defence_bonus else 0
    return 1 + _support_count(movement, origin) + bonus


def prevent_strength(movement: Decisions, origin: str) -> int:
    """How strongly the move from ``origin`` keeps others out of its destination."""
    if origin in movement.by_convoy and not movement.path(origin):
        return 0
    opponent = movement.head_to_head(origin)
    if opponent is not None and movement.resolve(opponent):
        return 0  # beaten in a head-to-head battle: it cannot keep anyone out
    return 1 + _support_count(movement, origin)
