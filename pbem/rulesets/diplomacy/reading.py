"""Reading one order line as players write it, in any common notation, into an order.

The notations are the Judge's and DPjudge's (``A PAR-BUR``, ``F NTH C A LON-NWY``,
``A LON-NTH-NWY``), webDiplomacy's, order-log sentences too (``The army at Paris
move to Burgundy.``, ``The army at Marseilles support move to Burgundy from Paris.``),
Backstabbr's (``Paris → Burgundy``) and plain English (``Build fleet in Trieste``,
``Hold A PAR``). ORDERS.md has the table of accepted forms; every row is a test.

Speed matters (``pbem adjudicate --jsonl`` reads every order of a stream): a line is
cut into words by one ``str.translate`` table, and every word and phrase is a lookup in
tables built once per map (``Words``); a line that did not need the board to be read is
remembered, since the same lines come back phase after phase.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from pbem.spelling import close_words, did_you_mean

from .core import Board, Order, PhaseKind, UnitType, province_of
from .maps import Map
from .orders import (
    Build,
    Cancel,
    Convoy,
    Disband,
    Hold,
    Move,
    NotationError,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)
from .variant import Variant

UNIT_WORDS = {"a": UnitType.ARMY, "army": UnitType.ARMY, "f": UnitType.FLEET, "fleet": UnitType.FLEET}
HOLD = frozenset({"h", "hold", "holds", "stand", "stands", "stay", "stays"})
MOVE = frozenset({"-", "to", "m", "move", "moves", "mv", "attack", "attacks", "go", "goes", "into"})
SUPPORT = frozenset({"s", "support", "supports", "sup", "supp", "supporting"})
CONVOY = frozenset({"c", "convoy", "convoys", "cvy", "convoying", "transport", "transports"})
RETREAT = frozenset({"r", "retreat", "retreats"})
BUILD = frozenset({"b", "build", "builds"})
DISBAND = frozenset({"d", "disband", "disbands", "remove", "removes", "destroy", "destroys"})
WAIVE = frozenset({"waive", "waives", "waived", "wait"})
#: words that only glue an order together: "the army at Paris", "build a fleet in Brest"
FILLER = frozenset({"the", "at", "in", "an", "of", "unit", "its"})
KEYWORDS = HOLD | MOVE | SUPPORT | CONVOY | RETREAT | BUILD | DISBAND | WAIVE | {"via", "by", "from"}
COAST_WORDS = {
    "nc": "NC",
    "sc": "SC",
    "ec": "EC",
    "wc": "WC",
    "north": "NC",
    "south": "SC",
    "east": "EC",
    "west": "WC",
}
#: what may follow a sea's name or abbreviation ("NWG sea", "Mid-Atlantic ocean")
SEA_WORDS = frozenset({"sea", "ocean"})
#: what the words after ``waive`` or ``build`` may say about the build given up
_WAIVED = frozenset({"a", "one", "1", "build", "builds", "the"})

EXAMPLES = {
    PhaseKind.MOVEMENT: "A PAR - BUR, A MAR S A PAR - BUR, F NTH C A LON - NWY or A PAR H",
    PhaseKind.RETREATS: "A PAR R BUR or A PAR D",
    PhaseKind.ADJUSTMENTS: "BUILD A PAR, BUILD F STP/NC, REMOVE A PAR or WAIVE",
}

# One pass over the line: arrows become a move word, punctuation a space, "-" a word of its own.
_ARROWS = ("->", "=>", "\u2192", "\u2014", "\u2013", ">")
_TABLE = str.maketrans({**dict.fromkeys("()/,;:.!?'\"[]", " "), "-": " - "})


class OrderSyntaxError(ValueError):
    """A line that cannot be read as an order; ``hint`` says how to write it."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.hint = hint


def tokenize(text: str) -> list[str]:
    """Lower-case words, with ``-`` its own word and punctuation dropped."""
    text = text.lower()
    if ">" in text or "\u2192" in text or "\u2013" in text or "\u2014" in text:
        for arrow in _ARROWS:
            text = text.replace(arrow, " - ")
    words = text.translate(_TABLE).split()
    if "-" in words:  # "A PAR -- BUR", "PAR - > BUR": one move word
        words = [w for i, w in enumerate(words) if not (w == "-" and i and words[i - 1] == "-")]
    return words


