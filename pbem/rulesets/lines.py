"""Reading order lines ("verb + arguments"), with each game's wordings as a table of rows.

Players write orders in many ways, and rulebooks use several themselves ("give Brenn 50
gold", "gift 50 gold to Brenn"). A game lists every wording it accepts as a row of a
``Grammar``: a pattern and the kind of order it says. The reader tries the rows in order;
the first that fits the whole line gives the kind and the words in its slots, as written.
The game then turns the slots into an order, checking names and numbers against its state.
So accepting one more wording is one more row; the code that checks the order is the same.

Patterns, case-insensitive, one space between parts::

    travel [to] {to}                         a word, an optional part, a slot
    (move|march) [army] [with] {troops} to {to}
    gift {gold:word} gold to {power}         a slot of one word
    lower income by {amount:number} ...      a slot of digits
    propose {kind:formal|secret} alliance    a slot that is one of these words
    withdraw [,] rearguard {rear}            punctuation is a word too

``{name}`` takes one or more whole words (as few as let the rest of the line fit). Slots a
line leaves out are None. Rows are tried in order, so a wording a looser row would also fit
comes first ("move army to X with <troops>" before "move army <troops> to X"). A game whose
words carry accents (Invictus's French) or filler (Invincible!'s "the", "points") folds
the line before ``read``. A line longer than ``LONGEST`` is refused unread.

When no row fits, ``Grammar.refusal`` says so with the right form: for a line whose first
word starts a row, the forms of those kinds ("write 'gift <n> gold to <power>'"); for a
near miss, "did you mean"; else every form. A game that says more precisely what is wrong
can ask ``leftover`` for the longest start of the line a row reads ("did not understand
'tomorrow' at the end"), and list ``near_misses``: rows that read a likely mistake ("assign
lots of leader") into the slots of a kind, so that the game's reader of that kind, which
checks every slot, says what is wrong ("ASSIGN needs a number here, not LOTS"); and ask
``misspelt``, ``missing`` and ``extra`` for the one word that, mended, makes the line fit
("expected PEACE here, not PAECE").
``match`` finds a name among a game's names (regions, troops, khans) with "did you mean"
on a miss; ``number`` reads a count.

Use, for a game (generals and Invincible!; Invictus and Invoke can follow)::

    GRAMMAR = Grammar(
        rows=[("travel [to] {to}", "travel"), ("go to {to}", "travel"), ...],
        forms={"travel": "travel to <region>", ...},
    )
    found = GRAMMAR.read(body)           # None, or (kind, {slot: text or None})
    if found is None:
        raise GRAMMAR.refusal(body, "an action of a general")
    kind, slots = found
    order = READERS[kind](slots)         # the game's own checks raise Refusal
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field

from pbem.frozen import Frozen
from pbem.spelling import close_words, did_you_mean

Slots = Mapping[str, str | None]
#: the longest line (in characters, spaces squashed) a grammar reads
LONGEST = 400


class Refusal(Exception):
    """A line that is not an order: what is wrong (``error``), and how to put it right."""

    def __init__(self, error: str, hint: str | None = None):
        super().__init__(error)
        self.error = error
        self.hint = hint


def squash(text: str) -> str:
    """One space between words, none at the ends."""
    return " ".join(text.split())


def close_to(word: str, known: Iterable[str], n: int = 3) -> list[str]:
    """The spellings in ``known`` that ``word`` is likely a slip for (``pbem.spelling``),
    case-insensitively, closest first."""
    spellings = {k.lower(): k for k in known}
    return [spellings[c] for c in close_words(word.lower(), spellings)[:n]]


def match(word: str, names: Iterable[str], what: str, aliases: Mapping[str, str] | None = None) -> str:
    """The name that ``word`` means, case-insensitively, or an alias's name; Refusal with a
    "did you mean" hint (or the list of names) when there is none."""
    table = {name.lower(): name for name in names}
    table.update({alias.lower(): name for alias, name in (aliases or {}).items()})
    key = squash(word).lower()
    if key in table:
        return table[key]
    suggestions = list(dict.fromkeys(table[c.lower()] for c in close_to(key, table)))
    hint = did_you_mean(suggestions) or f"the {what}s are {', '.join(dict.fromkeys(table.values()))}"
    raise Refusal(f"'{squash(word)}' is not a {what} of this game", hint)


def number(text: str, what: str) -> int:
    """A whole number above 0, for a count of ``what``."""
    text = text.strip()
    if not text.isdigit() or int(text) <= 0:
        raise Refusal(f"'{text}' is not a number of {what}", "write a whole number above 0")
    return int(text)


def items(text: str) -> list[str]:
    """The parts of a list written 'a, b and c'."""
    return [part.strip() for part in re.split(r",|\band\b", text, flags=re.IGNORECASE) if part.strip()]


# --- patterns ---------------------------------------------------------------------------

_PART = re.compile(r"\{[^}]*\}|[\[\]()|]|[^\s\[\]()|{}]+")
_GAP = r"\s*"


def _word(word: str) -> str:
    """A literal word, not inside a longer word."""
    return rf"(?<!\w){re.escape(word)}(?!\w)" if re.search(r"\w", word) else re.escape(word)


def _slot(spec: str) -> tuple[str, str]:
    name, _, kind = spec[1:-1].partition(":")
    if not kind:  # whole words only: two slots side by side never split a word
        return name, rf"(?<!\w)(?P<{name}>.+?)(?!\w)"
    if kind == "word":
        return name, rf"(?<!\w)(?P<{name}>[^\s,]+)(?!\w)"
    if kind == "number":
        return name, rf"(?<!\w)(?P<{name}>\d+)(?!\w)"
    choices = sorted(kind.split("|"), key=len, reverse=True)
    inner = "|".join(_GAP.join(_word(w) for w in choice.split()) for choice in choices)
    return name, rf"(?P<{name}>{inner})"


class _Pattern:
    """One pattern compiled to a regular expression (a small recursive descent)."""

    def __init__(self, pattern: str):
        self.source = pattern
        self.parts = _PART.findall(pattern)
        self.at = 0
        self.slots: list[str] = []
        self.regex = re.compile(rf"^\s*{self._either()}\s*$", re.IGNORECASE)
        if self.at != len(self.parts):
            raise ValueError(f"pattern {pattern!r}: unexpected {self.parts[self.at]!r}")

    def _either(self) -> str:
        options = [self._sequence()]
        while self.at < len(self.parts) and self.parts[self.at] == "|":
            self.at += 1
            options.append(self._sequence())
        return options[0] if len(options) == 1 else "(?:" + "|".join(options) + ")"

    def _sequence(self) -> str:
        found: list[str] = []
        while self.at < len(self.parts) and self.parts[self.at] not in "|])":
            part = self.parts[self.at]
            self.at += 1
            if part in "[(":
                inner = self._either()
                closing = "]" if part == "[" else ")"
                if self.at >= len(self.parts) or self.parts[self.at] != closing:
                    raise ValueError(f"pattern {self.source!r}: {part} without {closing}")
                self.at += 1
                found.append(f"(?:{inner})?" if part == "[" else f"(?:{inner})")
            elif part.startswith("{"):
                name, regex = _slot(part)
                self.slots.append(name)
                found.append(regex)
            else:
                found.append(_word(part))
        return _GAP.join(found)

    def first_words(self) -> set[str]:
        """The words a line fitting this pattern may start with (for hints)."""
        words, _, _ = _firsts(self.parts, 0)
        return words

    def words(self) -> set[str]:
        """Every word the pattern spells out, in its parts and its slots' choices."""
        found: set[str] = set()
        for part in self.parts:
            if not part.startswith("{"):
                found.add(part.lower())
            elif ":" in part and part[1:-1].partition(":")[2] not in ("word", "number"):
                found.update(part[1:-1].partition(":")[2].lower().replace("|", " ").split())
        return {word for word in found if re.search(r"\w", word)}


