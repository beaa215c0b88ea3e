"""Reading orders as players write them in mail, into canonical orders or helpful errors.

Two layers. ``read_order`` reads the words alone: province names, abbreviations
and aliases in any case; ``-``, ``->``, ``to``, ``moves to``, ``m``; ``S``,
``supports``; ``C``, ``convoys``; ``H``, ``holds``; ``R``, ``retreats to``;
``B``, ``build``; ``D``, ``disband``, ``remove``; ``waive``; coasts written
``/nc``, ``(nc)``, `` nc`` or ``north coast``; ``via convoy``; a unit letter
may be left out when the board says what stands there. ``read_mail`` then
checks each order against the game (whose unit, which phase, what the rules
allow) so a player learns at once what is wrong and how to put it right. Where
a variant lets players vote on the orders of neutral units (Mandate of
Heaven), ``read_mail`` takes those orders too, each noted as a vote.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from pbem.spelling import close_words

from .adjustments import Ledger, adjustments_due, vacant_build_sites
from .core import Board, IllegalOrder, Order, PhaseKind, UnitOrder, UnitType, province_of
from .maps import Map
from .orders import Build, Convoy, Disband, Hold, Move, Retreat, SupportHold, SupportMove, Waive
from .results import REASONS
from .variant import Variant

UNIT_WORDS = {
    "a": UnitType.ARMY,
    "army": UnitType.ARMY,
    "f": UnitType.FLEET,
    "fleet": UnitType.FLEET,
}
HOLD = {"h", "hold", "holds", "stand", "stands"}
MOVE = {"-", "to", "m", "move", "moves", "mv", "attack", "attacks"}
SUPPORT = {"s", "support", "supports", "sup", "supp"}
CONVOY = {"c", "convoy", "convoys", "cvy"}
RETREAT = {"r", "retreat", "retreats"}
BUILD = {"b", "build", "builds"}
DISBAND = {"d", "disband", "disbands", "remove", "removes", "destroy"}
WAIVE = {"waive", "waives"}
KEYWORDS = HOLD | MOVE | SUPPORT | CONVOY | RETREAT | BUILD | DISBAND | WAIVE | {"via", "by"}
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

EXAMPLES = {
    PhaseKind.MOVEMENT: "A PAR - BUR, A MAR S A PAR - BUR, F NTH C A LON - NWY or A PAR H",
    PhaseKind.RETREATS: "A PAR R BUR or A PAR D",
    PhaseKind.ADJUSTMENTS: "BUILD A PAR, BUILD F STP/NC, REMOVE A PAR or WAIVE",
}


class OrderSyntaxError(ValueError):
    """A line that cannot be read as an order; ``hint`` says how to write it."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.hint = hint


def tokenize(text: str) -> list[str]:
    """Lower-case words, with ``-`` its own word and punctuation dropped."""
    text = text.lower()
    for arrow in ("->", "=>", "\u2192", ">"):
        text = text.replace(arrow, " - ")
    text = re.sub(r"[()/,;:.!?'\"]", " ", text).replace("-", " - ")
    words: list[str] = []
    for word in text.split():
        if not (word == "-" and words and words[-1] == "-"):
            words.append(word)
    return words


class Names:
    """Every way a province of a map may be written, for reading and for "did you mean"."""

    def __init__(self, game_map: Map) -> None:
        self.map = game_map
        found: dict[tuple[str, ...], set[str]] = {}
        for province in game_map.provinces.values():
            if province.type == "impassable":
                continue
            for spelling in (province.abbr, province.name, *province.aliases):
                words = tuple(tokenize(spelling))
                for variant in {words, tuple(w for w in words if w != "-")}:
                    if variant and not (len(variant) == 1 and variant[0] in KEYWORDS | set(UNIT_WORDS)):
                        found.setdefault(variant, set()).add(province.abbr)
        # A spelling that could mean two provinces means neither.
        self.index = {words: abbrs.pop() for words, abbrs in found.items() if len(abbrs) == 1}
        self.longest = max(len(words) for words in self.index)
        self.spellings = {" ".join(words): abbr for words, abbr in self.index.items()}
        #: the powers' names as words ("ch in" for Ch'in, with and without "-" for Hsiung-Nu)
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

    def match(self, words: Sequence[str], start: int) -> tuple[str, int] | None:
        """The province written at ``words[start:]`` and where its name ends, longest first."""
        for length in range(min(self.longest, len(words) - start), 0, -1):
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
        if not abbrs:
            return None
        names = [f"{self.map.provinces[a].name} ({a})" for a in abbrs[:3]]
        return "did you mean " + " or ".join(names) + "?"


