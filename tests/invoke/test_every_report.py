"""Every order kind of Invoke through adjudication and every report (issue 30).

Hypothesis plays a random game (tests/invoke/players.py: every invocation shape, walls, the
creatures and items, Delay and Sustain, a Wand loaded and fired, counters set in advance,
refills, discards and passes, a mistake now and then) to some turn, and renders that turn's
reports for every mage, the public and the referee, text and HTML (the game has no map), with
each mage's HELP as the turn opened. Every reader must find each event, in the words meant for
them: a secret (a hand drawn, a counter's words) only in its owner's and the referee's report,
and its public account in the others'. The kinds of order, of card played and of event are
read from the ruleset's code and card set (tests/every_kind.py), so a new kind that no drawn
game sends or makes fails here.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.ruleset import Adjudication
from pbem.rulesets.invoke import ruleset
from pbem.rulesets.invoke.notation import read_sequence
from pbem.rulesets.invoke.orders import read_order
from pbem.rulesets.invoke.state import Game
from pbem.rulesets.invoke.visibility import event_text

from ..every_kind import Sweep, literal_kinds
from ..every_report import every_report
from .players import orders
from .tables import CARDS

NAMES = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon"]
REPORTS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: the calls that record an event (pbem/rulesets/invoke/table.py)
RECORDERS = {"say": 0, "whisper": 0}
#: whole games (seed, mages, rounds, turns at most), the fewest of 25 that bring every kind between
#: them: the two mages' long game of seed 0 (the Chaos card that turns the direction of play),
#: and games of five mages (a deck drawn out and its discards shuffled into a new one), with a
#: short one of three
GAMES = [(0, 2, 25, 100), (1, 3, 4, 100), (15, 5, 6, 100), (19, 5, 6, 100), (23, 5, 6, 100)]


def reported(game: Game, sent: Mapping[str, Sequence[str]], adjudication: Adjudication) -> None:
    powers = list(game.seats)
    silent = tuple(power for power in ruleset.phase(game).acting if not sent.get(power))
    reports = every_report(ruleset, "starter", game, adjudication, powers, silent=silent)
    for event in adjudication.events:
        for viewer, report in reports.items():
            line = event_text(event, viewer)
            assert line in report.text and line in report.html, (viewer, line)


def played(game: Game, sent: Mapping[str, Sequence[str]]) -> set[str]:
    """The kinds of the orders sent, of every card they play ("card:delay"), and a counter that
    fires a Wand ("counter wand")."""
    kinds = set()
    for power, lines in sent.items():
        for line in lines:
            order = read_order(game, power, line)
            kinds.add(order.kind)
            parts = order.parts
            if order.counter and order.counter.action == "ACTIVATE WAND":
                kinds.add("counter wand")
            elif order.counter:
                parts = read_sequence(order.counter.action, CARDS, game.seats)
            kinds |= {
                f"card:{CARDS.kind(card)}" for part in parts for card in (part.card, *part.mods, *part.lead)
            }
    return kinds


@REPORTS
@given(seed=st.integers(0, 2**32 - 1), mages=st.integers(2, 6), turns=st.integers(1, 14))
def test_every_order_kind_of_invoke_reaches_every_report(seed: int, mages: int, turns: int) -> None:
    rng = random.Random(seed)
    game = ruleset.start("starter", NAMES[:mages], {"rounds": 3}, seed)
    for _ in range(turns):
        before = game
        sent = orders(before, rng)
        adjudication = ruleset.adjudicate(before, sent, rng.randrange(2**32))
        game = adjudication.state
        if ruleset.phase(game).over:
            break
    reported(before, sent, adjudication)


def test_every_kind_of_order_card_and_event_is_sent_and_reported() -> None:
    """Whole random games send every order kind the ruleset reads and play every kind of card the
    card set holds (but Chaos, which is drawn, not played), and make every event kind its code
    records; the first turn that brings each goes through every report."""
    sweep = Sweep(reported)
    for seed, mages, rounds, turns in GAMES:
        rng = random.Random(seed)
        game = ruleset.start("starter", NAMES[:mages], {"rounds": rounds}, seed)
        for _ in range(turns):
            sent = orders(game, rng)
            adjudication = ruleset.adjudicate(game, sent, seed)
            sweep.phase(
                played(game, sent), {e["kind"] for e in adjudication.events}, game, sent, adjudication
            )
            game = adjudication.state
            if ruleset.phase(game).over:
                break
    sweep.report_all()
    cards = {f"card:{card.kind}" for card in CARDS.cards.values() if card.kind != "chaos"}
    kinds = literal_kinds("invoke", {"Order": 0}) | cards | {"counter wand"}
    assert sweep.orders == kinds, sweep.orders ^ kinds
    recorded = literal_kinds("invoke", RECORDERS)
    assert sweep.events <= recorded, sweep.events - recorded
    assert recorded == sweep.events, recorded - sweep.events
