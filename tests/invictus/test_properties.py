"""Whole games between random legal players: they end, conserve cards and keep secrets."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.ruleset import PUBLIC, REFEREE, Adjudication
from pbem.rulesets.invictus import ruleset
from pbem.rulesets.invictus.state import Game
from pbem.rulesets.invictus.variants import VARIANTS
from tests.invictus import players
from tests.invictus.rendering import report

POWERS = {2: ["North", "South"], 4: ["Ann", "Bob", "Cid", "Dee"]}


def whole_game(variant: str, seed: int) -> Iterator[tuple[Game, dict[str, list[str]], Adjudication]]:
    """Each phase of one game: the state before, the orders sent, the adjudication."""
    rng = random.Random(seed)
    powers = POWERS[VARIANTS[variant].players]
    game = ruleset.start(variant, powers, {}, seed)
    while not ruleset.phase(game).over:
        phase = ruleset.phase(game)
        orders: dict[str, list[str]] = {}
        for power in phase.may_order:
            if rng.random() < (0.05 if power in phase.acting else 0.7):
                continue  # silent this phase
            text, typos = players.mail(game, power, rng)
            lines = ruleset.parse_orders(game, power, text)
            errors = [(line.text, line.error) for line in lines if line.error]
            assert len(errors) == typos, errors
            kept: dict[str, list[str]] = {}
            for line in lines:
                if line.order and line.key:
                    kept.setdefault(line.key, []).append(line.order)
            orders[power] = [order for group in kept.values() for order in group]
        adjudication = ruleset.adjudicate(game, orders, rng.randrange(2**31))
        yield game, orders, adjudication
        game = adjudication.state


def conserved(game: Game) -> None:
    """Every card is in exactly one zone, and no card appears from nowhere."""
    where = Counter(card for _, zone in game.zones() for card in zone)
    assert set(where) == set(game.cards), set(where) ^ set(game.cards)
    assert max(where.values(), default=1) == 1


def no_leaks(before: Game, after: Game, events: list[dict[str, Any]], check_html: bool) -> None:
    for viewer in [p.power for p in after.players] + [PUBLIC, REFEREE]:
        facts = ruleset.hidden_facts(after, events, viewer)
        rendered = [
            json.dumps(ruleset.view(after, events, viewer), ensure_ascii=False),
            report(before, after, events, viewer),
        ]
        if check_html:
            rendered.append(report(before, after, events, viewer, "html"))
        for text in rendered:
            leaked = [fact for fact in facts if fact in text]
            assert not leaked, (viewer, leaked)


@settings(max_examples=24, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 2**31 - 1))
def test_random_games_end_conserve_cards_and_keep_secrets(variant: str, seed: int) -> None:
    rules = VARIANTS[variant]
    bound = 3 + rules.players * (rules.soldiers - rules.opening_hand)
    for phases, (before, _orders, adjudication) in enumerate(whole_game(variant, seed), 1):
        assert phases <= bound, f"no end after {bound} phases"
        after = adjudication.state
        if after.stage != "army":
            conserved(after)
        assert ruleset.load_state(json.loads(json.dumps(ruleset.dump_state(after)))) == after
        no_leaks(before, after, adjudication.events, check_html=phases % 5 == 0)
    assert ruleset.phase(after).over


def test_players_have_secrets_in_every_phase_of_play() -> None:
    """hidden_facts is never trivially empty once hands are dealt."""
    for _before, _orders, adjudication in whole_game("guerre-eclair", 7):
        after = adjudication.state
        if after.stage in ("hand", "deploy", "turn"):
            for viewer in [p.power for p in after.players] + [PUBLIC]:
                facts = ruleset.hidden_facts(after, adjudication.events, viewer)
                for other in after.players:
                    if other.power != viewer and other.hand:
                        assert f"hand of {other.power} #1: {after.name(other.hand[0])}" in facts
                    if other.deck:
                        assert f"deck of {other.power} #1: {after.name(other.deck[0])}" in facts


def test_random_games_reach_every_kind_of_ending() -> None:
    """The property test's players are not too timid to end games every way."""
    endings: Counter[str] = Counter()
    for variant in ("guerre-eclair", "four-player"):
        for seed in range(30):
            *_, (_before, _orders, last) = whole_game(variant, seed)
            endings[last.events[-1].get("how", "?")] += 1
    assert {"execution", "development", "end-of-war", "collapse"} <= set(endings), endings


WORDS = sorted(players.WORDS)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    stage=st.integers(0, 4),
    mail=st.lists(
        st.lists(st.sampled_from(WORDS) | st.text(max_size=6), max_size=7).map(" ".join),
        max_size=6,
    ).map("\n".join),
)
def test_reading_any_mail_at_any_stage_never_fails(stage: int, mail: str) -> None:
    """Every line is answered with an order or an error; nothing raises."""
    game = ruleset.start("standard", ["North", "South"], {}, 5)
    for _ in range(stage):
        game = ruleset.adjudicate(game, {}, stage).state
    for power in ("North", "South"):
        lines = ruleset.parse_orders(game, power, mail)
        assert len(lines) == len([line for line in mail.splitlines() if line.strip()])
        for line in lines:
            assert (line.order is None) != (line.error is None)
            if line.order:
                again = ruleset.parse_orders(game, power, line.order)
                assert [a.order for a in again] in ([line.order], [None])
