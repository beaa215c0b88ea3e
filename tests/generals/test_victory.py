"""Victory points, secret objectives, and the end of the game."""

from __future__ import annotations

from dataclasses import replace

from pbem.ruleset import PUBLIC
from pbem.rulesets.generals import ruleset
from pbem.rulesets.generals.state import Alliance

from .helpers import arrange, events_of, general, new_game, play

START = new_game()  # Aldmark: hold Kingsmere 6, take Brennhold 8, 3 victories 4, tribute 150 3


def test_an_objective_to_take_a_region_scores_once_when_it_is_held_at_a_turns_end():
    osric = general("Osric", "Aldmark", "Harrowby", "Healer", "Undying")
    state = arrange(
        START,
        {"Brennhold": (None, {}), "Harrowby": ("Aldmark", {"Spearmen": 300})},
        generals=[START.generals[0], osric, *START.generals[2:]],
    )
    after = play(state, {"Aldmark": "Osric: attack Brennhold with all troops"}).state
    assert after.holding("Brennhold").owner == "Aldmark"
    assert after.realm("Aldmark").vp == 8 and 1 in after.realm("Aldmark").achieved
    again = play(after, {}).state
    assert again.realm("Aldmark").vp == 8


def test_tribute_scores_once_enough_gold_was_received_from_others():
    after = play(START, {"Brenn": "gift 100 gold to Aldmark"}).state
    assert after.realm("Aldmark").vp == 0
    after = play(after, {"Corvath": "gift 50 gold to Aldmark"}).state
    assert after.realm("Aldmark").vp == 3


def test_victories_and_defeats_score_once_reached():
    state = replace(
        START,
        realms=tuple(replace(r, victories=2) if r.power == "Aldmark" else r for r in START.realms),
    )
    state = arrange(state, {"Ashwood": (None, {"Militia": 3})})
    after = play(state, {"Aldmark": "Edric: attack Ashwood with all Spearmen"}).state
    assert after.realm("Aldmark").victories == 3 and after.realm("Aldmark").vp == 4


def test_the_game_ends_after_its_last_turn_and_scores_holdings_and_gold():
    state = new_game(turns=1)
    state = arrange(state, {"Kingsmere": ("Aldmark", {"Spearmen": 10})})
    result = play(state, {})
    after = result.state
    assert after.over and ruleset.phase(after).over
    # hold Kingsmere (6) + (300 + 30 + 15 + 40) gold // 100
    assert after.realm("Aldmark").vp == 6 + 3
    assert after.realm("Brenn").vp == 3  # 345 gold; Brenn holds no Stonebridge nor 400 gold
    [over] = events_of(result, "game over")
    assert over["audience"] == [PUBLIC]
    assert after.winners == ("Aldmark",) and "Aldmark wins" in after.result


def test_the_game_ends_when_only_one_power_is_left():
    state = arrange(new_game("duel"), {"Fenwick": (None, {}), "Brennhold": (None, {})})
    result = play(state, {})
    after = result.state
    assert after.realm("Brenn").out and after.over and after.winners == ("Aldmark",)
    phase = ruleset.phase(after)
    assert phase.over and phase.survivors == ("Aldmark",) and phase.acting == ()


def test_a_power_with_no_region_left_is_out_and_leaves_its_alliances_and_wars():
    state = arrange(START, {"Brennhold": (None, {}), "Harrowby": (None, {})})
    state = replace(
        state,
        alliances=(Alliance("formal", ("Aldmark", "Brenn", "Corvath")),),
        wars=(("Brenn", "Dunmere"),),
    )
    after = play(state, {}).state
    assert after.realm("Brenn").out and "Brenn" not in after.alive()
    assert after.alliances == (Alliance("formal", ("Aldmark", "Corvath")),)
    assert after.wars == ()
    assert [g.name for g in after.generals if g.power == "Brenn"] == []
    assert ruleset.phase(after).acting == ("Aldmark", "Corvath", "Dunmere")


def test_ties_share_the_victory():
    state = new_game(turns=1)
    after = play(state, {}).state
    assert after.winners == ("Aldmark", "Brenn", "Corvath", "Dunmere")
    assert "share the victory" in after.result


def test_an_adjudicated_finished_game_stays_finished():
    after = play(new_game(turns=1), {}).state
    again = ruleset.adjudicate(after, {}, 1)
    assert again.state == after and again.events == []
