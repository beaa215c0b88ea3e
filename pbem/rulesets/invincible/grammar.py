"""Reading one line of a player's mail into an order, or saying what is wrong.

Players write the hand signals' names in words ("Attack Khan Kublai",
"retreat if my Companion falls below 3"); case, accents, punctuation and a
few filler words do not matter. The wordings are rows of data in
``phrasings.py`` (read by ``pbem.rulesets.lines``); here each kind of order
has a reader that checks its slots (khans, Modes, numbers, conditions) and
makes the order. A line that cannot be read raises ``Refusal`` with a message
that says how to write it, and a "did you mean" hint when a word is close to
a known one. Nothing here looks at a game state: what a khan may do *now* is
checked in ``mail.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from pbem.rulesets.lines import Grammar, Refusal, Slip, Slots
from pbem.spelling import close_words, did_you_mean

from .data import MODES, Variant, fold
from .orders import (
    ALWAYS,
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
from .phrasings import COMPARISONS, CONDITIONS, FILLER, NUMBERS, SIGNALS, SPELLINGS

#: Assign Points: which Mode may feed which ("Character Modes")
TRANSFERS = {
    ("companion", "informer"),
    ("leader", "companion"),
    ("leader", "informer"),
    ("leader", "accuser"),
}
STATS = (*MODES, "honor", "wine")


class NotASignal(Refusal):
    """A line whose first word is no hand signal, nor close to one."""


def tokens(line: str) -> list[str]:
    """The words of a line, folded to capitals, numbers as digits, filler and list marks
    left out."""
    words = re.sub(r"[^A-Z0-9]+", " ", fold(line)).split()
    if words and re.fullmatch(r"\d+", words[0]) and re.match(r"\s*\d+[.)]", line):
        words = words[1:]
    words = [NUMBERS.get(w, SPELLINGS.get(w, w)) for w in words]
    return [w for w in words if w not in FILLER]


def suggest(word: str, known: Iterable[str]) -> str | None:
    """A "did you mean" hint for ``word`` among ``known`` spellings, or None."""
    return did_you_mean(close_words(word, known)[:2])


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


def _leftover(rest: str, example: str) -> Refusal:
    return Refusal(f"did not understand {rest!r} at the end: write {example}")


@dataclass(frozen=True)
class _Slots:
    """The slots of one line of a ``kind`` and what they are checked against; ``example``
    is the form of the kind, for the messages."""

    kind: str
    slots: Slots
    names: Names
    variant: Variant
    example: str

    def __getitem__(self, slot: str) -> str | None:
        return self.slots.get(slot)

    def number(self, slot: str, what: str, low: int, high: int, note: str = "") -> int:
        words = (self[slot] or "").split()
        word = words[0] if words else ""
        example = self.example + note
        if not word.isdigit():
            raise Refusal(
                f"{what} needs a number {'here, not ' + word if word else ''}".strip() + f": write {example}"
            )
        if len(words) > 1:
            raise _leftover(" ".join(words[1:]), self.example)
        value = int(word)
        if not low <= value <= high:
            raise Refusal(f"{what} takes {low} to {high}, not {value}: write {example}")
        return value

    def khans(self, slot: str) -> list[str]:
        """One khan's name or more, one after the other."""
        words = (self[slot] or "").split()
        if not words:
            raise Refusal(f"a khan's name is missing: write {self.example}")
        found: list[str] = []
        at = 0
        while at < len(words):
            match = self.names.match(words, at)
            if match is None:
                raise Refusal(
                    f"there is no khan called {words[at]} in this game: write {self.example}",
                    suggest(words[at], self.names.known()),
                )
            name, at = match
            found.append(name)
        return found

    def khan(self, slot: str) -> str:
        words = (self[slot] or "").split()
        found = self.names.match(words, 0)
        if found is not None and found[1] < len(words):
            raise _leftover(" ".join(words[found[1] :]), self.example)
        return self.khans(slot)[0]

    def mode(self, slot: str, choices: Iterable[str] = MODES, example: str = "") -> str:
        words = (self[slot] or "").split()
        word = words[0] if words else ""
        options = [c.upper() for c in choices]
        if word in options and len(words) == 1:
            return word.lower()
        if word in options:
            raise _leftover(" ".join(words[1:]), example or self.example)
        raise Refusal(
            f"expected one of {', '.join(options)}{', not ' + word if word else ''}: "
            f"write {example or self.example}",
            suggest(word, options) if word else None,
        )

    def condition(self, example: str) -> Condition:
        """The condition at the end of a plan line, read with ``CONDITIONS``."""
        text = self["when"]
        if not text:
            return ALWAYS
        found = CONDITIONS.read(text)
        if found is None:
            part = CONDITIONS.leftover(text)
            if part is not None:
                raise _leftover(part[2], example)
            found = CONDITIONS.near_miss(text)
        if found is None:
            raise _leftover(text, example)
        kind, slots = found
        when = _Slots(kind, slots, self.names, self.variant, example)
        if kind == "never":
            return Condition("never")
        if kind == "after":
            return Condition("after", value=when.number("value", "AFTER ROUND", 1, 100))
        stat = when.mode("stat", STATS)
        said = when["comparison"] or ""
        if said not in COMPARISONS:
            got = said.split()[0] if said else ""
            raise Refusal(
                f"a condition says BELOW or ABOVE{', not ' + got if got else ''}: write {example}",
                suggest(got, ["BELOW", "ABOVE"]) if got else None,
            )
        value = when.number("value", "the condition", 0, 100)
        return Condition(COMPARISONS[said], stat, value, when["opponent"] is not None)


