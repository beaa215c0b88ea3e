"""Invincible! behind pbem's Ruleset interface: the two phases of a turn, khans' aliases, and the one
option a referee may change during play."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from pbem.ruleset import Adjudication, OrderLine, Phase, Ruleset, SetupError

from . import mail, setup, turn, visibility
from .data import VARIANTS
from .state import ACTIONS, DECLARATIONS, OVER, Game


class Invincible(Ruleset):
    """The Invincible! ruleset behind pbem's interface."""

    name = "invincible"
    cards = True  # HELP CARDS lists the card set
    state_type = Game

    def variants(self) -> list[str]:
        return sorted(VARIANTS)

    def start(self, variant: str, powers: Sequence[str], options: Mapping[str, Any], seed: int) -> Game:
        return setup.start(variant, powers, options, seed)

    def phase(self, state: Game) -> Phase:
        if state.step == OVER:
            return Phase(
                id=f"T{state.turn}-over",
                label=f"Turn {state.turn}: the game is over",
                kind=OVER,
                acting=(),
                may_order=(),
                over=True,
                result=state.result,
                winners=state.winners,
                survivors=state.in_game(),
            )
        everyone = state.order_of_play()
        declaring = state.step == DECLARATIONS
        return Phase(
            id=f"T{state.turn}-{state.step}",
            label=f"Turn {state.turn} {'declarations' if declaring else 'actions'}",
            kind=state.step,
            # Declaring is optional: nobody is reminded or counted missing, and the
            # phase runs to its deadline or until every khan is READY.
            acting=() if declaring else everyone,
            may_order=everyone,
        )

    def order_words(self, state: Game) -> frozenset[str]:
        return mail.order_words(state)

    def parse_orders(self, state: Game, power: str, text: str) -> list[OrderLine]:
        return mail.parse_orders(state, power, text)

    def default_orders(self, state: Game, power: str) -> list[str]:
        return ["PASS"] if state.step == ACTIONS else []

    def adjudicate(self, state: Game, orders: Mapping[str, Sequence[str]], seed: int) -> Adjudication:
        if state.step == OVER:
            raise ValueError("the game is over: there is nothing to adjudicate")
        return turn.adjudicate(state, orders, seed)

    def view(self, state: Game, events: Sequence[Mapping[str, Any]], viewer: str) -> dict[str, Any]:
        return visibility.view(state, events, viewer)

    def hidden_facts(self, state: Game, events: Sequence[Mapping[str, Any]], viewer: str) -> list[str]:
        return visibility.hidden_facts(state, events, viewer)

    def power_aliases(self, state: Game) -> dict[str, str]:
        """A khan's card name and its other spellings, as PRESS TO may name him (RULINGS.md 40)."""
        cards = {card.name: card for card in VARIANTS[state.variant].cards}
        aliases: dict[str, str] = {}
        for khan in state.khans:
            card = cards.get(khan.card)
            for name in (khan.card, *(card.aliases if card else ())):
                aliases.setdefault(name, khan.power)
        return aliases

    def set_option(self, state: Game, name: str, value: str) -> tuple[Game, str]:
        """``OPTION declarations on|off``: from the next turn, so a turn never loses the opening
        its declarations phase held (offers answered, the Horde Feast) half-way (ruling 34)."""
        if name.lower() != "declarations":
            raise SetupError(f"a referee can change only the option declarations during play, not {name!r}")
        switch = {"on": True, "true": True, "yes": True, "off": False, "false": False, "no": False}
        if value.lower() not in switch:
            raise SetupError(f"write it as: OPTION declarations on (or off), not {value!r}")
        if state.step == OVER:
            raise SetupError("the game is over")
        wanted = switch[value.lower()]
        options = replace(state.options, declarations_next_turn=wanted)
        when = f"from turn {state.turn + 1}"
        return replace(state, options=options), f"declarations phases {'on' if wanted else 'off'} {when}"


ruleset = Invincible()

__all__ = ["Invincible", "ruleset"]
