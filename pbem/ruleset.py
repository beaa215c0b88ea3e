"""The one interface every game implements, and the registry of games by name.

A ruleset is the functional core of a game: it never reads mail, the clock, the
database or a file at play time (loading its own YAML data files when first
imported is fine). The service around it stores what it returns and mails what
its views say. Everything crossing this boundary is plain data:

* a *state* is whatever the ruleset likes; ``dump_state``/``load_state`` turn it
  into JSON-compatible data and back, so the service can archive and replay it;
* *orders* cross as canonical text lines, one per order, exactly as a player
  would write them in the ruleset's own notation ("A PAR - BUR"). The service
  stores them and hands them back to ``adjudicate``, which reads them again;
* *events* are JSON-compatible dicts describing what happened in a phase;
* a *view* is a JSON-compatible dict of what one viewer may see. Templates and
  replies only ever get views, never states.

Viewers are power names, or the two pseudo-viewers ``REFEREE`` (sees
everything) and ``PUBLIC`` (sees what any reader of the game may see).
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import field
from typing import Any

from pbem.frozen import Frozen
from pbem.records import from_plain, to_plain

REFEREE = "REFEREE"
PUBLIC = "PUBLIC"


#: the seats of a card game formed by mail, where players bring no power names of their own
SEAT_NAMES = ("North", "South", "East", "West", "Centre", "Steppe")


class SetupError(ValueError):
    """A game cannot be started as configured; the message says what to change."""


class Phase(Frozen):
    """Where a game stands: what the service needs to run deadlines and NMRs.

    ``acting`` are the powers who must send orders (they get reminders and NMRs,
    and the phase may end early once all of them are in). ``may_order`` are the
    powers whose orders this phase accepts at all (a superset of ``acting``: in
    a card game the opponent may set standing reactions during your turn).
    ``kind`` names the deadline kind the game's config sets a duration for.
    """

    id: str
    label: str
    kind: str
    acting: tuple[str, ...]
    may_order: tuple[str, ...]
    over: bool = False
    result: str = ""
    winners: tuple[str, ...] = ()
    survivors: tuple[str, ...] = ()


class OrderLine(Frozen):
    """One line of a player's mail as the ruleset understood it.

    Exactly one of ``order`` and ``error`` is set. ``order`` is canonical text
    that ``adjudicate`` accepts. ``key`` says what the order replaces: orders
    sent later replace earlier ones with the same key (the unit, for Diplomacy);
    all lines of one mail that share a key are kept together, in order. ``hint``
    tells the player how to fix an error ("did you mean ...?").
    """

    line: int
    text: str
    order: str | None = None
    key: str | None = None
    error: str | None = None
    hint: str | None = None
    note: str | None = None
    #: the line is taken, but as a breach of the rules that costs (Invincible!'s mail without a
    #: hand signal), not as an order: the answer says so instead of "ok"
    infraction: bool = False


class Adjudication(Frozen):
    """What ``adjudicate`` returns: the next state, the events, referee notices.

    ``notices`` are plain sentences the service mails to the referee, e.g.
    "Ch'u has grown to three centres: find a player for it".
    """

    state: Any
    events: list[dict[str, Any]]
    notices: list[str] = field(default_factory=list)


class Ruleset(ABC):
    """A game's rules behind the interface the mail service and turns use."""

    #: the name a game's config uses, e.g. "diplomacy"
    name: str = ""
    #: whether a key names one thing that takes one order (a unit, a general): then a later line
    #: with the same key replaces the earlier even within one mail, and only the last is stored.
    #: Otherwise the lines of one mail that share a key are kept together (a sequence of cards).
    one_order_per_key: bool = False
    #: whether the game is played with cards whose texts HELP CARDS sends (the welcome offers it)
    cards: bool = False
    #: the state's type, a dataclass that ``pbem.records`` saves and loads (a ruleset that keeps
    #: its state otherwise overrides ``dump_state`` and ``load_state``)
    state_type: Any = None

    @abstractmethod
    def variants(self) -> list[str]:
        """The variant names this ruleset can start (e.g. ["standard", ...])."""

    @abstractmethod
    def start(
        self,
        variant: str,
        powers: Sequence[str],
        options: Mapping[str, Any],
        seed: int,
    ) -> Any:
        """The opening state for these powers; raise SetupError if they don't fit.

        ``powers`` are the names in the game's config, in seating order. A map
        game checks they are its powers; a card game takes them as seat names.
        ``seed`` drives any setup shuffle or roll.
        """

    def seat_names(self, variant: str, options: Mapping[str, Any], seats: int | None) -> list[str]:
        """The powers of a game formed by mail, in seating order: a map game's own powers; a card
        game's seats, named from ``SEAT_NAMES``, ``seats`` of them (None: four where the variant
        allows, else the fewest it does). SetupError if no such game can start."""
        counts = [seats] if seats else [4, 2, 3, 5, 6]
        problem = SetupError(f"no game of {len(SEAT_NAMES)} or fewer players")
        for count in counts:
            names = list(SEAT_NAMES[:count])
            try:
                self.start(variant, names, options, 0)
            except SetupError as error:
                problem = error
                continue
            return names
        raise problem

    @abstractmethod
    def phase(self, state: Any) -> Phase:
        """The current phase of ``state``."""

    @abstractmethod
    def parse_orders(self, state: Any, power: str, text: str) -> list[OrderLine]:
        """Read the order lines of one mail (commands already taken out).

        Every non-blank line gives one OrderLine, with a canonical order or an
        error that says why and how to fix it. Never raises on player input.
        """

    @abstractmethod
    def default_orders(self, state: Any, power: str) -> list[str]:
        """Canonical orders for a power that sent none this phase (NMR)."""

    def missing(self, state: Any, power: str, orders: Sequence[str]) -> list[str]:
        """What ``power`` has still to order this phase, as short phrases for replies.

        Rulesets override this to be precise (Diplomacy names the units without
        an order); the default only knows whether anything was sent.
        """
        return [] if orders else ["your orders for this phase"]

    @abstractmethod
    def adjudicate(self, state: Any, orders: Mapping[str, Sequence[str]], seed: int) -> Adjudication:
        """Resolve the phase with everyone's canonical orders, in one batch.

        Powers missing from ``orders`` sent nothing; the ruleset applies its
        own defaults for them. The result is the state of the next phase that
        someone must act in (empty phases are skipped here).
        """

    @abstractmethod
    def view(self, state: Any, events: Sequence[Mapping[str, Any]], viewer: str) -> dict[str, Any]:
        """What ``viewer`` may see of ``state`` and of the ``events`` that led to it."""

    @abstractmethod
    def hidden_facts(self, state: Any, events: Sequence[Mapping[str, Any]], viewer: str) -> list[str]:
        """Strings that must not appear in anything mailed to ``viewer``.

        Used by the leak tests: e.g. the cards in other players' hands, another
        player's secret objective. Each string should be specific enough that
        it cannot appear by chance (a card's full name with its owner's hand
        position, not "2").
        """

    def shown_order(self, state: Any, order: str) -> str:
        """A stored canonical order as replies write it back (LIST, replaced orders): in the
        game's language where the ruleset speaks several (a pbem.i18n Message, as Invictus
        writes "ANNULER ATTAQUE SUR CHEF AVEC Garde"); the order itself by default."""
        return order

    def order_words(self, state: Any) -> frozenset[str]:
        """The words and names orders are written with, in lower case: order words, provinces,
        units, khans, cards ("hold", "paris", "north sea"). A line that holds one is never taken
        for the signature after a closing ("Thanks / Hold Paris" is a refused order:
        pbem.mail.closings). Empty by default: then only a name's shape counts."""
        return frozenset()

    def power_aliases(self, state: Any) -> dict[str, str]:
        """Other names players call a power by in commands (PRESS TO ...): name -> power.

        Invincible!'s khans are known by their cards' names; most rulesets have none.
        """
        return {}

    def standing(self, state: Any) -> dict[str, str]:
        """Where each power stands in ``state``, as any reader may see it ("5 supply centres"),
        for the SUMMARY command. Empty for a game that keeps no public score."""
        return {}

    def holdings(self, state: Any, power: str) -> str:
        """What ``power`` holds on the board, as any reader may see it ("A BUD, A VIE, F TRI - supply
        centres BUD TRI VIE"), for LIST's openings; its ``standing`` where the game shows no more."""
        return self.standing(state).get(power, "")

    def press_problem(self, state: Any, sender: str, recipients: Sequence[str]) -> str | None:
        """Why the game's rules forbid this press now (Invictus: no talk between partners
        once the battle starts), or None. The service refuses it with that reason."""
        return None

    def set_option(self, state: Any, name: str, value: str) -> tuple[Any, str]:
        """A referee's change of a game option during play (``OPTION <name> <value>``): the new
        state and what changes, in a sentence for the players. SetupError says why not. The
        ruleset decides when the change takes effect (never in the middle of what was announced)."""
        raise SetupError(f"{self.name} has no options a referee can change during play")

    def dump_state(self, state: Any) -> dict[str, Any]:
        """JSON-compatible data from which ``load_state`` rebuilds ``state``."""
        data: dict[str, Any] = to_plain(state, self.state_type)
        return data

    def load_state(self, data: Mapping[str, Any]) -> Any:
        """The state ``dump_state`` wrote."""
        return from_plain(self.state_type, data)


#: ruleset name -> "module:attribute" of its Ruleset instance, imported on use
REGISTRY: dict[str, str] = {
    "diplomacy": "pbem.rulesets.diplomacy:ruleset",
    "generals": "pbem.rulesets.generals:ruleset",
    "invincible": "pbem.rulesets.invincible:ruleset",
    "invictus": "pbem.rulesets.invictus:ruleset",
    "invoke": "pbem.rulesets.invoke:ruleset",
}


def get_ruleset(name: str) -> Ruleset:
    """The registered ruleset called ``name``; KeyError with the known names if none."""
    try:
        target = REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted(REGISTRY))
        raise KeyError(f"unknown ruleset {name!r}; known rulesets: {known}") from None
    module_name, _, attribute = target.partition(":")
    ruleset: Ruleset = getattr(importlib.import_module(module_name), attribute)
    return ruleset
