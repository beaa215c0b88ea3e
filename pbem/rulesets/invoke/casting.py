"""One invocation from cast to end: counters, timing, and the shape's own resolution.

The one place that knows the order of events around an invocation (RULINGS.md,
rulings 24 to 28):

1. it is read; if the rules cannot read it, or it cannot happen now (a wall
   opposite to one of the mage's, a second magical item), it fails and its
   cards stay in the hand;
2. its cards are taken and it is cast, face up;
3. every other mage's standing counters that it sets off and that are faster
   than it (a counter's speed is its Haste, plus 1 built in for Target Current
   Invocation or a Wand; the invocation's speed is its Haste, and a tie goes to
   the invocation, as in rulebook example 4) fire, fastest first, ties in the
   order of play from the mage whose turn it is. A counter that is too slow,
   or cannot be played, stays set and unrevealed;
4. what is left of it resolves by its shape; a Delay puts it on the table as an
   established invocation instead, a Sustain leaves it there to repeat.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import alteration, manifest, relocation, strikes
from .counters import WAND, answer_order, counter_text, is_out_of_turn, matches
from .invocation import Alter, Attack, BuildWall, Destroy, HandDiscard, Invocation, Manifest, Relocate
from .notation import NotationError, read_sequence, real_cards, write_sequence
from .reading import Unreadable, read
from .state import Counter, Played, Spell
from .table import Turn, discard, missing, names, take, without
from .walls import build, build_problem, conflict, guard_of


@dataclass
class Cast:
    """An invocation on its way: its cards as they stand, and whose they are."""

    caster: str
    played: list[Played]
    cards: list[str] = field(default_factory=list)  # to discard unless kept on the table
    shift: int = 0
    wand: bool = False
    counter: bool = False
    spell: Spell | None = None

    @property
    def label(self) -> str:
        if self.spell:
            return f"{self.caster}'s established invocation {self.spell.id}"
        return f"{self.caster}'s invocation"


def read_cast(turn: Turn, cast: Cast) -> Invocation:
    return read(
        cast.played,
        cast.caster,
        turn.cards,
        turn.seats,
        counter=cast.counter,
        wand=cast.wand,
        shift=cast.shift,
    )


def problem(turn: Turn, invocation: Invocation, pending: Cast | None = None) -> str | None:
    """Why a readable invocation cannot happen at this moment, if it cannot."""
    shape = invocation.shape
    if isinstance(shape, BuildWall):
        guard = guard_of(turn, invocation.caster, shape.on)
        if isinstance(guard, str):
            return guard
        element = invocation.played[shape.elements[0]].card
        return build_problem(turn, guard[0], guard[1], element, invocation.caster)
    if isinstance(shape, Manifest):
        return manifest.manifest_problem(turn, invocation)
    if isinstance(shape, Alter):
        if shape.established:
            return alteration.established_problem(turn, shape)
        if pending is None:
            return "there is no current invocation to target"
        if shape.change == "wall":
            try:
                aimed = read_cast(turn, pending)
            except Unreadable:
                return "the current invocation has fizzled"
            return alteration.wall_problem(turn, invocation, shape, aimed)
        return None
    if invocation.delay or invocation.sustain:
        return conflict(turn, invocation.caster, invocation.elements)
    return None


def refuse(turn: Turn, mage: str, secret: str) -> None:
    """Something a mage tried is refused before any card was shown: the cards are still
    in their hand (or face down on their Wand), so only they read which and why."""
    turn.whisper(
        "fails",
        f"Something {mage} tried could not be done; the cards stay hidden.",
        secret,
        to=(mage,),
        power=mage,
    )


def cast_from_hand(turn: Turn, caster: str, parts: tuple[Played, ...]) -> bool:
    """The acting mage casts one line of their turn; whether it was cast at all."""
    text = write_sequence(parts, turn.cards)
    try:
        invocation = read(parts, caster, turn.cards, turn.seats)
    except Unreadable as error:
        refuse(turn, caster, f"{caster} cannot invoke {text}: {error.message}.")
        return False
    why = problem(turn, invocation)
    if why is None and missing(turn, caster, real_cards(parts)):
        why = f"{caster} no longer holds {names(missing(turn, caster, real_cards(parts)))}"
    if why:
        refuse(turn, caster, f"{caster} cannot invoke {text}: {why}.")
        return False
    from_stores = take(turn, caster, real_cards(parts))
    shown = f" (playing {names(from_stores)} kept on the table)" if from_stores else ""
    public = manifest.face_up(parts, turn.cards)
    if public != text:  # a Tome, Wand or creature keeps face-down cards: its owner's secret
        turn.whisper(
            "cast", f"{caster} invokes {public}.", f"{caster} invokes {text}.", to=(caster,), power=caster
        )
    else:
        turn.say("cast", f"{caster} invokes {text}{shown}.", power=caster)
    perform(turn, Cast(caster, list(invocation.played), real_cards(parts)))
    return True


def activate_wand(turn: Turn, owner: str) -> bool:
    """ACTIVATE WAND in the owner's own turn; whether it fired."""
    found = manifest.read_wand(turn, owner, counter=False)
    why = found if isinstance(found, str) else problem(turn, found[1])
    if why:
        refuse(turn, owner, f"{owner} cannot activate a Wand: {why}.")
        return False
    assert not isinstance(found, str)
    wand, invocation = found
    turn.say(
        "cast",
        f"{owner} activates the Wand {wand.id}: {write_sequence(invocation.played, turn.cards)}.",
        power=owner,
    )
    cards = manifest.release(turn, wand)
    perform(turn, Cast(owner, list(invocation.played), cards, wand=True))
    return True


