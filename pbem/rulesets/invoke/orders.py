"""The lines of a player's mail: each one an order in canonical form, or an error.

The orders of Invoke by mail (any case; the cards' own names):

=================================================  ==========  ======================
line                                               key         who, when
=================================================  ==========  ======================
``Move Left & +1 & Earth`` (a card sequence)       turn        the mage whose turn it is
``ACTIVATE WAND``                                  turn        the mage whose turn it is
``PASS`` (no invocation: discard two)              turn        the mage whose turn it is
``REPAIR E3 & Water & +1``                         repair      the mage whose turn it is
``DISCARD Fire, Air`` (at the end of the turn)     discard     the mage whose turn it is
``REFILL 3 Focus, 2 Manifest, 2 Thaumaturgy``      refill      any mage, standing
(or ``DRAW 3 Focus, 2 Manifest, 2 Thaumaturgy``)
``IF Fire AT ME: Haste & Build Wall & Water``      counters    any mage, standing
``NO COUNTERS``                                    counters    any mage
=================================================  ==========  ======================

A later mail's lines replace an earlier mail's lines of the same key: a new
list of invocations replaces the whole turn, new counters replace all
counters. REFILL and counters stand from turn to turn until replaced. The
book's own verb is read too: ``DRAW 3 Thaumaturgy, 2 Focus, 2 Manifest`` is the
same order (the service's mail language keeps ``DRAW`` alone, ``DRAW GAME`` and
``VOTE DRAW`` for the vote on a drawn game; RULINGS.md, ruling 30).
"""

from __future__ import annotations

import copy
import re
from collections import Counter as Tally
from collections.abc import Sequence

from pbem.frozen import Frozen
from pbem.ruleset import OrderLine

from .cards import CardSet
from .casting import problem
from .counters import ANY, ANYONE, ME, WAND, counter_text, is_out_of_turn
from .manifest import read_wand
from .notation import (
    Mistake,
    NotationError,
    closest,
    match_name,
    normal,
    read_sequence,
    real_cards,
    write_sequence,
)
from .reading import Unreadable, read
from .state import AETHER, Counter, Game, Played
from .table import Turn, cardset, missing
from .walls import repair

KEYWORDS = ("REFILL", "REPAIR", "DISCARD", "PASS", "ACTIVATE WAND", "IF", "NO COUNTERS")


class Order(Frozen):
    """A line understood: what it is, its canonical text, its key and any note."""

    kind: str  # invoke, wand, pass, repair, discard, refill, counter, no_counters
    text: str
    key: str
    note: str | None = None
    parts: tuple[Played, ...] = ()
    wall: str = ""
    cards: tuple[str, ...] = ()
    draw: tuple[tuple[str, int], ...] = ()
    counter: Counter | None = None


class OrderError(Mistake):
    """A line that is not an order of this player now; ``hint`` says what would be."""


TURN_KINDS = ("invoke", "wand", "pass", "repair", "discard")


def read_order(game: Game, power: str, line: str, used: Tally[str] | None = None) -> Order:
    """One line as an order, or OrderError. ``used`` counts the cards earlier lines of
    the same mail already play, so two invocations cannot both spend one Fire."""
    cards = cardset(game)
    if game.over:
        raise OrderError("the game is over")
    if power not in game.mages or game.mages[power].out:
        raise OrderError(f"{power} is not in the game")
    words = normal(line)
    order = _read(game, cards, power, line.strip(), words)
    if order.kind in TURN_KINDS and power != game.current:
        raise OrderError(
            f"it is {game.current}'s turn, not yours",
            "between your turns you may set counters (IF Fire AT ME: Haste & Build Wall & "
            "Water) and your REFILL choice",
        )
    if order.kind == "wand":
        found = read_wand(Turn.looking(game), power, counter=False)
        if isinstance(found, str):
            raise OrderError(found)
    if used is not None and order.kind in ("invoke", "repair"):
        need = real_cards(order.parts)
        turn = Turn.looking(game)
        short = missing(turn, power, [*used.elements(), *need])
        if short:
            others = " (with your other lines)" if used else ""
            raise OrderError(
                f"you do not hold {', '.join(short)}{others}",
                f"your hand: {', '.join(game.mages[power].hand) or 'empty'}",
            )
        used.update(need)
    return order


