"""Card sequences as players write them, and back: "Move Left & +1 & Earth".

An invocation is written as its cards in order, joined by ``&``, with the
rulebook's own card names in any case. A few cards take words after them that
a player at a table would say while pointing: ``Invoke Bob``, ``Target Hand of
Bob``, ``Target Creature Imp of Bob``, ``Target Established Invocation E3``,
``Build Wall on Aether``. On a Wand a card may be written ``face down Haste``.

This module only reads words into cards (``Played``) and writes them back in
canonical form; what a sequence *means* is reading.py's business.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from pbem import spelling

from .cards import CardSet
from .state import AETHER, GEMS, Played

THING_ID = re.compile(r"^[mM](\d+)$")
SPELL_ID = re.compile(r"^[eE](\d+)$")
MODIFIER = re.compile(r"^([+-])\s*(\d+)$")


class Mistake(ValueError):
    """What a player wrote wrong (``message``) and how to put it right (``hint``): the one
    body of the mistakes each step of reading a line raises and the next one catches."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


class NotationError(Mistake):
    """Words that are not a card sequence; ``hint`` says how to write them."""


def tidy(text: str) -> str:
    """One space between words, plain hyphens."""
    text = text.replace("\u2013", "-").replace("\u2014", "-").replace("\u2212", "-")
    return " ".join(text.split())


def normal(text: str) -> str:
    """Lower case, one space between words, plain hyphens."""
    return tidy(text).lower()


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The choice ``word`` is likely a slip for (compared in lower case), if any."""
    by_normal = {normal(choice): choice for choice in choices}
    found = spelling.closest(normal(word), by_normal)
    return by_normal[found] if found else None


def match_name(word: str, choices: Sequence[str], what: str) -> str:
    """The choice that is ``word`` in any case, or an error with a suggestion."""
    for choice in choices:
        if normal(choice) == normal(word):
            return choice
    guess = closest(word, choices)
    hint = f"did you mean {guess}?" if guess else f"the {what}s are: {', '.join(choices)}"
    raise NotationError(f"{word!r} is not a {what}", hint)


def read_sequence(text: str, cards: CardSet, seats: Sequence[str]) -> tuple[Played, ...]:
    """The cards of a written sequence, one Played per card (modifiers not yet attached)."""
    pieces = text.split("&")
    if not text.strip():
        raise NotationError("no cards written", "write cards joined by &, e.g. Move Left & Fire")
    parts = []
    for number, piece in enumerate(pieces, start=1):
        if not piece.strip():
            raise NotationError(f"card {number} is empty", "write one card between each pair of '&'")
        try:
            parts.append(read_card(piece, cards, seats))
        except NotationError as error:
            raise _joined_otherwise(piece, cards, seats) or error from None
    return tuple(parts)


_JOINERS = re.compile(r"\s*[,;]\s*|\s+(?:\+|and|then)\s+", re.IGNORECASE)  # "+1" is a card


def _joined_otherwise(piece: str, cards: CardSet, seats: Sequence[str]) -> NotationError | None:
    """ "Invoke Bob and Earth": cards joined by a word other than '&', when each part reads
    as a card (only then is the hint surely right)."""
    cut = [part for part in _JOINERS.split(piece) if part.strip()]
    if len(cut) < 2:
        return None
    try:
        for part in cut:
            read_card(part, cards, seats)
    except NotationError:
        return None
    written = " & ".join(tidy(part) for part in cut)
    return NotationError(f"{tidy(piece)!r} is not one card", f"join cards with &: {written}")


def read_card(piece: str, cards: CardSet, seats: Sequence[str]) -> Played:
    """One card with its words, e.g. "target hand of bob" or "face down Haste"."""
    written = tidy(piece)  # the player's own case, kept for the names of mages
    down = False
    for marker in ("face down ", "face-down ", "facedown "):
        if written.lower().startswith(marker):
            down, written = True, written[len(marker) :]
    if written.startswith("(") and written.endswith(")"):
        down, written = True, written[1:-1].strip()
    words = written.lower()

    sign = MODIFIER.match(words)
    if sign:
        name = f"{sign.group(1)}{int(sign.group(2))}"
        if name in cards.cards and cards.kind(name) == "modifier":
            return Played(card=name, down=down)
        known = ", ".join(cards.of_kind("modifier"))
        raise NotationError(
            f"there is no {name} card",
            f"the modifier cards are {known}; several may follow one card, e.g. Fire & +2 & +1",
        )

    found, rest = _card_name(words, cards)
    if found is None:
        raise NotationError(f"{piece.strip()!r} is not a card", _guess(words, cards))
    name = found
    rest = written[len(written) - len(rest) :] if rest else ""
    if cards.kind(name) == "chaos":
        raise NotationError(f"{name} is a Chaos card", "Chaos cards are played by themselves when drawn")
    what, who = _words(name, rest, cards, seats)
    return Played(card=name, what=what, who=who, down=down)


def _card_name(words: str, cards: CardSet) -> tuple[str | None, str]:
    for name in sorted(cards.cards, key=len, reverse=True):
        key = normal(name)
        if words == key:
            return name, ""
        if words.startswith(key + " "):
            return name, words[len(key) + 1 :]
    return None, ""


def _guess(words: str, cards: CardSet) -> str:
    tokens = words.split()
    for length in range(len(tokens), 0, -1):
        guess = closest(" ".join(tokens[:length]), cards.cards)
        if guess:
            rest = " ".join(tokens[length:])
            return f"did you mean {guess}{' ' + rest if rest else ''}?"
    return "write the card's name as on the card, e.g. Move Left, Fire, Target Hand, +1"


def _words(name: str, rest: str, cards: CardSet, seats: Sequence[str]) -> tuple[str, str]:
    """What a card's trailing words say: (what, who)."""
    kind = cards.kind(name)
    places = [*seats, AETHER]
    if kind == "invoke":
        rest = _drop(rest, "at ")
        return "", match_name(rest, places, "mage") if rest else ""
    if kind in ("target_hand", "target_gem"):
        rest = _drop(rest, "of ")
        return "", match_name(rest, places, "mage") if rest else ""
    if kind in ("target_creature", "target_item"):
        owner = re.search(r"(?:^| )of (.*)$", rest, re.IGNORECASE)
        what, who = (rest[: owner.start()], owner.group(1)) if owner else (rest, "")
        things = (
            cards.of_kind("creature")
            if kind == "target_creature"
            else (cards.named("tome"), cards.named("wand"))
        )
        return (
            _thing(what, things, "creature" if kind == "target_creature" else "magical item"),
            match_name(who, places, "mage") if who else "",
        )
    if kind == "target_established":
        ident = SPELL_ID.match(rest)
        if not ident:
            raise NotationError(
                f"{name} needs the number of the established invocation",
                f"write e.g. {name} E3 (the reports number every established invocation)",
            )
        return f"E{int(ident.group(1))}", ""
    if kind == "build_wall":
        rest = _drop(rest, "on ")
        if normal(rest) in ("", "gems", "power gems", "my gems", "my power gems"):
            return "", ""
        if normal(rest) == normal(AETHER):
            return AETHER, ""
        things = (*cards.of_kind("creature"), cards.named("tome"), cards.named("wand"))
        return _thing(rest, things, "thing to guard"), ""
    if rest:
        following = _card_name(normal(rest), cards)[0]
        if following:
            raise NotationError(f"{name} takes no words after it", f"join cards with &: {name} & {following}")
        raise NotationError(f"{name} takes no words after it ({rest!r})")
    return "", ""