def _firsts(parts: Sequence[str], at: int) -> tuple[set[str], bool, int]:
    """The first words of the alternatives from ``at``, whether all of them may be empty,
    and where they end."""
    words: set[str] = set()
    empty = False
    while True:
        found, may_be_empty, at = _sequence_firsts(parts, at)
        words |= found
        empty = empty or may_be_empty
        if at < len(parts) and parts[at] == "|":
            at += 1
            continue
        return words, empty, at


def _sequence_firsts(parts: Sequence[str], at: int) -> tuple[set[str], bool, int]:
    words: set[str] = set()
    open_ = True  # may what follows still be the first word?
    while at < len(parts) and parts[at] not in "|])":
        part = parts[at]
        if part in "[(":
            found, empty, at = _firsts(parts, at + 1)
            at += 1  # the closing bracket
            if open_:
                words |= found
                open_ = empty or part == "["
        else:
            at += 1
            if open_ and not part.startswith("{"):
                words.add(part.lower())
            elif open_ and ":" in part and part[1:-1].partition(":")[2] not in ("word", "number"):
                choices = part[1:-1].partition(":")[2].split("|")
                words.update(choice.split()[0].lower() for choice in choices)
            open_ = False
    return words, open_, at


class Slip(Frozen):
    """One word that, mended, makes a line fit a row of ``kind``: the word at ``at`` (of the
    line's words) was ``wrong`` for ``word``, or ``word`` is missing there (``wrong`` is ""),
    or ``wrong`` is one word too many (``word`` is "")."""

    kind: str
    at: int
    word: str
    wrong: str


