"""Invoke behind pbem's Ruleset interface: its phases (setup, a mage's turn, over), what a mage still
owes, and a turn played from the orders of the mail."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pbem.ruleset import Adjudication, OrderLine, Phase, Ruleset

from . import setup, visibility
from .cards import VARIANTS
from .orders import KEYWORDS, parse_mail
from .state import Game
from .table import Turn, cardset
from .turn import play_turn

#: canonical orders that are not the turn's invocations (orders.py writes them so)
STANDING = ("REFILL ", "IF ", "NO COUNTERS", "REPAIR ", "DISCARD ")


class InvokeRuleset(Ruleset):
    name = "invoke"
    cards = True  # HELP CARDS lists the card set
    state_type = Game

    def variants(self) -> list[str]:
        return sorted(VARIANTS)

    def start(self, variant: str, powers: Sequence[str], options: Mapping[str, Any], seed: int) -> Game:
        return setup.start(variant, powers, options, seed)

    def phase(self, state: Game) -> Phase:
        if state.over:
            return Phase(
                id="END",
                label="Game over",
                kind="over",
                acting=(),
                may_order=(),
                over=True,
                result=state.result,
                winners=tuple(state.winners),
                survivors=tuple(state.in_game()),
            )
        if state.setup:
            return Phase(
                id="SETUP",
                label="Before turn 1: the mages choose their starting hands",
                kind="setup",
                acting=tuple(setup.choosing(state)),
                may_order=tuple(state.in_game()),
            )
        return Phase(
            id=f"T{state.turn}",
            label=f"Turn {state.turn} ({state.round_text()}): {state.current} to play",
            kind="turn",
            acting=(state.current,),
            may_order=tuple(state.in_game()),
        )

    def parse_orders(self, state: Game, power: str, text: str) -> list[OrderLine]:
        lines = parse_mail(state, power, text)
        return setup.setup_lines(state, lines) if state.setup else lines

    def order_words(self, state: Game) -> frozenset[str]:
        """The cards' names, the order words and the mages."""
        names = [*cardset(state).cards, *KEYWORDS, *state.mages]
        return frozenset(name.lower() for name in names)

    def standing(self, state: Game) -> dict[str, str]:
        """Power gems held, per mage: on the table for all to see."""
        mages = state.mages.items()
        return {name: f"{mage.gems} power gem{'' if mage.gems == 1 else 's'}" for name, mage in mages}

    def default_orders(self, state: Game, power: str) -> list[str]:
        """A mage who sends nothing casts nothing (and so discards two); others keep
        their standing orders."""
        return ["PASS"] if power == state.current and not state.over and not state.setup else []

    def missing(self, state: Game, power: str, orders: Sequence[str]) -> list[str]:
        """The mage whose turn it is still owes invocations (or PASS) until they send some;
        REFILL, counters, REPAIR and DISCARD alone do not make a turn."""
        if state.setup:
            if power not in setup.choosing(state) or any(order.startswith("REFILL ") for order in orders):
                return []
            return [f"your starting hand (DRAW {setup.default_split(cardset(state))}, or your split)"]
        if state.over or power != state.current:
            return []
        if any(not order.startswith(STANDING) for order in orders):
            return []
        return ["your invocations for this turn (or PASS)"]

    def adjudicate(self, state: Game, orders: Mapping[str, Sequence[str]], seed: int) -> Adjudication:
        if state.over:
            return Adjudication(state=state, events=[], notices=["The game is already over."])
        if state.setup:
            dealt, events = setup.deal_by_mail(state, orders)
            return Adjudication(state=dealt, events=events)
        game = state.copy()
        turn = Turn(game, cardset(game), random.Random(seed))
        play_turn(turn, orders)
        # the end is no notice: the referee's report of the last turn tells it, and a notice
        # reaches him as "the rules need you" (RULINGS.md 36)
        return Adjudication(state=game, events=turn.events, notices=turn.notices)

    def view(self, state: Game, events: Sequence[Mapping[str, Any]], viewer: str) -> dict[str, Any]:
        return visibility.view(state, events, viewer)

    def hidden_facts(self, state: Game, events: Sequence[Mapping[str, Any]], viewer: str) -> list[str]:
        return visibility.hidden_facts(state, events, viewer)


ruleset = InvokeRuleset()