def _read(game: Game, cards: CardSet, power: str, line: str, words: str) -> Order:
    if words in ("pass", "pass turn", "pass my turn"):
        return Order("pass", "PASS", "turn")
    if re.fullmatch(r"(activate|fire|use) (the |my )?wand", words):
        return Order("wand", WAND, "turn")
    if words in ("no counters", "no counter", "clear counters"):
        return Order("no_counters", "NO COUNTERS", "counters")
    first = words.split(" ", 1)[0]
    rest = line.strip()[len(first) :].strip()
    if first in ("refill", "draw"):
        return read_draw(cards, rest)
    if first == "discard" and not words.startswith("discard &"):
        names = [n for n in re.split(r"[,&]|\band\b", rest, flags=re.I) if n.strip()]
        if not names:
            raise OrderError("DISCARD needs the cards to discard", "DISCARD Fire, Air")
        held = [_card(cards, name) for name in names]
        hand = Tally(game.mages[power].hand)
        note = None
        if Tally(held) - hand:
            note = f"you do not hold {', '.join(sorted((Tally(held) - hand).elements()))} now"
        return Order("discard", f"DISCARD {', '.join(held)}", "discard", note=note, cards=tuple(held))
    if first == "repair":
        return _repair(game, cards, power, rest)
    if first == "if":
        return _counter(game, cards, power, line.strip()[2:].strip())
    return _invoke(game, cards, power, line)


def _card(cards: CardSet, name: str) -> str:
    try:
        return match_name(name.strip(), list(cards.cards), "card")
    except NotationError as error:
        raise OrderError(error.message, error.hint) from None


def read_draw(cards: CardSet, rest: str) -> Order:
    choices: list[tuple[str, int]] = []
    if not rest:
        raise OrderError("REFILL needs decks", f"e.g. REFILL 3 Focus, 2 Manifest, 2 {cards.decks[1]}")
    for item in re.split(r"[,&]|\band\b", rest, flags=re.I):
        item = item.strip()
        if not item:
            continue
        # "3 Thaumaturgy", or as a player says it: "3 cards from the Thaumaturgy deck"
        item = re.sub(r"^(\d+\s+)?(?:cards?\s+)?(?:from\s+)?(?:the\s+)?", r"\1", item, flags=re.I)
        item = re.sub(r"\s+(?:deck|pile)$", "", item, flags=re.I)
        match = re.match(r"^(\d+)\s+(.*)$", item)
        count, name = (int(match.group(1)), match.group(2)) if match else (cards.draw_limit, item)
        try:
            deck = match_name(name, cards.decks, "deck")
        except NotationError as error:
            raise OrderError(error.message, error.hint) from None
        if count > cards.draw_limit:
            raise OrderError(
                f"at most {cards.draw_limit} cards may come from one deck",
                f"REFILL {cards.draw_limit} {deck}",
            )
        if deck in (d for d, _ in choices):
            raise OrderError(f"{deck} is named twice")
        choices.append((deck, count))
    return Order("refill", refill_text(choices), "refill", draw=tuple(choices))


def refill_text(choices: Sequence[tuple[str, int]]) -> str:
    """The canonical REFILL order: "REFILL 3 Focus, 2 Manifest"."""
    return "REFILL " + ", ".join(f"{count} {deck}" for deck, count in choices)


def _parts(cards: CardSet, game: Game, text: str) -> tuple[Played, ...]:
    try:
        return read_sequence(text, cards, game.seats)
    except NotationError as error:
        first = normal(text).split(" ", 1)[0].upper()
        keyword = closest(first, KEYWORDS)
        hint = f"did you mean {keyword}?" if keyword and first not in KEYWORDS else error.hint
        raise OrderError(error.message, hint) from None


def _invoke(game: Game, cards: CardSet, power: str, line: str) -> Order:
    parts = _parts(cards, game, line)
    try:
        invocation = read(parts, power, cards, game.in_game())
    except Unreadable as error:
        raise OrderError(error.message, error.hint) from None
    why = problem(Turn.looking(game), invocation)
    note = f"as things stand it would fail: {why}" if why else None
    return Order("invoke", write_sequence(parts, cards), "turn", note=note, parts=parts)