def names_of(variant: Variant) -> Names:
    """The names of a variant's provinces, built once per variant (and shared by its copies)."""
    names = variant.derived.get("names")
    if names is None:
        names = variant.derived["names"] = Names(variant.map)
    assert isinstance(names, Names)
    return names


#: what stands in a province (the ordered unit, or another), to fill in a missing unit letter
UnitTypeAt = Callable[[str, bool], "UnitType | None"]
#: the provinces a misspelt name most likely means: where units stand (for the ordered unit,
#: given None) or next to the ordered unit's province (for every other province of its order)
Likely = Callable[["str | None"], Collection[str]]


class _Reader:
    """A recursive-descent reading of one line's words."""

    def __init__(
        self, names: Names, words: list[str], kind: PhaseKind, type_at: UnitTypeAt, likely: Likely
    ) -> None:
        self.names = names
        self.words = words
        self.at = 0
        self.kind = kind
        self.type_at = type_at
        self.likely = likely
        self.ordered: str | None = None  # the ordered unit's province, once read

    def peek(self) -> str | None:
        return self.words[self.at] if self.at < len(self.words) else None

    def take(self, choices: set[str]) -> bool:
        if self.peek() in choices:
            self.at += 1
            return True
        return False

    def order(self) -> Order:
        if self.take(BUILD):
            order: Order = Build(*self.unit(ordered=True, build=True))
        elif self.take(DISBAND):
            order = Disband(*self.unit(ordered=True))
        elif self.take(WAIVE):
            order = Waive()
        else:
            order = self.unit_order()
        if self.peek() is not None:
            rest = " ".join(self.words[self.at :])
            raise OrderSyntaxError(
                f"I read '{order}' but not the words after it: '{rest}'",
                hint=f"write one order per line, like {EXAMPLES[self.kind]}",
            )
        return order

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
            self.take({"to"})
            dest = self.location()
            via = self.via()
            if self.kind is PhaseKind.RETREATS and not via:
                return Retreat(unit_type, location, dest)
            return Move(unit_type, location, dest, via)
        if self.take(RETREAT):
            self.take({"to"})
            return Retreat(unit_type, location, self.location())
        if self.take(SUPPORT):
            supported_type, supported = self.unit(ordered=False)
            if self.take(MOVE):
                self.take({"to"})
                return SupportMove(unit_type, location, supported_type, supported, self.location())
            self.take(HOLD)
            return SupportHold(unit_type, location, supported_type, supported)
        if self.take(CONVOY):
            self.take(set(UNIT_WORDS))
            army = self.location()
            if not self.take(MOVE):
                raise OrderSyntaxError(
                    "a convoy order names the army's move", hint="write it like F NTH C A LON - NWY"
                )
            self.take({"to"})
            return Convoy(unit_type, location, army, self.location())
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

    def via(self) -> bool:
        if (
            self.peek() in ("via", "by")
            and self.at + 1 < len(self.words)
            and self.words[self.at + 1] in CONVOY
        ):
            self.at += 2
            return True
        return False

    def unit(self, ordered: bool, build: bool = False) -> tuple[UnitType, str]:
        word = self.peek()
        unit_type = UNIT_WORDS.get(word or "")
        if unit_type is not None:
            self.at += 1
        location = self.location()
        if ordered:
            self.ordered = province_of(location)
        if unit_type is None and not build:
            unit_type = self.type_at(province_of(location), ordered)
        if unit_type is None:
            raise OrderSyntaxError(
                f"say whether the unit in {location} is an army or a fleet",
                hint=f"write A {location} or F {location}",
            )
        return unit_type, location

    def location(self) -> str:
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
        coasts = self.names.map.provinces[abbr].coasts
        word = self.peek()
        if word in COAST_WORDS and COAST_WORDS[word] in coasts:
            self.at += 1
            self.take({"coast"})
            return f"{abbr}/{COAST_WORDS[word]}"
        return abbr


def read_order(variant: Variant, text: str, kind: PhaseKind, board: Board | None = None) -> Order:
    """The order written in ``text``, read word by word without judging it; OrderSyntaxError if
    it cannot be read. A missing unit letter is taken from ``board``."""
    words = tokenize(text)
    if words and words[0].isdigit():
        words = words[1:]  # a numbered list
    power = _power_prefix(variant, words)
    if power and not _spells_province(variant, words):
        words = words[power:]  # "England: F LON - NTH"
        power = 0
    if not words:
        raise OrderSyntaxError("this line holds no order", hint=f"write for example {EXAMPLES[kind]}")
    lookups = _type_lookup(board, kind), _likely_lookup(variant, board, kind)
    try:
        return _Reader(names_of(variant), words, kind, *lookups).order()
    except OrderSyntaxError:
        if not power or not words[power:]:
            raise
    # A power named like a province ("Wei: A WEI - COU"): the line was not an order with the
    # province first, so it is the power's name.
    return _Reader(names_of(variant), words[power:], kind, *lookups).order()


