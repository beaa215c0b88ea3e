"""One position in, its outcome out, in the JSON form of the DATC cases (``pbem adjudicate``).

A position is a dict with ``phase`` (S1901M, S1901R, W1901A, ...), ``units``
per power and ``orders`` per power (or ``raw_orders``, as players write
them), and where the phase needs them ``supply_centers`` per power (adjustments)
and ``dislodged`` and ``standoff_provinces`` (retreats). The outcome has the
keys of a DATC case's ``expected``: ``order_results``, ``units_after`` and,
by phase, ``dislodged``, ``dislodged_detail`` and ``standoff_provinces``;
``disbanded``; or ``civil_disorder_disbands``.

A variant with neutral votes (Mandate of Heaven) also reads ``neutral_votes``,
each player's orders for neutral units (the player's votes), and, optionally,
``players``, the powers in the game (by default every player power of the map
with units or centres in the position), and ``extra``, what the variant
remembers between phases as a dumped state has it (``{"melted": 1}``). The
outcome then has ``neutral_votes``: every ballot, with the votes and what was
carried.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from operator import attrgetter
from types import MappingProxyType
from typing import Any

from .adjustments import adjudicate_adjustments
from .core import (
    Board,
    Dislodgement,
    GameState,
    Order,
    PhaseKind,
    Turn,
    Unit,
    UnitType,
    board_of,
    parse_unit,
    unit_at,
)
from .movement import Reader, decide_movement, line_results
from .orders import NotationError
from .reading import OrderSyntaxError, read_afresh, read_canonical, words_of
from .results import result_dict
from .retreats import adjudicate_retreats, retreat_options
from .state import dislodgement_dict
from .variant import Variant, load_variant


class PositionError(ValueError):
    """The position cannot be adjudicated; the message says what is wrong, on one line."""


def adjudicate_position(
    data: Mapping[str, Any], variant_name: str = "standard", raw: bool = False
) -> dict[str, Any]:
    """Adjudicate one position; PositionError for bad input (unknown province, bad unit, ...)."""
    try:
        variant = load_variant(variant_name)
    except ValueError as error:
        raise PositionError(str(error)) from None
    if type(data) is not dict and not isinstance(data, Mapping):
        raise PositionError("a position is a JSON object with phase, units and orders")
    phase = str(data.get("phase", ""))
    phases: dict[str, Turn] = variant.derived.setdefault("phases read", {})
    turn = phases.get(phase)
    if turn is None:
        try:
            turn = phases[phase] = variant.parse_phase_id(phase)
        except ValueError as error:
            raise PositionError(str(error)) from None
    board = read_board(variant, data, turn.kind)
    ballots: list[dict[str, Any]] = []
    votes = data.get("neutral_votes")
    reader: Reader | None = None
    if votes is None and _standard(variant):
        # The standard rules ask nothing of the game around the board: no state to set up.
        if "players" in data:
            read_players(variant, data, board)
        if "extra" in data:
            read_extra(data)
        if raw and turn.kind is PhaseKind.MOVEMENT:  # read as the orders are checked, in one pass
            orders, reader = _texts(data, "raw_orders"), _raw_reader(variant, board, turn.kind)
        else:
            orders = read_orders(variant, data, turn.kind, board, raw)
    else:
        state = GameState(
            variant.name, turn, board, read_players(variant, data, board), extra=read_extra(data)
        )
        variant = variant.for_game(state)
        orders = read_orders(variant, data, turn.kind, board, raw)
        votes = read_orders(variant, data, turn.kind, board, raw, key="neutral_votes")
        orders, ballots = count_votes(variant, state, orders, votes)
    if turn.kind is PhaseKind.MOVEMENT:
        movement, lines = decide_movement(variant, board, orders, reader)
        after, dislodged, standoffs = movement.outcome()
        outcome: dict[str, Any] = {
            "order_results": line_results(movement, lines, dislodged, result_dict),
            "units_after": by_power(after.values()),
            "dislodged": by_power([d.unit for d in dislodged]) if dislodged else {},
            "dislodged_detail": [dislodgement_dict(d) for d in dislodged],
            "standoff_provinces": list(standoffs),
        }
    elif turn.kind is PhaseKind.RETREATS:
        retreated = adjudicate_retreats(variant, board, orders)
        outcome = {
            "order_results": [r.as_dict() for r in retreated.results],
            "units_after": by_power(retreated.units.values()),
            "disbanded": by_power(retreated.disbanded),
        }
    else:
        adjusted = adjudicate_adjustments(variant, board, orders)
        outcome = {
            "order_results": [r.as_dict() for r in adjusted.results],
            "units_after": by_power(adjusted.units.values()),
            "civil_disorder_disbands": by_power(adjusted.civil_disorder),
        }
    if votes:
        outcome["neutral_votes"] = ballots
    return outcome


def _standard(variant: Variant) -> bool:
    """Whether the variant plays by the standard rules around the board: the same rules every
    year and for every seating, every power ordering its own units."""
    rules = type(variant)
    return rules.for_game is Variant.for_game and rules.orders_in_effect is Variant.orders_in_effect


def read_players(variant: Variant, data: Mapping[str, Any], board: Board) -> tuple[str, ...]:
    """The powers in the game: ``players``, or the map's player powers with units or centres."""
    players = data.get("players")
    if players is None:
        present = {unit.power for unit in board.units.values()} | set(board.centres.values())
        return tuple(p for p in variant.player_powers() if p in present)
    if not isinstance(players, list) or not all(p in variant.map.powers for p in players):
        raise PositionError(f"players must list powers of the map: {', '.join(variant.map.powers)}")
    return tuple(players)


