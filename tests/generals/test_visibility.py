"""The fog of war: each viewer sees what the rulebook lets it see, and nothing more."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.ruleset import PUBLIC, REFEREE
from pbem.rulesets.generals import ruleset
from pbem.rulesets.generals.state import Alliance

from .helpers import arrange, events_of, general, new_game, play, render_reports, viewers
from .randomplay import random_game, random_lines

START = new_game()


def test_a_power_sees_its_own_regions_armies_generals_gold_and_objectives():
    view = ruleset.view(START, [], "Aldmark")
    [mine] = view["powers"]
    assert mine["name"] == "Aldmark"
    assert [r["army"] for r in mine["regions"]] == [
        "Aldwick: 200 Spearmen, 80 Archers, 20 Knights (Aldmark)",
        "Thornfield: 150 Militia, 15 Light Cavalry (Aldmark)",
    ]
    assert [g["where"] for g in mine["generals"]] == ["Edric of Aldmark at Aldwick"]
    assert mine["treasury"] == "Treasury of Aldmark: 300 gold"
    assert len(mine["objectives"]) == 4 and view["unheld"] == []


def test_scouts_report_the_regions_next_to_ones_own():
    view = ruleset.view(START, [], "Aldmark")
    assert [s["region"] for s in view["powers"][0]["scouts"]] == ["Greyfen", "Ashwood", "Millbrook"]
    state = arrange(
        START,
        {"Ashwood": ("Brenn", {"Rangers": 50})},
        generals=[*START.generals, general("Osric", "Brenn", "Ashwood", "Healer", "Undying")],
    )
    after = play(state, {}).state
    [scout] = [
        s for s in ruleset.view(after, [], "Aldmark")["powers"][0]["scouts"] if s["region"] == "Ashwood"
    ]
    assert scout["army"] == "Ashwood: 50 Rangers (Brenn)"
    assert scout["generals"] == ["Osric of Brenn at Ashwood"]
    # Kingsmere is two regions away from Aldmark: its garrison is not seen
    facts = ruleset.hidden_facts(after, [], "Aldmark")
    assert any(f.startswith("Kingsmere: ") for f in facts)


def test_the_referee_sees_everything_and_the_public_only_what_is_public():
    referee = ruleset.view(START, [], REFEREE)
    assert [p["name"] for p in referee["powers"]] == ["Aldmark", "Brenn", "Corvath", "Dunmere"]
    assert any(r["name"] == "Kingsmere" and r["army"] for r in referee["unheld"])
    public = ruleset.view(START, [], PUBLIC)
    assert public["powers"] == [] and public["unheld"] == []
    assert ruleset.hidden_facts(START, [], REFEREE) == []


def test_only_those_who_fought_a_battle_are_told_of_it():
    state = arrange(START, {"Ashwood": ("Corvath", {"Militia": 10})})
    result = play(state, {"Aldmark": "Edric: attack Ashwood with all Spearmen"})
    [fought] = events_of(result, "battle")
    assert fought["audience"] == ["Aldmark", "Corvath"]
    assert ruleset.view(result.state, result.events, "Aldmark")["battles"]
    assert ruleset.view(result.state, result.events, "Brenn")["battles"] == []
    assert fought["text"] in ruleset.hidden_facts(result.state, result.events, "Brenn")


def test_hidden_facts_are_never_empty_while_others_have_secrets():
    for viewer in ("Aldmark", "Dunmere", PUBLIC):
        facts = ruleset.hidden_facts(START, [], viewer)
        assert "Treasury of Brenn: 300 gold" in facts
        assert "Objective of Brenn: hold Stonebridge at the end of the game (5 VP)" in facts
        assert (
            "Edric has renown 0 and skills Battlefield Planner 1, Inspirational 1" in facts
            or viewer == "Aldmark"
        )
    secret = replace(START, alliances=(Alliance("secret", ("Brenn", "Corvath")),))
    assert "Secret alliance of Brenn and Corvath" in ruleset.hidden_facts(secret, [], "Aldmark")
    assert "Secret alliance of Brenn and Corvath" not in ruleset.hidden_facts(secret, [], "Brenn")


def test_hidden_facts_are_written_as_the_referees_report_prints_them():
    for seed in range(3):
        for _, _, result in random_game(new_game(seed=seed), seed, turns=4):
            referee_report = render_reports(result.state, result.events, REFEREE)[0]
            for viewer in viewers(result.state):
                for fact in ruleset.hidden_facts(result.state, result.events, viewer):
                    assert fact in referee_report, (viewer, fact)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 100_000), st.sampled_from(["standard", "duel"]))
def test_no_report_view_or_reply_ever_shows_a_viewer_what_it_may_not_see(seed, variant):
    rng = random.Random(seed)
    for state, _, result in random_game(new_game(variant, seed=seed), seed):
        after, events = result.state, result.events
        for viewer in viewers(after):
            facts = ruleset.hidden_facts(after, events, viewer)
            if viewer != REFEREE and len(after.alive()) > 1:
                assert facts
            for document in render_reports(after, events, viewer):
                leaks = [fact for fact in facts if fact in document]
                assert not leaks, (viewer, leaks)
        for power in state.alive():
            facts = ruleset.hidden_facts(state, [], power)
            mail = "\n".join(random_lines(state, power, rng))
            for line in ruleset.parse_orders(state, power, mail):
                reply = " ".join(filter(None, [line.order, line.error, line.hint, line.note]))
                assert not [fact for fact in facts if fact in reply], (power, reply)


def test_other_powers_victory_points_are_secret_until_the_game_ends():
    assert "Victory points of Brenn: 0" in ruleset.hidden_facts(START, [], "Aldmark")
    result = play(new_game(turns=1), {})
    assert result.state.over
    brenn = f"Victory points of Brenn: {result.state.realm('Brenn').vp}"
    assert brenn not in ruleset.hidden_facts(result.state, result.events, "Aldmark")
    assert brenn in render_reports(result.state, result.events, "Aldmark")[0]