class Words:
    """Every way a province or power of a map may be written, for reading and for "did you mean"."""

    def __init__(self, game_map: Map) -> None:
        self.map = game_map
        found: dict[tuple[str, ...], set[str]] = {}
        reserved = KEYWORDS | set(UNIT_WORDS) | FILLER
        for province in game_map.provinces.values():
            if province.type == "impassable":
                continue
            for spelling in (province.abbr, province.name, *province.aliases):
                words = tuple(tokenize(spelling))
                for variant in {words, tuple(w for w in words if w != "-")}:
                    if variant and not (len(variant) == 1 and variant[0] in reserved):
                        found.setdefault(variant, set()).add(province.abbr)
        # A spelling that could mean two provinces means neither.
        self.index = {words: abbrs.pop() for words, abbrs in found.items() if len(abbrs) == 1}
        #: the first words of every spelling, with the lengths to try, longest first
        lengths: dict[str, set[int]] = {}
        for words in self.index:
            lengths.setdefault(words[0], set()).add(len(words))
        self.starts = {first: sorted(found, reverse=True) for first, found in lengths.items()}
        self.spellings = {" ".join(words): abbr for words, abbr in self.index.items()}
        #: the coasts of each province, and the powers' names as words
        self.coasts = {abbr: frozenset(p.coasts) for abbr, p in game_map.provinces.items()}
        self.types = {abbr: p.type for abbr, p in game_map.provinces.items()}
        self.powers = sorted(
            {
                spelt
                for power in game_map.powers
                for spelt in (tuple(tokenize(power)), tuple(w for w in tokenize(power) if w != "-"))
                if spelt
            },
            key=len,
            reverse=True,
        )
        #: lines read without asking the board: (text, kind) -> order, and -> its canonical text
        self.read: dict[tuple[str, PhaseKind], Order] = {}
        self.canonical: dict[tuple[str, PhaseKind], str] = {}

    def match(self, words: Sequence[str], start: int) -> tuple[str, int] | None:
        """The province written at ``words[start:]`` and where its name ends, longest first."""
        if start >= len(words):
            return None
        lengths = self.starts.get(words[start])
        if lengths is None:
            return None
        if lengths == [1]:
            return self.index[(words[start],)], start + 1
        for length in lengths:
            abbr = self.index.get(tuple(words[start : start + length]))
            if abbr is not None:
                return abbr, start + length
        return None

    def suggest(self, phrase: str, likely: Collection[str] = ()) -> str | None:
        """A "did you mean" for a misspelt province, if one is close enough; of the close ones,
        the ``likely`` (where units stand, or next to the ordered unit) come first."""
        close = close_words(phrase, self.spellings)
        abbrs = list(dict.fromkeys(self.spellings[spelling] for spelling in close))
        abbrs.sort(key=lambda abbr: abbr not in likely)  # stable: closest first within each kind
        return did_you_mean([f"{self.map.provinces[a].name} ({a})" for a in abbrs[:3]])


def words_of(variant: Variant) -> Words:
    """The words of a variant's map, built once per variant (and shared by its copies)."""
    words = variant.derived.get("words")
    if words is None:
        words = variant.derived["words"] = Words(variant.map)
    assert isinstance(words, Words)
    return words


def order_words(variant: Variant) -> frozenset[str]:
    """Every word an order of ``variant`` may be written with (``Ruleset.order_words``): the
    order and unit words, and every spelling of a province or a power ("paris", "north sea")."""
    names = words_of(variant)
    spelt = {*names.spellings, *(" ".join(power) for power in names.powers)}
    return frozenset(spelt | KEYWORDS | set(UNIT_WORDS)) - {"-"}


#: what stands in a province (the ordered unit, or another), to fill in a missing unit letter
UnitTypeAt = Callable[[str, bool], "UnitType | None"]
#: the provinces a misspelt name most likely means: where units stand (for the ordered unit,
#: given None) or next to the ordered unit's province (for every other province of its order)
Likely = Callable[["str | None"], Collection[str]]