def perform(turn: Turn, cast: Cast, *, answerable: bool = True, pending: Cast | None = None) -> None:
    """Counters, then resolution; the cast's cards go where the shape leaves them."""
    try:
        invocation = read_cast(turn, cast)
    except Unreadable as error:
        fizzle(turn, cast, error)
        return
    if invocation.delay and not cast.spell:
        establish(turn, cast, invocation)
        return
    if answerable:
        answer(turn, cast)
        try:
            invocation = read_cast(turn, cast)
        except Unreadable as error:
            fizzle(turn, cast, error)
            return
    kept = resolve(turn, invocation, cast, pending)
    if invocation.sustain and not cast.spell:
        establish(turn, cast, invocation, repeats=True)  # its cards stay with it
    else:
        discard(turn, without(cast.cards, kept))


def fizzle(turn: Turn, cast: Cast, error: Unreadable) -> None:
    turn.say("fizzle", f"{cast.label} fizzles: {error.message}.", power=cast.caster)
    discard(turn, cast.cards)
    if cast.spell and cast.spell in turn.game.spells:
        turn.game.spells.remove(cast.spell)
        discard(turn, real_cards(cast.spell.played))


def establish(turn: Turn, cast: Cast, invocation: Invocation, repeats: bool = False) -> None:
    """Delay or Sustain: the invocation stays on the table as an established invocation.

    A sustained invocation that moves on strikes again at the end of the next turn
    (rulebook, Sustain & Move Right & Earth); one that stays where it is, at the end of
    its caster's next turn (Sustain & Invoke & Earth): RULINGS.md, ruling 22."""
    spell = Spell(
        id=turn.game.new_id("E"),
        caster=cast.caster,
        played=list(cast.played),
        shift=cast.shift + (invocation.travel if repeats else 0),
        wait=_sustain_wait(invocation.travel) if repeats else invocation.delay,
        left=invocation.sustain if repeats else 1 + invocation.sustain,
        cast_turn=turn.game.turn,
    )
    turn.game.spells.append(spell)
    when = (
        "at the end of the next turn"
        if repeats and invocation.travel
        else (
            f"at the end of {cast.caster}'s next turn"
            if invocation.delay == 1
            else f"at the end of {cast.caster}'s turn {invocation.delay} turns from now"
        )
    )
    turn.say(
        "established",
        f"{cast.caster}'s invocation stays on the table as {spell.id}; it resolves {when}.",
        power=cast.caster,
    )


def resolve(turn: Turn, invocation: Invocation, cast: Cast, pending: Cast | None) -> list[str]:
    """Resolve by shape; returns the cards that stay on the table."""
    shape = invocation.shape
    played = cast.played
    if isinstance(shape, Attack):
        strikes.attack(turn, invocation, shape, played)
    elif isinstance(shape, Destroy):
        strikes.destroy(turn, invocation, shape, played)
    elif isinstance(shape, HandDiscard):
        relocation.discard_hand(turn, invocation, shape)
    elif isinstance(shape, Relocate):
        relocation.relocate(turn, invocation, shape, played)
    elif isinstance(shape, BuildWall):
        guard = guard_of(turn, invocation.caster, shape.on)
        why = guard if isinstance(guard, str) else problem(turn, invocation)
        if why or isinstance(guard, str):
            turn.say("fails", f"{cast.label} cannot build its wall: {why}.")
            return []
        return build(turn, shape, invocation.played, guard[0], guard[1], invocation.caster)
    elif isinstance(shape, Manifest):
        why = problem(turn, invocation)
        if why:
            turn.say("fails", f"{cast.label} cannot manifest: {why}.")
            return []
        return manifest.manifest(turn, invocation)
    elif isinstance(shape, Alter):
        return alter(turn, invocation, shape, pending)
    return []


