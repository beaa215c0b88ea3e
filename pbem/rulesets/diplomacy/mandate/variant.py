"""The Mandate of Heaven variant: the standard engine's hooks answered by the rules of this package's
modules (calendar, nomads, votes, cornered units, river convoys)."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from ....ruleset import REFEREE
from ..core import Board, GameState, PhaseKind, Turn, Unit, UnitType
from ..maps import Map, MapError
from ..rules import Decisions
from ..variant import Event, Variant
from . import votes
from .calendar import Calendar
from .cornered import cornered, cornered_units
from .nomads import Nomads, exhausted, melted, placed


class MandateOfHeaven(Variant):
    """The Mandate of Heaven rules; ``for_game`` binds them to one game's state."""

    def __init__(self, game_map: Map) -> None:
        super().__init__(game_map)
        source = f"{game_map.name}.yaml"
        self.calendar = Calendar.read(game_map.extra.get("calendar"), source)
        self.nomads = Nomads.read(game_map, source)
        self.rivers = _rivers(game_map, source)
        settings = game_map.extra.get("neutral_votes")
        if not isinstance(settings, Mapping) or not isinstance(settings.get("activation_centres"), int):
            raise MapError(f"{source}: neutral_votes: needs activation_centres: <centres>")
        self.activation_centres: int = settings["activation_centres"]
        #: the game these rules are bound to (None: a bare board, as in ``pbem adjudicate``)
        self.state: GameState | None = None

    def for_game(self, state: GameState) -> MandateOfHeaven:
        bound = copy.copy(self)
        bound.state = state
        return bound

    # --- calendar --------------------------------------------------------------
    def year_name(self, year: int) -> str:
        return self.calendar.year_name(year)

    def phase_id(self, turn: Turn) -> str:
        return self.calendar.phase_id(turn)

    def parse_phase_id(self, text: str) -> Turn:
        return self.calendar.parse_phase_id(text)

    # --- rule 2: the Hsiung-Nu ---------------------------------------------------
    def adjustment(self, power: str, board: Board) -> int:
        if power != self.nomads.power:
            return super().adjustment(power, board)
        extra = self.state.extra if self.state else {}
        centres = len(board.centres_of(power))
        spent = exhausted(extra)
        due = self.nomads.allowance(centres, melted(extra), spent) - len(board.units_of(power))
        more = None if spent else self.nomads.new_armies(centres, placed(extra))
        return min(due, more) if due > 0 and more is not None else due

    def optional_players(self) -> list[str]:
        """The Hsiung-Nu may be left without a player: the seven Chinese powers play, and the
        nomads are a neutral power whose armies every player votes on (rule 3)."""
        return [self.nomads.power]

    def remembered(self, state: GameState, events: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """The game's memory after a phase: how many armies the nomads have placed."""
        extra = dict(state.extra)
        count = sum(
            1
            for event in events
            if event.get("type") == "adjustments"
            for unit in event["built"]
            if unit["power"] == self.nomads.power
        )
        if count:
            extra["placed"] = placed(extra) + count
        return extra

    def build_sites(self, power: str, board: Board) -> list[str]:
        if power == self.nomads.power:
            return self.nomads.build_sites(board, self._exhausted())
        return super().build_sites(power, board)

    def _exhausted(self) -> bool:
        return exhausted(self.state.extra if self.state else {})

    def builder(self, board: Board, province: str) -> str | None:
        """A build in the steppe and desert is the nomads' (a vote, when they are neutral)."""
        if province in self.nomads.placement_area:
            return self.nomads.power
        return super().builder(board, province)

    def build_site_refusal(self, power: str, board: Board, province: str) -> str:
        if power == self.nomads.power and self.nomads.in_placement_area(board, self._exhausted()):
            return "not in the placement area"
        return super().build_site_refusal(power, board, province)

    # --- rule 4: cornered last units ----------------------------------------------
    def defence_bonus(self, movement: Decisions, unit: Unit) -> int:
        players = self.state.powers if self.state else self.player_powers()
        return 1 if unit.province in cornered(self, movement, players) else 0

    # --- rule 6: river convoys ------------------------------------------------------
    def convoy_holds(self, movement: Decisions, province: str) -> bool:
        """A river fleet's convoy fails if a fleet of another power attacks it, whether the attack
        succeeds or not; an army's attack must dislodge it (as at sea)."""
        if province in self.rivers:
            fleet = movement.units[province]
            for origin in movement.moves_into.get(province, ()):
                attacker = movement.units[origin]
                if attacker.type is UnitType.FLEET and attacker.power != fleet.power:
                    return False
        return super().convoy_holds(movement, province)

    # --- rule 3: neutral votes, and who plays -----------------------------------------
    def survivors(self, state: GameState) -> list[str]:
        """Players with units or centres, and the nomads while they may still place armies."""
        alive = set(super().survivors(state))
        nomads = self.nomads.power
        if nomads in state.powers and self.for_game(state).adjustment(nomads, state.board) > 0:
            alive.add(nomads)
        return [power for power in state.powers if power in alive]

    def neutrals(self, state: GameState) -> frozenset[str]:
        """The powers nobody plays: the map's neutrals not yet activated, and the Hsiung-Nu in a game
        of the seven Chinese powers."""
        return frozenset(self.map.powers) - set(state.powers)

    def voters(self, state: GameState) -> list[str]:
        if state.over or not votes.due(self, state, self.neutrals(state)):
            return []
        return self.survivors(state)

    def orders_in_effect(
        self, state: GameState, orders: Mapping[str, Sequence[str]]
    ) -> tuple[dict[str, list[str]], list[Event]]:
        """The orders once the neutrals' votes are counted; with the votes, the units rule 4
        corners in a movement phase (the ``cornered`` event reports print)."""
        own, event = votes.count(self, state, orders, self.neutrals(state), self.survivors(state))
        events = [event] if event else []
        if state.turn.kind is PhaseKind.MOVEMENT:
            trapped = cornered_units(self, state.board, own, state.powers)
            events += [trapped | {"phase": self.phase_id(state.turn)}] if trapped else []
        return own, events

    def centres_changed(self, state: GameState) -> tuple[GameState, list[Event]]:
        """At the end of a year: the nomads may melt away (rule 2), a neutral grown to three
        centres becomes a player power (rule 3)."""
        events: list[Event] = []
        extra = dict(state.extra)
        board = state.board
        if self.nomads.melts(state.turn.year, board):
            extra["melted"] = melted(extra) + 1
            events.append(
                {
                    "type": "melting",
                    "power": self.nomads.power,
                    "year": self.year_name(state.turn.year),
                    "centres": len(board.centres_of(self.nomads.power)),
                    "melted": extra["melted"],
                }
            )
        if len(board.centres_of(self.nomads.power)) >= self.nomads.limit and not exhausted(extra):
            extra["exhausted"] = True  # "once the 6 SCs are reached, the nomad population is exhausted"
            events.append(
                {"type": "exhausted", "power": self.nomads.power, "year": self.year_name(state.turn.year)}
            )
        powers = state.powers
        out = [power for power in state.powers if power not in self.survivors(state)]
        for power in sorted(self.neutrals(state)):
            centres = len(board.centres_of(power))
            if centres >= self.activation_centres:
                powers = (*powers, power)
                events.append(
                    {
                        "type": "activated",
                        "power": power,
                        "centres": centres,
                        "year": self.year_name(state.turn.year),
                        "eliminated": out,
                    }
                )
        return GameState(state.variant, state.turn, board, powers, state.winner, extra), events

    def notices(self, events: Sequence[Mapping[str, Any]]) -> list[str]:
        return [
            f"{event['power']} has grown to {event['centres']} supply centres and is activated "
            "(Mandate of Heaven, rule 3): it is now a player power, without a player. Find a new "
            f"player for it and send REPLACE {event['power']} <address> with your referee sign-on. "
            "Players already in the game may not take it"
            + (f"; eliminated so far: {', '.join(event['eliminated'])}." if event["eliminated"] else ".")
            for event in events
            if event.get("type") == "activated"
        ]

    # --- what each viewer sees ------------------------------------------------------------
    def view_extras(
        self, state: GameState, events: Sequence[Mapping[str, Any]], viewer: str
    ) -> dict[str, Any]:
        phases = [e["phase"] for e in events if "phase" in e and "label" in e]
        zodiac = {phase: self.calendar.sign(self.parse_phase_id(phase).year) for phase in phases}
        zodiac[self.phase_id(state.turn)] = self.calendar.sign(state.turn.year)
        names = self.map.provinces
        return {
            "mandate": {
                "zodiac": zodiac,
                "sign": self.calendar.sign(state.turn.year),
                "votes": votes.view(events, viewer, referee=viewer == REFEREE),
                "referee": viewer == REFEREE,
                "activated": [dict(e) for e in events if e.get("type") == "activated"],
                "melting": [dict(e) for e in events if e.get("type") == "melting"],
                "cornered": [unit for e in events if e.get("type") == "cornered" for unit in e["units"]],
                "neutrals": sorted(self.neutrals(state)),
                "not_counted": [f"{names[abbr].name} ({abbr})" for abbr in sorted(self.map.victory_ignores)],
                "nomads": self.nomads.power,
                "placement_area": list(self.nomads.placement_area),
                # for the how-to: the rules a player cannot read off the board
                "melting_years": [
                    {"year": self.year_name(m.year), "fewer_than": m.fewer_than} for m in self.nomads.melting
                ],
                "activation_centres": self.activation_centres,
                "rivers": {
                    river: [f"{names[abbr].name} ({abbr})" for abbr in provinces]
                    for river, provinces in self.map.extra["rivers"].items()
                },
            }
        }

    def hidden_facts(self, state: GameState, events: Sequence[Mapping[str, Any]], viewer: str) -> list[str]:
        """The other players' neutral votes, as the referee's report prints them."""
        return [] if viewer == REFEREE else votes.hidden(events, viewer)


def _rivers(game_map: Map, source: str) -> frozenset[str]:
    """The river provinces of the ``rivers`` entry, checked: each a coast province where fleets
    convoy, each bordering the next by fleet."""
    data = game_map.extra.get("rivers")
    if not isinstance(data, Mapping) or not data:
        raise MapError(f"{source}: rivers: list each river's provinces, upstream first")
    found: set[str] = set()
    for river, provinces in data.items():
        for index, abbr in enumerate(provinces):
            province = game_map.provinces.get(abbr)
            if province is None or province.type != "coast" or not province.convoys:
                raise MapError(
                    f"{source}: rivers: {river}: {abbr} must be a coast province with convoys: true"
                )
            if index and provinces[index - 1] not in game_map.sea_borders(abbr):
                raise MapError(
                    f"{source}: rivers: {river}: fleets cannot sail from {provinces[index - 1]} to {abbr}"
                )
            found.add(abbr)
    others = [
        p.abbr for p in game_map.provinces.values() if p.convoys and p.type != "sea" and p.abbr not in found
    ]
    if others:
        raise MapError(f"{source}: rivers: {', '.join(others)} convoy but are on no river")
    return frozenset(found)
