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
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.i18n import LANGUAGES
from pbem.rulesets.invictus import ruleset
from pbem.rulesets.invictus.variants import VARIANTS
from pbem.rulesets.invictus.visibility import event_text, sees

from ..every_report import every_report
from . import players

POWERS = {2: ["North", "South"], 4: ["Ann", "Bob", "Cid", "Dee"]}
#: an army as the example config fixes one (config/invictus.example.yaml), by the soldiers a variant has
FIXED = {20: "Shogun: 8 Samurai, 4 Musha, 4 Druid, 4 Anubis", 10: "Pharaoh"}
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
    silent = tuple(power for power in phase.acting if not orders.get(power))
    reports = every_report(ruleset, variant, before, adjudication, powers, language=language, silent=silent)
    for event in adjudication.events:
        for viewer, report in reports.items():
            if sees(viewer, event):
                line = event_text(event, language)
                assert line in report.text and line in report.html, (viewer, line)


def test_the_random_players_give_every_kind_of_order() -> None:
    """The property test's players are not too timid: they send every order kind the game reads."""
    kinds: Counter[str] = Counter()
    for seed in range(10):
        rng = random.Random(seed)
        game = ruleset.start("guerre-eclair", POWERS[2], {}, seed)
        while not ruleset.phase(game).over:
            orders = {power: orders_of(game, power, rng) for power in ruleset.phase(game).may_order}
            kinds.update(order.split()[0] for sent in orders.values() for order in sent)
            game = ruleset.adjudicate(game, orders, seed).state
    assert {
        "ARMY",
        "KEEP",
        "MULLIGAN",
        "FRONT",
        "RESERVE",
        "CITIZEN",
        "PASS",
        "RECRUIT",
        "ATTACK",
        "SUPPORT",
        "CANCEL",
        "CONSCRIPT",
    } <= set(kinds), sorted(kinds)
