"""Invoke, the card game of mages, played by mail (rulebook: shared/rules/invoke.txt).

2 to 10 mages play in turns. Each turn is one phase: the mage whose turn it is
sends their whole turn (repairs, invocations as card sequences, discards) in one
mail; everyone may meanwhile change their standing REFILL choice and their
standing counters, the by-mail form of out-of-turn play.

Phases: ``SETUP`` first, unless the config gives every mage's starting split (option
``draw``), then ids ``T1``, ``T2``... (one per turn, unique over the game), then ``END``.
Deadline kinds (a game's config gives each a duration):

* ``setup``: the mages whose split the config does not give choose how to draw their
  starting hand (``DRAW 3 Thaumaturgy, 3 Manifest, 1 Focus``); ``acting`` are those mages;

* ``turn``: a mage's turn; ``acting`` is that mage, ``may_order`` every mage
  still in the game (counters and REFILL choices);
* ``over``: the game has ended; nobody orders.

The modules, one concept each: ``cards`` (the card sets, YAML in
``variants/``), ``state`` (the table and its JSON form), ``notation`` (words to
cards), ``reading`` (what a sequence means), ``orders`` (mail lines), and the
resolution of each kind of action: ``strikes``, ``relocation``, ``walls``,
``manifest``, ``alteration``, ``chaos``, ``drawing``; ``casting`` (one
invocation with its counters) and ``turn`` (the order of a turn), ``ending``
(damage, ghosts, the end), ``setup``, ``visibility`` (views and hidden facts).
Every open point of the rulebook is decided in RULINGS.md.
"""

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
    cards = True
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
        notices = [e["secret"] for e in turn.events if e["kind"] == "ignored"]
        return Adjudication(state=game, events=turn.events, notices=notices)

    def view(self, state: Game, events: Sequence[Mapping[str, Any]], viewer: str) -> dict[str, Any]:
        return visibility.view(state, events, viewer)

    def hidden_facts(self, state: Game, events: Sequence[Mapping[str, Any]], viewer: str) -> list[str]:
        return visibility.hidden_facts(state, events, viewer)


ruleset = InvokeRuleset()
