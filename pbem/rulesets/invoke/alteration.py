"""Target Current Invocation and Target Established Invocation: changing an invocation.

Rulebook, "Target" and example 1: "Target Current Invocation & -1 = Your
Invocation has been diminished by one power point"; "Elements": an element's
power "can be diminished with (-) cards as in the case of: Target Current
Invocation & (Element here) & -1"; example 5: a counter can block with
"Target Current Invocation & Build Wall & Fire" or answer Fire with Water.

How each change is read (RULINGS.md):

* modifiers on the target card adjust the targeted invocation's power: its last
  element, or (without one) its target card, which counts the gems or cards it
  moves; a steal of two gems diminished by one steals one, it is not cancelled;
* an element of a kind the invocation holds passes its modifiers to the last
  such element; an element opposite to one it holds cancels it power for power;
  other elements change nothing;
* a Move shifts where the invocation goes by that many seats;
* Build Wall (current invocation only) builds a wall in front of what the
  invocation strikes first, owned by whoever owns what it guards.

On a wall, Target Established Invocation adjusts its points, and an element
meets it as an attack would.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pbem.english import counted

from .invocation import Alter, Invocation, power, value
from .state import GEMS, Played, Spell
from .strikes import first_aim
from .table import Turn, find_thing, wall_for
from .walls import adjust, build, build_problem, meet, wall_text


@dataclass
class Target:
    """The invocation being changed: its cards as they stand and how far it was moved."""

    caster: str
    played: list[Played]
    shift: int


def change(turn: Turn, alter: Invocation, shape: Alter, target: Target, label: str) -> None:
    """Apply an alteration to a travelling invocation (current, or an established spell)."""
    who = alter.caster
    if shape.change == "adjust":
        index = power_card(turn, target.played)
        part = target.played[index]
        target.played[index] = replace(part, bonus=part.bonus + shape.amount)
        turn.say("alter", f"{who} changes {label}: its {part.card} by {shape.amount:+d}.")
    elif shape.change == "shift":
        target.shift += shape.amount
        side = "left" if shape.amount > 0 else "right"
        turn.say("alter", f"{who} moves {label} {counted(abs(shape.amount), 'seat')} to the {side}.")
    elif shape.change == "elements":
        for index in shape.elements:
            counter_element(turn, who, alter.played[index], target, label)


def power_card(turn: Turn, played: list[Played]) -> int:
    """The card that carries an invocation's power points (example 1: "Your Invocation
    has been diminished by one power point"): its last element; without one, its target,
    whose value is how many gems or cards it moves or discards; else its last card."""
    kinds = [turn.cards.kind(part.card) for part in played]
    for wanted in (("element",), ("target_gem", "target_hand", "target_creature", "target_item")):
        found = [i for i, kind in enumerate(kinds) if kind in wanted]
        if found:
            return found[-1]
    return len(played) - 1


def counter_element(turn: Turn, who: str, part: Played, target: Target, label: str) -> None:
    kinds = [turn.cards.kind(p.card) for p in target.played]
    same = [i for i, p in enumerate(target.played) if p.card == part.card and kinds[i] == "element"]
    opposite = turn.cards.opposites[part.card]
    against = [i for i, p in enumerate(target.played) if p.card == opposite]
    if same:
        last = target.played[same[-1]]
        extra = value(part, turn.cards) - 1
        target.played[same[-1]] = replace(last, bonus=last.bonus + extra)
        turn.say("alter", f"{who}'s {part.card} changes the {part.card} of {label} by {extra:+d}.")
        return
    if not against:
        turn.say("alter", f"{who}'s {part.card} does not touch {label}.")
        return
    strength = power(part, turn.cards)
    cancelled = 0
    for i in reversed(against):
        taken = min(strength, power(target.played[i], turn.cards))
        target.played[i] = replace(target.played[i], bonus=target.played[i].bonus - taken)
        strength -= taken
        cancelled += taken
    turn.say("alter", f"{who}'s {part.card} cancels {counted(cancelled, 'point')} of {opposite} in {label}.")


def wall_aim(turn: Turn, aimed: Invocation) -> tuple[str, str] | None:
    """(owner, guards) a wall in front of the invocation's first strike would have."""
    place = first_aim(turn, aimed.shape)
    seat = place.seat(turn.seats) if place else None
    if seat is None:
        return None
    target = aimed.played[getattr(aimed.shape, "target", 0)]
    kind = turn.cards.kind(target.card)
    if kind in ("target_creature", "target_item"):
        kinds = ("creature",) if kind == "target_creature" else ("tome", "wand")
        thing = find_thing(turn, kinds, target.what, seat)
        if thing:
            return seat, thing.id
    return seat, GEMS


def wall_problem(turn: Turn, alter: Invocation, shape: Alter, aimed: Invocation) -> str | None:
    aim = wall_aim(turn, aimed)
    if aim is None or shape.wall is None:
        return "the invocation strikes nothing a wall could guard"
    element = alter.played[shape.wall.elements[0]].card
    return build_problem(turn, aim[0], aim[1], element, alter.caster)


def build_in_front(turn: Turn, alter: Invocation, shape: Alter, aimed: Invocation) -> list[str]:
    aim = wall_aim(turn, aimed)
    assert aim is not None and shape.wall is not None
    return build(turn, shape.wall, alter.played, aim[0], aim[1], alter.caster)


def established_problem(turn: Turn, shape: Alter) -> str | None:
    """Why Target Established Invocation cannot do this now, if it cannot."""
    ident = shape.established
    wall = next((w for w in turn.game.walls if w.id == ident), None)
    spell = next((s for s in turn.game.spells if s.id == ident), None)
    if wall is None and spell is None:
        return f"there is no established invocation {ident} in play"
    if wall is not None and shape.change == "shift":
        return f"{ident} is a wall, and walls stay where they were built"
    return None


def change_established(turn: Turn, alter: Invocation, shape: Alter) -> None:
    ident = shape.established
    wall = next((w for w in turn.game.walls if w.id == ident), None)
    if wall is not None:
        label = wall_text(turn, wall)
        if shape.change == "adjust":
            turn.say("alter", f"{alter.caster} targets {label} with {shape.amount:+d}.")
            adjust(turn, wall, shape.amount)
        else:
            for index in shape.elements:
                part = alter.played[index]
                turn.say("alter", f"{alter.caster}'s {part.card} strikes {label}.")
                meet(turn, wall_for(turn, wall.owner, wall.guards), part.card, power(part, turn.cards))
        return
    spell: Spell = next(s for s in turn.game.spells if s.id == ident)
    target = Target(spell.caster, list(spell.played), spell.shift)
    change(turn, alter, shape, target, f"{spell.caster}'s established invocation {ident}")
    spell.played, spell.shift = target.played, target.shift