def read_extra(data: Mapping[str, Any]) -> dict[str, Any]:
    extra = data.get("extra", {})
    if not isinstance(extra, Mapping):
        raise PositionError('extra must be an object, like {"melted": 1}')
    return dict(extra)


def count_votes(
    variant: Variant,
    state: GameState,
    orders: Mapping[str, list[str]],
    votes: Mapping[str, list[str]],
) -> tuple[dict[str, list[str]], list[dict[str, Any]]]:
    """The orders each power carries out once the votes are counted, and the ballots."""
    if not votes and type(variant).orders_in_effect is Variant.orders_in_effect:
        return dict(orders), []  # no votes to count: the orders stand as sent (the common case, fast)
    merged = {power: [*orders.get(power, []), *votes.get(power, [])] for power in {*orders, *votes}}
    in_effect, events = variant.orders_in_effect(state, merged)
    ballots = [ballot for event in events for ballot in event.get("ballots", ())]
    counted = {(vote["power"], vote["order"]) for ballot in ballots for vote in ballot["votes"]}
    for voter, lines in votes.items():
        for line in lines:
            if (voter, line) not in counted:
                raise PositionError(f"neutral_votes: {voter}: {line!r} is not an order for a neutral unit")
    return in_effect, ballots


def by_power(units: Iterable[Unit]) -> dict[str, list[str]]:
    """The units of each power, powers and units in alphabetical order (units by location)."""
    grouped: dict[str, list[str]] = {}
    for unit in sorted(units, key=_location):
        texts = grouped.get(unit.power)
        if texts is None:
            texts = grouped[unit.power] = []
        texts.append(unit.text)
    return {power: grouped[power] for power in sorted(grouped)}


_location = attrgetter("location")


def read_unit(variant: Variant, power: str, text: Any) -> Unit:
    """A unit of the position, checked against the map (remembered: positions repeat units)."""
    known: dict[str, dict[str, Unit]] = variant.derived.setdefault("units read", {})
    mine = known.get(power)
    unit = mine.get(text) if mine is not None else None
    if unit is None:
        unit = _check_unit(variant, power, text)
        if mine is None:
            mine = known[power] = {}
        if isinstance(text, str) and len(mine) < 10_000:
            mine[text] = unit
    return unit


def _check_unit(variant: Variant, power: str, text: Any) -> Unit:
    try:
        unit = parse_unit(power, str(text))
    except ValueError as error:
        raise PositionError(f"{power}: {error}") from None
    province = variant.map.provinces.get(unit.province)
    if province is None or province.type == "impassable":
        raise PositionError(f"{power}: {text}: unknown province {unit.province}")
    if unit.type is UnitType.ARMY:
        if province.type == "sea":
            raise PositionError(f"{power}: {text}: an army cannot stand in {province.name}")
        return unit_at(power, unit.type, unit.province)  # an army's coast means nothing
    if unit.location not in province.locations:
        where = ", ".join(province.locations) or "nowhere (it is inland)"
        raise PositionError(f"{power}: {text}: a fleet in {province.name} stands at {where}")
    return unit


