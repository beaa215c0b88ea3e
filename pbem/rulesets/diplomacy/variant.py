"""A variant: a checked map plus the few rules a variant may change, as overridable hooks.

``Variant`` holds the standard rules. A variant file names its rules in
``rules:``; a variant with rules of its own (Mandate of Heaven) registers a
subclass in ``RULES`` and overrides only the hooks it needs. The engine asks the
variant, never the map file, about anything a variant may change: the calendar,
adjustment counts and build sites, convoy disruption, defence strength and
victory; and, around the board, who may order which units (neutral votes),
what happens when supply centres change hands, and what each viewer sees.

Rules that depend on the game and not only on the board (the year, who plays)
are answered by ``for_game(state)``: the variant bound to one state, which the
engine asks for at every entry point. The standard rules return themselves.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from .core import Board, GameState, PhaseKind, Season, Turn, Unit
from .maps import Map, MapError, load_map
from .orders import Notation
from .rules import Decisions

Event = dict[str, Any]

VARIANTS_DIR = Path(__file__).parent / "variants"

#: name in a variant file's ``rules:`` -> "module:Class" of its Variant subclass
RULES: dict[str, str] = {
    "standard": "pbem.rulesets.diplomacy.variant:Variant",
    "mandate_of_heaven": "pbem.rulesets.diplomacy.mandate:MandateOfHeaven",
}

_PHASE_ID = re.compile(r"^([SFW])(\d+)([MRA])$")

#: the order of phases in a game year
_SEQUENCE = (
    (Season.SPRING, PhaseKind.MOVEMENT),
    (Season.SPRING, PhaseKind.RETREATS),
    (Season.FALL, PhaseKind.MOVEMENT),
    (Season.FALL, PhaseKind.RETREATS),
    (Season.WINTER, PhaseKind.ADJUSTMENTS),
)


class Variant:
    """A map and the standard rules; subclasses override hooks for variant rules."""

    def __init__(self, game_map: Map) -> None:
        self.map = game_map
        #: reads this map's orders in canonical notation
        self.notation = Notation(game_map.provinces)
        #: what other modules work out once from the map (the parser's spellings), shared with
        #: the copies ``for_game`` makes
        self.derived: dict[str, Any] = {}

    @property
    def name(self) -> str:
        return self.map.name

    # --- powers -----------------------------------------------------------
    def powers(self) -> list[str]:
        return list(self.map.powers)

    def player_powers(self) -> list[str]:
        """The powers people play; the others (neutrals) still move, ordered some other way."""
        return [p.name for p in self.map.powers.values() if p.player]

    def optional_players(self) -> list[str]:
        """Player powers a game may leave without a player, as neutrals (none here)."""
        return []

    # --- calendar ---------------------------------------------------------
    def year_name(self, year: int) -> str:
        """How a year is written in phase ids and labels (a B.C. calendar overrides this)."""
        return str(year)

    def phase_id(self, turn: Turn) -> str:
        return f"{turn.season.value}{self.year_name(turn.year)}{turn.kind.value}"

    def parse_phase_id(self, text: str) -> Turn:
        """The turn of a phase id such as S1901M; ValueError if it is not one."""
        match = _PHASE_ID.match(text.strip().upper())
        if not match:
            raise ValueError(f"{text!r} is not a phase: write it like S1901M, F1901R or W1901A")
        season, year, kind = match.groups()
        return Turn(int(year), Season(season), PhaseKind(kind))

    def phase_label(self, turn: Turn) -> str:
        return f"{turn.season.word} {self.year_name(turn.year)} {turn.kind.word}"

    def first_turn(self) -> Turn:
        return self.parse_phase_id(self.map.start.phase)

    def next_turn(self, turn: Turn) -> Turn:
        """The phase after ``turn`` in the calendar, whether or not anyone will act in it."""
        index = _SEQUENCE.index((turn.season, turn.kind))
        if index + 1 < len(_SEQUENCE):
            season, kind = _SEQUENCE[index + 1]
            return Turn(turn.year, season, kind)
        season, kind = _SEQUENCE[0]
        return Turn(turn.year + 1, season, kind)

    def centres_change(self, turn: Turn) -> bool:
        """Whether supply centres change hands once this phase (and its retreats) is over."""
        return turn.season is Season.FALL

    # --- adjustments ------------------------------------------------------
    def adjustment(self, power: str, board: Board) -> int:
        """Builds (positive) or removals (negative) due: centres owned minus units."""
        return len(board.centres_of(power)) - len(board.units_of(power))

    def build_sites(self, power: str, board: Board) -> list[str]:
        """Provinces where ``power`` may build if they are vacant: owned home centres by default."""
        owned = board.centres_of(power)
        if self.map.builds == "any":
            return owned
        homes = self.map.powers[power].home_centres if power in self.map.powers else ()
        return [province for province in owned if province in homes]

    def builder(self, board: Board, province: str) -> str | None:
        """The power a build in ``province`` would be for (so a build there for a neutral is a
        vote on the neutral's build): the centre's owner."""
        return board.centres.get(province)

    def build_site_refusal(self, power: str, board: Board, province: str) -> str:
        """Why ``province`` is not one of ``power``'s build sites, as a result's reason."""
        game_map = self.map
        if not game_map.provinces[province].supply_centre:
            return "not an owned supply center"
        homes = game_map.powers[power].home_centres if power in game_map.powers else ()
        if game_map.builds == "home" and province not in homes:
            return "not a home supply center"
        if board.centres.get(province) != power:
            if game_map.builds == "home":
                return "home supply center not owned"
            return "not an owned supply center"
        return "illegal"

    # --- movement ---------------------------------------------------------
    def defence_bonus(self, movement: Decisions, unit: Unit) -> int:
        """Extra strength for a unit defending its province (none in the standard rules)."""
        return 0

    def convoy_holds(self, movement: Decisions, province: str) -> bool:
        """Whether the convoy of the fleet in ``province`` still carries: unless it is dislodged."""
        return not movement.dislodged(province)

    # --- victory ----------------------------------------------------------
    def victory_count(self, power: str, board: Board) -> int:
        ignored = self.map.victory_ignores
        return sum(1 for province in board.centres_of(power) if province not in ignored)

    def winner(self, board: Board) -> str | None:
        """The power that has reached the victory count, if any."""
        counts = {power: self.victory_count(power, board) for power in self.powers()}
        best = max(counts.values(), default=0)
        leaders = [power for power, count in counts.items() if count == best]
        if best >= self.map.victory_centres and len(leaders) == 1:
            return leaders[0]
        return None

    # --- the game around the board -----------------------------------------
    def for_game(self, state: GameState) -> Variant:
        """The rules in force in ``state``: the variant itself, or, for rules that depend on the
        year or on who plays, a copy that knows them."""
        return self

    def survivors(self, state: GameState) -> list[str]:
        """The players still in the game: those with units or supply centres."""
        board = state.board
        return [power for power in state.powers if board.units_of(power) or board.centres_of(power)]

    def neutrals(self, state: GameState) -> frozenset[str]:
        """Powers without a player whose units every player may order, as votes (none here)."""
        return frozenset()

    def voters(self, state: GameState) -> list[str]:
        """The players who may order other powers' units this phase, as votes (none here)."""
        return []

    def orders_in_effect(
        self, state: GameState, orders: Mapping[str, Sequence[str]]
    ) -> tuple[dict[str, list[str]], list[Event]]:
        """What each power's units are ordered to do, from the orders sent, and events saying how:
        the orders as they are here; a variant with neutral votes counts the votes."""
        return {power: list(lines) for power, lines in orders.items()}, []

    def remembered(self, state: GameState, events: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """What the game remembers once ``state``'s phase is decided (its events given): a variant
        may count things in ``extra``; nothing here."""
        return dict(state.extra)

    def centres_changed(self, state: GameState) -> tuple[GameState, list[Event]]:
        """The game once supply centres have changed hands (``state`` has the new owners), with
        events: a variant may seat a new player or mark the end of a year. Nothing here."""
        return state, []

    # --- what each viewer sees -------------------------------------------
    def view_extras(
        self, state: GameState, events: Sequence[Mapping[str, Any]], viewer: str
    ) -> dict[str, Any]:
        """What a variant adds to ``viewer``'s view (votes, a calendar): nothing here."""
        return {}

    def hidden_facts(self, state: GameState, events: Sequence[Mapping[str, Any]], viewer: str) -> list[str]:
        """Strings ``viewer`` must never be sent: nothing is secret in the standard rules."""
        return []

    def notices(self, events: Sequence[Mapping[str, Any]]) -> list[str]:
        """Sentences for the referee about the variant's own events (none here)."""
        return []


def variant_names() -> list[str]:
    return sorted(path.stem for path in VARIANTS_DIR.glob("*.yaml"))


@cache
def load_variant(name: str) -> Variant:
    """The variant called ``name`` (a file in ``variants/``); ValueError lists the known ones."""
    if not re.fullmatch(r"[a-z0-9_]+", name) or not (VARIANTS_DIR / f"{name}.yaml").exists():
        raise ValueError(f"unknown variant {name!r}; known variants: {', '.join(variant_names())}")
    game_map = load_map(VARIANTS_DIR / f"{name}.yaml")
    target = RULES.get(game_map.rules)
    if target is None:
        raise MapError(f"{name}.yaml: rules {game_map.rules!r} are not registered; known: {', '.join(RULES)}")
    module_name, _, attribute = target.partition(":")
    cls = getattr(importlib.import_module(module_name), attribute)
    variant: Variant = cls(game_map)
    return variant