def alter(turn: Turn, invocation: Invocation, shape: Alter, pending: Cast | None) -> list[str]:
    why = problem(turn, invocation, pending)
    if why:
        turn.say("fails", f"{invocation.caster}'s {invocation.played[0].card} fails: {why}.")
        return []
    if shape.established:
        alteration.change_established(turn, invocation, shape)
        return []
    assert pending is not None
    if shape.change == "wall":
        return alteration.build_in_front(turn, invocation, shape, read_cast(turn, pending))
    target = alteration.Target(pending.caster, pending.played, pending.shift)
    alteration.change(turn, invocation, shape, target, pending.label)
    pending.played, pending.shift = target.played, target.shift
    return []


# -- counters ------------------------------------------------------------------------


@dataclass
class Ready:
    """A counter that would fire now."""

    owner: str
    counter: Counter
    invocation: Invocation
    parts: tuple[Played, ...]


def prepare(turn: Turn, owner: str, counter: Counter, pending: Cast) -> Ready | None:
    """The counter as it would fire against ``pending`` now, or None if it cannot."""
    if counter.action == WAND:
        found = manifest.read_wand(turn, owner, counter=True)
        if isinstance(found, str):
            return None
        invocation = found[1]
    else:
        try:
            parts = read_sequence(counter.action, turn.cards, turn.game.seats)
            invocation = read(parts, owner, turn.cards, turn.seats, counter=True)
        except (NotationError, Unreadable):
            return None
        if missing(turn, owner, real_cards(parts)):
            return None
    if not is_out_of_turn(counter.action, invocation):
        return None
    if problem(turn, invocation, pending):
        return None
    return Ready(owner, counter, invocation, invocation.played)


def answer(turn: Turn, pending: Cast) -> None:
    """Fire the counters the pending invocation sets off, fastest first."""
    while True:
        try:
            invocation = read_cast(turn, pending)
        except Unreadable:
            return
        best: Ready | None = None
        for owner in answer_order(turn):
            if owner == pending.caster:
                continue
            for counter in turn.mage(owner).counters:
                if not matches(turn, counter, owner, invocation):
                    continue
                ready = prepare(turn, owner, counter, pending)
                if ready is None or ready.invocation.speed <= invocation.speed:
                    continue
                if best is None or ready.invocation.speed > best.invocation.speed:
                    best = ready
        if best is None:
            return
        fire(turn, best, pending)


def fire(turn: Turn, ready: Ready, pending: Cast) -> None:
    owner = ready.owner
    turn.mage(owner).counters.remove(ready.counter)
    # the table sees the cards played, never the standing counter's condition: only its
    # owner (and the referee) read which of them fired (RULINGS.md 24; Invictus ruling 41)
    fires = (
        f"{owner}'s counter fires against {pending.label} "
        f"(speed {ready.invocation.speed} against {read_cast(turn, pending).speed}): "
    )
    turn.whisper(
        "counter",
        f"{fires}{ready.counter.action}.",
        f"{fires}{counter_text(ready.counter)}.",
        [owner],
        power=owner,
    )
    if ready.counter.action == WAND:
        found = manifest.read_wand(turn, owner, counter=True)
        assert not isinstance(found, str)
        cards = manifest.release(turn, found[0])
        cast = Cast(owner, list(ready.parts), cards, wand=True, counter=True)
    else:
        take(turn, owner, real_cards(ready.parts))
        cast = Cast(owner, list(ready.parts), real_cards(ready.parts), counter=True)
    perform(turn, cast, answerable=False, pending=pending)


# -- established invocations -----------------------------------------------------------


def resolve_spells(turn: Turn) -> None:
    """At the end of a turn: the delayed and sustained invocations that are due."""
    game = turn.game
    for spell in list(game.spells):
        if spell not in game.spells or spell.cast_turn == game.turn:
            continue
        if spell.wait > 0:
            if game.current == spell.caster:
                spell.wait -= 1
            if spell.wait > 0:
                continue
        turn.say(
            "established",
            f"{spell.caster}'s established invocation {spell.id} "
            f"resolves: {write_sequence(spell.played, turn.cards)}.",
            power=spell.caster,
        )
        cast = Cast(spell.caster, list(spell.played), [], shift=spell.shift, spell=spell)
        perform(turn, cast)
        if spell not in game.spells:
            continue  # it fizzled
        spell.played = cast.played
        spell.left -= 1
        travel = _travel(turn, cast)
        spell.shift = cast.shift + travel  # a sustained attack moves on
        spell.wait = _sustain_wait(travel)
        if spell.left <= 0:
            game.spells.remove(spell)
            discard(turn, real_cards(spell.played))
            turn.say("established", f"{spell.id} is spent.", power=spell.caster)


def _sustain_wait(travel: int) -> int:
    """The caster's turns a sustained invocation waits before it repeats (ruling 22)."""
    return 0 if travel else 1


def _travel(turn: Turn, cast: Cast) -> int:
    try:
        return read_cast(turn, cast).travel
    except Unreadable:
        return 0