class Grammar(Frozen):
    """A game's wordings: ``rows`` of (pattern, kind), tried in order; ``forms`` gives each
    kind the one form hints teach."""

    rows: Sequence[tuple[str, str]]
    forms: Mapping[str, str]
    #: rows that read a likely mistake (a word where a number belongs), so that the game's
    #: reader of that kind can say exactly what is wrong; tried only when no row fits
    near_misses: Sequence[tuple[str, str]] = ()
    _compiled: list[tuple[_Pattern, str]] = field(init=False, repr=False, compare=False)
    _near: list[tuple[_Pattern, str]] = field(init=False, repr=False, compare=False)
    _verbs: dict[str, list[str]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        compiled = [(_Pattern(pattern), kind) for pattern, kind in self.rows]
        unknown = sorted({kind for _, kind in self.rows} - set(self.forms))
        if unknown:
            raise ValueError(f"kinds without a form: {', '.join(unknown)}")
        object.__setattr__(self, "_compiled", compiled)
        object.__setattr__(self, "_near", [(_Pattern(p), kind) for p, kind in self.near_misses])
        verbs: dict[str, list[str]] = {}
        for pattern, kind in compiled:
            for word in pattern.first_words():
                kinds = verbs.setdefault(word, [])
                if kind not in kinds:
                    kinds.append(kind)
        object.__setattr__(self, "_verbs", verbs)

    def read(self, text: str) -> tuple[str, dict[str, str | None]] | None:
        """The kind and slots of the first row that fits all of ``text``, or None.

        A line longer than ``LONGEST`` is refused unread: slots side by side make a regular
        expression try many splits, and a hostile line must not hold up the service.
        """
        return _first(self._compiled, _short(text))

    def near_miss(self, text: str) -> tuple[str, dict[str, str | None]] | None:
        """The kind and slots of the first near-miss row that fits ``text``, or None."""
        return _first(self._near, _short(text))

    def leftover(self, text: str) -> tuple[str, dict[str, str | None], str] | None:
        """The longest start of ``text`` (whole words) that a row reads, as kind, slots and
        the words after it: for "did not understand ... at the end"."""
        words = _short(text).split()
        for end in range(len(words) - 1, 0, -1):
            found = _first(self._compiled, " ".join(words[:end]))
            if found:
                return (*found, " ".join(words[end:]))
        return None

    def misspelt(self, text: str) -> Slip | None:
        """The one word that, spelt right, makes ``text`` fit a row that starts with its first
        word: "expected PEACE here, not PAECE". (Slips of the first word are ``refusal``'s.)"""
        words, rows, spelt = self._mending(text)
        if _first(rows, " ".join(words)):
            return None
        for at in range(1, len(words)):
            for word in close_to(words[at], [w for w in spelt if w != words[at].lower()]):
                found = _first(rows, " ".join([*words[:at], word, *words[at + 1 :]]))
                if found:
                    return Slip(found[0], at, word, words[at])
        return None

    def missing(self, text: str) -> Slip | None:
        """The one word that, put in, makes ``text`` fit a row that starts with its first
        word, as far to the end as may be: "expected PEACE next" for "sue for"."""
        words, rows, spelt = self._mending(text)
        for at in range(len(words), 0, -1):  # from the end: a loose slot takes any word
            for word in spelt:
                found = _first(rows, " ".join([*words[:at], word, *words[at:]]))
                if found:
                    return Slip(found[0], at, word, "")
        return None

    def extra(self, text: str) -> Slip | None:
        """The one word that, left out, makes ``text`` fit a row that starts with its first
        word: "expected FEAST here, not 0" for "horde 0 feast"."""
        words, rows, _ = self._mending(text)
        for at in range(1, len(words)):
            found = _first(rows, " ".join([*words[:at], *words[at + 1 :]]))
            if found:
                return Slip(found[0], at, "", words[at])
        return None

    def _mending(self, text: str) -> tuple[list[str], list[tuple[_Pattern, str]], list[str]]:
        """The words of ``text``, the rows its first word starts and the words they spell:
        only those are tried, so mending a line stays quick."""
        words = _short(text).split()
        verb = words[0].lower() if words else ""
        rows = [(p, kind) for p, kind in self._compiled if verb in p.first_words()]
        spelt: set[str] = set().union(*(p.words() for p, _ in rows))
        return words, rows, sorted(spelt - {verb})

    def verbs(self) -> dict[str, list[str]]:
        """Each word a row may start with, and the kinds its rows say."""
        return self._verbs

    def starts(self, text: str) -> bool:
        """Whether ``text`` starts with a word some row starts with."""
        words = squash(text).lower().split()
        return bool(words) and words[0] in self.verbs()

    def forms_for(self, kinds: Iterable[str]) -> str:
        return " or ".join(f"'{self.forms[k]}'" for k in dict.fromkeys(kinds))

    def refusal(self, text: str, what: str) -> Refusal:
        """Why ``text`` is not ``what`` (e.g. "an action of a general"), with the right form."""
        text = squash(text)
        words = text.lower().split()
        verbs = self.verbs()
        if words and words[0] in verbs:
            return Refusal(
                f"'{text}' is not written as the game reads {what}",
                f"write {self.forms_for(verbs[words[0]])}",
            )
        near = close_to(words[0], verbs, n=1) if words else []
        every = "; ".join(dict.fromkeys(self.forms.values()))
        mean = f"did you mean '{near[0]}'? " if near else ""
        return Refusal(f"'{text}' is not {what}", f"{mean}{every}")


def _short(text: str) -> str:
    """``text`` squashed; Refusal if it is longer than ``LONGEST``: slots side by side make
    a regular expression try many splits, and a hostile line must not hold up the service."""
    text = squash(text)
    if len(text) > LONGEST:
        raise Refusal(
            f"this line is {len(text)} characters long; an order has at most {LONGEST}",
            "write one order a line",
        )
    return text


def _first(compiled: Sequence[tuple[_Pattern, str]], text: str) -> tuple[str, dict[str, str | None]] | None:
    for pattern, kind in compiled:
        found = pattern.regex.match(text)
        if found:
            slots = {name: found[name] for name in pattern.slots}
            return kind, {k: v.strip() if v else None for k, v in slots.items()}
    return None
