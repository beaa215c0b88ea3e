"""What a card sequence means, by the rulebook's rules; the one place that reads it.

"Sequence: IT MATTERS". A sequence is read left to right:

* a + or - card modifies the card before it; + or - cards at the very start
  modify the first card, and before a Move they make it a sweep of that many
  more stops, one element per stop ("+1 & Move Left & Air & Fire");
* Move Left / Move Right move the invocation that many seats round the table
  (left is clockwise, the next seat in the game's seating order); ``Invoke
  <mage>`` sends it to any mage; elements written before the first movement
  ride along with it ("Air & Move Left");
* an element with no target attacks power gems (and the walls guarding them);
* a target card comes first and names what the invocation acts on; with an
  element it destroys, with Discard the hand discards, with only a movement
  the target is relocated ("Target Power Gem & Move Left" steals from the mage
  on your right, rulebook example 2);
* Haste, Delay and Sustain time the whole invocation wherever they stand;
* opposite elements never share an invocation.

Whatever does not fit one of these shapes is refused with a reason and, where
one exists, a hint, rather than guessed at. RULINGS.md lists every decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .cards import CardSet
from .invocation import (
    Alter,
    Attack,
    BuildWall,
    Destroy,
    HandDiscard,
    Invocation,
    Manifest,
    Place,
    Relocate,
    Shape,
    value,
)
from .notation import Mistake, NotationError, attach, card_text, write_sequence
from .state import AETHER, Played

TIMING = ("haste", "delay", "sustain")
MOVES = ("move_left", "move_right")
TARGETS = ("target_hand", "target_gem", "target_creature", "target_item")
THINGS = ("tome", "wand", "creature")


class Unreadable(Mistake):
    """A sequence the rules cannot read; ``hint`` says what would work."""


def read(
    parts: Sequence[Played],
    caster: str,
    cards: CardSet,
    seats: Sequence[str],
    *,
    counter: bool = False,
    wand: bool = False,
    shift: int = 0,
) -> Invocation:
    """Read a sequence cast by ``caster`` at a table seated ``seats`` (in game, clockwise).

    ``counter``: it answers someone else's invocation (Target Current Invocation
    is allowed); ``wand``: it is fired from a Wand (built-in Haste); ``shift``:
    seats it has been moved since it was cast.
    """
    if not parts:
        raise Unreadable("an empty invocation")
    if cards.kind(parts[0].card) in THINGS and not parts[0].lead:
        return _manifest(tuple(parts), caster, cards)
    for part in parts:
        if part.down:
            raise Unreadable(
                f"{card_text(part, cards)}: only the cards on a Wand may lie face down",
                "start the sequence with Wand to store it: Wand & Build Wall & face down Fire",
            )
    try:
        played = attach(parts, cards)
    except NotationError as error:
        raise Unreadable(error.message, error.hint) from None
    reader = _Reader(played, caster, cards, tuple(seats), counter, wand, shift)
    return reader.read()


@dataclass
class _Reader:
    played: tuple[Played, ...]
    caster: str
    cards: CardSet
    seats: tuple[str, ...]
    counter: bool
    wand: bool
    shift: int

    def kind(self, index: int) -> str:
        return self.cards.kind(self.played[index].card)

    def name(self, index: int) -> str:
        return card_text(self.played[index], self.cards)

    def named_invoke(self, index: int, what: str) -> str:
        """The line as written, with a name after its bare Invoke: the rulebook's examples say
        "Invoke & Fire" at a table where a finger points; a mail names whom."""
        other = next((seat for seat in self.seats if seat != self.caster), "Bob")
        gems = what == "Target Power Gem"  # example 5: "you can destroy the Aether"
        parts = list(self.played)
        parts[index] = replace(parts[index], who=AETHER if gems else other)
        line = write_sequence(parts, self.cards)
        return f"name whom, e.g. {line}" + (f" (or Invoke {other})" if gems else "")

    def read(self) -> Invocation:
        timing = {kind: 0 for kind in TIMING}
        core: list[int] = []
        for index, part in enumerate(self.played):
            kind = self.kind(index)
            if kind in TIMING:
                timing[kind] += max(0, value(part, self.cards))
            else:
                core.append(index)
        if not core:
            raise Unreadable(
                "Haste, Delay and Sustain time an invocation but do nothing by themselves",
                "add what it does, e.g. Haste & Invoke Bob & Fire",
            )
        for index in core:
            if self.kind(index) in THINGS:
                raise Unreadable(
                    f"{self.name(index)} is manifested by an invocation that starts with it",
                    f"write it alone on its line: {self.played[index].card} & <cards it keeps>",
                )
        elements = tuple(self.played[i].card for i in core if self.kind(i) == "element")
        self.check_opposites(elements)
        first = self.kind(core[0])
        travel = 0
        shape: Shape
        if first in ("target_current", "target_established"):
            shape = self.alter(core, timing)
        elif any(self.kind(i) in ("target_current", "target_established") for i in core):
            raise Unreadable(
                "Target Current Invocation and Target Established Invocation come first",
                "e.g. Target Established Invocation E3 & Water",
            )
        elif any(self.kind(i) == "build_wall" for i in core):
            shape = self.wall(core)
            self.no_delay(timing, "a wall has a built-in Sustain and lasts while charged")
        elif first in TARGETS:
            shape = self.targeted(core)
        elif any(self.kind(i) in TARGETS for i in core):
            raise Unreadable(
                "a target card comes first in its invocation",
                "e.g. Target Hand of Bob & Discard, Target Power Gem & Move Left",
            )
        else:
            shape, travel = self.attack(core)
        return Invocation(
            caster=self.caster,
            played=self.played,
            shape=shape,
            haste=timing["haste"],
            delay=timing["delay"],
            sustain=timing["sustain"],
            builtin=self.wand or first == "target_current",
            travel=travel,
            elements=elements,
        )

    # -- checks shared by the shapes -------------------------------------------------

    def check_opposites(self, elements: Sequence[str]) -> None:
        for element in elements:
            opposite = self.cards.opposites[element]
            if opposite in elements:
                raise Unreadable(
                    f"{element} and {opposite} are opposites and may not be combined in the same invocation",
                    "use one of them, or two invocations",
                )

    def no_delay(self, timing: dict[str, int], why: str) -> None:
        if timing["delay"] or timing["sustain"]:
            raise Unreadable(f"Delay and Sustain cannot time this: {why}")

    def check_place(self, place: Place, what: str) -> None:
        seat = place.seat(self.seats)
        if seat is None:
            raise Unreadable(f"{place.anchor} is no longer in the game")
        if seat == self.caster:
            raise Unreadable(
                f"{what} comes back to you",
                "count again: Move Left moves one seat to your left, Move Right to your right",
            )

    def only(self, indices: Sequence[int], kinds: Sequence[str], shape: str) -> None:
        for index in indices:
            if self.kind(index) not in kinds:
                raise Unreadable(f"{self.name(index)} has no place in {shape}")

    # -- movement ------------------------------------------------------------------

    def route(self, indices: Sequence[int], what: str) -> tuple[list[list[Any]], int]:
        """Walk the movement and element cards: the stops and the seats travelled.

        Each stop is [Place, [element indices], part of a sweep]. Movement cards in a row add up
        to one stop; an element strikes at the stop the invocation has reached;
        elements before the first movement ride along with it.
        """
        stops: list[list[Any]] = []
        slots: list[int] = []  # sweep stops still waiting for their element
        swept = False
        pending: list[int] = []
        here: Place | None = None
        travel = 0
        for index in indices:
            part, kind = self.played[index], self.kind(index)
            if kind in MOVES or kind == "invoke":
                base = here or Place(self.caster)
                if kind == "invoke":
                    if not part.who:
                        raise Unreadable(
                            "Invoke needs the mage you invoke at", self.named_invoke(index, what)
                        )
                    if part.who == AETHER and what != "Target Power Gem":
                        raise Unreadable(
                            "the Aether is no mage: only Target Power Gem reaches its gems",
                            "Target Power Gem & Invoke Aether & Fire",
                        )
                    if part.lead:
                        raise Unreadable("a sweep needs Move Left or Move Right")
                    if part.mods:  # RULINGS.md, ruling 40
                        mods = " & ".join(part.mods)
                        raise Unreadable(
                            f"{mods} after Invoke would be spent for nothing: Invoke reaches the "
                            "mage it names, however strong",
                            f"put it after the card it should strengthen, e.g. Invoke {part.who} & "
                            f"Fire & {part.mods[0]}",
                        )
                    arrivals = [Place(part.who)]
                    travel = 0
                else:
                    count = 1 + sum(self.cards.value(m) for m in part.lead)
                    if count < 1:
                        raise Unreadable(f"{self.name(index)}: the modifiers before it leave no stop")
                    step = 1 + sum(self.cards.value(m) for m in part.mods) + part.bonus
                    step = step if kind == "move_left" else -step
                    arrivals = [base.moved(step * k) for k in range(1, count + 1)]
                    travel += step * count
                if stops and not stops[-1][1] and not stops[-1][2]:
                    stops.pop()  # movement cards in a row make one stop
                start = len(stops)
                stops.extend([arrival, [], bool(part.lead)] for arrival in arrivals)
                swept = bool(part.lead)
                slots = list(range(start, len(stops))) if swept else []
                here = arrivals[-1]
            elif kind == "element":
                if slots:
                    stops[slots.pop(0)][1].append(index)
                elif swept:
                    raise Unreadable(
                        "a sweep carries one element to each stop, and this one has more elements than stops",
                        "put another + card before the Move, or drop an element",
                    )
                elif here is None:
                    pending.append(index)
                else:
                    stops[-1][1].append(index)
            else:
                raise Unreadable(f"{self.name(index)} has no place in {what}")
        if pending:
            if not stops:
                raise Unreadable(
                    'an element by itself goes nowhere ("just throwing down a fire card does '
                    'not make a fireball")',
                    "move it: Move Left & Fire, Invoke Bob & Fire; or guard: Build Wall & Fire",
                )
            stops[0][1][:0] = pending
        return stops, travel

    # -- the shapes ------------------------------------------------------------------

    def attack(self, core: list[int]) -> tuple[Attack, int]:
        if any(self.kind(i) == "discard" for i in core):
            raise Unreadable(
                "Discard works only with Target Hand",
                "e.g. Target Hand of Bob & Discard & +1",
            )
        stops, travel = self.route(core, "an attack")
        if not any(stop[1] for stop in stops):
            raise Unreadable(
                "a movement with nothing to carry",
                "add an element to attack (Move Left & Fire) or a target first "
                "(Target Power Gem & Move Left)",
            )
        if not stops[-1][1] and not stops[-1][2]:
            raise Unreadable(
                "nothing follows the last movement",
                "end the invocation with the element it carries there",
            )
        result = []
        for place, elements, _ in stops:
            place = place.moved(self.shift)
            if elements:
                self.check_place(place, "this attack")
            result.append((place, tuple(elements)))
        return Attack(tuple(result)), travel

    def single_place(self, target: Played, rest: list[int], what: str) -> Place:
        moving = [i for i in rest if self.kind(i) in MOVES or self.kind(i) == "invoke"]
        if target.who and moving:
            raise Unreadable(
                f"{card_text(target, self.cards)} already says whose it is",
                f"drop {self.name(moving[0])}, or drop 'of {target.who}'",
            )
        if target.who:
            place = Place(target.who)
        else:
            stops, _ = self.route(moving, what)
            if not stops:
                raise Unreadable(
                    f"whose? {target.card} needs a mage",
                    f"write {target.card} of <mage>, or reach them with Move Left, Move Right "
                    "or Invoke <mage>",
                )
            if len(stops) > 1:
                raise Unreadable(f"{what} reaches one place, not a sweep")
            place = stops[0][0]
        place = place.moved(self.shift)
        self.check_place(place, what)
        return place

    def targeted(self, core: list[int]) -> Shape:
        index, rest = core[0], core[1:]
        target, kind = self.played[index], self.kind(index)
        kinds = [self.kind(i) for i in rest]
        if "discard" in kinds:
            if kind != "target_hand":
                raise Unreadable(
                    "Discard works only with Target Hand (it may not be used to target Power Gems)",
                )
            self.only(rest, (*MOVES, "invoke", "discard"), "a discard")
            discards = [i for i in rest if self.kind(i) == "discard"]
            if len(discards) > 1:
                raise Unreadable("one Discard is enough: add + cards to it for more")
            place = self.single_place(target, [i for i in rest if i not in discards], "Target Hand")
            if place.anchor == AETHER:
                raise Unreadable("the Aether holds no hand")
            count = value(target, self.cards) + value(self.played[discards[0]], self.cards) - 1
            return HandDiscard(place, max(0, count))
        if "element" in kinds:
            if kind == "target_hand":
                raise Unreadable(
                    "Target Hand combines with a Move or with Discard, not with an element",
                )
            if target.lead or target.mods:
                raise Unreadable(
                    "a destroying invocation takes its power from its elements",
                    "put the modifier after the element: ... & Fire & +1",
                )
            self.only(rest, (*MOVES, "invoke", "element"), "a destroying invocation")
            what = target.card
            place = self.single_place(target, rest, what)
            if place.anchor == AETHER and kind != "target_gem":
                raise Unreadable("the Aether holds only power gems")
            return Destroy(index, place, tuple(i for i in rest if self.kind(i) == "element"))
        return self.relocate(index, rest)

    def relocate(self, index: int, rest: list[int]) -> Relocate:
        target, kind = self.played[index], self.kind(index)
        if len(rest) != 1 or self.kind(rest[0]) not in (*MOVES, "invoke"):
            raise Unreadable(
                f"{target.card} needs one movement to relocate it or an element to destroy it",
                f"e.g. {target.card} & Move Left (steal from the mage on your right)",
            )
        move = self.played[rest[0]]
        if move.lead:
            raise Unreadable("a sweep needs elements to carry")
        if kind in ("target_creature", "target_item") and (target.lead or target.mods):
            raise Unreadable(f"{target.card} relocates one thing at a time")
        if self.kind(rest[0]) == "invoke":
            if not move.who:
                raise Unreadable("Invoke needs the mage you send it to", "e.g. Invoke Bob")
            if not target.who:
                raise Unreadable(
                    f"whose? with Invoke, {target.card} needs 'of <mage>'",
                    f"e.g. {target.card} of Bob & Invoke Carol",
                )
            source = Place(target.who)
            dest = Place(move.who)
        else:
            step = value(move, self.cards)
            step = step if self.kind(rest[0]) == "move_left" else -step
            # with no owner named, the move brings the target to you (rulebook example 2)
            source = Place(target.who) if target.who else Place(self.caster, -step)
            dest = source.moved(step)
        dest = dest.moved(self.shift)
        if AETHER in (source.anchor, dest.anchor):
            raise Unreadable(
                "the Aether's gems cannot be relocated: it is neither left nor right of any mage",
                "to destroy them: Target Power Gem of Aether & Fire",
            )
        from_seat, to_seat = source.seat(self.seats), dest.seat(self.seats)
        if from_seat is None or to_seat is None:
            raise Unreadable("that mage is no longer in the game")
        if from_seat == to_seat:
            raise Unreadable(f"{card_text(target, self.cards)} would not move at all")
        if kind in ("target_hand", "target_gem") and from_seat == self.caster:
            raise Unreadable(f"{target.card} aims at another mage's, not at your own")
        return Relocate(index, source, dest, max(0, value(target, self.cards)))

    def wall(self, core: list[int]) -> BuildWall:
        head = self.played[core[0]]
        if self.kind(core[0]) != "build_wall":
            raise Unreadable("Build Wall comes first", "e.g. Build Wall & Water & +1")
        if head.lead or head.mods:
            raise Unreadable("a wall's points are its elements'", "Build Wall & Water & +1")
        rest = core[1:]
        self.only(rest, ("element",), "a wall")
        if not rest:
            raise Unreadable("a wall must be charged with an element", "Build Wall & Water")
        kinds = {self.played[i].card for i in rest}
        if len(kinds) > 1:
            raise Unreadable(
                f"a wall holds one element, not {' and '.join(sorted(kinds))}",
                "build it with one element; repair it later with more of the same",
            )
        points = [value(self.played[i], self.cards) for i in rest]
        if min(points) < 1:
            raise Unreadable("an element charged with less than one point adds nothing")
        if sum(points) > self.cards.wall_points:
            raise Unreadable(
                f"a wall holds at most {self.cards.wall_points} points, this one {sum(points)}",
                "remove a modifier or an element",
            )
        return BuildWall(head.what, tuple(rest))

    def alter(self, core: list[int], timing: dict[str, int]) -> Alter:
        head, kind = self.played[core[0]], self.kind(core[0])
        self.no_delay(timing, "it changes another invocation at once")
        if kind == "target_current" and not self.counter:
            raise Unreadable(
                "Target Current Invocation answers another mage's invocation",
                "set it as a counter: IF Fire AT ME: Target Current Invocation & Water",
            )
        established = head.what if kind == "target_established" else ""
        rest = [
            i
            for i in core[1:]
            if not (kind == "target_current" and self.kind(i) == "invoke" and not self.played[i].who)
        ]  # "Target Current Invocation & Haste & Invoke & Water" (rulebook example 5)
        amount = value(head, self.cards) - 1
        kinds = [self.kind(i) for i in rest]
        if not rest:
            if not amount:
                raise Unreadable(
                    f"{head.card} needs something to do",
                    f"e.g. {head.card} & -1, or & Water, or & Move Left",
                )
            return Alter(established, "adjust", amount=amount)
        if amount:
            raise Unreadable(
                f"a modifier on {head.card} is its change; it cannot also carry other cards",
                "split it, or put the modifier after the element",
            )
        if all(k == "element" for k in kinds):
            return Alter(established, "elements", elements=tuple(rest))
        if kinds[0] == "build_wall":
            if established:
                raise Unreadable("a wall is built in front of the current invocation only")
            wall = self.wall(rest)
            if wall.on:
                raise Unreadable(
                    "this wall goes in front of what the current invocation strikes",
                    "drop the 'on ...': Target Current Invocation & Build Wall & Fire",
                )
            return Alter(established, "wall", wall=wall)
        if len(rest) == 1 and kinds[0] in MOVES:
            step = value(self.played[rest[0]], self.cards)
            return Alter(established, "shift", amount=step if kinds[0] == "move_left" else -step)
        raise Unreadable(
            f"{head.card} takes modifiers, elements, a Move, or (current only) Build Wall",
        )


def _manifest(parts: tuple[Played, ...], caster: str, cards: CardSet) -> Invocation:
    head, kept = parts[0], parts[1:]
    kind = cards.kind(head.card)
    if head.what or head.who or head.down:
        raise Unreadable(f"{head.card} is written alone at the start")
    if kind != "wand":
        for part in kept:
            if part.down:
                raise Unreadable(f"the cards in a {head.card} always lie face down; 'face down' is for Wands")
            if part.what or part.who:
                raise Unreadable(
                    f"{card_text(part, cards)}: a {head.card} keeps bare cards",
                    f"write {part.card} alone; say where it goes when you play it",
                )
    holds = cards.cards[head.card].holds
    if kind == "tome":
        if not kept or len(kept) > holds:
            raise Unreadable(f"a Tome banks 1 to {holds} cards", "Tome & Fire & Fire & Air")
        decks = {cards.deck_of(part.card) for part in kept}
        if len(decks) > 1:
            raise Unreadable(
                f"a Tome banks cards of one deck, not {' and '.join(sorted(decks))}",
            )
    elif kind == "creature":
        if len(kept) > holds:
            raise Unreadable(f"a {head.card} holds at most {holds} cards")
    elif not kept:
        raise Unreadable("a Wand stores an invocation", "Wand & Build Wall & face down Fire")
    return Invocation(caster=caster, played=parts, shape=Manifest())
