"""Elements striking: attacks on power gems, and destroying a targeted gem, creature or item.

Rulebook, "Elements" and "Moves": an element carries 1 point of power plus its
modifiers. It meets the wall guarding what it strikes first (walls.py). What gets
past a wall guarding power gems is damage, noted now and taken at the end of the
turn ("All damage takes effect at the end of play"); a creature or item hit by
at least one point is destroyed at once. Power absorbed by a wall is spent, so a
sustained invocation comes back weaker.
"""

from __future__ import annotations

from dataclasses import replace

from pbem.english import counted

from .invocation import Attack, Destroy, Invocation, Place, power
from .state import GEMS, Played
from .table import Turn, find_thing, remove_thing, thing_name, wall_for, whose
from .walls import meet


def strike(turn: Turn, played: list[Played], indices: tuple[int, ...], owner: str, guards: str) -> int:
    """Each element in turn meets the wall guarding ``guards`` of ``owner``; returns the
    power that got through. Power a wall absorbed is taken off the elements."""
    through = 0
    for index in indices:
        part = played[index]
        passed, absorbed = meet(turn, wall_for(turn, owner, guards), part.card, power(part, turn.cards))
        if absorbed:
            played[index] = replace(part, bonus=part.bonus - absorbed)
        through += passed
    return through


def to_damage(turn: Turn, target: str, points: int, source: str) -> None:
    if points <= 0:
        return
    turn.damage[target] = turn.damage.get(target, 0) + points
    turn.say(
        "strike",
        f"{source} strikes {whose(target)} power gems: {counted(points, 'point')} of damage.",
        power=target,
    )


def attack(turn: Turn, invocation: Invocation, shape: Attack, played: list[Played]) -> None:
    for place, elements in shape.stops:
        if not elements:
            continue
        seat = place.seat(turn.seats)
        words = " & ".join(played[i].card for i in elements)
        if seat is None:
            turn.say("strike", f"{invocation.caster}'s {words} finds nobody there.")
            continue
        through = strike(turn, played, elements, seat, GEMS)
        if through:
            to_damage(turn, seat, through, f"{invocation.caster}'s {words}")
        else:
            turn.say("strike", f"{invocation.caster}'s {words} does no damage to {seat}.")


def destroy(turn: Turn, invocation: Invocation, shape: Destroy, played: list[Played]) -> None:
    target = played[shape.target]
    kind = turn.cards.kind(target.card)
    seat = shape.place.seat(turn.seats)
    words = " & ".join(played[i].card for i in shape.elements)
    source = f"{invocation.caster}'s {words}"
    if seat is None:
        turn.say("strike", f"{source} finds nobody there.")
        return
    if kind == "target_gem":
        through = strike(turn, played, shape.elements, seat, GEMS)
        if through:
            to_damage(turn, seat, through, source)
        else:
            turn.say("strike", f"{source} does no damage to {whose(seat)} power gems.")
        return
    kinds = ("creature",) if kind == "target_creature" else ("tome", "wand")
    thing = find_thing(turn, kinds, target.what, seat)
    if thing is None:
        turn.say("strike", f"{source} finds no {target.what or 'such thing'} of {seat}'s.")
        return
    through = strike(turn, played, shape.elements, seat, thing.id)
    if through:
        remove_thing(turn, thing, f"is destroyed by {source}")
    else:
        turn.say("strike", f"{thing_name(thing)} survives {source}.")


def first_aim(turn: Turn, shape: object) -> Place | None:
    """Where an invocation strikes first: what Target Current Invocation & Build Wall guards."""
    if isinstance(shape, Attack):
        return next((place for place, elements in shape.stops if elements), None)
    if isinstance(shape, Destroy):
        return shape.place
    return None
