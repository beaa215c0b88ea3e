"""Every order kind of The Generals through adjudication and every report (issue 30).

Hypothesis plays a random game (tests/generals/randomplay.py: every action, defensive order,
conversion and diplomatic line a player may write) to some turn of either scenario, and the
turn's reports are rendered for every power, the public and the referee: text, HTML and each
viewer's own fog-of-war map as a PNG. What happened must reach those told of it: each event
in its audience's reports, every event in the referee's, and each battle a viewer sees.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.ruleset import PUBLIC, REFEREE
from pbem.rulesets.generals import ruleset

from ..every_report import every_report
from .helpers import new_game
from .randomplay import random_game

REPORTS = settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: what a report tells apart from its news lines: battles, and the treasuries in each position
TOLD_ELSEWHERE = ("battle", "treasury")


@REPORTS
@given(seed=st.integers(0, 100_000), variant=st.sampled_from(["standard", "duel"]), turns=st.integers(1, 6))
def test_every_order_kind_of_the_generals_reaches_every_report(seed: int, variant: str, turns: int) -> None:
    *_, (before, given_orders, adjudication) = random_game(new_game(variant, seed=seed), seed, turns=turns)
    powers = [realm.power for realm in before.realms]
    silent = tuple(power for power in before.alive() if power not in given_orders)
    reports = every_report(ruleset, variant, before, adjudication, powers, silent=silent)
    for event in adjudication.events:
        if event["kind"] in TOLD_ELSEWHERE:
            continue
        readers = [REFEREE, *(powers if PUBLIC in event["audience"] else event["audience"])]
        for viewer in [*readers, *([PUBLIC] if PUBLIC in event["audience"] else [])]:
            assert event["text"] in reports[viewer].text, (viewer, event)
    for viewer, report in reports.items():
        for battle in ruleset.view(adjudication.state, adjudication.events, viewer)["battles"]:
            assert battle["text"] in report.text and battle["text"] in report.html, viewer


def test_the_random_players_make_every_kind_of_event() -> None:
    """The property test's players give every order kind: each shows as its kind of event."""
    kinds: Counter[str] = Counter()
    for seed in range(6):
        for _before, _orders, adjudication in random_game(new_game(seed=seed), seed, turns=6):
            kinds.update(event["kind"] for event in adjudication.events)
    expected = {
        "battle",
        "move",
        "recruit",
        "prepare",
        "train",
        "overtax",
        "occupation",
        "retreat",
        "disband",
        "war",
        "gift",
        "alliance proposed",
        "alliance",
        "treasury",
    }
    assert expected <= set(kinds), sorted(kinds)
