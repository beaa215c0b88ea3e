"""Every order kind of Diplomacy and Mandate of Heaven through adjudication and every report.

Issue 30: a WAIVE froze the game, because no test took a WAIVE to the report's map. Here
hypothesis plays a random game from the start to some phase, draws every power's mail for it
(moves, supports, convoys, holds, retreats, disbands, builds, WAIVE and CANCEL, and in
Mandate of Heaven the players' votes on the neutrals), reads each mail as the service does,
adjudicates, and renders the reports every player, the public (the archive site) and the
referee get: text, HTML and the map as a PNG. Each report must hold every order its reader
gave, and the public one every order given for a power's own units. The kinds of order and event
are read from the ruleset's code (tests/every_kind.py), so a new kind that no drawn game sends or
makes fails here.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import partial
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.ruleset import PUBLIC, REFEREE, get_ruleset
from pbem.rulesets.diplomacy.core import Order, PhaseKind
from pbem.rulesets.diplomacy.randomplay import random_orders
from pbem.rulesets.diplomacy.state import GameState
from pbem.rulesets.diplomacy.variant import Variant, load_variant
from pbem.turns.orders import merge_orders
from tests.every_kind import Sweep, dict_kinds
from tests.every_report import every_report
from tests.mandate.games import PLAYERS as MANDATE_PLAYERS
from tests.mandate.games import TO_EXHAUSTION, played

ruleset = get_ruleset("diplomacy")
PLAYERS = {
    "standard": ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"],
    "mandate_of_heaven": MANDATE_PLAYERS,
}
REPORTS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def rules_of(state: GameState) -> Variant:
    return load_variant(state.variant).for_game(state)


def mails(state: GameState, rng: random.Random) -> dict[str, list[str]]:
    """Each player's order lines for the phase: a random player's orders (randomplay), with
    some builds waived or withdrawn, and the neutrals' orders sent as votes by some players."""
    rules = rules_of(state)
    drawn = random_orders(rules, state.board, state.turn.kind, rng)
    neutrals, voters = rules.neutrals(state), rules.voters(state)
    out: dict[str, list[str]] = {}
    for power, lines in sorted(drawn.items()):
        if state.turn.kind is PhaseKind.ADJUSTMENTS and lines and lines[0].endswith(" B"):
            lines = [sent for line in lines for sent in _builds_waived_or_withdrawn(line, rng)]
        if power in neutrals:
            for line in lines:
                for voter in rng.sample(voters, rng.randint(0, len(voters))):
                    out.setdefault(voter, []).append(line)
        elif power in state.powers:
            out.setdefault(power, []).extend(lines)
    return out


def _builds_waived_or_withdrawn(build: str, rng: random.Random) -> list[str]:
    roll = rng.random()
    if roll < 0.3:
        return ["WAIVE"]
    if roll < 0.45:
        return [build, f"CANCEL {build}"]
    return [build.lower() if roll < 0.6 else build]


def kept_orders(state: GameState, sent: Mapping[str, list[str]]) -> dict[str, list[str]]:
    """Each mail read by the ruleset and kept as the service keeps it (the last line per key)."""
    kept: dict[str, list[str]] = {}
    for power, lines in sent.items():
        read = ruleset.parse_orders(state, power, "\n".join(lines))
        stored, _ = merge_orders([], read, ruleset.one_order_per_key)
        kept[power] = [entry["order"] for entry in stored]
    return kept


@st.composite
def phases(draw: Any, variant: str) -> tuple[GameState, dict[str, list[str]]]:
    """A real position, reached from the start by random play, and the mails sent in it."""
    rng = draw(st.randoms(use_true_random=False))
    state = ruleset.start(variant, PLAYERS[variant], {}, 1)
    for _ in range(draw(st.integers(0, 14))):
        state = ruleset.adjudicate(state, kept_orders(state, mails(state, rng)), 0).state
        if state.over:
            break
    return state, kept_orders(state, mails(state, rng))


