"""Reading one line of a player's mail into an order, or saying what is wrong.

Players write the hand signals' names in words ("Attack Khan Kublai",
"retreat if my Companion falls below 3"); case, accents, punctuation and a
few filler words do not matter. A line that cannot be read raises
``Problem`` with a message that says how to write it, and a "did you mean"
hint when a word is close to a known one. Nothing here looks at a game
state: what a khan may do *now* is checked in ``mail.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from pbem.spelling import close_words

from .data import MODES, Variant, fold
from .orders import (
    Answer,
    Assign,
    Assist,
    AttackEnemy,
    AttackKhan,
    Buy,
    Condition,
    Cooperate,
    Defence,
    Exit,
    Feast,
    HordeFeast,
    Order,
    Pass,
    RequestTransfer,
    RestoreHonor,
    SpendHonor,
    Submit,
    TransferLoss,
    Unsignalled,
)

#: words that carry no meaning anywhere in a line
FILLER = {
    "THE",
    "A",
    "AN",
    "AND",
    "POINT",
    "POINTS",
    "PTS",
    "PLEASE",
    "MY",
    "IS",
    "FALLS",
    "GOES",
    "DROPS",
}
NUMBERS = {
    "ZERO": 0,
    "ONE": 1,
    "TWO": 2,
    "THREE": 3,
    "FOUR": 4,
    "FIVE": 5,
    "SIX": 6,
    "SEVEN": 7,
    "EIGHT": 8,
    "NINE": 9,
    "TEN": 10,
}
SPELLINGS = {
    "HONOUR": "HONOR",
    "DISHONOUR": "DISHONOR",
    "OPPONENTS": "OPPONENT",
    "ASSIGNS": "ASSIGN",
}
#: Assign Points: which Mode may feed which ("Character Modes")
TRANSFERS = {
    ("companion", "informer"),
    ("leader", "companion"),
    ("leader", "informer"),
    ("leader", "accuser"),
}
STATS = (*MODES, "honor", "wine")


class Problem(Exception):
    """A line that is not an order: ``message`` says why, ``hint`` how to fix it."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


def tokens(line: str) -> list[str]:
    """The words of a line, folded to capitals, filler and list marks left out."""
    words = re.sub(r"[^A-Z0-9]+", " ", fold(line)).split()
    if words and re.fullmatch(r"\d+", words[0]) and re.match(r"\s*\d+[.)]", line):
        words = words[1:]
    words = [SPELLINGS.get(w, w) for w in words]
    return [w for w in words if w not in FILLER]


def suggest(word: str, known: Iterable[str]) -> str | None:
    """A "did you mean" hint for ``word`` among ``known`` spellings, or None."""
    close = close_words(word, known)[:2]
    if not close:
        return None
    return "did you mean " + " or ".join(close) + "?"


@dataclass(frozen=True)
class Names:
    """How players may name khans: card names, aliases and power names."""

    spellings: dict[tuple[str, ...], str]

    @classmethod
    def build(cls, variant: Variant, powers: dict[str, str]) -> Names:
        """``powers`` maps a power name to the card its player holds; other cards are unknown."""
        spellings: dict[tuple[str, ...], str] = {}
        for card in variant.cards:
            if card.name not in powers.values():
                continue
            for spelling in (card.name, *card.aliases):
                spellings[tuple(tokens(spelling))] = card.name
        for power, card_name in powers.items():
            spellings.setdefault(tuple(tokens(power)), card_name)
        return cls(spellings)

    def match(self, words: list[str], at: int) -> tuple[str, int] | None:
        for length in (3, 2, 1):
            found = self.spellings.get(tuple(words[at : at + length]))
            if found is not None and at + length <= len(words):
                return found, at + length
        return None

    def known(self) -> list[str]:
        return sorted(" ".join(s) for s in self.spellings)