def read_board(variant: Variant, data: Mapping[str, Any], kind: PhaseKind) -> Board:
    known: dict[str, dict[str, Unit]] = variant.derived.setdefault("units read", {})
    units = []
    for power, texts in _mapping(data, "units").items():
        mine = known.get(power, _NO_UNITS)  # by power, then text: no pair made per unit
        try:
            units += [mine.get(text) or read_unit(variant, power, text) for text in texts]
        except TypeError:  # a list or an object where a unit's text belongs
            raise PositionError(f"{power}: write each unit as text, like 'A PAR'") from None
    if "supply_centers" not in data and kind is not PhaseKind.RETREATS:  # units alone: the common case
        by_province = {unit.province: unit for unit in units}
        if len(by_province) == len(units):
            return Board(by_province, {})
    centres: dict[str, str] = {}
    for power, owned in _mapping(data, "supply_centers").items():
        for province in owned:
            if province not in variant.map.provinces or not variant.map.provinces[province].supply_centre:
                raise PositionError(f"{power}: supply centre {province!r} is not a supply centre of the map")
            centres[province] = power
    try:
        board = board_of(units, centres)
    except ValueError as error:
        raise PositionError(str(error)) from None
    if kind is not PhaseKind.RETREATS:
        return board
    standoffs = [str(p) for p in data.get("standoff_provinces", [])]
    for province in standoffs:
        if province not in variant.map.provinces:
            raise PositionError(f"standoff province {province!r} is not a province")
    dislodged = []
    for entry in data.get("dislodged", []):
        if not isinstance(entry, Mapping) or not {"power", "unit", "attacker_from"} <= set(entry):
            raise PositionError("each dislodged unit needs power, unit and attacker_from")
        unit = read_unit(variant, str(entry["power"]), entry["unit"])
        attacker_from = str(entry["attacker_from"])
        if attacker_from not in variant.map.provinces:
            raise PositionError(f"{entry['unit']}: unknown province {attacker_from!r} in attacker_from")
        via = bool(entry.get("attacker_via_convoy", False))
        options = retreat_options(variant, board.units, unit, attacker_from, via, standoffs)
        dislodged.append(Dislodgement(unit, attacker_from, entry.get("attacker_power"), via, options))
    return Board(board.units, board.centres, tuple(dislodged))


def read_orders(
    variant: Variant,
    data: Mapping[str, Any],
    kind: PhaseKind,
    board: Board,
    raw: bool,
    key: str = "orders",
) -> dict[str, list[str]]:
    """Each power's orders (or votes, with ``key="neutral_votes"``) in canonical notation; raw
    orders are read by the mail parser."""
    orders: dict[str, list[str]] = {}
    field = key if key != "orders" else ("raw_orders" if raw else "orders")
    known = words_of(variant).canonical  # most lines were read before: one look-up each
    for power, texts in _mapping(data, field).items():
        try:
            if raw:
                orders[power] = [
                    known.get((text := str(line), kind)) or read_canonical(variant, text, kind, board)
                    for line in texts
                ]
            else:
                orders[power] = [str(text) for text in texts]
                for text in orders[power]:
                    variant.notation.parse(text)
        except (NotationError, OrderSyntaxError) as error:
            raise PositionError(f"{power}: {error}") from None
    return orders


def _raw_reader(variant: Variant, board: Board, kind: PhaseKind) -> Reader:
    """The mail's order reader, for lines as players write them (``read_orders`` with ``raw``)."""

    def read(power: str, text: str) -> tuple[Order, bool]:
        try:
            return read_afresh(variant, text, kind, board)
        except (NotationError, OrderSyntaxError) as error:
            raise PositionError(f"{power}: {error}") from None

    return read


def _texts(data: Mapping[str, Any], key: str) -> Mapping[str, list[str]]:
    """Each power's lines, as text."""
    value = _mapping(data, key)
    for texts in value.values():
        for text in texts:
            if type(text) is not str:
                return {power: [str(text) for text in texts] for power, texts in value.items()}
    return value


def _mapping(data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = data.get(key, _NOTHING)
    if type(value) is not dict and not isinstance(value, Mapping):
        raise PositionError(f"{key} must map each power to a list")
    for texts in value.values():
        if type(texts) is not list:
            raise PositionError(f"{key} must map each power to a list")
    return value


_NOTHING: Mapping[str, Any] = MappingProxyType({})
_NO_UNITS: Mapping[str, Unit] = MappingProxyType({})