class _Reader:
    """A recursive-descent reading of one line's words."""

    def __init__(
        self, names: Words, words: list[str], kind: PhaseKind, type_at: UnitTypeAt, likely: Likely
    ) -> None:
        self.names = names
        self.words = words
        self.at = 0
        self.kind = kind
        self.type_at = type_at
        self.likely = likely
        self.ordered: str | None = None  # the ordered unit's province, once read
        self.asked_board = False  # whether the board filled in a unit letter

    def peek(self, ahead: int = 0) -> str | None:
        at = self.at + ahead
        return self.words[at] if at < len(self.words) else None

    def take(self, choices: Collection[str]) -> bool:
        if self.at < len(self.words) and self.words[self.at] in choices:
            self.at += 1
            return True
        return False

    def skip_filler(self) -> None:
        while self.at < len(self.words) and self.words[self.at] in FILLER:
            self.at += 1

    # --- the order ---------------------------------------------------------------
    def order(self) -> Order:
        self.take(("the",))
        word = self.peek()
        if word in ("cancel", "withdraw"):
            self.at += 1
            taken_back = self.order()
            if not isinstance(taken_back, (Build, Disband, Waive)):
                raise OrderSyntaxError(
                    f"only a build, a removal or a waive can be taken back, not '{taken_back}'",
                    hint=f"send the order you want instead, like {EXAMPLES[self.kind]}",
                )
            return Cancel(taken_back)
        if word in BUILD and self.names.match(self.words, self.at) is None:
            self.at += 1
            order: Order = self.build()
        elif word in DISBAND and self.peek(1) != "-":
            self.at += 1
            order = Disband(*self.unit(ordered=True))
        elif word in WAIVE or (word == "no" and self.peek(1) in ("build", "builds")):
            self.at += 1
            while self.take(_WAIVED):
                pass
            order = Waive()
        elif word in HOLD and self.peek(1) is not None and self.peek(1) not in KEYWORDS:
            self.at += 1  # "Hold A PAR"
            order = Hold(*self.unit(ordered=True))
        elif word in RETREAT and self.peek(1) is not None and self.peek(1) not in KEYWORDS:
            self.at += 1  # "RETREAT F STP/SC - BOT", the order word first
            unit_type, location = self.unit(ordered=True)
            self.take(MOVE)
            self.take(("to",))
            order = Retreat(unit_type, location, self.location())
        else:
            order = self.unit_order()
        if self.peek() is not None:
            rest = " ".join(self.words[self.at :])
            raise OrderSyntaxError(
                f"I read '{order}' but not the words after it: '{rest}'",
                hint=f"write one order per line, like {EXAMPLES[self.kind]}",
            )
        return order

    def build(self) -> Order:
        """What follows "build": a unit and where, or that the build is given up."""
        if self.take(WAIVE) or self.take(("nothing", "none", "no")):
            while self.take(_WAIVED):
                pass
            return Waive()
        self.take(("an",))
        unit_type = self.unit_word()
        self.skip_filler()
        location = self.location()
        self.ordered = province_of(location)
        after = self.unit_word()  # "build Paris army"
        unit_type = unit_type or after
        if unit_type is None:
            province = province_of(location)
            kind = self.names.types.get(province)
            if kind == "land":
                unit_type = UnitType.ARMY
            elif kind == "sea":
                unit_type = UnitType.FLEET
            else:
                raise OrderSyntaxError(
                    f"say whether to build an army or a fleet in {location}",
                    hint=f"write BUILD A {location} or BUILD F {location}",
                )
        return Build(unit_type, location)

    def unit_word(self) -> UnitType | None:
        """A unit's type if one is written here: "A", "army", "a fleet"."""
        word = self.peek()
        if word == "a" and self.peek(1) in ("army", "fleet"):
            self.at += 1  # "a fleet": the article, then the unit
            word = self.peek()
        unit_type = UNIT_WORDS.get(word or "")
        if unit_type is not None and not (word in ("a", "f") and self._province_word_next()):
            self.at += 1
            return unit_type
        return None

    def _province_word_next(self) -> bool:
        """Whether "a"/"f" here is not a unit letter: nothing, or an order word, follows it."""
        following = self.peek(1)
        return following is None or (following in KEYWORDS and following != "-")

    def unit_order(self) -> Order:
        unit_type, location = self.unit(ordered=True)
        word = self.peek()
        if word is None:
            raise OrderSyntaxError(
                f"what should {unit_type.value} {location} do?",
                hint=f"write for example {EXAMPLES[self.kind]}",
            )
        if self.take(HOLD):
            return Hold(unit_type, location)
        if self.take(MOVE):
            self.take(("to", "into"))
            dest = self.location()
            via = self.via()
            while self.peek() == "-" and self.names.match(self.words, self.at + 1) is not None:
                self.at += 1  # DPjudge's convoy route: "A LON - NTH - NWY"
                dest = self.location()
                via = True
            via = self.via() or via
            if self.kind is PhaseKind.RETREATS and not via:
                return Retreat(unit_type, location, dest)
            return Move(unit_type, location, dest, via)
        if self.take(RETREAT):
            self.take(("to",))
            return Retreat(unit_type, location, self.location())
        if self.take(SUPPORT):
            return self.support(unit_type, location)
        if self.take(CONVOY):
            return self.convoy(unit_type, location)
        if self.take(BUILD):
            return Build(unit_type, location)
        if self.take(DISBAND):
            return Disband(unit_type, location)
        if self.names.match(self.words, self.at) is not None:
            dest = self.location()
            raise OrderSyntaxError(
                f"there is no order word between {location} and {dest}",
                hint=f"to move, write {unit_type.value} {location} - {dest}",
            )
        raise OrderSyntaxError(
            f"I do not know the order word '{word}'",
            hint=f"write for example {EXAMPLES[self.kind]}",
        )

    def support(self, unit_type: UnitType, location: str) -> Order:
        if self.take(("move",)):  # webDiplomacy: "support move to Burgundy from Paris"
            self.take(("to", "into"))
            dest = self.location()
            self.expect("from", "a support names the unit supported: support move to BUR from PAR")
            supported_type, supported = self.unit(ordered=False)
            return SupportMove(unit_type, location, supported_type, supported, dest)
        if self.take(("hold",)):  # webDiplomacy: "support hold to Kiel"
            self.take(("to",))
            supported_type, supported = self.unit(ordered=False)
            return SupportHold(unit_type, location, supported_type, supported)
        self.take(("the",))
        if self.take(("move",)):
            self.take(("of",))
        supported_type, supported = self.unit(ordered=False)
        if self.take(MOVE) or self.names.match(self.words, self.at) is not None:
            # "F WAL S MAO IRI": a province after the supported unit is where it moves (RULINGS)
            self.take(("to", "into"))
            return SupportMove(unit_type, location, supported_type, supported, self.location())
        if not self.take(HOLD):
            self.take(("holding",))
        return SupportHold(unit_type, location, supported_type, supported)

    def convoy(self, unit_type: UnitType, location: str) -> Order:
        if self.take(("to",)):  # webDiplomacy: "convoy to Norway from London"
            dest = self.location()
            self.expect("from", "a convoy names the army: convoy to NWY from LON")
            self.skip_filler()
            self.unit_word()
            self.skip_filler()
            return Convoy(unit_type, location, self.location(), dest)
        self.skip_filler()
        self.unit_word()
        self.skip_filler()
        army = self.location()
        if not self.take(MOVE):
            raise OrderSyntaxError(
                "a convoy order names the army's move", hint="write it like F NTH C A LON - NWY"
            )
        self.take(("to", "into"))
        return Convoy(unit_type, location, army, self.location())

    def expect(self, word: str, hint: str) -> None:
        if not self.take((word,)):
            found = self.peek()
            raise OrderSyntaxError(
                f"'{word}' is missing" + (f" before '{found}'" if found else " at the end"), hint=hint
            )

    def via(self) -> bool:
        """``VIA``, ``via convoy``, ``by convoy`` after a move's destination."""
        if self.take(("via",)):
            self.take(CONVOY)
            return True
        if self.peek() == "by" and self.peek(1) in CONVOY:
            self.at += 2
            return True
        return False

    def unit(self, ordered: bool) -> tuple[UnitType, str]:
        self.skip_filler()
        unit_type = self.unit_word()
        self.skip_filler()
        location = self.location()
        if ordered:
            self.ordered = province_of(location)
        if unit_type is None:
            self.asked_board = True
            unit_type = self.type_at(province_of(location), ordered)
        if unit_type is None:
            raise OrderSyntaxError(
                f"say whether the unit in {location} is an army or a fleet",
                hint=f"write A {location} or F {location}",
            )
        return unit_type, location

    def location(self) -> str:
        self.take(("the",))  # "to the English Channel"
        found = self.names.match(self.words, self.at)
        if found is None:
            end = self.at
            while end < len(self.words) and self.words[end] not in KEYWORDS:
                end += 1
            phrase = " ".join(self.words[self.at : end] or self.words[self.at : self.at + 1])
            if not phrase:
                raise OrderSyntaxError("a province is missing at the end of the order")
            likely = self.likely(self.ordered)
            raise OrderSyntaxError(
                f"I do not know the province '{phrase}'", self.names.suggest(phrase, likely)
            )
        abbr, self.at = found
        coasts = self.names.coasts[abbr]
        if not coasts:
            if self.names.types[abbr] == "sea":
                self.take(SEA_WORDS)  # "F NWG SEA": the abbreviation, then what it is
            return abbr
        word = self.peek()
        if word == "-" and self.peek(1) in ("nc", "sc", "ec", "wc"):  # "Spa-nc", "STP-SC"
            self.at += 1
            word = self.peek()
        coast = COAST_WORDS.get(word or "")
        if coast in coasts:
            self.at += 1
            self.take(("coast",))
            return f"{abbr}/{coast}"
        return abbr