Reader = Callable[[_Slots], Order]


def _attack_enemy(s: _Slots) -> Order:
    return AttackEnemy(s.number("number", "ATTACK MONGOL ENEMY", 1, 10_000) if s["number"] else 0)


def _assign(s: _Slots) -> Order:
    top = s.variant.points_per_signal
    amount = s.number("amount", "ASSIGN", 1, top, f" (a hand shows at most {top}; send more lines)")
    if (s["source"] or "").split()[:1] == ["HONOR"]:
        raise Refusal(
            "Honor is spent one at a time, for 1d6 points in a Mode: write SPEND HONOR ON "
            f"{(s['target'] or 'ACCUSER').split()[0]}, one line for each Honor"
        )
    source = s.mode("source")
    target = s.mode("target")
    if (source, target) not in TRANSFERS:
        raise Refusal(
            f"points cannot go from {source.title()} to {target.title()}: Companion "
            "feeds Informer, and Leader feeds Companion, Informer or Accuser"
        )
    vassal = s.khan("vassal") if s["vassal"] else ""
    return Assign(amount, source, target, vassal, s.condition(s.example + " IF COMPANION BELOW 3"))


def _no_honor_gift(s: _Slots) -> None:
    """ "Honor may not be transferred from one Khan to another with the Assist Khan action"."""
    if (s["what"] or "").split()[:1] == ["HONOR"]:
        raise Refusal(
            "Honor may not be transferred from one khan to another (Assist Khan): give Mode "
            "points or Wine (the Genghis Khan may RESTORE 2 HONOR TO a khan)"
        )


def _assign_to_khan(s: _Slots) -> Order:
    """ "assigning Modal points to other Khans" is Assist Khan; a word that is no khan was
    likely meant for a Mode."""
    top = s.variant.points_per_signal
    amount = s.number("amount", "ASSIGN", 1, top, f" (a hand shows at most {top}; send more lines)")
    _no_honor_gift(s)
    what = s.mode("what")
    if s.names.match((s["receiver"] or "").split(), 0) is None:
        s.mode("receiver", example=SIGNALS.forms["assign"])
    return _gift(s, s.khan("receiver"), amount, what)


def _assist(s: _Slots) -> Order:
    top = s.variant.points_per_signal
    receiver = s.khan("receiver")
    amount = s.number("amount", s.kind.upper(), 1, top, f" (a hand shows at most {top})")
    _no_honor_gift(s)
    return _gift(s, receiver, amount, s.mode("what", (*MODES, "wine")))


def _gift(s: _Slots, receiver: str, amount: int, what: str) -> Order:
    """The rest of an Assist Khan line: FROM a submitted khan, IN BATTLE, a condition."""
    source = s.khan("source") if s["source"] else ""
    if source and what == "wine":
        raise Refusal("a submitted khan's Wine stays his own: only Mode points can be given FROM him")
    if not s["battle"]:
        return Assist(receiver, amount, what, source)
    example = f"ASSIST {receiver.upper()} 2 COMPANION IN BATTLE IF COMPANION BELOW 3"
    if what == "wine":
        raise Refusal(f"Wine is no help in the middle of a battle: give Mode points, {example}")
    return Assist(receiver, amount, what, source, in_battle=True, when=s.condition(example))


def _buy(s: _Slots) -> Order:
    """BUY a submitted khan, maybe naming his ruler and the book's price (RULINGS.md 24)."""
    vassal = s.khan("vassal")
    seller = s.khan("seller") if s["seller"] else ""
    price = (s["price"] or "2 WINE").split()
    if price[:2] != ["2", "WINE"] or not set(price[2:]) <= {"1", "LEADER"}:
        raise Refusal(
            "the price of a submitted khan is two Wine (and one Leader point): the book sets it",
            f"write BUY {vassal.upper()}{' FROM ' + seller.upper() if seller else ''}",
        )
    return Buy(vassal, seller)


def _feast(s: _Slots) -> Order:
    if not s["with"]:
        return Feast()
    if not s["guests"]:
        raise Refusal(f"FEAST WITH needs the guests' names: write {s.example}")
    return Feast(tuple(dict.fromkeys(s.khans("guests"))))


def _restore(s: _Slots) -> Order:
    top = s.variant.restore_per_turn
    amount = s.number("amount", "RESTORE", 1, top, f" (at most {top} a turn)")
    return RestoreHonor(amount, s.khan("receiver"))


