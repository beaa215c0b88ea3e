"""The twelve general's skills, each doing what the rulebook says it does."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pbem.rulesets.generals.battle import ATTACKER, DEFENDER, Battle
from pbem.rulesets.generals.state import Alliance

from .helpers import arrange, bonus, field, general, men_of, new_game, play

START = new_game()


def leading(*skills: str, **fields) -> object:
    return general("Edric", "Aldmark", "Aldwick", *skills, **fields)


def wounds(setup, key=ATTACKER, round_number=2, seed=4) -> float:
    fights = Battle(setup, random.Random(seed))
    target = fights.armies[DEFENDER if key == ATTACKER else ATTACKER]
    return fights.wounds(key, round_number, target.fighting(), target.order)


def test_arcane_mage_adds_wounds_every_round():
    plain = wounds(field({"Spearmen": 100}, {"Spearmen": 100}, a_general=leading("Healer:1")))
    mage = wounds(field({"Spearmen": 100}, {"Spearmen": 100}, a_general=leading("Arcane Mage:3")))
    assert mage == pytest.approx(plain + 3 * 12)


def test_healer_reduces_the_casualties_of_his_army():
    plain = wounds(field({"Spearmen": 100}, {"Spearmen": 100}))
    healed = wounds(field({"Spearmen": 100}, {"Spearmen": 100}, d_general=leading("Healer:4")))
    assert healed == pytest.approx(plain * (1 - 4 * 0.05))


def test_invincible_warrior_strengthens_the_unit_he_fights_alongside():
    warrior = leading("Invincible Warrior:2", champion="Archers")
    setup = field({"Spearmen": 10, "Archers": 10}, {"Militia": 1}, a_general=warrior)
    assert bonus(setup, ATTACKER, "Archers", "offense") == 5 + 1.0
    assert bonus(setup, ATTACKER, "Archers", "defense") == 2 + 1.0
    assert bonus(setup, ATTACKER, "Spearmen", "offense") == 3


def test_an_invincible_warrior_without_a_chosen_unit_fights_with_the_costliest():
    setup = field({"Spearmen": 10, "Knights": 5}, {"Militia": 1}, a_general=leading("Invincible Warrior:1"))
    assert bonus(setup, ATTACKER, "Knights", "offense") == 7 + 1 + 0.5  # +1 on plains


def test_undying_lowers_the_chance_of_death():
    fights = Battle(
        field({"Spearmen": 100}, {"Spearmen": 100}, a_general=leading("Undying:5")),
        random.Random(0),
    )
    fights.armies[ATTACKER].killed = 100
    assert fights.death_chance(ATTACKER) == pytest.approx(0.5 * (1 - 5 * 0.08))


def test_inspirational_lowers_the_chance_to_flee():
    plain = Battle(field({"Militia": 100}, {"Militia": 100}), random.Random(0))
    inspired = Battle(
        field({"Militia": 100}, {"Militia": 100}, d_general=leading("Inspirational:3")),
        random.Random(0),
    )
    for fights in (plain, inspired):
        fights.armies[DEFENDER].killed = 50
        fights.armies[DEFENDER].fighters[0].men = 50
    unit = plain.armies[DEFENDER].fighters[0]
    assert plain.flee_chance(DEFENDER, unit) == 60
    assert inspired.flee_chance(DEFENDER, inspired.armies[DEFENDER].fighters[0]) == 60 - 12


def test_sneaky_ambushes_are_discovered_less_often():
    setup = field({"Spearmen": 10}, {"Spearmen": 10}, d_order="Ambush", d_general=leading("Sneaky:5"))
    assert Battle(setup, random.Random(0)).discovery_chance(DEFENDER) == pytest.approx(0.15)


def test_sneaky_generals_are_often_missed_by_enemy_scouts():
    rowan = general("Rowan", "Brenn", "Ashwood", "Sneaky:10", "Healer")
    state = arrange(START, {"Ashwood": ("Brenn", {"Rangers": 50})}, generals=[START.generals[0], rowan])
    seen = 0
    for seed in range(50):
        after = play(state, {}, seed=seed).state
        seen += any(s.region == "Ashwood" and s.units for s in after.realm("Aldmark").intel)
    assert 2 < seen < 20  # missed 80% of the time at level 10


def test_the_chance_for_enemies_to_see_sneaky_scouts_is_lowered_but_allies_see_him_always():
    """Rulebook: "the chance for enemies to see his scouts is lowered"; an ally is no enemy."""
    rowan = general("Rowan", "Brenn", "Ashwood", "Sneaky:10", "Healer")
    state = arrange(
        START,
        {"Ashwood": ("Brenn", {"Rangers": 50}), "Oakhollow": ("Corvath", {"Militia": 50})},
        generals=[*START.generals, replace(rowan, name="Rowena")],
    )
    state = replace(state, alliances=(Alliance("formal", ("Aldmark", "Brenn")),))
    ally_saw = enemy_saw = 0
    for seed in range(40):
        after = play(state, {}, seed=seed).state
        [by_ally] = [s for s in after.realm("Aldmark").intel if s.region == "Ashwood"]
        [by_enemy] = [s for s in after.realm("Corvath").intel if s.region == "Ashwood"]
        ally_saw += by_ally.owner == "Brenn" and "Rowena" in by_ally.generals
        enemy_saw += bool(by_enemy.units)
    assert ally_saw == 40  # an ally sees as if he were not sneaky
    assert 1 < enemy_saw < 16  # missed 80% of the time at level 10


def test_master_tactician_raises_defense_in_every_battle():
    for order in ("Field Battle", "Skirmish", "Fortify"):
        setup = field(
            {"Militia": 1}, {"Spearmen": 10}, d_order=order, d_general=leading("Master Tactician:5")
        )
        plain = field({"Militia": 1}, {"Spearmen": 10}, d_order=order)
        assert bonus(setup, DEFENDER, "Spearmen", "defense") == pytest.approx(
            bonus(plain, DEFENDER, "Spearmen", "defense") + 1.5
        )


def test_guerilla_tactics_helps_only_in_a_skirmish():
    skirmish = field(
        {"Spearmen": 10},
        {"Militia": 1},
        a_order="Skirmish",
        a_general=leading("Guerilla Tactics:2"),
    )
    battle = field({"Spearmen": 10}, {"Militia": 1}, a_general=leading("Guerilla Tactics:2"))
    assert bonus(skirmish, ATTACKER, "Spearmen", "offense") == pytest.approx(3 + 0.6)
    assert bonus(battle, ATTACKER, "Spearmen", "offense") == 3


def test_fortification_expert_helps_when_fortifying_or_on_a_prepared_battlefield():
    expert = leading("Fortification Expert:2")
    fortify = field({"Militia": 1}, {"Militia": 10}, d_order="Fortify", d_general=expert)
    prepared = field({"Militia": 1}, {"Militia": 10}, prepared=True, d_general=expert)
    battle = field({"Militia": 1}, {"Militia": 10}, d_general=expert)
    assert bonus(fortify, DEFENDER, "Militia", "defense") == pytest.approx(2 + 2 + 1 + 1.0)
    assert bonus(prepared, DEFENDER, "Militia", "defense") == pytest.approx(2 + 2 + 1 + 1.0)
    assert bonus(battle, DEFENDER, "Militia", "defense") == 2


def test_battlefield_planner_helps_in_field_battles_and_flanking_maneuvers():
    planner = leading("Battlefield Planner:3")
    for order, expected in (
        ("Field Battle", 3.9),
        ("Flanking Maneuvers", 3.9),
        ("Skirmish", 3),
        ("Ambush", 4),
    ):
        setup = field({"Spearmen": 10}, {"Militia": 1}, a_order=order, a_general=planner)
        assert bonus(setup, ATTACKER, "Spearmen", "offense") == pytest.approx(expected), order


def test_necromancer_raises_undead_for_free_when_recruiting():
    # Malus of Corvath is a Necromancer at level 1
    after = play(START, {"Corvath": "Malus: recruit 10 Spearmen"}).state
    assert men_of(after, "Ravensgate", "Skeletons") == 10
    assert after.realm("Corvath").gold == 300 - 20 + 45


def test_rabble_rouser_gets_extra_men_in_a_region_with_a_town():
    rouser = general("Edric", "Aldmark", "Aldwick", "Rabble Rouser:4", "Healer")
    state = arrange(START, generals=[rouser, *START.generals[1:]])
    after = play(state, {"Aldmark": "Edric: recruit 50 Spearmen"}).state
    assert men_of(after, "Aldwick", "Spearmen") == 200 + 50 + 10  # 20% of 50, free
    assert after.realm("Aldmark").gold == 300 - 100 + 45
    elsewhere = arrange(state, generals=[replace(rouser, region="Thornfield"), *START.generals[1:]])
    after = play(elsewhere, {"Aldmark": "Edric: recruit 50 Spearmen"}).state
    assert men_of(after, "Thornfield", "Spearmen") == 30  # Thornfield has no town: no extra
