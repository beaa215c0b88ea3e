"""Attack Enemy and Prepare Battlefield, and what battles do to the map.

Every attacking army leaves its region at once; then the attacks arrive one by one, the
fastest army (highest average movement) first, ties by lot (RULINGS.md, ruling 11). Each
meets whoever holds the target when it arrives: an empty region is occupied, one's own
region reinforced, an ally who took the region meanwhile is left alone, anyone else is
fought (``battle``). After a battle the loser leaves for a neighbouring region, the winner
holds the field, and renown, veterans and the generals' deaths are applied.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pbem.frozen import Frozen
from pbem.rulesets.generals import army, battle, wording
from pbem.rulesets.generals.board import Board
from pbem.rulesets.generals.orders import Attack, Order, PrepareBattlefield
from pbem.rulesets.generals.state import Unit
from pbem.rulesets.generals.world import WITHDRAW, world


def prepare(board: Board, given: Mapping[str, Sequence[Order]]) -> None:
    for power, _, general in board.orders_of_generals(given, PrepareBattlefield):
        if board.holder(general.region) != power:
            continue
        board.change_holding(general.region, prepared_by=general.name)
        board.tell(
            power,
            "prepare",
            f"{general.name} prepared the battlefield at {general.region}",
            region=general.region,
        )


class Force(Frozen):
    power: str
    general: str
    origin: str
    target: str
    units: tuple[Unit, ...]
    order: str
    meant_for: str | None

    def speed(self) -> float:
        troops = world().troops
        men = army.men(self.units)
        return sum(u.men * troops[u.troop].movement for u in self.units) / men


def attacks(board: Board, given: Mapping[str, Sequence[Order]], rng: random.Random) -> None:
    """Every attacking army sets out, then the attacks arrive, fastest first."""
    forces: list[Force] = []
    for power, order, general in board.orders_of_generals(given, Attack):
        if board.holder(general.region) != power:
            board.tell(
                power,
                "attack",
                f"{general.name}'s attack on {order.target} did not set out: "
                f"{general.region} has no troops of yours left",
            )
            continue
        units, short = board.take_units(general.region, order.picks)
        if not units:
            board.tell(
                power,
                "attack",
                f"{general.name}'s attack on {order.target} did not set out: no troops",
                men=0,
            )
            continue
        # he leaves the region with his army: "if the general leaves the region, the
        # prepared battlefield bonus is lost", for the attacks of this turn too (ruling 48)
        board.lose_preparation(general)
        if short:
            board.tell(
                power,
                "attack",
                f"{general.name} set out for {order.target} with {army.describe(units)} ({'; '.join(short)})",
            )
        forces.append(
            Force(
                power,
                general.name,
                general.region,
                order.target,
                units,
                order.order,
                board.start_holders[order.target],
            )
        )
    rng.shuffle(forces)
    forces.sort(key=lambda force: -force.speed())
    marching = {force.general for force in forces}
    for force in forces:
        arrive(board, force, rng, marching)
        marching.discard(force.general)


def arrive(board: Board, force: Force, rng: random.Random, marching: set[str]) -> None:
    target = board.holdings[force.target]
    power = force.power
    if target.owner == power or (target.owner is None and not target.units):
        board.add_units(force.target, power, force.units)
        board.move_general(force.general, force.target)
        what = "reinforced" if target.owner == power else "occupied"
        board.tell(
            power,
            "occupation",
            f"{force.general} {what} {force.target} without a fight with {army.describe(force.units)}",
            region=force.target,
        )
        return
    holder = target.owner
    if holder is not None and holder != force.meant_for and board.allied(power, holder):
        board.event(
            "attack",
            [power, holder],
            f"{force.general} found {force.target} held by your ally {holder} and turned back",
            power=power,
        )
        retreat(board, power, force.target, force.units, [force.general], came_from=force.origin)
        return
    if holder is not None:
        board.declare_war(power, holder, f"{power} attacked {holder}")
    fight_at(board, force, rng, marching)


def leader(board: Board, region: str, power: str | None, marching: set[str]) -> str | None:
    """The defending general: the most renowned one there, not one trained this turn."""
    if power is None:
        return None
    candidates = [
        g for g in board.generals_in(region, power) if g.name not in marching and g.trained_on != board.turn
    ]
    best = max(candidates, key=lambda g: (g.renown, g.name), default=None)
    return best.name if best else None


def fight_at(board: Board, force: Force, rng: random.Random, marching: set[str]) -> None:
    region = force.target
    holding = board.holdings[region]
    holder = holding.owner
    defence = holding.defence
    fighting: tuple[Unit, ...] = holding.units
    away: tuple[Unit, ...] = ()
    if defence.order == WITHDRAW:
        fighting, away, _ = army.take(holding.units, defence.rearguard)
    defender_general = leader(board, region, holder, marching)
    field = battle.Field(
        terrain=board.variant.regions[region].terrain,
        attacker=battle.Side(force.units, force.order, board.generals[force.general]),
        defender=battle.Side(
            fighting,
            defence.order,
            board.generals[defender_general] if defender_general else None,
            away=away,
        ),
        prepared=holding.prepared_by is not None,
    )
    outcome = battle.fight(field, rng)
    attacker_won = outcome.winner == battle.ATTACKER
    generals = {battle.ATTACKER: force.general, battle.DEFENDER: defender_general}
    died = []
    for key, name in generals.items():
        if name is None:
            continue
        if outcome.died[key]:
            board.remove_general(name)
            died.append(name)
        else:
            general = board.generals[name]
            board.change_general(name, renown=general.renown + outcome.renown[key])
    survivors = outcome.survivors
    lost: dict[str, int] = {battle.ATTACKER: 0, battle.DEFENDER: 0}
    defenders_left = [g.name for g in board.generals_in(region, holder) if g.name not in marching]
    audience = [force.power] + ([holder] if holder else [])
    if attacker_won:
        board.set_units(region, (), owner=None)
        if holder is None:
            lost[battle.DEFENDER] = army.men(survivors[battle.DEFENDER])
            if lost[battle.DEFENDER]:
                board.event(
                    "disband",
                    [force.power],
                    f"The beaten garrison of {region} disbanded: {army.describe(survivors[battle.DEFENDER])}",
                    men=lost[battle.DEFENDER],
                )
        else:
            lost[battle.DEFENDER] = retreat(
                board,
                holder,
                region,
                survivors[battle.DEFENDER],
                defenders_left,
                prefer=defence.to,
            )
        board.add_units(region, force.power, survivors[battle.ATTACKER])
        if force.general in board.generals:
            board.move_general(force.general, region)
        plunder = world().rules.economy.plunder_per_income * holding.income
        if plunder:
            board.earn(force.power, plunder, "plunder")
        _victory(board, force.power, holder)
    else:
        plunder = 0
        board.set_units(region, survivors[battle.DEFENDER])
        retreating = [force.general] if force.general in board.generals else []
        lost[battle.ATTACKER] = retreat(
            board, force.power, region, survivors[battle.ATTACKER], retreating, came_from=force.origin
        )
        if holder is not None:
            _victory(board, holder, force.power)
    won = "attacker" if attacker_won else "defender"
    result = wording.outcome_line(force.power, holder, won, outcome.how)
    board.event(
        "battle",
        audience,
        f"Battle of {region}, turn {board.turn}: {force.power} attacked "
        f"{holder or wording.GARRISON}; {result}",
        region=region,
        attacker=_side_record(
            outcome, battle.ATTACKER, force.power, force.general, force.units, lost[battle.ATTACKER]
        ),
        defender=_side_record(
            outcome, battle.DEFENDER, holder, defender_general, holding.units, lost[battle.DEFENDER]
        ),
        prepared=field.prepared,
        winner="attacker" if attacker_won else "defender",
        how=outcome.how,
        trapped=outcome.trapped,
        plunder=plunder,
        prelude=outcome.prelude,
        rounds=outcome.rounds,
        generals_killed=died,
    )


def _side_record(
    outcome: battle.Outcome,
    key: str,
    power: str | None,
    general: str | None,
    start: tuple[Unit, ...],
    lost: int,
) -> dict[str, Any]:
    """One side of a battle as its report tells it."""
    left = outcome.survivors[key]
    return {
        "power": power,
        "general": general,
        "order": outcome.orders[key],
        "fought": outcome.fought[key],
        "start": army.describe(start),
        "men": outcome.start_men[key],
        "killed": outcome.killed[key],
        "lost": lost,
        "end": army.describe(left),
        "left": army.men(left),
        "renown": outcome.renown[key] if general and not outcome.died[key] else 0,  # dead men gain none
        "died": outcome.died[key],
        "veterans": outcome.promoted[key],
    }


def _victory(board: Board, power: str, beaten: str | None) -> None:
    realm = board.realms[power]
    defeated = realm.defeated
    if beaten is not None and beaten not in defeated:
        defeated = (*defeated, beaten)
    board.change_realm(power, victories=realm.victories + 1, defeated=defeated)


def retreat(
    board: Board,
    power: str,
    region: str,
    units: tuple[Unit, ...],
    generals: Sequence[str],
    prefer: str | None = None,
    came_from: str | None = None,
) -> int:
    """The beaten side leaves ``region`` for a neighbour; the men lost for want of one.

    An attacker goes back the way it came (``came_from``) unless another power holds it
    now, else to its own neighbouring region with the most men: never into a region it did
    not hold, so that it gains nothing by losing. A defender goes to ``prefer`` (its
    withdrawal's) if that is still its own, else to its own neighbouring region with the
    most men, else to an empty neighbouring region. With nowhere to go the troops surrender
    and the generals are taken (RULINGS.md, ruling 49).
    """
    if came_from is not None:
        to = way_back(board, power, region, came_from)
    else:
        to = retreat_to(board, power, region, prefer)
    if to is None:
        for name in generals:
            board.remove_general(name)
            board.tell(
                power,
                "captured",
                f"{name} was captured at {region}: nowhere to retreat",
                general=name,
            )
        if units:
            board.tell(
                power,
                "surrender",
                f"{army.describe(units)} of {power} surrendered at {region}: nowhere to retreat",
                men=army.men(units),
            )
        return army.men(units)
    board.add_units(to, power, units)
    for name in generals:
        board.move_general(name, to)
    if units or generals:
        who = ", ".join([*generals, army.describe(units)] if units else generals)
        board.event("retreat", [power], f"{who} fell back from {region} to {to}", power=power)
    return 0


def way_back(board: Board, power: str, region: str, came_from: str) -> str | None:
    """Where a beaten or turned-back attacker goes: home, or its own strongest neighbour."""
    home = board.holdings[came_from]
    if home.owner == power or not home.units:
        return came_from
    own = [r for r in board.variant.regions[region].neighbours if board.holder(r) == power]
    return board.strongest(own) if own else None


def retreat_to(board: Board, power: str, region: str, prefer: str | None) -> str | None:
    neighbours = board.variant.regions[region].neighbours
    if prefer in neighbours and board.holder(prefer) == power:
        return prefer
    own = [r for r in neighbours if board.holder(r) == power]
    if own:
        return board.strongest(own)
    empty = sorted(r for r in neighbours if not board.holdings[r].units)
    return empty[0] if empty else None


def settle(board: Board) -> None:
    """After the battles: stranded generals fall back, powers without regions are out."""
    for general in list(board.generals.values()):
        if board.holder(general.region) == general.power:
            continue
        own = [
            r for r in board.variant.regions[general.region].neighbours if board.holder(r) == general.power
        ]
        if own:
            to = board.strongest(own)
            board.move_general(general.name, to)
            board.event(
                "retreat",
                [general.power],
                f"{general.name} was left without an army at {general.region} and went to {to}",
                power=general.power,
            )
        else:
            board.remove_general(general.name)
            board.event(
                "captured",
                [general.power],
                f"{general.name} was left without an army at {general.region} and was captured",
                power=general.power,
                general=general.name,
            )
    for power in board.alive():
        if board.owned(power):
            continue
        for name in [g.name for g in board.generals.values() if g.power == power]:
            board.remove_general(name)
        board.change_realm(power, out=True)
        board.alliances = [
            type(a)(a.kind, tuple(m for m in a.members if m != power)) for a in board.alliances
        ]
        board.alliances = [a for a in board.alliances if len(a.members) >= 2]
        board.wars = {w for w in board.wars if power not in w}
        board.public("out", f"{power} has lost its last region and is out of the game", power=power)
