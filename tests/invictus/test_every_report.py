"""Every order kind of Invictus through adjudication and every report, in English and French.

Issue 30: ``pbem new-game`` crashed for a game whose config fixed one player's army and not
the other's, a start no test rendered. Hypothesis plays a random game (tests/invictus/players.py:
armies, hands, deployments, every step of a turn, standing reactions, conscriptions, a typo
now and then) in each variant, with and without an army fixed by the config, in each language
the game mails in, to some phase; that phase's reports are rendered for every player, the
public and the referee (text and HTML: the game has no map), with each player's HELP as the
phase opened. Every reader must find each event they may see, in the game's language.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.i18n import LANGUAGES
from pbem.ruleset import Adjudication
from pbem.rulesets.invictus import ruleset
from pbem.rulesets.invictus.cards import CARD_SET, EFFECTS, REACTION_EFFECTS
from pbem.rulesets.invictus.orders import Cancel, Order, PlaySupport, read_orders
from pbem.rulesets.invictus.state import Game
from pbem.rulesets.invictus.variants import VARIANTS
from pbem.rulesets.invictus.visibility import event_text, sees

from ..every_kind import Sweep, literal_kinds
from ..every_report import every_report
from . import players

POWERS = {2: ["North", "South"], 4: ["Ann", "Bob", "Cid", "Dee"]}
#: an army as the example config fixes one (config/invictus.example.yaml), by the soldiers a variant has
FIXED = {20: "Shogun: 8 Samurai, 4 Musha, 4 Druid, 4 Anubis", 10: "Pharaoh"}
#: the whole games the sweep plays, the fewest of the first 40 that bring every kind between them
#: (36: an attack on a unit that was no longer there when the turn was played), with one of each
#: variant (the variant is the seed's remainder by 3, an army fixed by the config on even seeds)
SWEPT = [1, 11, 14, 36]
REPORTS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def options(variant: str, language: str, fixed: bool) -> dict[str, Any]:
    rules = VARIANTS[variant]
    chosen: dict[str, Any] = {"language": language}
    if fixed:
        chosen["armies"] = {POWERS[rules.players][0]: FIXED[rules.soldiers]}
    return chosen


def orders_of(game: Any, power: str, rng: random.Random) -> list[str]:
    text, _typos = players.mail(game, power, rng)
    kept: dict[str, list[str]] = {}
    for line in ruleset.parse_orders(game, power, text):
        if line.order and line.key:
            kept.setdefault(line.key, []).append(line.order)
    return [order for group in kept.values() for order in group]


def reported(
    variant: str,
    language: str,
    before: Any,
    orders: Mapping[str, Sequence[str]],
    adjudication: Adjudication,
) -> None:
    """Every report of the phase, each reader finding each event they may see in the game's language."""
    powers = POWERS[VARIANTS[variant].players]
    silent = tuple(power for power in ruleset.phase(before).acting if not orders.get(power))
    reports = every_report(ruleset, variant, before, adjudication, powers, language=language, silent=silent)
    for event in adjudication.events:
        for viewer, report in reports.items():
            if sees(viewer, event):
                line = event_text(event, language)
                assert line in report.text and line in report.html, (viewer, line)


@REPORTS
@given(
    variant=st.sampled_from(sorted(VARIANTS)),
    language=st.sampled_from(sorted(LANGUAGES)),
    fixed=st.booleans(),
    phases=st.integers(1, 16),
    seed=st.integers(0, 2**31 - 1),
)
def test_every_order_kind_of_invictus_reaches_every_report_in_every_language(
    variant: str, language: str, fixed: bool, phases: int, seed: int
) -> None:
    rng = random.Random(seed)
    powers = POWERS[VARIANTS[variant].players]
    game = ruleset.start(variant, powers, options(variant, language, fixed), seed)
    for _ in range(phases):
        before, phase = game, ruleset.phase(game)
        orders = {power: orders_of(before, power, rng) for power in phase.may_order if rng.random() < 0.9}
        adjudication = ruleset.adjudicate(before, orders, rng.randrange(2**31))
        game = adjudication.state
        if ruleset.phase(game).over:
            break
    reported(variant, language, before, orders, adjudication)


def order_kinds(orders: Mapping[str, Sequence[str]]) -> set[str]:
    """The kinds of the orders given, a Support's by its card's effect ("SUPPORT resurrect") and
    a standing cancel by what it cancels ("CANCEL attack")."""
    kinds = set()
    for lines in orders.values():
        for order in read_orders(lines):
            kinds.add(type(order).__name__)
            if isinstance(order, PlaySupport):
                kinds.add(f"SUPPORT {CARD_SET.card(order.card).support.effect}")
            if isinstance(order, Cancel):
                kinds.add(f"CANCEL {order.what}")
    return kinds


def in_every_language(variant: str, before: Game, orders: Mapping[str, Sequence[str]], seed: int) -> None:
    """The phase adjudicated and reported in each language the game mails in: the same table in
    another language (a game's language changes no rule, so the same orders play the same)."""
    for language in sorted(LANGUAGES):
        spoken = replace(before, language=language)
        adjudication = ruleset.adjudicate(spoken, orders, seed)
        reported(variant, language, spoken, orders, adjudication)


def test_every_kind_of_order_and_event_is_sent_and_reported_in_every_language() -> None:
    """Whole random games of every variant, with and without an army fixed by the config, send
    every order kind the game reads (a Support of every effect, a cancel of each kind) and make
    every event kind its code records; the first phase that brings each is adjudicated and goes
    through every report in every language."""
    sweep = Sweep(in_every_language)
    for seed in SWEPT:
        rng = random.Random(seed)
        variant = sorted(VARIANTS)[seed % len(VARIANTS)]
        game = ruleset.start(
            variant, POWERS[VARIANTS[variant].players], options(variant, "en", seed % 2 == 0), seed
        )
        while not ruleset.phase(game).over:
            orders = {power: orders_of(game, power, rng) for power in ruleset.phase(game).may_order}
            adjudication = ruleset.adjudicate(game, orders, seed)
            sweep.phase(
                order_kinds(orders), {e["type"] for e in adjudication.events}, variant, game, orders, seed
            )
            game = adjudication.state
    sweep.report_all()
    supports = {f"SUPPORT {effect}" for effect in EFFECTS if effect not in REACTION_EFFECTS}
    kinds = {kind.__name__ for kind in every_subclass(Order)} | supports | {"CANCEL attack", "CANCEL support"}
    assert sweep.orders == kinds, kinds ^ sweep.orders
    assert sweep.events == literal_kinds("invictus", {"say": 0}), sweep.events ^ literal_kinds(
        "invictus", {"say": 0}
    )


def every_subclass(kind: type) -> set[type]:
    return {sub for direct in kind.__subclasses__() for sub in {direct, *every_subclass(direct)}}