def _defence(s: _Slots) -> Order:
    word = s.kind.upper()
    amount = s.number("amount", word, 0, s.variant.max_mode, " (Informer points a round)")
    when = s.condition(f"{word} 3 IF OPPONENT ACCUSER BELOW 5")
    return Defence(amount, word == "AMBUSH", when)


def _exit(s: _Slots) -> Order:
    return Exit(s.kind.upper(), s.condition(s.example))


#: the answers' kinds: (answer kind, accepted)
ANSWERS = {
    "accept assistance": ("assistance", True),
    "refuse assistance": ("assistance", False),
    "accept peace": ("peace", True),
    "refuse peace": ("peace", False),
    "attend horde feast": ("horde-feast", True),
    "decline horde feast": ("horde-feast", False),
    "sell": ("sale", True),
    "keep": ("sale", False),
    "honor peace": ("debt", True),
    "dishonor peace": ("debt", False),
}
#: answers that must name the khan they concern
_NAMED = ("sale", "debt")


def _answer(kind: str) -> Reader:
    what, accept = ANSWERS[kind]

    def read(s: _Slots) -> Order:
        named = s["other"] or what in _NAMED
        return Answer(what, accept, s.khan("other") if named else "")

    return read


def _accept_what(s: _Slots) -> Order:
    verb = (s["verb"] or "").upper()
    example = " or ".join(SIGNALS.forms[k] for k in SIGNALS.verbs()[verb.lower()])
    got = (s["what"] or "").split()[:1]
    raise Refusal(f"{verb} what? write {example}", suggest(got[0], ["ASSISTANCE", "PEACE"]) if got else None)


READERS: dict[str, Reader] = {
    "attack enemy": _attack_enemy,
    "attack khan": lambda s: AttackKhan(s.khan("khan")),
    "cooperate": lambda s: Cooperate(s.khan("leader")),
    "assign": _assign,
    "assign to khan": _assign_to_khan,
    "assist": _assist,
    "give": _assist,
    "feast": _feast,
    "horde feast": lambda s: HordeFeast(),
    "spend honor": lambda s: SpendHonor(s.mode("mode"), s.condition(s.example + " IF COMPANION BELOW 2")),
    "submit": lambda s: Submit(s.khan("ruler")),
    "request transfer": lambda s: RequestTransfer(),
    "buy": _buy,
    "restore honor": _restore,
    "pass": lambda s: Pass(),
    "defend": _defence,
    "ambush": _defence,
    "retreat": _exit,
    "withdraw": _exit,
    "pursue": _exit,
    "sue for peace": _exit,
    "transfer loss": lambda s: TransferLoss(s.mode("mode"), s.khan("khan")),
    **{kind: _answer(kind) for kind in ANSWERS},
    "accept what": _accept_what,
    "speak without signals": lambda s: Unsignalled(),
}


def read(line: str, names: Names, variant: Variant, signals: Grammar = SIGNALS) -> Order:
    """The order ``line`` says; raises Refusal (or NotASignal) if it says none.

    ``signals`` are the wordings (``phrasings.SIGNALS``); a test may add a row.
    """

    def order(kind: str, slots: Slots) -> Order:
        return READERS[kind](_Slots(kind, slots, names, variant, signals.forms.get(kind, "")))

    words = tokens(line)
    if not words:
        raise NotASignal("this line has no words a khan could sign")
    text = " ".join(words)
    if not signals.starts(text):
        first = words[0]
        hint = suggest(first, [verb.upper() for verb in signals.verbs()])
        if hint is None:
            raise NotASignal(
                f"{first} is not a hand signal: orders start with a signal such as ATTACK, "
                "DEFEND, ASSIGN, ASSIST or FEAST (send HELP for the list)"
            )
        raise Refusal(f"{first} is not a hand signal", hint)
    found = signals.read(text)
    if found is not None:
        return order(*found)
    slip = signals.misspelt(text)
    if slip is not None:
        raise _expected(slip, words, signals)
    part = signals.leftover(text)
    if part is not None:
        kind, slots, rest = part
        raise _leftover(rest, order(kind, slots).text())
    near = signals.near_miss(text)
    if near is not None:
        order(*near)  # says what is wrong
    slip = signals.extra(text) or signals.missing(text)
    if slip is not None:
        raise _expected(slip, words, signals)
    raise signals.refusal(text, "a hand signal")


def _expected(slip: Slip, words: list[str], signals: Grammar) -> Refusal:
    """ "expected PEACE here, not PAECE" (with "did you mean"), "expected PEACE next", or
    "expected FEAST here, not 0" for a word too many."""
    # a word too many is never the last: ``leftover`` answers for that
    word = slip.word.upper() or words[slip.at + 1]
    got = slip.wrong or (words[slip.at] if slip.at < len(words) else "")
    where = f"here, not {got}" if got else "next"
    hint = did_you_mean([word]) if slip.word and slip.wrong else None
    return Refusal(f"expected {word} {where}: write {signals.forms[slip.kind]}", hint)