class _Reader:
    """A cursor over the words of one line."""

    def __init__(self, words: list[str], names: Names, variant: Variant) -> None:
        self.words = words
        self.at = 0
        self.names = names
        self.variant = variant

    def peek(self, offset: int = 0) -> str:
        at = self.at + offset
        return self.words[at] if at < len(self.words) else ""

    def take(self, *words: str) -> bool:
        if tuple(self.words[self.at : self.at + len(words)]) == words:
            self.at += len(words)
            return True
        return False

    def need(self, word: str, example: str) -> None:
        if self.take(word):
            return
        got = self.peek()
        hint = suggest(got, [word]) if got else None
        raise Problem(
            f"expected {word} {'here, not ' + got if got else 'next'}: write {example}", hint
        )

    def number(self, what: str, low: int, high: int, example: str) -> int:
        word = self.peek()
        value = NUMBERS.get(word)
        if value is None and word.isdigit():
            value = int(word)
        if value is None:
            raise Problem(
                f"{what} needs a number {'here, not ' + word if word else ''}".strip()
                + f": write {example}"
            )
        if not low <= value <= high:
            raise Problem(f"{what} takes {low} to {high}, not {value}: write {example}")
        self.at += 1
        return value

    def khan(self, example: str) -> str:
        word = self.peek()
        if not word:
            raise Problem(f"a khan's name is missing: write {example}")
        found = self.names.match(self.words, self.at)
        if found is None:
            raise Problem(
                f"there is no khan called {word} in this game: write {example}",
                suggest(word, self.names.known()),
            )
        name, self.at = found
        return name

    def mode(self, example: str, choices: Iterable[str] = MODES) -> str:
        word = self.peek()
        options = [c.upper() for c in choices]
        if word in options:
            self.at += 1
            return word.lower()
        shown = ", ".join(options)
        raise Problem(
            f"expected one of {shown}{', not ' + word if word else ''}: write {example}",
            suggest(word, options) if word else None,
        )

    def condition(self, example: str) -> Condition:
        if self.take("NEVER"):
            return Condition("never")
        if self.take("AFTER", "ROUND") or self.take("FROM", "ROUND"):
            return Condition("after", value=self.number("AFTER ROUND", 1, 100, example))
        if not (self.take("IF") or self.take("WHEN")):
            return Condition()
        opponent = self.take("OPPONENT")
        stat = self.mode(example, STATS)
        if self.take("BELOW") or self.take("UNDER") or self.take("LESS", "THAN"):
            kind = "below"
        elif self.take("ABOVE") or self.take("OVER") or self.take("MORE", "THAN"):
            kind = "above"
        else:
            got = self.peek()
            raise Problem(
                f"a condition says BELOW or ABOVE{', not ' + got if got else ''}: write {example}",
                suggest(got, ["BELOW", "ABOVE"]) if got else None,
            )
        value = self.number("the condition", 0, 100, example)
        return Condition(kind, stat, value, opponent)

    def end(self, example: str) -> None:
        if self.at < len(self.words):
            rest = " ".join(self.words[self.at :])
            raise Problem(f"did not understand {rest!r} at the end: write {example}")


Handler = Callable[["_Reader"], Order]


def _attack(r: _Reader) -> Order:
    example = "ATTACK KHAN KUBLAI or ATTACK MONGOL ENEMY 1"
    if r.take("MONGOL", "ENEMY") or r.take("ENEMY"):
        number = r.number("ATTACK MONGOL ENEMY", 1, 10_000, example) if r.peek() else 0
        return AttackEnemy(number)
    r.take("KHAN")
    return AttackKhan(r.khan(example))


def _assign(r: _Reader) -> Order:
    top = r.variant.points_per_signal
    example = "ASSIGN 2 LEADER TO ACCUSER"
    amount = r.number("ASSIGN", 1, top, example + f" (a hand shows at most {top}; send more lines)")
    r.take("FROM")  # "Transferring two points from Companion to Informer"
    source = r.mode(example)
    r.need("TO", example)
    if r.peek().lower() not in MODES and r.names.match(r.words, r.at) is not None:
        # "assigning Modal points to other Khans" is Assist Khan
        return _gift(r, r.khan(example), amount, source)
    target = r.mode(example)
    if (source, target) not in TRANSFERS:
        raise Problem(
            f"points cannot go from {source.title()} to {target.title()}: Companion "
            "feeds Informer, and Leader feeds Companion, Informer or Accuser"
        )
    vassal = r.khan("ASSIGN 2 LEADER TO ACCUSER FOR KUBLAI") if r.take("FOR") else ""
    return Assign(amount, source, target, vassal, r.condition(example + " IF COMPANION BELOW 3"))


ASSIST_EXAMPLE = "ASSIST KUBLAI 2 ACCUSER or ASSIST KUBLAI 1 WINE"


def _assist(r: _Reader) -> Order:
    top = r.variant.points_per_signal
    r.take("KHAN")
    receiver = r.khan(ASSIST_EXAMPLE)
    r.take("WITH")
    amount = r.number("ASSIST", 1, top, ASSIST_EXAMPLE + f" (a hand shows at most {top})")
    return _gift(r, receiver, amount, r.mode(ASSIST_EXAMPLE, (*MODES, "wine")))