def _power_prefix(variant: Variant, words: Sequence[str]) -> int:
    """How many of the first ``words`` name a power ("england", or "ch in" for Ch'in); 0 if none."""
    for spelt in names_of(variant).powers:
        if tuple(words[: len(spelt)]) == spelt:
            return len(spelt)
    return 0


def _spells_province(variant: Variant, words: Sequence[str]) -> bool:
    """Whether the line starts with a province's name (a power may be named like one)."""
    return names_of(variant).match(words, 0) is not None


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


@dataclass(frozen=True)
class MailLine:
    """One non-blank line of a mail: a canonical order and its key, or an error and a hint."""

    line: int
    text: str
    order: str | None = None
    key: str | None = None
    error: str | None = None
    hint: str | None = None
    note: str | None = None


_PHASE_ORDERS = {
    PhaseKind.MOVEMENT: (Hold, Move, SupportHold, SupportMove, Convoy),
    PhaseKind.RETREATS: (Retreat, Disband),
    PhaseKind.ADJUSTMENTS: (Build, Disband, Waive),
}


def read_mail(
    variant: Variant,
    board: Board,
    kind: PhaseKind,
    power: str,
    text: str,
    phase_label: str = "",
    neutrals: Collection[str] = (),
) -> list[MailLine]:
    """Every non-blank line of a player's mail, read and checked against the game. Orders for the
    units (and build sites) of ``neutrals`` are taken as the player's votes on them."""
    checker = _Checker(variant, board, kind, power, phase_label or f"the {kind.word} phase", neutrals)
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if raw.strip():
            lines.append(checker.line(number, raw.strip()))
    return lines


