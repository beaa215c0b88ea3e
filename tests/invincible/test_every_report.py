"""Every order kind of Invincible! through adjudication and every report (issue 30).

Hypothesis plays a random game (tests/invincible/random_khans.py: every action, battle order,
answer and condition a khan may write, and some mistakes) to some phase, declarations on or
off, and renders that phase's reports for every khan, the public and the referee, text and
HTML (the game has no map). Each khan's report must show the orders it gave as received, and
every reader each event they may see; the referee's every order and every event. The kinds of
order and event are read from the ruleset's code (tests/every_kind.py), so a new kind that no
drawn game sends or makes fails here.
"""

from __future__ import annotations

from itertools import chain
from typing import get_args

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.ruleset import REFEREE
from pbem.rulesets.invincible import orders as o
from pbem.rulesets.invincible import ruleset
from pbem.rulesets.invincible.battle import PURSUE, RETREAT, SUE, WITHDRAW
from pbem.rulesets.invincible.mail import sort_orders
from pbem.rulesets.invincible.visibility import may_see

from ..every_kind import Sweep, literal_kinds
from ..every_report import every_report
from .random_khans import Step, random_game, scripted_game

#: the calls that record an event (pbem/rulesets/invincible/table.py)
RECORDERS = {"say": 0, "tell": 1}
#: the whole games the sweep plays: the first eight, and of the first 400 those that bring a kind
#: they do not (15: a khan freed; 39: help in a battle; 212: a sale; 254: a suit for peace paid;
#: 262: both khans suing for peace at once; 313: a purchase and a pursuit); then the first game
#: of seeds 400 to 6,000 (played as below) that brings each of four rare events: 409, a Mongol
#: enemy's rating met exactly (24 games of those); 877, a peace dishonored by its debtor (5);
#: 948, a sale the Genghis Khan can no longer make (2); 3747, his losses handed to a khan
#: pledged to him (4)
SWEPT = [*range(8), 15, 39, 212, 254, 262, 313, 409, 877, 948, 3747]
#: the roll-off for the title between khans equal in everything, which no random game of those
#: 6,000 makes, played on purpose: seed 6 makes Carol's Temujin the Genghis Khan; he restores
#: Jamukha's Honor to 10, as high as Ong's, and spends all of his own; Jamukha and Ong move three
#: Leader points each (to Accuser, to Companion), so both stand at Honor 10, Companion 7,
#: Leader 2, Informer 6, Accuser 6; his second turn without Honor takes the title from him
ROLL_OFF = (
    {"Alice": "Jamukha", "Bob": "Ong", "Carol": "Temujin"},
    6,
    [
        {
            "Carol": "restore 1 honor to Jamukha\n" + "spend honor on leader\n" * 8,
            "Alice": "assign 3 leader to accuser",
            "Bob": "assign 3 leader to companion",
        },
        {"Alice": "pass", "Bob": "pass", "Carol": "pass"},
    ],
)
REPORTS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def reported(step: Step) -> None:
    """Every report of the step's phase: each khan's orders as received, and each event to every
    reader who may see it (the referee every order and every event)."""
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
    reported(step)


def order_kinds(step: Step) -> set[str]:
    """The kinds of the orders given: an answer by what it answers and how, a plan's way out of a
    battle by its word, a defence as a defence or an ambush."""
    kinds = set()
    for lines in step.orders.values():
        for order in sort_orders(step.before, lines).orders:
            kinds.add(type(order).__name__)
            if isinstance(order, o.Answer):
                kinds.add(f"Answer {order.kind} {'yes' if order.accept else 'no'}")
            if isinstance(order, o.Exit):
                kinds.add(f"Exit {order.word}")
            if isinstance(order, o.Defence):
                kinds.add(f"Defence {'ambush' if order.ambush else 'defend'}")
    return kinds


def test_every_kind_of_order_and_event_is_sent_and_reported() -> None:
    """Whole random games, two to eight khans, with and without declarations and hand signals,
    send every order kind the rules read (every answer either way, every way out of a battle)
    and make every event kind the code records, with a game played on purpose for the one no
    random game makes (``ROLL_OFF``); the first phase that brings each goes through every
    report."""
    sweep = Sweep(reported)
    games = [
        random_game(seed, 2 + seed % 7, turn_limit=8, declarations=seed % 2 == 0, hand_signals=seed % 3 == 0)
        for seed in SWEPT
    ]
    for step in chain(*games, scripted_game(*ROLL_OFF, declarations=False)):
        sweep.phase(order_kinds(step), {event["type"] for event in step.result.events}, step)
    sweep.report_all()
    answers = {f"Answer {kind} {how}" for kind in o.ANSWER_FORMS for how in ("yes", "no")}
    exits = {f"Exit {word}" for word in (SUE, RETREAT, WITHDRAW, PURSUE)}
    kinds = (
        {kind.__name__ for kind in get_args(o.Order)} | answers | exits | {"Defence ambush", "Defence defend"}
    )
    assert sweep.orders == kinds, sweep.orders ^ kinds
    recorded = literal_kinds("invincible", RECORDERS)
    assert sweep.events <= recorded, sweep.events - recorded
    assert recorded == sweep.events, recorded - sweep.events
