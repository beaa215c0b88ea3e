"""The generals' actions, each carried out as the rulebook says."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rulesets.generals import ruleset

from .helpers import arrange, events_of, general, men_of, new_game, orders, play, render_orders_help

START = new_game()
EDRIC = START.generals[0]


def with_osric(region: str):
    """The opening with a second general of Aldmark, Osric, in ``region``."""
    osric = general("Osric", "Aldmark", region, "Healer", "Undying")
    return arrange(START, generals=[EDRIC, osric, *START.generals[1:]])


def where(state, name):
    return next(g.region for g in state.generals if g.name == name)


def with_generals(state, *extra, **changes):
    edric = replace(EDRIC, **changes)
    return arrange(state, generals=[edric, *extra, *state.generals[1:]])


def test_travel_moves_the_general_alone_through_own_regions():
    state = arrange(START, {"Greyfen": ("Aldmark", {"Militia": 5}), "Harrowby": ("Aldmark", {"Militia": 5})})
    after = play(state, {"Aldmark": "Edric: travel to Harrowby"}).state
    assert where(after, "Edric") == "Harrowby"
    assert men_of(after, "Aldwick") == men_of(state, "Aldwick") == 300


@pytest.mark.parametrize("text", ["Edric: travel to Harrowby", "Edric: move army all troops to Greyfen"])
def test_a_trip_stored_against_other_lands_is_read_again_and_ignored_at_the_turn(text):
    """The path is judged on the regions held at the start of the turn, which is what a mail is
    read against; an order line kept from another position (Greyfen and Harrowby not Aldmark's) does
    not read when the turn is played: the referee is told and the general stays (ruling 10)."""
    held = arrange(START, {"Greyfen": ("Aldmark", {"Militia": 5}), "Harrowby": ("Aldmark", {"Militia": 5})})
    line = orders(held, "Aldmark", text)
    adjudication = ruleset.adjudicate(START, {"Aldmark": line}, 1)
    assert where(adjudication.state, "Edric") == "Aldwick"
    assert men_of(adjudication.state, "Aldwick") == men_of(START, "Aldwick")
    assert any("Aldmark" in notice and text in notice for notice in adjudication.notices)


def test_move_army_takes_the_chosen_troops_with_the_general():
    after = play(START, {"Aldmark": "Edric: move army 100 Spearmen, all Archers to Thornfield"}).state
    assert where(after, "Edric") == "Thornfield"
    assert men_of(after, "Aldwick", "Spearmen") == 100 and men_of(after, "Aldwick", "Archers") == 0
    assert men_of(after, "Aldwick", "Knights") == 20
    assert men_of(after, "Thornfield", "Spearmen") == 100
    assert men_of(after, "Thornfield", "Archers") == 80
    assert men_of(after, "Thornfield", "Militia") == 150


def test_move_army_goes_two_regions_through_its_own():
    state = arrange(START, {"Greyfen": ("Aldmark", {"Militia": 5})})
    after = play(state, {"Aldmark": "Edric: move army 20 Knights to Greyfen via Thornfield"}).state
    assert men_of(after, "Greyfen", "Knights") == 20 and where(after, "Edric") == "Greyfen"
    assert men_of(after, "Thornfield", "Knights") == 0


def test_a_region_left_without_troops_is_held_by_nobody():
    after = play(START, {"Aldmark": "Edric: move army all troops to Thornfield"}).state
    assert after.holding("Aldwick").owner is None and not after.holding("Aldwick").units
    assert men_of(after, "Thornfield") == 300 + 165


def test_all_movement_is_simultaneous_so_two_armies_can_swap_regions():
    state = with_osric("Thornfield")
    after = play(
        state,
        {"Aldmark": "Edric: move army all troops to Thornfield\nOsric: move army all troops to Aldwick"},
    ).state
    assert men_of(after, "Aldwick", "Militia") == 150 and men_of(after, "Aldwick", "Knights") == 0
    assert men_of(after, "Thornfield", "Knights") == 20 and men_of(after, "Thornfield", "Militia") == 0
    assert (where(after, "Edric"), where(after, "Osric")) == ("Thornfield", "Aldwick")


def test_attack_enemy_into_an_empty_region_occupies_it():
    result = play(START, {"Aldmark": "Edric: attack Ashwood with 50 Spearmen by Ambush"})
    after = result.state
    assert after.holding("Ashwood").owner == "Aldmark" and men_of(after, "Ashwood") == 50
    assert where(after, "Edric") == "Ashwood"
    assert not events_of(result, "battle")


def test_recruiting_costs_one_gold_per_point():
    result = play(START, {"Aldmark": "Edric: recruit 30 Spearmen"})
    assert men_of(result.state, "Aldwick", "Spearmen") == 230
    # 300 gold - 30 men x 2 points + income of Aldwick (30) and Thornfield (15)
    assert result.state.realm("Aldmark").gold == 300 - 60 + 45


def test_recruiting_stops_at_the_regions_hire_limit():
    after = play(START, {"Aldmark": "Edric: recruit 100 Spearmen"}).state
    assert men_of(after, "Aldwick", "Spearmen") == 200 + 60  # 120 points / 2 per man
    assert after.realm("Aldmark").gold == 300 - 120 + 45


def test_recruiting_stops_at_the_gold_in_the_treasury():
    state = arrange(START, gold={"Aldmark": 50})
    after = play(state, {"Aldmark": "Edric: recruit 100 Spearmen"}).state
    assert men_of(after, "Aldwick", "Spearmen") == 225 and after.realm("Aldmark").gold == 45


def test_generals_recruiting_in_one_region_share_its_hire_limit():
    state = with_osric("Aldwick")
    after = play(state, {"Aldmark": "Edric: recruit 50 Spearmen\nOsric: recruit 20 Swordsmen"}).state
    assert men_of(after, "Aldwick", "Spearmen") == 250
    assert men_of(after, "Aldwick", "Swordsmen") == 6  # 20 points left, 3 per man


def test_prepare_battlefield_lasts_until_the_general_leaves():
    after = play(START, {"Aldmark": "Edric: prepare battlefield"}).state
    assert after.holding("Aldwick").prepared_by == "Edric"
    still = play(after, {"Aldmark": "Edric: R and R"}).state
    assert still.holding("Aldwick").prepared_by == "Edric"
    gone = play(still, {"Aldmark": "Edric: travel to Thornfield"}).state
    assert gone.holding("Aldwick").prepared_by is None


def test_a_general_who_leaves_to_attack_loses_his_prepared_battlefield():
    """Rulebook: "if the general leaves the region, the prepared battlefield bonus is lost";
    marching out to attack is leaving, so the region does not defend on it that turn, nor after
    he is back."""
    malus = general("Malus", "Corvath", "Ashwood", "Healer", "Undying")
    state = arrange(
        START,
        {"Ashwood": ("Corvath", {"Militia": 60}), "Thornfield": ("Brenn", {"Spearmen": 500})},
        generals=[EDRIC, malus],
    )
    prepared = play(state, {"Aldmark": "Edric: prepare battlefield"}).state
    assert prepared.holding("Aldwick").prepared_by == "Edric"
    result = play(
        prepared,
        {
            "Aldmark": "Edric: attack Thornfield with 50 Spearmen",
            "Corvath": "Malus: attack Aldwick with all troops",
        },
        seed=0,  # a turn in which Edric lives through his defeat and comes home
    )
    battles = {e["region"]: e for e in events_of(result, "battle")}
    assert not battles["Aldwick"]["prepared"]  # though Edric, beaten first, is back to lead it
    assert battles["Aldwick"]["defender"]["general"] == "Edric"
    assert battles["Thornfield"]["winner"] == "defender" and where(result.state, "Edric") == "Aldwick"
    assert result.state.holding("Aldwick").prepared_by is None
    help_text = " ".join(render_orders_help(START, "Aldmark").split())
    assert "until he leaves the region (marching out to attack is leaving it)" in help_text


def test_r_and_r_does_nothing_but_may_buy_a_new_skill_for_five_renown():
    state = with_generals(START, renown=7)
    rested = play(state, {"Aldmark": "Edric: R and R"}).state.generals[0]
    assert rested.renown == 7 and rested.skills == EDRIC.skills and rested.region == "Aldwick"
    learnt = play(state, {"Aldmark": "Edric: R and R, learn Healer"}).state.generals[0]
    assert learnt.renown == 2 and learnt.level("Healer") == 1


def test_raising_a_skill_costs_five_renown_times_each_new_level_besides_the_action():
    state = with_generals(START, renown=30)
    result = play(state, {"Aldmark": "Edric: recruit 10 Spearmen\nEdric: raise Inspirational to 3"})
    edric = result.state.generals[0]
    assert edric.level("Inspirational") == 3 and edric.renown == 30 - 10 - 15
    assert men_of(result.state, "Aldwick", "Spearmen") == 210


def test_training_a_general_costs_100_gold_and_he_starts_with_two_skills_at_level_1():
    after = play(START, {"Aldmark": "Edric: train general Wren with Sneaky, Healer"}).state
    wren = next(g for g in after.generals if g.name == "Wren")
    assert (wren.power, wren.region, wren.renown, wren.trained_on) == ("Aldmark", "Aldwick", 0, 1)
    assert [(s.skill, s.level) for s in wren.skills] == [("Sneaky", 1), ("Healer", 1)]
    assert after.realm("Aldmark").gold == 300 - 100 + 45


def test_a_trained_general_without_named_skills_gets_two_different_ones_by_lot():
    after = play(START, {"Aldmark": "Edric: train general Wren"}, seed=5).state
    wren = next(g for g in after.generals if g.name == "Wren")
    assert len({s.skill for s in wren.skills}) == 2 and all(s.level == 1 for s in wren.skills)


def test_training_without_the_gold_trains_nobody_and_costs_nothing():
    state = arrange(START, gold={"Aldmark": 99})
    after = play(state, {"Aldmark": "Edric: train general Wren"}).state
    assert [g.name for g in after.generals_of("Aldmark")] == ["Edric"]
    assert after.realm("Aldmark").gold == 99 + 45


def test_fight_alongside_names_the_invincible_warriors_unit():
    after = play(START, {"Aldmark": "Edric: fight alongside Knights"}).state
    assert after.generals[0].champion == "Knights"


def test_defensive_orders_stand_until_changed():
    after = play(START, {"Aldmark": "Aldwick: Fortify"}).state
    again = play(after, {}).state
    assert again.holding("Aldwick").defence.order == "Fortify"
    assert again.holding("Thornfield").defence.order == "Field Battle"


def test_a_power_that_sends_nothing_rests_its_generals():
    assert ruleset.default_orders(START, "Aldmark") == ["Edric: R and R"]
    after = ruleset.adjudicate(START, {}, 3).state
    assert [(g.name, g.region) for g in after.generals] == [(g.name, g.region) for g in START.generals]


def test_troops_are_taken_most_experienced_first():
    from .helpers import units

    state = arrange(START)
    veterans = units({"Spearmen": 30}, level=2) + units({"Spearmen": 200})
    state = replace(
        state,
        holdings=tuple(replace(h, units=veterans) if h.region == "Aldwick" else h for h in state.holdings),
    )
    after = play(state, {"Aldmark": "Edric: move army 50 Spearmen to Thornfield"}).state
    moved = [(u.men, u.level) for u in after.holding("Thornfield").units if u.troop == "Spearmen"]
    assert moved == [(30, 2), (20, 0)]
    only = play(state, {"Aldmark": "Edric: move army 50 Spearmen vet 0 to Thornfield"}).state
    assert [(u.men, u.level) for u in only.holding("Thornfield").units if u.troop == "Spearmen"] == [(50, 0)]


def test_of_two_actions_given_to_one_general_the_later_is_carried_out():
    given = {"Aldmark": ["Edric: recruit 10 Spearmen", "Edric: travel to Thornfield"]}
    after = ruleset.adjudicate(START, given, 1).state
    assert where(after, "Edric") == "Thornfield" and men_of(after, "Aldwick", "Spearmen") == 200


def test_a_region_that_changes_hands_defends_by_field_battle():
    state = replace(
        START,
        holdings=tuple(
            replace(h, defence=replace(h.defence, order="Fortify")) if h.region == "Thornfield" else h
            for h in START.holdings
        ),
    )
    emptied = play(state, {}).state
    assert emptied.holding("Thornfield").defence.order == "Fortify"
    osric = general("Osric", "Aldmark", "Thornfield", "Healer", "Undying")
    state = arrange(state, generals=[EDRIC, osric, *START.generals[1:]])
    moved = play(state, {"Aldmark": "Osric: move army all troops to Aldwick"}).state
    assert moved.holding("Thornfield").owner is None
    assert moved.holding("Thornfield").defence.order == "Field Battle"


def test_a_general_left_without_an_army_falls_back_to_a_neighbouring_region_or_is_taken():
    osric = general("Osric", "Aldmark", "Thornfield", "Healer", "Undying")
    edric = replace(EDRIC, region="Thornfield")
    state = arrange(START, generals=[edric, osric, *START.generals[1:]])
    after = play(state, {"Aldmark": "Edric: attack Millbrook with all troops"}).state
    assert after.holding("Thornfield").owner is None
    assert where(after, "Osric") == "Aldwick"
    # Now Aldwick is Brenn's and Millbrook holds a garrison Edric cannot beat: when
    # Edric's army leaves Thornfield, Osric has no region of his own to go to.
    alone = arrange(state, {"Aldwick": ("Brenn", {"Militia": 5}), "Millbrook": (None, {"Swordsmen": 2000})})
    result = play(alone, {"Aldmark": "Edric: attack Millbrook with all troops"})
    assert "Osric" not in [g.name for g in result.state.generals]
    assert any(e["general"] == "Osric" for e in events_of(result, "captured"))


def test_an_attack_from_a_region_emptied_by_a_move_does_not_set_out():
    state = with_osric("Aldwick")
    result = play(
        state,
        {"Aldmark": "Edric: move army all troops to Thornfield\nOsric: attack Ashwood with all troops"},
    )
    assert result.state.holding("Ashwood").owner is None
    assert any("did not set out" in e["text"] for e in events_of(result, "attack"))


def test_a_power_left_without_a_general_raises_an_heir_where_it_has_most_men():
    leaderless = arrange(START, generals=list(START.generals[1:]))
    result = play(leaderless, {})
    [heir] = [g for g in result.state.generals if g.power == "Aldmark"]
    assert (heir.name, heir.region, heir.trained_on) == ("Heir of Aldmark", "Aldwick", 1)
    assert len({s.skill for s in heir.skills}) == 2
    assert result.state.realm("Aldmark").gold == 300 - 100 + 45
    later = replace(result.state, turn=3)
    lines = ruleset.parse_orders(later, "Aldmark", "heir of aldmark: recruit 10 Spearmen")
    assert lines[0].order == "Heir of Aldmark: recruit 10 Spearmen"
    poor = arrange(leaderless, gold={"Aldmark": 40})
    result = play(poor, {})
    assert not list(result.state.generals_of("Aldmark"))
    assert result.state.realm("Aldmark").gold == 40 + 45
    assert events_of(result, "heir")
