"""The Generals behind pbem's Ruleset interface: phases, seats, and which module answers each question."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.ruleset import Adjudication, OrderLine, Phase, Ruleset, SetupError
from pbem.rulesets.generals import setup, state, turn, view, visibility
from pbem.rulesets.generals.parse import order_words, read_mail
from pbem.rulesets.generals.world import world

TURN = "turn"


class Generals(Ruleset):
    name = "generals"
    one_order_per_key = True  # a general has one action: the last line for it stands
    state_type = state.State

    def variants(self) -> list[str]:
        return list(world().variants)

    def start(
        self, variant: str, powers: Sequence[str], options: Mapping[str, Any], seed: int
    ) -> state.State:
        return setup.start(variant, powers, options, seed)

    def seat_names(self, variant: str, options: Mapping[str, Any], seats: int | None) -> list[str]:
        """The scenario's powers: every one is played."""
        known = world().variants
        if variant not in known:
            raise SetupError(f"unknown variant {variant!r} of generals; known: {', '.join(known)}")
        powers = list(known[variant].powers)
        if seats is not None and seats != len(powers):
            raise SetupError(f"the {variant} scenario is played by {len(powers)} players, not {seats}")
        return powers

    def phase(self, game: state.State) -> Phase:
        alive = game.alive()
        if game.over:
            return Phase(
                "END",
                "Game over",
                TURN,
                (),
                (),
                over=True,
                result=game.result,
                winners=game.winners,
                survivors=alive,
            )
        return Phase(f"T{game.turn}", f"Turn {game.turn} of {game.last_turn}", TURN, alive, alive)

    def parse_orders(self, game: state.State, power: str, text: str) -> list[OrderLine]:
        return read_mail(game, power, text)

    def order_words(self, game: state.State) -> frozenset[str]:
        return order_words(game)

    def default_orders(self, game: state.State, power: str) -> list[str]:
        return turn.default_orders(game, power)

    def missing(self, game: state.State, power: str, orders: Sequence[str]) -> list[str]:
        """The generals still without an action, by name."""
        return turn.without_action(game, power, orders)

    def adjudicate(self, game: state.State, orders: Mapping[str, Sequence[str]], seed: int) -> Adjudication:
        return turn.resolve(game, orders, seed)

    def view(self, game: state.State, events: Sequence[Mapping[str, Any]], viewer: str) -> dict[str, Any]:
        return view.view(game, events, viewer)

    def hidden_facts(self, game: state.State, events: Sequence[Mapping[str, Any]], viewer: str) -> list[str]:
        return visibility.hidden_facts(game, events, viewer)


ruleset = Generals()
