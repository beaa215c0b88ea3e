"""Battles as the rulebook describes them, with fixed seeds."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from pbem.rulesets.generals import battle
from pbem.rulesets.generals.battle import ATTACKER, DEFENDER, Battle, Field, Side

from .helpers import arrange, bonus, events_of, field, general, men_of, new_game, play, units


def fight(*args, seed=0, **kwargs) -> battle.Outcome:
    return battle.fight(field(*args, **kwargs), random.Random(seed))


class Certain(random.Random):
    """A generator whose every roll comes out 0: every chance below 1 happens."""

    def random(self) -> float:
        return 0.0


def test_a_much_larger_army_always_wins():
    for seed in range(20):
        outcome = fight({"Swordsmen": 1000}, {"Militia": 50}, seed=seed)
        assert outcome.winner == ATTACKER, seed


def test_a_defenders_ambush_is_discovered_one_time_in_four():
    setup = field({"Spearmen": 10}, {"Spearmen": 10}, d_order="Ambush")
    assert Battle(setup, random.Random(0)).discovery_chance(DEFENDER) == 0.25
    found = 0
    for seed in range(2000):
        fights = Battle(setup, random.Random(seed))
        fights.orders()
        found += fights.armies[DEFENDER].order == "Skirmish"
    assert 0.22 < found / 2000 < 0.28


def test_an_attackers_ambush_is_discovered_more_often_than_a_defenders():
    setup = field({"Spearmen": 10}, {"Spearmen": 10}, a_order="Ambush")
    assert Battle(setup, random.Random(0)).discovery_chance(ATTACKER) == 0.40


def test_a_discovered_ambush_turns_both_sides_to_skirmish_but_not_a_withdrawal():
    for d_order, expected in (("Fortify", "Skirmish"), ("Withdraw", "Withdraw")):
        setup = field({"Spearmen": 10}, {"Spearmen": 10}, a_order="Ambush", d_order=d_order)
        fights = Battle(setup, Certain())
        fights.orders()
        assert fights.armies[ATTACKER].order == "Skirmish"
        assert fights.armies[DEFENDER].order == expected


def test_two_undiscovered_ambushes_both_stand():
    class Never(random.Random):
        def random(self) -> float:
            return 0.999

    fights = Battle(field({"Spearmen": 10}, {"Spearmen": 10}, a_order="Ambush", d_order="Ambush"), Never())
    fights.orders()
    assert (fights.armies[ATTACKER].order, fights.armies[DEFENDER].order) == ("Ambush", "Ambush")


def test_an_undiscovered_ambush_strikes_twice_as_hard_in_the_first_round():
    setup = field({"Spearmen": 100}, {"Spearmen": 100}, a_order="Ambush")
    ambush = Battle(setup, random.Random(1))
    plain = Battle(field({"Spearmen": 100}, {"Spearmen": 100}), random.Random(1))
    targets = ambush.armies[DEFENDER].fighting()
    first = ambush.wounds(ATTACKER, 1, targets, "Field Battle")
    later = Battle(setup, random.Random(1)).wounds(ATTACKER, 2, targets, "Field Battle")
    assert first == pytest.approx(2 * later)
    # the ambusher's own +1 offense: (3 + 1) / 3 more than a plain field battle
    plain_wounds = plain.wounds(ATTACKER, 2, plain.armies[DEFENDER].fighting(), "Field Battle")
    assert later == pytest.approx(plain_wounds * 4 / 3)


def test_flanking_succeeds_more_often_for_the_faster_army():
    slow = Battle(field({"Spearmen": 10}, {"Spearmen": 10}, a_order="Flanking Maneuvers"), random.Random(0))
    fast = Battle(
        field({"Light Cavalry": 10}, {"Spearmen": 10}, a_order="Flanking Maneuvers"),
        random.Random(0),
    )
    assert slow.flanking_chance() == 0.5
    assert fast.flanking_chance() == pytest.approx(0.8)


def test_a_successful_flank_multiplies_the_attackers_damage():
    setup = field({"Spearmen": 100}, {"Spearmen": 100}, a_order="Flanking Maneuvers")
    fights = Battle(setup, Certain())
    fights.orders()
    assert fights.armies[ATTACKER].damage == 1.5
    assert fights.armies[DEFENDER].steadiness == -10


def test_more_men_deal_more_damage():
    few = Battle(field({"Spearmen": 100}, {"Spearmen": 100}), random.Random(3))
    many = Battle(field({"Spearmen": 200}, {"Spearmen": 100}), random.Random(3))
    targets = few.armies[DEFENDER].fighting()
    assert many.wounds(ATTACKER, 2, targets, "Field Battle") == pytest.approx(
        2 * few.wounds(ATTACKER, 2, targets, "Field Battle")
    )


def test_a_faster_army_defends_itself_better():
    # Rangers and Light Cavalry both have defense 3; they differ in movement (4 and 6)
    slow = Battle(field({"Spearmen": 100}, {"Rangers": 100}), random.Random(3))
    fast = Battle(field({"Spearmen": 100}, {"Light Cavalry": 100}), random.Random(3))
    to_slow = slow.wounds(ATTACKER, 2, slow.armies[DEFENDER].fighting(), "Field Battle")
    to_fast = fast.wounds(ATTACKER, 2, fast.armies[DEFENDER].fighting(), "Field Battle")
    assert to_fast / to_slow == pytest.approx(math.sqrt(4 / 6))


def test_a_skirmish_is_slow_demoralizing_and_favours_the_faster_army():
    def struck(order: str, target: str) -> float:
        setup = field({"Spearmen": 100}, {target: 100}, a_order=order, d_order=order)
        fights = Battle(setup, random.Random(3))
        return fights.wounds(ATTACKER, 2, fights.armies[DEFENDER].fighting(), order)

    # Spearmen (movement 3, offense 3) strike Light Cavalry (movement 6, defense 3).
    # Skirmish: damage x 0.6, the cavalry's defense +1, and speed counts fully (^1, not ^0.5).
    skirmish = 0.6 * 3 / (3 + 1) * (3 / 6) ** 1
    battle = 1.0 * 3 / 3 * (3 / 6) ** 0.5
    ratio = struck("Skirmish", "Light Cavalry") / struck("Field Battle", "Light Cavalry")
    assert ratio == pytest.approx(skirmish / battle)
    # and skirmishing steadies less: 5 more to the chance to flee
    slow = Battle(field({"Militia": 100}, {"Militia": 100}, d_order="Skirmish"), random.Random(0))
    assert slow.flee_chance(DEFENDER, slow.armies[DEFENDER].fighters[0]) == 5


def test_heavier_troops_need_more_wounds_to_die():
    fights = Battle(field({"Spearmen": 1}, {"Light Cavalry": 100, "Spearmen": 100}), random.Random(0))
    spearmen, cavalry = fights.armies[DEFENDER].fighters
    assert (spearmen.troop.name, cavalry.troop.name) == ("Spearmen", "Light Cavalry")
    fights._kill(DEFENDER, 100, ([cavalry],))
    fights._kill(DEFENDER, 100, ([spearmen],))
    assert (cavalry.men, spearmen.men) == (50, 0)


def test_casualties_come_from_the_main_body_before_the_reserve():
    fights = Battle(field({"Spearmen": 1}, {"Spearmen": 100, "Archers": 50}), random.Random(0))
    defender = fights.armies[DEFENDER]
    main = [f for f in defender.fighters if not f.troop.reserve]
    reserve = [f for f in defender.fighters if f.troop.reserve]
    fights._kill(DEFENDER, 60, (main, reserve))
    assert (main[0].men, reserve[0].men) == (40, 50)
    fights._kill(DEFENDER, 60, (main, reserve))
    assert (main[0].men, reserve[0].men) == (0, 30)


def test_flee_chance_grows_with_losses_and_odds_and_shrinks_with_morale():
    fights = Battle(field({"Militia": 100}, {"Militia": 100}), random.Random(0))
    militia = fights.armies[DEFENDER].fighters[0]
    # base 20 - morale 4 x 5 = 0 at even odds and no losses
    assert fights.flee_chance(DEFENDER, militia) == 0
    fights.armies[DEFENDER].killed = 50
    militia.men = 50
    # 50% losses: +50; odds 100 to 50: +10 x (2 - 1)
    assert fights.flee_chance(DEFENDER, militia) == 60
    militia.level = 2
    assert fights.flee_chance(DEFENDER, militia) == 50
    fortified = Battle(field({"Militia": 100}, {"Militia": 100}, d_order="Fortify"), random.Random(0))
    fortified.armies[DEFENDER].killed = 50
    fortified.armies[DEFENDER].fighters[0].men = 50
    assert fortified.flee_chance(DEFENDER, fortified.armies[DEFENDER].fighters[0]) == 45


def test_morale_is_checked_defenders_first_and_a_side_whose_last_unit_flees_is_pursued():
    fights = Battle(field({"Militia": 100}, {"Militia": 100}), Certain())
    for side in fights.armies.values():
        side.steadiness = -1000  # everyone would flee at the first check
    winner, how = fights.run()
    assert (winner, how) == (ATTACKER, "fled")
    assert fights.armies[ATTACKER].fighting()  # the attacker was never checked
    assert fights.armies[DEFENDER].killed > 0  # the pursuit
    assert "fled and lost" in fights.rounds[-1]


def test_a_rearguard_that_holds_lets_the_main_body_get_away():
    for seed in range(10):
        outcome = fight(
            {"Swordsmen": 150},
            {"Swordsmen": 150},
            d_order="Withdraw",
            away={"Spearmen": 500},
            seed=seed,
        )
        assert (outcome.winner, outcome.how) == (ATTACKER, "withdrew")
        assert ("Spearmen", 500) in [(u.troop, u.men) for u in outcome.survivors[DEFENDER]]


def test_a_withdrawal_without_a_rearguard_is_caught_by_the_pursuit():
    outcome = fight({"Light Cavalry": 300}, {}, d_order="Withdraw", away={"Spearmen": 500})
    assert (outcome.winner, outcome.how) == (ATTACKER, "caught")
    assert 0 < outcome.killed[DEFENDER] < 500


def test_a_battle_nobody_breaks_ends_with_the_attacker_breaking_off():
    outcome = fight({"Skeletons": 1000}, {"Skeletons": 1000}, a_order="Skirmish", d_order="Skirmish")
    assert (outcome.winner, outcome.how) == (DEFENDER, "held")
    assert len([r for r in outcome.rounds if "lost" in r]) == 6


def test_a_beaten_fortified_army_loses_part_of_its_survivors_trapped():
    for seed in range(10):
        outcome = fight({"Swordsmen": 1000}, {"Spearmen": 200}, d_order="Fortify", seed=seed)
        assert outcome.winner == ATTACKER
        left = sum(u.men for u in outcome.survivors[DEFENDER])
        if left:
            trapped = outcome.trapped
            assert trapped > 0
            assert 0.3 * (left + trapped) - 1 <= trapped <= 0.3 * (left + trapped)


def test_a_prepared_battlefield_adds_the_fortify_bonuses_to_the_order():
    plain = field({"Militia": 1}, {"Spearmen": 10})
    prepared = field({"Militia": 1}, {"Spearmen": 10}, prepared=True)
    # Spearmen: defense 4, +1 in a field battle; fortifying adds +2 (order) and +1 (their own)
    assert bonus(plain, DEFENDER, "Spearmen", "defense") == 5
    assert bonus(prepared, DEFENDER, "Spearmen", "defense") == 8
    # Fortify's -1 offense is its cost, not a bonus: the prepared field does not take it
    assert bonus(plain, DEFENDER, "Spearmen", "offense") == 3
    assert bonus(prepared, DEFENDER, "Spearmen", "offense") == 3


def test_troop_bonuses_depend_on_terrain_and_order():
    assert bonus(field({"Archers": 1}, {"Militia": 1}), ATTACKER, "Archers", "offense") == 5
    forest = field({"Archers": 1}, {"Militia": 1}, terrain="forest")
    assert bonus(forest, ATTACKER, "Archers", "offense") == 3
    fortify = field({"Militia": 1}, {"Archers": 1}, d_order="Fortify")
    assert bonus(fortify, DEFENDER, "Archers", "offense") == 5 - 1 + 2
    hills = field({"Militia": 1}, {"Militia": 1}, terrain="hills")
    assert bonus(hills, DEFENDER, "Militia", "defense") == 3  # 2, +1 for the hills
    assert bonus(hills, ATTACKER, "Militia", "defense") == 2  # terrain helps defenders only


def test_a_general_dies_with_half_the_chance_of_his_sides_share_of_men_killed():
    leader = general("Edric", "Aldmark", "Aldwick", "Inspirational", "Healer")
    fights = Battle(field({"Spearmen": 100}, {"Spearmen": 100}, a_general=leader), random.Random(0))
    fights.armies[ATTACKER].killed = 100
    assert fights.death_chance(ATTACKER) == 0.5
    fights.armies[ATTACKER].killed = 40
    assert fights.death_chance(ATTACKER) == pytest.approx(0.2)
    assert fights.death_chance(DEFENDER) == 0  # no general


def test_general_deaths_follow_their_chance():
    leader = general("Edric", "Aldmark", "Aldwick", "Inspirational", "Healer")
    deaths, chances = 0, 0.0
    for seed in range(300):
        outcome = fight({"Militia": 100}, {"Swordsmen": 400}, a_general=leader, seed=seed)
        deaths += outcome.died[ATTACKER]
        chances += 0.5 * outcome.killed[ATTACKER] / 100
    assert abs(deaths - chances) < 4 * math.sqrt(chances)


def test_surviving_units_may_become_veterans_who_fight_better():
    promoted = 0
    for seed in range(20):
        outcome = fight({"Swordsmen": 300}, {"Militia": 100}, seed=seed)
        levels = {u.level for u in outcome.survivors[ATTACKER]}
        assert levels <= {0, 1}
        promoted += 1 in levels and bool(outcome.promoted[ATTACKER])
    assert 3 < promoted < 17  # about half the time for a winner
    veteran = Field(
        "plains",
        Side(units({"Spearmen": 10}, level=2), "Field Battle"),
        Side(units({"Militia": 1}), "Field Battle"),
    )
    assert bonus(veteran, ATTACKER, "Spearmen", "offense") == 3 + 2 * 0.5


def test_renown_comes_from_enemies_killed_the_enemy_generals_death_and_victory():
    leader = general("Edric", "Aldmark", "Aldwick", "Inspirational", "Healer")
    foe = general("Hilde", "Brenn", "Brennhold", "Sneaky", "Healer")
    for seed in range(10):
        outcome = fight({"Swordsmen": 600}, {"Spearmen": 300}, a_general=leader, d_general=foe, seed=seed)
        expected = outcome.killed[DEFENDER] // 50 + 5 * outcome.died[DEFENDER]
        expected += 3 * (outcome.winner == ATTACKER)
        assert outcome.renown[ATTACKER] == expected
        loser = outcome.killed[ATTACKER] // 50 + 5 * outcome.died[ATTACKER]
        assert outcome.renown[DEFENDER] == loser + 3 * (outcome.winner == DEFENDER)


def test_the_same_seed_fights_the_same_battle():
    first = fight({"Swordsmen": 300, "Archers": 50}, {"Spearmen": 300}, seed=9)
    again = fight({"Swordsmen": 300, "Archers": 50}, {"Spearmen": 300}, seed=9)
    assert first == again


# --- battles on the map ---------------------------------------------------------------------

START = new_game()


def test_the_loser_leaves_for_a_neighbouring_region_of_its_own():
    state = arrange(
        START, {"Ashwood": ("Corvath", {"Militia": 30}), "Oakhollow": ("Corvath", {"Militia": 5})}
    )
    result = play(state, {"Aldmark": "Edric: attack Ashwood with all Spearmen, all Knights"})
    after = result.state
    [fought] = events_of(result, "battle")
    assert fought["winner"] == "attacker"
    assert after.holding("Ashwood").owner == "Aldmark"
    assert fought["defender"]["left"] == 30 - fought["defender"]["killed"]
    assert men_of(after, "Oakhollow") == 5 + fought["defender"]["left"]


def test_a_beaten_attacker_falls_back_to_where_it_came_from():
    state = arrange(START, {"Ashwood": ("Corvath", {"Swordsmen": 2000})})
    result = play(state, {"Aldmark": "Edric: attack Ashwood with 20 Knights"})
    after = result.state
    [fought] = events_of(result, "battle")
    assert fought["winner"] == "defender" and after.holding("Ashwood").owner == "Corvath"
    survivors = men_of(after, "Aldwick", "Knights")
    assert survivors == 20 - fought["attacker"]["killed"]
    if "Edric" in [g.name for g in after.generals]:
        assert next(g for g in after.generals if g.name == "Edric").region == "Aldwick"


def test_a_beaten_attacker_whose_home_emptied_goes_back_there_and_gains_no_region():
    """Ruling 49: an army that marched out with every man goes home beaten, not into the
    first empty region beside the battle (Aldwick here, which it never held)."""
    edric = general("Edric", "Aldmark", "Millbrook", "Battlefield Planner", "Inspirational")
    state = arrange(
        START,
        {
            "Millbrook": ("Aldmark", {"Knights": 100}),
            "Aldwick": (None, {}),
            "Ashwood": ("Corvath", {"Swordsmen": 200}),
        },
        generals=[edric, *START.generals[1:]],
    )
    result = play(state, {"Aldmark": "Edric: attack Ashwood with all troops"})
    after = result.state
    [fought] = events_of(result, "battle")
    assert fought["winner"] == "defender"
    assert after.holding("Aldwick").owner is None
    assert after.holding("Millbrook").owner == "Aldmark"
    assert men_of(after, "Millbrook", "Knights") == 100 - fought["attacker"]["killed"] > 0


def test_a_withdrawal_on_the_map_goes_to_the_named_region():
    state = arrange(
        START,
        {
            "Ashwood": ("Corvath", {"Swordsmen": 200, "Spearmen": 500}),
            "Oakhollow": ("Corvath", {"Militia": 5}),
        },
    )
    mails = {
        "Corvath": "Ashwood: withdraw to Oakhollow, rearguard 200 Swordsmen",
        "Aldmark": "Edric: attack Ashwood with 60 Spearmen",
    }
    result = play(state, mails, seed=4)
    after = result.state
    assert after.holding("Ashwood").owner == "Aldmark"
    assert men_of(after, "Oakhollow", "Spearmen") == 500


def test_attacks_arrive_fastest_first():
    # Both attack the empty Ashwood; Corvath's cavalry is faster and gets there first,
    # so Aldmark's slower spearmen fight Corvath's horsemen in Ashwood.
    rider = general("Malus", "Corvath", "Oakhollow", "Sneaky", "Healer")
    state = arrange(
        START,
        {"Oakhollow": ("Corvath", {"Light Cavalry": 10, "Militia": 5})},
        generals=[START.generals[0], rider],
    )
    result = play(
        state,
        {
            "Aldmark": "Edric: attack Ashwood with 200 Spearmen",
            "Corvath": "Malus: attack Ashwood with all Light Cavalry",
        },
    )
    [fought] = events_of(result, "battle")
    assert fought["attacker"]["power"] == "Aldmark" and fought["defender"]["power"] == "Corvath"
    assert fought["defender"]["start"] == "10 Light Cavalry"


def test_an_independent_garrison_disbands_when_beaten():
    state = arrange(START, {"Ashwood": (None, {"Militia": 40})})
    result = play(state, {"Aldmark": "Edric: attack Ashwood with all Spearmen"})
    [fought] = events_of(result, "battle")
    assert fought["winner"] == "attacker"
    assert {u.troop for u in result.state.holding("Ashwood").units} == {"Spearmen"}
    assert fought["defender"]["lost"] == 40 - fought["defender"]["killed"]


def test_troops_hired_this_turn_defend_this_turn():
    state = arrange(START, {"Ashwood": ("Corvath", {"Militia": 500})})
    malus = general("Malus", "Corvath", "Ashwood", "Healer", "Undying")
    state = arrange(state, generals=[START.generals[0], malus])
    result = play(
        state,
        {
            "Aldmark": "Edric: recruit 60 Spearmen",
            "Corvath": "Malus: attack Aldwick with 10 Militia",
        },
    )
    [fought] = events_of(result, "battle")
    assert fought["defender"]["start"].startswith("260 Spearmen")


def test_a_battlefield_prepared_this_turn_counts_in_this_turns_battles():
    malus = general("Malus", "Corvath", "Ashwood", "Healer", "Undying")
    state = arrange(START, {"Ashwood": ("Corvath", {"Militia": 50})}, generals=[START.generals[0], malus])
    result = play(
        state,
        {
            "Aldmark": "Edric: prepare battlefield",
            "Corvath": "Malus: attack Aldwick with all troops",
        },
    )
    [fought] = events_of(result, "battle")
    assert fought["prepared"] and fought["defender"]["general"] == "Edric"


def test_the_most_renowned_general_there_leads_the_defence_but_not_one_trained_this_turn():
    malus = general("Malus", "Corvath", "Ashwood", "Healer", "Undying")
    osric = general("Osric", "Aldmark", "Aldwick", "Healer", "Undying", renown=4)
    edric = replace(START.generals[0], renown=2)
    state = arrange(START, {"Ashwood": ("Corvath", {"Militia": 50})}, generals=[edric, osric, malus])
    result = play(state, {"Corvath": "Malus: attack Aldwick with all troops"})
    assert events_of(result, "battle")[0]["defender"]["general"] == "Osric"
    rich = arrange(state, generals=[replace(edric, renown=0), malus])
    result = play(
        rich,
        {
            "Corvath": "Malus: attack Aldwick with all troops",
            "Aldmark": "Edric: train general Aaron with Healer, Sneaky",
        },
    )
    assert events_of(result, "battle")[0]["defender"]["general"] == "Edric"


def test_when_both_sides_are_wiped_out_the_defender_holds_an_empty_field():
    for seed in range(2000):
        outcome = fight({"Militia": 1}, {"Militia": 1}, seed=seed)
        if not outcome.survivors[ATTACKER] and not outcome.survivors[DEFENDER]:
            assert (outcome.winner, outcome.how) == (DEFENDER, "annihilated")
            break
    else:
        pytest.fail("no battle in 2000 seeds wiped out both sides")