def _give(r: _Reader) -> Order:
    """GIVE 1 WINE TO KUBLAI, or GIVE KUBLAI 1 WINE: the book's "gift of Wine" (Assist Khan)."""
    top = r.variant.points_per_signal
    example = "GIVE 1 WINE TO KUBLAI or GIVE 2 ACCUSER TO KUBLAI"
    receiver = "" if r.peek().isdigit() or r.peek() in NUMBERS else r.khan(example)
    amount = r.number("GIVE", 1, top, example + f" (a hand shows at most {top})")
    what = r.mode(example, (*MODES, "wine"))
    if not receiver:
        r.need("TO", example)
        receiver = r.khan(example)
    return _gift(r, receiver, amount, what)


def _gift(r: _Reader, receiver: str, amount: int, what: str) -> Order:
    """The rest of an Assist Khan line: FROM a submitted khan, IN BATTLE, a condition."""
    source = r.khan("ASSIST KUBLAI 2 ACCUSER FROM OGADAI") if r.take("FROM") else ""
    if source and what == "wine":
        raise Problem(
            "a submitted khan's Wine stays his own: only Mode points can be given FROM him"
        )
    if not (r.take("IN", "BATTLE") or r.take("DURING", "BATTLE") or r.take("DURING", "HIS", "BATTLE")):
        return Assist(receiver, amount, what, source)
    example = f"ASSIST {receiver.upper()} 2 COMPANION IN BATTLE IF COMPANION BELOW 3"
    if what == "wine":
        raise Problem(f"Wine is no help in the middle of a battle: give Mode points, {example}")
    return Assist(receiver, amount, what, source, in_battle=True, when=r.condition(example))


def _feast(r: _Reader) -> Order:
    if not r.take("WITH"):
        return Feast()
    guests: list[str] = []
    while r.peek():
        guest = r.khan("FEAST WITH KUBLAI, OGADAI")
        if guest not in guests:
            guests.append(guest)
    if not guests:
        raise Problem("FEAST WITH needs the guests' names: write FEAST WITH KUBLAI, OGADAI")
    return Feast(tuple(guests))


def _call(r: _Reader) -> Order:
    if not (r.take("HORDE") or r.take("MONGOL")):
        raise Problem("write HORDE FEAST to call the Horde to a feast")
    return _horde_feast(r)


def _horde_feast(r: _Reader) -> Order:
    r.need("FEAST", "HORDE FEAST")
    return HordeFeast()


def _cooperate(r: _Reader) -> Order:
    r.take("WITH")
    return Cooperate(r.khan("COOPERATE WITH TEMUJIN"))


def _buy(r: _Reader) -> Order:
    return Buy(r.khan("BUY KUBLAI"))


def _pass(r: _Reader) -> Order:
    return Pass()


def _spend(r: _Reader) -> Order:
    example = "SPEND HONOR ON ACCUSER"
    if not r.take("1"):
        r.take("ONE")
    r.need("HONOR", example)
    _ = r.take("ON") or r.take("TO") or r.take("FOR")
    mode = r.mode(example)
    return SpendHonor(mode, r.condition(example + " IF COMPANION BELOW 2"))


def _submit(r: _Reader) -> Order:
    r.take("TO")
    return Submit(r.khan("SUBMIT TO KUBLAI"))


def _request(r: _Reader) -> Order:
    r.need("TRANSFER", "REQUEST TRANSFER")
    return RequestTransfer()


def _restore(r: _Reader) -> Order:
    top = r.variant.restore_per_turn
    example = "RESTORE 2 HONOR TO KUBLAI"
    amount = r.number("RESTORE", 1, top, example + f" (at most {top} a turn)")
    r.need("HONOR", example)
    r.take("TO")
    return RestoreHonor(amount, r.khan(example))


def _defence(ambush: bool) -> Handler:
    word = "AMBUSH" if ambush else "DEFEND"

    def read(r: _Reader) -> Order:
        example = f"{word} 3"
        r.take("WITH")
        amount = r.number(word, 0, r.variant.max_mode, example + " (Informer points a round)")
        r.take("INFORMER")
        return Defence(amount, ambush, r.condition(example + " IF OPPONENT ACCUSER BELOW 5"))

    return read


def _exit(word: str) -> Handler:
    def read(r: _Reader) -> Order:
        return Exit(word, r.condition(f"{word} IF COMPANION BELOW 3"))

    return read


