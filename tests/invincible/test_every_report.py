"""Every order kind of Invincible! through adjudication and every report (issue 30).

Hypothesis plays a random game (tests/invincible/random_khans.py: every action, battle order,
answer and condition a khan may write, and some mistakes) to some phase, declarations on or
off, and renders that phase's reports for every khan, the public and the referee, text and
HTML (the game has no map). Each khan's report must show the orders it gave as received, and
every reader each event they may see; the referee's every order and every event.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.ruleset import REFEREE
from pbem.rulesets.invincible import ruleset
from pbem.rulesets.invincible.visibility import may_see

from ..every_report import every_report
from .random_khans import random_game

REPORTS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@REPORTS
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 8),
    phases=st.integers(1, 12),
    declarations=st.booleans(),
)
def test_every_order_kind_of_invincible_reaches_every_report(
    seed: int, players: int, phases: int, declarations: bool
) -> None:
    for number, step in enumerate(random_game(seed, players, turn_limit=6, declarations=declarations), 1):
        if number == phases or ruleset.phase(step.state).over:
            break
    powers = [khan.power for khan in step.before.khans]
    silent = tuple(power for power in step.phase.acting if not step.orders.get(power))
    reports = every_report(ruleset, "standard", step.before, step.result, powers, silent=silent)
    for power, orders in step.orders.items():
        for order in orders:
            assert order in reports[power].text and order in reports[REFEREE].text, (power, order)
    for event in step.result.events:
        for viewer, report in reports.items():
            if may_see(event, viewer):
                for line in event["lines"] if event["type"] == "orders" else [event["text"]]:
                    assert line in report.text and line in report.html, (viewer, event)


def test_the_random_khans_give_every_kind_of_order() -> None:
    """The property test's khans are not too timid: they send every kind of order the rules read."""
    kinds: Counter[str] = Counter()
    for seed in range(8):
        for step in random_game(seed, 5, turn_limit=6):
            kinds.update(" ".join(order.split()[:2]) for orders in step.orders.values() for order in orders)
    words = {kind.split()[0] for kind in kinds}
    assert {
        "ATTACK",
        "ASSIGN",
        "ASSIST",
        "FEAST",
        "SPEND",
        "SUBMIT",
        "BUY",
        "RESTORE",
        "DEFEND",
        "AMBUSH",
        "RETREAT",
        "WITHDRAW",
        "PURSUE",
        "SUE",
        "ACCEPT",
        "REFUSE",
        "ATTEND",
        "DECLINE",
        "SELL",
        "KEEP",
        "HONOR",
        "DISHONOR",
        "TRANSFER",
        "COOPERATE",
        "REQUEST",
        "HORDE",
    } <= words, sorted(kinds)