def read_order(variant: Variant, text: str, kind: PhaseKind, board: Board | None = None) -> Order:
    """The order written in ``text``, read word by word without judging it; OrderSyntaxError if
    it cannot be read. A missing unit letter is taken from ``board``."""
    names = words_of(variant)
    known = names.read.get((text, kind))
    if known is not None:
        return known
    order, lasting = read_afresh(variant, text, kind, board)
    if lasting:  # the board was not asked: the reading stands
        _remember(names, text, kind, order)
    return order


def read_afresh(
    variant: Variant, text: str, kind: PhaseKind, board: Board | None = None
) -> tuple[Order, bool]:
    """``read_order`` without looking for the line among those read before: the order, and
    whether the reading holds whatever the board (a caller that remembers lines itself may
    remember it then)."""
    try:  # the engine's own notation, the Judge's: read at once
        order = variant.notation.parse_afresh(text)
    except NotationError:
        pass
    else:
        if kind is PhaseKind.RETREATS and isinstance(order, Move) and not order.via_convoy:
            order = Retreat(order.unit_type, order.location, order.dest)  # as the DATC writes them
        return order, True
    names = words_of(variant)
    words = tokenize(text)
    if words and words[0].isdigit():
        words = words[1:]  # a numbered list
    power = _power_prefix(names, words)
    if power and names.match(words, 0) is None:
        words = words[power:]  # "England: F LON - NTH"
        power = 0
    if not words:
        raise OrderSyntaxError("this line holds no order", hint=f"write for example {EXAMPLES[kind]}")
    lookups = _type_lookup(board, kind), _likely_lookup(variant, board, kind)
    reader = _Reader(names, words, kind, *lookups)
    try:
        order = reader.order()
    except OrderSyntaxError:
        if not power or not words[power:]:
            raise
        # A power named like a province ("Wei: A WEI - COU"): the line was not an order with the
        # province first, so it is the power's name.
        reader = _Reader(names, words[power:], kind, *lookups)
        order = reader.order()
    return order, not reader.asked_board