def reported(variant: str, state: GameState, orders: dict[str, list[str]], pngs: bool = True) -> None:
    adjudication = ruleset.adjudicate(state, orders, 0)
    acting = ruleset.phase(state).acting
    silent = tuple(power for power in acting if not orders.get(power))
    reports = every_report(
        ruleset, variant, state, adjudication, list(state.powers), silent=silent, pngs=pngs
    )
    rules = rules_of(state)
    ballots = [b for e in adjudication.events if e.get("type") == "neutral_votes" for b in e["ballots"]]
    votes = {(vote["power"], vote["order"]) for ballot in ballots for vote in ballot["votes"]}
    units = {str(u): u.power for u in [*state.board.units.values(), *(d.unit for d in state.board.dislodged)]}
    for power, sent in orders.items():
        for order in sent:
            if order.startswith("CANCEL"):
                continue  # it takes an order back, and is not adjudicated itself
            # "Build A PAR" for the stored "A PAR B"; a vote for a neutral is printed as it was cast
            shown = order if (power, order) in votes else ruleset.shown_order(state, order)
            assert shown in reports[power].text, (power, shown)
            assert shown in reports[REFEREE].text, (power, shown)
            owner = units.get(" ".join(order.split()[:2]), power)
            voted = (power, order) in votes  # a neutral's order, or its build, which has no unit yet
            if not voted and owner not in rules.neutrals(state):  # a vote is secret; an own order is not
                assert shown in reports[PUBLIC].text, (power, shown)
    for viewer, report in reports.items():
        assert state_label(variant, state) in report.text, viewer


def state_label(variant: str, state: GameState) -> str:
    return rules_of(state).phase_label(state.turn)


@REPORTS
@given(phases("standard"))
def test_every_order_kind_of_standard_diplomacy_reaches_every_report(phase) -> None:
    reported("standard", *phase)


@REPORTS
@given(phases("mandate_of_heaven"))
def test_every_order_kind_and_vote_of_mandate_of_heaven_reaches_every_report(phase) -> None:
    reported("mandate_of_heaven", *phase)


#: whole games (variant, seed, phases): the first of each variant, then two long games of Mandate
#: of Heaven (seed 2: a power's last unit cornered in its 55th phase; 5: a victory in its 44th)
GAMES = [
    *((variant, seed, 14) for variant in PLAYERS for seed in range(6)),
    ("mandate_of_heaven", 2, 55),
    ("mandate_of_heaven", 5, 44),
]


def test_every_kind_of_order_and_event_is_sent_and_reported_in_both_variants() -> None:
    """The drawn mails send every kind of order the ruleset declares (a move that names its convoy
    too, and in Mandate of Heaven votes on the neutrals), and the games make every event kind its
    code writes (the nomads' sixth centre in a game played to it: ``TO_EXHAUSTION``); the first
    phase that brings each goes through every report (the maps as the SVG their PNG is
    made from: the property tests above convert them)."""
    sweep = Sweep(partial(reported, pngs=False))
    for variant, seed, phases in GAMES:
        rng = random.Random(seed)
        state = ruleset.start(variant, PLAYERS[variant], {}, 1)
        for _ in range(phases):
            sent = kept_orders(state, mails(state, rng))
            kinds = {_kind(state, power, order) for power, orders in sent.items() for order in orders}
            adjudication = ruleset.adjudicate(state, sent, 0)
            sweep.phase(kinds, {event["type"] for event in adjudication.events}, variant, state, sent)
            state = adjudication.state
            if state.over:
                break
    # the nomads' sixth centre, which random nomads never take: a game played to it on purpose
    for state, sent, adjudication in played(TO_EXHAUSTION):
        kinds = {_kind(state, power, order) for power, orders in sent.items() for order in orders}
        sweep.phase(kinds, {event["type"] for event in adjudication.events}, "mandate_of_heaven", state, sent)
    sweep.report_all()
    kinds = {kind.__name__ for kind in every_subclass(Order) if hasattr(kind, "WORD")} | {"Move VIA", "vote"}
    assert sweep.orders == kinds, sweep.orders ^ kinds
    assert sweep.events <= dict_kinds("diplomacy", "type"), sweep.events
    assert dict_kinds("diplomacy", "type") == sweep.events, dict_kinds("diplomacy", "type") - sweep.events


def every_subclass(kind: type) -> set[type]:
    return {sub for direct in kind.__subclasses__() for sub in {direct, *every_subclass(direct)}}


#: an order's kind by the word it is written with: a support by whether it supports a move, a move
#: by whether it names its convoy
WORDS = {"H": "Hold", "-": "Move", "C": "Convoy", "R": "Retreat", "D": "Disband", "B": "Build"}


def _kind(state: GameState, power: str, order: str) -> str:
    """An order's kind, by its kind's class ("SupportMove"; "Move VIA" for a move that names its
    convoy), or "vote" for an order given to a neutral's unit."""
    words = order.split()
    if words[0] in ("WAIVE", "CANCEL"):
        return words[0].capitalize()
    owner = next((u.power for u in state.board.units.values() if str(u) == " ".join(words[:2])), power)
    if owner != power and owner in rules_of(state).neutrals(state):
        return "vote"
    if words[2] == "S":
        return "SupportMove" if "-" in words[3:] else "SupportHold"
    return WORDS[words[2]] + (" VIA" if words[-1] == "VIA" else "")
