"""Whole seeded games with random legal turns: they end, gems and cards are conserved,
and no viewer's mail ever shows what that viewer may not see."""

from __future__ import annotations

import json
import random
from html import unescape

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.ruleset import PUBLIC, REFEREE
from pbem.rulesets.invoke import ruleset

from .players import orders
from .rendering import report
from .tables import all_cards, full_set

NAMES = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon"]


def whole_game(seed: int, mages: int, rounds: int, render: bool) -> None:
    rng = random.Random(seed)
    game = ruleset.start("starter", NAMES[:mages], {"rounds": rounds}, seed)
    start_gems = sum(m.gems for m in game.mages.values()) + game.aether
    destroyed = 0
    seen_phases = set()
    secrets = 0
    for _ in range(rounds * mages + 2):  # the setup phase, then the turns
        phase = ruleset.phase(game)
        if phase.over:
            break
        assert phase.id not in seen_phases
        seen_phases.add(phase.id)
        acting = tuple(game.seats) if game.setup else (game.current,)  # nobody's split is set
        assert phase.acting == acting and set(phase.acting) <= set(phase.may_order)
        result = ruleset.adjudicate(game, orders(game, rng), rng.randrange(2**32))
        after = result.state
        destroyed += sum(e.get("destroyed", 0) for e in result.events)
        total = sum(m.gems for m in after.mages.values()) + after.aether
        assert total + destroyed == start_gems  # gems leave play only when destroyed
        assert after.destroyed == destroyed
        assert all_cards(after) == full_set()
        assert ruleset.load_state(json.loads(json.dumps(ruleset.dump_state(after)))) == after
        for viewer in [*after.seats, PUBLIC, REFEREE]:
            facts = ruleset.hidden_facts(after, result.events, viewer)
            secrets += len(facts)
            shown = [json.dumps(ruleset.view(after, result.events, viewer))]
            if render:
                shown.append(report(game, after, result.events, viewer))
                shown.append(unescape(report(game, after, result.events, viewer, html=True)))
            for fact in facts:
                for text in shown:
                    assert fact not in text, (viewer, fact)
        game = after
    assert ruleset.phase(game).over  # the game ends within its rounds
    assert secrets > 0  # there was something to hide


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.integers(2, 10))
def test_random_games_end_conserve_gems_and_cards_and_hide_secrets(seed: int, mages: int) -> None:
    whole_game(seed, mages, rounds=5, render=False)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.integers(2, 5))
def test_rendered_reports_of_random_games_hide_secrets(seed: int, mages: int) -> None:
    whole_game(seed, mages, rounds=3, render=True)