def _remember(names: Words, text: str, kind: PhaseKind, order: Order) -> None:
    """Keep a reading that did not depend on the board (bounded, so a long run stays small)."""
    if len(names.read) >= 50_000:
        names.read.clear()
    names.read[(text, kind)] = order


def read_canonical(variant: Variant, text: str, kind: PhaseKind, board: Board | None = None) -> str:
    """``read_order``, written in the engine's notation (remembered like the order itself)."""
    names = words_of(variant)
    key = (text, kind)
    written = names.canonical.get(key)
    if written is None:
        order = read_order(variant, text, kind, board)
        written = str(order)
        if written != text:
            variant.notation.remember(written, order)  # the adjudicator reads it back next
        if key in names.read:
            if len(names.canonical) >= 50_000:
                names.canonical.clear()
            names.canonical[key] = written
    return written


def _power_prefix(names: Words, words: Sequence[str]) -> int:
    """How many of the first ``words`` name a power ("england", or "ch in" for Ch'in); 0 if none."""
    if not words:
        return 0
    first = words[0]
    for spelt in names.powers:
        if spelt[0] == first and tuple(words[: len(spelt)]) == spelt:
            return len(spelt)
    return 0


def _type_lookup(board: Board | None, kind: PhaseKind) -> UnitTypeAt:
    def type_at(province: str, ordered: bool) -> UnitType | None:
        if board is None:
            return None
        if ordered and kind is PhaseKind.RETREATS:
            for dislodged in board.dislodged:
                if dislodged.unit.province == province:
                    return dislodged.unit.type
        unit = board.units.get(province)
        return unit.type if unit is not None else None

    return type_at


def _likely_lookup(variant: Variant, board: Board | None, kind: PhaseKind) -> Likely:
    def likely(ordered: str | None) -> Collection[str]:
        if ordered is not None:
            return variant.map.all_borders(ordered)
        if board is None:
            return ()
        if kind is PhaseKind.RETREATS:
            return {dislodged.unit.province for dislodged in board.dislodged}
        if kind is PhaseKind.ADJUSTMENTS:  # a disband, or a build in a centre
            return board.units.keys() | set(variant.map.supply_centres)
        return board.units.keys()

    return likely