class _Checker:
    """Checks each order of one mail against the game, remembering the mail's earlier lines."""

    def __init__(
        self,
        variant: Variant,
        board: Board,
        kind: PhaseKind,
        power: str,
        label: str,
        neutrals: Collection[str] = (),
    ) -> None:
        self.variant = variant
        self.board = board
        self.kind = kind
        self.power = power
        self.label = label
        self.neutrals = frozenset(neutrals) - {power}
        self.ledger = Ledger(variant, board)
        self.seen: dict[str, int] = {}
        self.waives = 0

    def line(self, number: int, text: str) -> MailLine:
        try:
            order = read_order(self.variant, text, self.kind, self.board)
        except OrderSyntaxError as error:
            return MailLine(number, text, error=_sentence(str(error)), hint=_sentence(error.hint))
        try:
            canonical, note = self.check(order)
        except IllegalOrder as error:
            hint = self.hint_for(order, error)
            return MailLine(number, text, error=_sentence(str(error)), hint=_sentence(hint))
        if isinstance(canonical, Waive):
            self.waives += 1
            key = f"waive-{self.waives}"
        else:
            key = canonical.key()
            if key in self.seen:
                note = _join(note, f"replaces your order on line {self.seen[key]}")
            self.seen[key] = number
        return MailLine(number, text, order=str(canonical), key=key, note=_sentence(note))

    def check(self, order: Order) -> tuple[Order, str | None]:
        """The canonical order, and a note if it was corrected; IllegalOrder if refused."""
        kinds = _PHASE_ORDERS[self.kind]
        if not isinstance(order, kinds):
            raise IllegalOrder(f"'{order}' is not an order for {self.label}", reason="wrong phase")
        if self.kind is PhaseKind.ADJUSTMENTS:
            return self.adjustment(order)
        assert isinstance(order, UnitOrder)
        if self.kind is PhaseKind.RETREATS:
            return self.retreat(order)
        unit = self.board.units.get(order.province)
        if unit is None or (unit.power != self.power and unit.power not in self.neutrals):
            raise IllegalOrder(self.not_yours(order.province, unit is not None))
        note = _join_notes(self.type_note(order, unit.type), self.vote_note(unit.power))
        assert isinstance(order, (Hold, Move, SupportHold, SupportMove, Convoy))
        return order.normalize(self.variant, self.board), note

    def retreat(self, order: UnitOrder) -> tuple[Order, str | None]:
        dislodged = next((d for d in self.board.dislodged if d.unit.province == order.province), None)
        if dislodged is None or (
            dislodged.unit.power != self.power and dislodged.unit.power not in self.neutrals
        ):
            mine = [str(d.unit) for d in self.board.dislodged if d.unit.power == self.power]
            raise IllegalOrder(
                f"no unit of yours was dislodged from {self.name(order.province)}; "
                + (f"yours to retreat: {', '.join(mine)}" if mine else "none of your units must retreat")
            )
        note = _join_notes(self.type_note(order, dislodged.unit.type), self.vote_note(dislodged.unit.power))
        unit = dislodged.unit
        if isinstance(order, Disband):
            return Disband(unit.type, unit.location), note
        assert isinstance(order, Retreat)
        return order.normalize(self.variant, dislodged), note

    def adjustment(self, order: Order) -> tuple[Order, str | None]:
        # Whose adjustment this is: the player's own, or a neutral's they vote on.
        power = self.power
        if isinstance(order, Disband) and order.province in self.board.units:
            unit = self.board.units[order.province]
            if unit.power == self.power or unit.power in self.neutrals:
                order = Disband(unit.type, unit.location)
                power = unit.power
        elif isinstance(order, Build) and self.board.centres.get(order.province) in self.neutrals:
            power = self.board.centres[order.province]
        reason = self.ledger.apply(power, order)
        if reason is not None:
            raise IllegalOrder(self.adjustment_message(order, reason, power), reason)
        return order, self.vote_note(power)

    def adjustment_message(self, order: Order, reason: str, power: str) -> str:
        due = adjustments_due(self.variant, self.board).get(power, 0)
        who = "you" if power == self.power else power
        if reason in ("too many builds", "no builds due"):
            return f"'{order}': {who} {'have' if who == 'you' else 'has'} {max(due, 0)} build(s) this winter"
        if reason in ("too many disbands", "no removals due"):
            return f"'{order}': {who} must remove {max(-due, 0)} unit(s) this winter"
        if reason in ("no such unit", "not own unit"):
            assert isinstance(order, UnitOrder)
            return self.not_yours(order.province, reason == "not own unit")
        return f"'{order}': {REASONS.get(reason, reason)}"

    def hint_for(self, order: Order, error: IllegalOrder) -> str | None:
        """How to put right an order the rules refused."""
        if error.reason == "wrong phase":
            return f"orders now are like {EXAMPLES[self.kind]}"
        if isinstance(order, Move) and self.kind is PhaseKind.MOVEMENT:
            unit = self.board.units.get(order.province)
            if unit is not None and unit.power == self.power:
                game_map = self.variant.map
                if unit.type is UnitType.ARMY:
                    reach = sorted(game_map.army_borders.get(unit.province, ()))
                else:
                    reach = sorted(game_map.fleet_borders.get(unit.location, ()))
                return f"{unit} can move to {', '.join(reach)}"
        if self.kind is PhaseKind.ADJUSTMENTS and error.reason in (
            "not a home supply center",
            "home supply center not owned",
            "province occupied",
            "not an owned supply center",
            "not in the placement area",
            "second build in the same province",
        ):
            sites = vacant_build_sites(self.variant, self.power, self.board)
            return f"you can build in: {', '.join(sites)}" if sites else "you have nowhere to build"
        if error.reason == "coast not specified":
            return "add the coast, like F MAO - SPA/NC"
        return None

    def not_yours(self, province: str, occupied: bool) -> str:
        mine = ", ".join(str(u) for u in self.board.units_of(self.power)) or "none"
        if occupied:
            owner = self.board.units[province].power
            return f"the unit in {self.name(province)} belongs to {owner}; your units: {mine}"
        return f"you have no unit in {self.name(province)}; your units: {mine}"

    def vote_note(self, power: str) -> str | None:
        """What a player is told about an order for a neutral's unit: that it is a vote."""
        if power == self.power:
            return None
        return f"your vote for neutral {power}: carried only if most players, with most units, send it"

    def type_note(self, order: UnitOrder, actual: UnitType) -> str | None:
        if order.unit_type is actual:
            return None
        what = "an army" if actual is UnitType.ARMY else "a fleet"
        return f"{self.name(order.province)} holds {what}"

    def name(self, province: str) -> str:
        return self.variant.map.provinces[province].name


def _sentence(text: str | None) -> str | None:
    """Player-facing text starts with a capital letter."""
    return text[:1].upper() + text[1:] if text else text


def _join(first: str | None, second: str) -> str:
    return f"{first}; {second}" if first else second


def _join_notes(first: str | None, second: str | None) -> str | None:
    return _join(first, second) if second else first
