"""Every order kind of Invoke through adjudication and every report (issue 30).

Hypothesis plays a random game (tests/invoke/players.py: every invocation shape, walls, the
creatures and items, counters set in advance, refills, discards and passes, a mistake now and
then) to some turn, and renders that turn's reports for every mage, the public and the
referee, text and HTML (the game has no map), with each mage's HELP as the turn opened. Every
reader must find each event, in the words meant for them: a secret (a hand drawn, a counter's
words) only in its owner's and the referee's report, and its public account in the others'.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.rulesets.invoke import ruleset
from pbem.rulesets.invoke.visibility import event_text

from ..every_report import every_report
from .players import orders

NAMES = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon"]
REPORTS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@REPORTS
@given(seed=st.integers(0, 2**32 - 1), mages=st.integers(2, 6), turns=st.integers(1, 14))
def test_every_order_kind_of_invoke_reaches_every_report(seed: int, mages: int, turns: int) -> None:
    rng = random.Random(seed)
    powers = NAMES[:mages]
    game = ruleset.start("starter", powers, {"rounds": 3}, seed)
    for _ in range(turns):
        before, phase = game, ruleset.phase(game)
        sent = orders(before, rng)
        adjudication = ruleset.adjudicate(before, sent, rng.randrange(2**32))
        game = adjudication.state
        if ruleset.phase(game).over:
            break
    silent = tuple(power for power in phase.acting if not sent.get(power))
    reports = every_report(ruleset, "starter", before, adjudication, powers, silent=silent)
    for event in adjudication.events:
        for viewer, report in reports.items():
            line = event_text(event, viewer)
            assert line in report.text and line in report.html, (viewer, line)


def test_the_random_mages_give_every_kind_of_order() -> None:
    """The property test's mages are not too timid: every kind of line the game reads is sent."""
    kinds: Counter[str] = Counter()
    for seed in range(6):
        rng = random.Random(seed)
        game = ruleset.start("starter", NAMES[:4], {"rounds": 3}, seed)
        while not ruleset.phase(game).over:
            sent = orders(game, rng)
            kinds.update(order.split()[0].upper() for lines in sent.values() for order in lines)
            game = ruleset.adjudicate(game, sent, seed).state
    assert {
        "IF",
        "NO",
        "REFILL",
        "PASS",
        "DISCARD",
        "MOVE",
        "INVOKE",
        "BUILD",
        "TARGET",
        "TOME",
        "WAND",
        "GNOME",
        "IMP",
        "MERMAID",
        "SYLPH",
    } <= set(kinds), sorted(kinds)