def _repair(game: Game, cards: CardSet, power: str, rest: str) -> Order:
    ident, _, sequence = rest.partition("&")
    match = re.match(r"^[eE](\d+)$", ident.strip())
    if not match:
        raise OrderError("REPAIR needs the number of your wall", "e.g. REPAIR E3 & Water & +1")
    wall_id = f"E{int(match.group(1))}"
    wall = next((w for w in game.walls if w.id == wall_id), None)
    if wall is None or wall.held_by() != power:
        yours = [w.id for w in game.walls if w.held_by() == power]
        raise OrderError(
            f"{wall_id} is not a wall of yours",
            f"your walls: {', '.join(yours)}" if yours else "you have no wall",
        )
    parts = _parts(cards, game, sequence)
    why = repair(Turn.looking(game), copy.deepcopy(wall), parts)
    if why:
        raise OrderError(why)
    text = f"REPAIR {wall_id} & {write_sequence(parts, cards)}"
    return Order("repair", text, "repair", parts=parts, wall=wall_id)


TRIGGER = re.compile(r"^(?P<what>.+?)(?:\s+by\s+(?P<by>.+?))?\s+at\s+(?P<at>.+)$", re.I)


def _counter(game: Game, cards: CardSet, power: str, body: str) -> Order:
    if ":" in body:
        trigger, _, action = body.partition(":")
    elif re.search(r"\s+then\s+", body, re.I):
        trigger, action = re.split(r"\s+then\s+", body, maxsplit=1, flags=re.I)
    else:
        raise OrderError(
            "a counter is IF <card> AT <whom>: <invocation>", "e.g. IF Fire AT ME: Haste & Build Wall & Water"
        )
    match = TRIGGER.match(trigger.strip())
    if not match:
        raise OrderError(
            "a counter says what it answers and at whom",
            "e.g. IF Fire AT ME:, IF ANY BY Bob AT Aether:, IF Target Hand AT Carol:",
        )
    what = match.group("what").strip()
    what = ANY if normal(what) in ("any", "anything") else _card(cards, what)
    people = [p for p in game.seats if p != power]
    try:
        by = (
            ANYONE
            if not match.group("by") or normal(match.group("by")) == "anyone"
            else match_name(match.group("by"), people, "mage")
        )
        at_word = match.group("at").strip()
        at = {"me": ME, "anyone": ANYONE}.get(normal(at_word)) or match_name(
            at_word, [*game.seats, AETHER], "mage"
        )
    except NotationError as error:
        raise OrderError(error.message, error.hint) from None
    action = action.strip()
    note = None
    if normal(action) in ("activate wand", "fire wand", "use wand"):
        action = WAND
        if isinstance(read_wand(Turn.looking(game), power, counter=True), str):
            note = "you have no Wand that could fire now"
    else:
        parts = _parts(cards, game, action)
        try:
            invocation = read(parts, power, cards, game.in_game(), counter=True)
        except Unreadable as error:
            raise OrderError(error.message, error.hint) from None
        if not is_out_of_turn(action, invocation):
            raise OrderError(
                "a counter is played out of turn, so it needs Haste, Target Current "
                "Invocation (built-in Haste) or a Wand",
                f"e.g. IF {what} AT {at}: Haste & {write_sequence(parts, cards)}",
            )
        action = write_sequence(parts, cards)
        short = missing(Turn.looking(game), power, real_cards(parts))
        if short:
            note = f"you do not hold {', '.join(short)} now; the counter fires only if you do then"
    counter = Counter(what=what, by=by, at=at, action=action)
    return Order("counter", counter_text(counter), "counters", note=note, counter=counter)


def parse_mail(game: Game, power: str, text: str) -> list[OrderLine]:
    """Every non-blank line of a mail as an OrderLine."""
    lines: list[OrderLine] = []
    used: Tally[str] = Tally()
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            order = read_order(game, power, raw, used)
        except OrderError as error:
            lines.append(OrderLine(line=number, text=raw.strip(), error=error.message, hint=error.hint))
            continue
        lines.append(
            OrderLine(line=number, text=raw.strip(), order=order.text, key=order.key, note=order.note)
        )
    invoking = any(line.key == "turn" and line.order != "PASS" for line in lines)
    return [
        OrderLine(
            line=line.line,
            text=line.text,
            error="PASS means no invocation this turn, but this mail has invocations",
            hint="drop PASS, or the invocations",
        )
        if line.order == "PASS" and invoking
        else line
        for line in lines
    ]