def _sue(r: _Reader) -> Order:
    r.take("FOR")
    r.need("PEACE", "SUE FOR PEACE IF COMPANION BELOW 3")
    return Exit("SUE FOR PEACE", r.condition("SUE FOR PEACE IF COMPANION BELOW 3"))


def _transfer(r: _Reader) -> Order:
    example = "TRANSFER LOSS LEADER TO KUBLAI"
    r.need("LOSS", example)
    r.take("OF")
    mode = r.mode(example)
    r.need("TO", example)
    return TransferLoss(mode, r.khan(example))


def _answer(accept: bool) -> Handler:
    def read(r: _Reader) -> Order:
        yes = "ACCEPT" if accept else "REFUSE"
        example = f"{yes} ASSISTANCE FROM KUBLAI or {yes} PEACE WITH KUBLAI"
        if r.take("ASSISTANCE") or r.take("ASSIST"):
            kind = "assistance"
        elif r.take("PEACE"):
            kind = "peace"
        else:
            got = r.peek()
            raise Problem(
                f"{yes} what? write {example}",
                suggest(got, ["ASSISTANCE", "PEACE"]) if got else None,
            )
        for joint in ("FROM", "WITH", "OF"):
            if r.take(joint):
                break
        return Answer(kind, accept, r.khan(example) if r.peek() else "")

    return read


def _feast_answer(accept: bool) -> Handler:
    def read(r: _Reader) -> Order:
        if r.take("HORDE") or r.take("MONGOL"):
            r.need("FEAST", "ATTEND HORDE FEAST")
        else:
            r.take("FEAST")
        return Answer("horde-feast", accept)

    return read


def _sale(accept: bool) -> Handler:
    def read(r: _Reader) -> Order:
        return Answer("sale", accept, r.khan("SELL KUBLAI" if accept else "KEEP KUBLAI"))

    return read


def _debt(accept: bool) -> Handler:
    def read(r: _Reader) -> Order:
        word = "HONOR" if accept else "DISHONOR"
        example = f"{word} PEACE WITH KUBLAI"
        r.need("PEACE", example)
        _ = r.take("WITH") or r.take("TO")
        return Answer("debt", accept, r.khan(example))

    return read


def _speak(r: _Reader) -> Order:
    r.need("WITHOUT", "SPEAK WITHOUT SIGNALS")
    r.need("SIGNALS", "SPEAK WITHOUT SIGNALS")
    return Unsignalled()


SIGNALS: dict[str, Handler] = {
    "ATTACK": _attack,
    "COOPERATE": _cooperate,
    "ASSIGN": _assign,
    "ASSIST": _assist,
    "GIVE": _give,
    "FEAST": _feast,
    "HORDE": _horde_feast,
    "MONGOL": _horde_feast,
    "CALL": _call,
    "SPEND": _spend,
    "SUBMIT": _submit,
    "REQUEST": _request,
    "BUY": _buy,
    "RESTORE": _restore,
    "PASS": _pass,
    "DEFEND": _defence(False),
    "AMBUSH": _defence(True),
    "RETREAT": _exit("RETREAT"),
    "WITHDRAW": _exit("WITHDRAW"),
    "PURSUE": _exit("PURSUE"),
    "SUE": _sue,
    "TRANSFER": _transfer,
    "ACCEPT": _answer(True),
    "REFUSE": _answer(False),
    "ATTEND": _feast_answer(True),
    "DECLINE": _feast_answer(False),
    "SELL": _sale(True),
    "KEEP": _sale(False),
    "HONOR": _debt(True),
    "DISHONOR": _debt(False),
    "SPEAK": _speak,
}

#: how far a first word may be from a signal before it is not a signal at all
SIGNAL_CUTOFF = 0.7


class NotASignal(Problem):
    """A line whose first word is no hand signal, nor close to one."""


def read(line: str, names: Names, variant: Variant) -> Order:
    """The order ``line`` says; raises Problem (or NotASignal) if it says none."""
    words = tokens(line)
    if not words:
        raise NotASignal("this line has no words a khan could sign")
    first = words[0]
    reader = _Reader(words, names, variant)
    handler = SIGNALS.get(first)
    if handler is None:
        hint = suggest(first, SIGNALS)
        if hint is None:
            raise NotASignal(
                f"{first} is not a hand signal: orders start with a signal such as ATTACK, "
                "DEFEND, ASSIGN, ASSIST or FEAST (send HELP for the list)"
            )
        raise Problem(f"{first} is not a hand signal", hint)
    reader.at = 1
    order = handler(reader)
    reader.end(order.text())
    return order