def _drop(text: str, prefix: str) -> str:
    return text[len(prefix) :] if text.lower().startswith(prefix) else text


def _thing(word: str, names: Sequence[str], what: str) -> str:
    if not word:
        return ""
    ident = THING_ID.match(word)
    if ident:
        return f"M{int(ident.group(1))}"
    return match_name(word, names, what)


def attach(parts: Sequence[Played], cards: CardSet) -> tuple[Played, ...]:
    """Fold each + or - card onto the card before it (leading ones onto the first card)."""
    out: list[Played] = []
    lead: list[str] = []
    for part in parts:
        if cards.kind(part.card) == "modifier":
            if out:
                out[-1] = replace(out[-1], mods=out[-1].mods + (part.card,))
            else:
                lead.append(part.card)
        else:
            out.append(replace(part, lead=part.lead + tuple(lead)) if lead else part)
            lead = []
    if lead:
        raise NotationError(
            "modifiers alone modify nothing", "put the card they modify before them: Fire & +1"
        )
    return tuple(out)


def card_text(part: Played, cards: CardSet) -> str:
    """One card with its words, in canonical form."""
    kind = cards.kind(part.card)
    text = part.card
    if kind == "invoke" and part.who:
        text += f" {part.who}"
    elif kind in ("target_hand", "target_gem", "target_creature", "target_item"):
        text += f" {part.what}" if part.what else ""
        text += f" of {part.who}" if part.who else ""
    elif kind == "target_established":
        text += f" {part.what}"
    elif kind == "build_wall" and part.what and part.what != GEMS:
        text += f" on {part.what}"
    return f"face down {text}" if part.down else text


def write_sequence(parts: Sequence[Played], cards: CardSet) -> str:
    """The canonical text of a sequence, attached or not: "Move Left & +1 & Earth"."""
    words: list[str] = []
    for part in parts:
        words.extend(part.lead)
        words.append(card_text(part, cards))
        words.extend(part.mods)
    return " & ".join(words)


def real_cards(parts: Sequence[Played]) -> list[str]:
    """The cards a sequence is made of (what counters and walls added is no card)."""
    cards: list[str] = []
    for part in parts:
        cards.extend(part.lead)
        cards.append(part.card)
        cards.extend(part.mods)
    return cards
