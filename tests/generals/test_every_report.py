"""Every order kind of The Generals through adjudication and every report (issue 30).

Hypothesis plays a random game (tests/generals/randomplay.py: every action, defensive order,
conversion and diplomatic line a player may write, drawn among those the position allows) to
some turn of either scenario, and the turn's reports are rendered for every power, the public
and the referee: text, HTML and each viewer's own fog-of-war map as a PNG. What happened must
reach those told of it: each event in its audience's reports, every event in the referee's,
and each battle a viewer sees. The kinds of order and event are read from the ruleset's code
(tests/every_kind.py), so a new kind that no drawn game sends or makes fails here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import get_args

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.ruleset import PUBLIC, REFEREE, Adjudication
from pbem.rulesets.generals import ruleset
from pbem.rulesets.generals.orders import Attack, Defend, Order, Overtax
from pbem.rulesets.generals.parse import read_orders
from pbem.rulesets.generals.state import State
from pbem.rulesets.generals.world import DEFENSIVE_ORDERS, OFFENSIVE_ORDERS

from ..every_kind import Sweep, literal_kinds
from ..every_report import every_report
from .helpers import new_game
from .randomplay import random_game

REPORTS = settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: what a report tells apart from its news lines: battles, and the treasuries in each position
TOLD_ELSEWHERE = ("battle", "treasury")
#: the calls that record an event, and where their kind stands (pbem/rulesets/generals/board.py)
RECORDERS = {"event": 0, "tell": 1, "public": 0}
#: whole games: both scenarios of the first seeds, then two standard games of players bent on
#: conquest (seed 3: a power loses its last region; 259: one too poor to raise an heir)
GAMES = [
    *((seed, variant, 0.0) for seed in [*range(4), 17, 19] for variant in ("standard", "duel")),
    (3, "standard", 0.8),
    (259, "standard", 0.8),
]


def reported(
    variant: str,
    before: State,
    given_orders: Mapping[str, Sequence[str]],
    adjudication: Adjudication,
    pngs: bool = True,
) -> None:
    powers = [realm.power for realm in before.realms]
    silent = tuple(power for power in before.alive() if power not in given_orders)
    reports = every_report(ruleset, variant, before, adjudication, powers, silent=silent, pngs=pngs)
    for event in adjudication.events:
        if event["kind"] in TOLD_ELSEWHERE:
            continue
        readers = [REFEREE, *(powers if PUBLIC in event["audience"] else event["audience"])]
        for viewer in [*readers, *([PUBLIC] if PUBLIC in event["audience"] else [])]:
            assert event["text"] in reports[viewer].text, (viewer, event)
    for viewer, report in reports.items():
        for battle in ruleset.view(adjudication.state, adjudication.events, viewer)["battles"]:
            assert battle["text"] in report.text and battle["text"] in report.html, viewer


@REPORTS
@given(seed=st.integers(0, 100_000), variant=st.sampled_from(["standard", "duel"]), turns=st.integers(1, 6))
def test_every_order_kind_of_the_generals_reaches_every_report(seed: int, variant: str, turns: int) -> None:
    *_, (before, given_orders, adjudication) = random_game(new_game(variant, seed=seed), seed, turns=turns)
    reported(variant, before, given_orders, adjudication)


def order_kinds(before: State, given_orders: Mapping[str, Sequence[str]]) -> set[str]:
    """The kinds of the orders given, an attack and a defence also by the battle order they name
    ("Attack by Flanking", "Defend Fortify") and an overtaxing by what it spends."""
    kinds = set()
    for power, sent in given_orders.items():
        for order in read_orders(before, power, sent)[0]:
            kinds.add(type(order).__name__)
            if isinstance(order, Attack):
                kinds.add(f"Attack by {order.order}")
            elif isinstance(order, Defend):
                kinds.add(f"Defend {order.defence.order}")
            elif isinstance(order, Overtax):
                kinds.add(f"Overtax {order.spend}")
    return kinds


#: the kinds an order of each class may be of (``order_kinds``)
KINDS = {kind.__name__ for kind in get_args(Order)} | (
    {f"Attack by {order}" for order in OFFENSIVE_ORDERS}
    | {f"Defend {order}" for order in DEFENSIVE_ORDERS}
    | {"Overtax income", "Overtax hire limit"}
)


def test_every_kind_of_order_and_event_the_ruleset_has_is_sent_and_reported() -> None:
    """Whole random games of both scenarios send every order kind the ruleset reads and make every
    event kind its code records; the first turn that brings each goes through every report (the
    maps as the SVG their PNG is made from: the property test above converts them). Seeds 17
    and 19 bring a gift refused and a surrender; the conquerors' games a power out and an heir
    that cannot be paid for."""
    sweep = Sweep(partial(reported, pngs=False))
    for seed, variant, aggression in GAMES:
        for before, given_orders, adjudication in random_game(
            new_game(variant, seed=seed), seed, aggression=aggression
        ):
            events = {event["kind"] for event in adjudication.events}
            sweep.phase(
                order_kinds(before, given_orders), events, variant, before, given_orders, adjudication
            )
    sweep.report_all()
    assert sweep.orders == KINDS, sweep.orders ^ KINDS
    recorded = literal_kinds("generals", RECORDERS)
    assert sweep.events <= recorded, sweep.events - recorded
    assert recorded == sweep.events, recorded - sweep.events
