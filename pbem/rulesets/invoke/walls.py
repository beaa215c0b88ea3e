"""Shield walls: building, repairing, and what an element does when it meets one.

Rulebook, "Build Wall" and "Elements": a wall holds up to 3 points of one
element. It blocks its own element without damage, trades power for power with
its opposite (each point absorbed costs the wall a point), and ignores the other
two elements. A wall with no points left crumbles at once. Only its owner may
repair it, at the start of their turn, with more of the same element or with
modifiers. A mage may not have opposite elements among their established
invocations, nor guard a creature with a wall of the creature's opposite.
"""

from __future__ import annotations

from collections.abc import Sequence

from .invocation import BuildWall
from .state import AETHER, GEMS, Played, Wall, WallCard
from .table import Turn, discard, find_thing, guarded, remove_wall, thing_by_id, whose


def points(turn: Turn, card: WallCard) -> int:
    return max(0, 1 + sum(turn.cards.value(mod) for mod in card.mods) + card.adjust)


def wall_points(turn: Turn, wall: Wall) -> int:
    return sum(points(turn, card) for card in wall.charge)


def element_of(wall: Wall) -> str:
    return wall.charge[0].element if wall.charge else ""


def wall_text(turn: Turn, wall: Wall) -> str:
    """A wall as the table sees it: "E4: Water wall (3 points) guarding Bob's power gems", and
    "..., built by Bob" when it guards the Aether's."""
    built = f", built by {wall.builder}" if wall.builder else ""
    return (
        f"{wall.id}: {element_of(wall)} wall ({wall_points(turn, wall)} "
        f"point{'s' if wall_points(turn, wall) != 1 else ''}) guarding {guarded(turn, wall)}{built}"
    )


def established_elements(turn: Turn, mage: str) -> set[str]:
    """The elements in a mage's established invocations: their walls and waiting spells."""
    found = {element_of(wall) for wall in turn.game.walls if wall.held_by() == mage}
    for spell in turn.game.spells:
        if spell.caster == mage:
            found |= {p.card for p in spell.played if turn.cards.kind(p.card) == "element"}
    return found


def conflict(turn: Turn, mage: str, elements: Sequence[str]) -> str | None:
    """Why ``mage`` may not establish these elements, if they may not."""
    if mage == AETHER:
        return None
    have = established_elements(turn, mage)
    for element in elements:
        opposite = turn.cards.opposites[element]
        if opposite in have:
            return (
                f"{mage} already has {opposite} established, and a mage may not have "
                f"opposite elements as established invocations"
            )
    return None


def guard_of(turn: Turn, owner: str, on: str) -> tuple[str, str] | str:
    """(owner, guards) for a wall built ``on`` something of ``owner``, or why not."""
    if on == AETHER:
        return AETHER, GEMS
    if not on or on == GEMS:
        return owner, GEMS
    thing = (
        thing_by_id(turn, on)
        if on.startswith("M") and on[1:].isdigit()
        else find_thing(turn, ("tome", "wand", "creature"), on, owner)
    )
    if thing is None or thing.owner != owner:
        return f"{owner} has no {on} in play to guard"
    return owner, thing.id


def build_problem(turn: Turn, owner: str, guards: str, element: str, builder: str = "") -> str | None:
    """Why ``builder``'s wall for ``owner`` cannot be built, if it cannot (the builder is the
    owner unless the wall guards the Aether's gems)."""
    if next((w for w in turn.game.walls if w.owner == owner and w.guards == guards), None):
        return (
            f"{whose(owner)} {'power gems' if guards == GEMS else guards} already have a wall: "
            "one wall per thing (repair it at the start of your turn instead)"
        )
    problem = conflict(turn, builder if owner == AETHER and builder else owner, [element])
    if problem:
        return problem
    thing = thing_by_id(turn, guards)
    if thing and turn.cards.kind(thing.card) == "creature":
        creature_element = turn.cards.cards[thing.card].element
        if turn.cards.opposites[creature_element] == element:
            return f"a {thing.card} may not be guarded by a wall of {element}, its opposite"
    return None


