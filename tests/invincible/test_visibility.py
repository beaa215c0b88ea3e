"""What each viewer sees, the hidden facts, and the templates that render the views."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.ruleset import PUBLIC, REFEREE
from pbem.rulesets.invincible import ruleset

from .helpers import new_game, orders_of, play, play_stored, set_khan
from .random_khans import random_game
from .render import html_report, orders_help, reports

QUIET = 1
VIEWERS = ("Temujin", "Kublai", "Ogadai", "Jamukha", REFEREE, PUBLIC)


def _turn():
    game = new_game()
    mails = {
        "Kublai": "Attack Khan Jamukha\nRetreat if companion below 4",
        "Jamukha": "Defend 3\nWithdraw if honor below 2",
    }
    # Kublai attacks: 4 + 6 = 10 against 2 + 3 = 5; Jamukha 7 -> 2 Companion.
    # Round 2: 1 + 6 = 7 against 6 + 3 = 9: Kublai loses 2 Accuser. Round 3: 6 + 4 = 10
    # against 1 + 0 = 1, Jamukha 2 -> 0, submits to Kublai. Ogadai feasts; his attack is
    # void: these canonical orders go straight to the adjudicator, which checks them again
    # (by mail, a mail with both has the attack refused on arrival).
    orders = {**orders_of(game, mails), "Ogadai": ["FEAST", "ATTACK KHAN TEMUJIN"]}
    return play_stored(game, orders, [4, 2, 1, 6, 6, 1, QUIET])


def test_everyone_sees_the_card_values_honor_wine_dice_and_outcomes() -> None:
    result = _turn()
    for viewer in VIEWERS:
        view = ruleset.view(result.state, result.events, viewer)
        assert [k["khan"] for k in view["khans"]] == ["Temujin", "Kublai", "Ogadai", "Jamukha"]
        jamukha = view["khans"][3]
        assert (jamukha["companion"], jamukha["ruler"]) == (0, "Kublai")
        assert any(line.startswith("Round 1: Kublai attacks with 4 + 6") for line in view["events"])


def test_a_khan_sees_his_own_orders_and_not_the_others() -> None:
    result = _turn()
    view = ruleset.view(result.state, result.events, "Ogadai")
    assert view["sent"] == ["Ogadai sent: FEAST", "Ogadai sent: ATTACK KHAN TEMUJIN"]
    assert any("ATTACK KHAN TEMUJIN did not happen" in line for line in view["events"])
    others = ruleset.view(result.state, result.events, "Kublai")
    assert not any("Ogadai" in line for line in others["sent"])
    assert not any("did not happen" in line for line in others["events"])


def test_the_referee_sees_everything_and_the_public_nothing_private() -> None:
    result = _turn()
    referee = ruleset.view(result.state, result.events, REFEREE)
    assert "Jamukha sent: WITHDRAW IF HONOR BELOW 2" in referee["sent"]
    assert ruleset.hidden_facts(result.state, result.events, REFEREE) == []
    public = ruleset.view(result.state, result.events, PUBLIC)
    assert public["sent"] == [] and public["you"] is None


def test_hidden_facts_are_the_others_orders_and_private_notes() -> None:
    result = _turn()
    facts = ruleset.hidden_facts(result.state, result.events, "Kublai")
    assert "Jamukha sent: WITHDRAW IF HONOR BELOW 2" in facts
    assert "Ogadai sent: ATTACK KHAN TEMUJIN" in facts
    assert not any(fact.startswith("Kublai sent:") for fact in facts)
    assert any("did not happen" in fact for fact in facts)
    public = ruleset.hidden_facts(result.state, result.events, PUBLIC)
    assert "Kublai sent: RETREAT IF COMPANION BELOW 4" in public


def test_a_plan_that_never_fired_stays_hidden() -> None:
    result = _turn()
    for viewer in ("Temujin", "Ogadai", "Jamukha", PUBLIC):
        text = json.dumps(ruleset.view(result.state, result.events, viewer))
        assert "RETREAT IF COMPANION BELOW 4" not in text


def test_declarations_are_seen_by_all() -> None:
    game = new_game(declarations=True)
    result = play(game, {"Kublai": "Attack Khan Jamukha"}, [])
    for viewer in VIEWERS:
        view = ruleset.view(result.state, result.events, viewer)
        assert "Kublai declares: ATTACK KHAN JAMUKHA." in view["declarations"]


def test_reports_render_for_every_viewer() -> None:
    result = _turn()
    phase = ruleset.phase(new_game())
    for viewer in VIEWERS:
        text, html = reports(phase, result.state, result.events, viewer)
        assert "Steppe (Invincible!, standard): Turn 1 actions" in text
        assert "Kublai wins the battle" in text and "Kublai wins the battle" in html
        assert ("Ogadai sent: FEAST" in text) == (viewer in ("Ogadai", REFEREE))
        for fact in ruleset.hidden_facts(result.state, result.events, viewer):
            assert fact not in text and fact not in html


def test_the_html_report_escapes_what_players_named() -> None:
    game = ruleset.start("standard", ["<b>Al</b>", "Bo"], {"declarations": False}, 1)
    result = ruleset.adjudicate(game, {}, 1)
    html = html_report(ruleset.phase(game), result.state, result.events, REFEREE)
    assert "&lt;b&gt;Al&lt;/b&gt;" in html and "<b>Al</b>" not in html


def test_the_orders_help_renders_for_every_khan_and_situation() -> None:
    game = set_khan(new_game(declarations=True, hand_signals=True), "Ogadai", ruler="Kublai")
    for power in ("Temujin", "Kublai", "Ogadai", "Jamukha"):
        text = orders_help(game, power)
        assert f"You are {game.khan(power).card} ({power})" in text
        assert "ATTACK KHAN" in text and "SUE FOR PEACE" in text
        assert "insists on the hand signals" in text
    assert "submitted to Kublai" in orders_help(game, "Ogadai")


def test_the_final_report_says_who_won() -> None:
    game = new_game(["Temujin", "Kublai"], turn_limit=1)
    result = play(game, {}, [QUIET])
    text, _ = reports(ruleset.phase(game), result.state, result.events, PUBLIC)
    assert "The game is over. The turn limit of 1 turn is reached" in text


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), strict=st.booleans())
def test_no_viewer_is_mailed_a_hidden_fact(seed: int, players: int, strict: bool) -> None:
    secrets = 0
    for step in random_game(seed, players, turn_limit=6, hand_signals=strict):
        viewers = [*step.state.seats, REFEREE, PUBLIC]
        for viewer in viewers:
            facts = ruleset.hidden_facts(step.state, step.result.events, viewer)
            secrets += len(facts)
            view = json.dumps(ruleset.view(step.state, step.result.events, viewer), ensure_ascii=False)
            rendered = reports(step.phase, step.state, step.result.events, viewer)
            for fact in facts:
                assert fact not in view, (viewer, fact)
                for report in rendered:
                    assert fact not in report, (viewer, fact)
    assert secrets > 0  # the games had secrets to keep


def test_hidden_facts_are_not_empty_when_orders_were_sent() -> None:
    for step in random_game(5, 4, turn_limit=3):
        for power, orders in step.orders.items():
            if not orders or step.before.khan(power).out:
                continue
            for viewer in step.state.seats:
                if viewer != power:
                    facts = ruleset.hidden_facts(step.state, step.result.events, viewer)
                    name = step.before.khan(power).card
                    assert any(f.startswith(f"{name} sent: ") for f in facts)
