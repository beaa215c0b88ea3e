"""Diplomacy behind pbem's Ruleset interface: seats, the start, phases, reading mail and adjudication,
each through the variant's rules bound to the game's state."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...ruleset import Adjudication, OrderLine, Phase, Ruleset, SetupError
from .core import GameState, board_of, parse_unit
from .parser import read_mail
from .phases import acting, run_phase, still_to_order
from .reading import order_words
from .state import dump_state, load_state
from .variant import Variant, load_variant, variant_names
from .views import build_view, shown


class DiplomacyRuleset(Ruleset):
    """Diplomacy behind the pbem ruleset interface."""

    name = "diplomacy"
    one_order_per_key = True  # a unit has one order: the last line for it stands

    def variants(self) -> list[str]:
        return variant_names()

    def shown_order(self, state: GameState, order: str) -> str:
        """A build or removal as it is written: "Build A BER", not the stored "A BER B"."""
        return shown(order, state.turn.kind.word)

    def seat_names(self, variant: str, options: Mapping[str, Any], seats: int | None) -> list[str]:
        """The variant's player powers; with ``seats`` one fewer for each optional player (Mandate of
        Heaven's nomads left neutral), those left out."""
        try:
            rules = load_variant(variant)
        except ValueError as error:
            raise SetupError(str(error)) from None
        powers = rules.player_powers()
        if seats is None or seats == len(powers):
            return powers
        optional = rules.optional_players()
        if len(powers) - len(optional) <= seats < len(powers):
            left_out = optional[: len(powers) - seats]
            return [power for power in powers if power not in left_out]
        least = len(powers) - len(optional)
        counts = f"{least} to {len(powers)}" if optional else str(len(powers))
        raise SetupError(f"the {variant} variant is played by {counts} players, not {seats}")

    def start(self, variant: str, powers: Sequence[str], options: Mapping[str, Any], seed: int) -> GameState:
        """The 1901 start (or the variant's). Options are not used; nothing is random."""
        try:
            rules = load_variant(variant)
        except ValueError as error:
            raise SetupError(str(error)) from None
        expected = rules.player_powers()
        missing = [p for p in expected if p not in powers and p not in rules.optional_players()]
        extra = [p for p in powers if p not in expected]
        if missing or extra or len(set(powers)) != len(powers):
            problems = []
            if missing:
                problems.append(f"missing {', '.join(missing)}")
            if extra:
                problems.append(f"not powers of this map: {', '.join(extra)}")
            if len(set(powers)) != len(powers):
                problems.append("a power is listed twice")
            raise SetupError(
                f"the {variant} variant is played by exactly {', '.join(expected)}: " + "; ".join(problems)
            )
        start = rules.map.start
        units = [parse_unit(power, text) for power, texts in start.units.items() for text in texts]
        centres = {p: power for power, owned in start.centres.items() for p in owned}
        return GameState(rules.name, rules.first_turn(), board_of(units, centres), tuple(powers))

    def phase(self, state: GameState) -> Phase:
        rules = _rules(state)
        who = tuple(acting(rules, state))
        voters = rules.voters(state)
        survivors = tuple(rules.survivors(state))
        result = ""
        if state.winner is not None:
            count = rules.victory_count(state.winner, state.board)
            result = f"{state.winner} wins with {count} supply centres."
        return Phase(
            id=rules.phase_id(state.turn),
            label=rules.phase_label(state.turn),
            kind=state.turn.kind.word,
            acting=who,
            may_order=tuple(power for power in state.powers if power in who or power in voters),
            over=state.over,
            result=result,
            winners=(state.winner,) if state.winner else (),
            survivors=survivors,
        )

    def parse_orders(self, state: GameState, power: str, text: str) -> list[OrderLine]:
        rules = _rules(state)
        if state.over:
            return _refuse_all(text, "the game is over: no more orders")
        if power not in rules.powers():
            return _refuse_all(text, f"{power} is not a power of this game")
        label = rules.phase_label(state.turn)
        return read_mail(rules, state.board, state.turn.kind, power, text, label, rules.neutrals(state))

    def order_words(self, state: GameState) -> frozenset[str]:
        return order_words(_rules(state))

    def missing(self, state: GameState, power: str, orders: Sequence[str]) -> list[str]:
        """The units still without an order (or "2 builds (or WAIVE)", "1 removal")."""
        return still_to_order(_rules(state), state, power, orders)

    def holdings(self, state: GameState, power: str) -> str:
        """The power's units and supply centres, public on the board."""
        units = ", ".join(sorted(str(unit) for unit in state.board.units_of(power))) or "no units"
        centres = " ".join(sorted(state.board.centres_of(power)))
        return f"{units} - supply centres {centres or 'none'}"

    def standing(self, state: GameState) -> dict[str, str]:
        """Supply centres owned, per power: public on the board."""
        counts = {power: len(state.board.centres_of(power)) for power in state.powers}
        return {power: f"{count} supply centre{'' if count == 1 else 's'}" for power, count in counts.items()}

    def default_orders(self, state: GameState, power: str) -> list[str]:
        """None: units hold, dislodged units disband, civil disorder removes (in adjudicate)."""
        return []

    def adjudicate(self, state: GameState, orders: Mapping[str, Sequence[str]], seed: int) -> Adjudication:
        rules = _rules(state)
        next_state, events = run_phase(rules, state, orders)
        notices = [
            f"{event['power']} has won with {event['centres']} supply centres."
            for event in events
            if event.get("type") == "victory"
        ]
        return Adjudication(next_state, events, notices + rules.notices(events))

    def view(self, state: GameState, events: Sequence[Mapping[str, Any]], viewer: str) -> dict[str, Any]:
        rules = _rules(state)
        return build_view(rules, state, events) | rules.view_extras(state, events, viewer)

    def hidden_facts(self, state: GameState, events: Sequence[Mapping[str, Any]], viewer: str) -> list[str]:
        """What the variant keeps secret (neutral votes); in the standard rules nothing: the board
        and adjudicated orders are public, and the service guards press."""
        return _rules(state).hidden_facts(state, events, viewer)

    def dump_state(self, state: GameState) -> dict[str, Any]:
        return dump_state(load_variant(state.variant), state)

    def load_state(self, data: Mapping[str, Any]) -> GameState:
        return load_state(data)


def _rules(state: GameState) -> Variant:
    """The rules of ``state``'s variant, as they stand in that state."""
    return load_variant(state.variant).for_game(state)


def _refuse_all(text: str, error: str) -> list[OrderLine]:
    return [
        OrderLine(line=n, text=line.strip(), error=error)
        for n, line in enumerate(text.splitlines(), start=1)
        if line.strip()
    ]


ruleset = DiplomacyRuleset()