def build(
    turn: Turn, shape: BuildWall, played: Sequence[Played], owner: str, guards: str, builder: str = ""
) -> list[str]:
    """Build the wall; returns the cards now on the table (the wall's)."""
    charge = [
        WallCard(element=played[i].card, mods=list(played[i].mods), adjust=played[i].bonus)
        for i in shape.elements
    ]
    by = builder if owner == AETHER and builder != AETHER else ""
    wall = Wall(id=turn.game.new_id("E"), owner=owner, guards=guards, charge=charge, builder=by)
    if wall_points(turn, wall) <= 0:
        turn.say("wall", f"The wall for {whose(owner)} gems has no points left and crumbles as it is built.")
        return []
    turn.game.walls.append(wall)
    turn.say("wall", f"{wall_text(turn, wall)} is built.", wall=wall.id, power=wall.held_by())
    cards = [turn.cards.named("build_wall")]
    for card in charge:
        cards += [card.element, *card.mods]
    return cards


def repair(turn: Turn, wall: Wall, parts: Sequence[Played]) -> str | None:
    """Add elements and modifiers (as written, each modifier on the element before it,
    or on the wall's last element) to a wall; why not, if not (nothing changes then)."""
    element = element_of(wall)
    charge = [WallCard(c.element, list(c.mods), c.adjust) for c in wall.charge]
    for part in parts:
        kind = turn.cards.kind(part.card)
        if kind == "element" and part.card == element:
            charge.append(WallCard(part.card))
        elif kind == "modifier":
            charge[-1].mods.append(part.card)
        else:
            return f"{wall.id} holds {element}: a repair adds only {element} or modifiers"
    total = sum(points(turn, card) for card in charge)
    if total > turn.cards.wall_points:
        return f"{wall.id} would hold {total} points; a wall holds at most {turn.cards.wall_points}"
    if any(points(turn, card) < 1 for card in charge):
        return "that would leave an element of the wall with no points"
    wall.charge = charge
    return None


def lose(turn: Turn, wall: Wall, amount: int, why: str) -> None:
    """The wall loses points, from its last element back; it crumbles when none are left."""
    for card in reversed(wall.charge):
        if amount <= 0:
            break
        taken = min(amount, points(turn, card))
        card.adjust -= taken
        amount -= taken
    spent = [card for card in wall.charge if points(turn, card) == 0]
    for card in spent:
        wall.charge.remove(card)
        discard(turn, [card.element, *card.mods])
    if not wall.charge:
        remove_wall(turn, wall, f"{why}: it has no element left and crumbles")


def meet(turn: Turn, wall: Wall | None, element: str, strength: int) -> tuple[int, int]:
    """An element of ``strength`` meets a wall: (strength that gets past, strength absorbed).

    Its own element blocks it whole and takes no damage; its opposite trades
    power for power; the other elements let it pass untouched.
    """
    if wall is None or strength <= 0:
        return strength, 0
    held = element_of(wall)
    if held == element:
        turn.say(
            "blocked",
            f"{wall.id}, {held}, blocks the {element} ({strength}) "
            f"before {guarded(turn, wall)} without damage.",
            wall=wall.id,
        )
        return 0, 0
    if turn.cards.opposites[held] != element:
        return strength, 0
    absorbed = min(strength, wall_points(turn, wall))
    turn.say(
        "absorbed",
        f"{wall.id}, {held}, absorbs {absorbed} of the {element} ({strength}) before {guarded(turn, wall)}.",
        wall=wall.id,
    )
    lose(turn, wall, absorbed, f"after absorbing {element}")
    return strength - absorbed, absorbed


def adjust(turn: Turn, wall: Wall, amount: int) -> None:
    """Target Established Invocation & +/- on a wall: its last element gains or loses."""
    if amount < 0:
        lose(turn, wall, -amount, "weakened")
        return
    room = turn.cards.wall_points - wall_points(turn, wall)
    wall.charge[-1].adjust += min(room, amount)
    turn.say("wall", f"{wall_text(turn, wall)} is strengthened.", wall=wall.id)
