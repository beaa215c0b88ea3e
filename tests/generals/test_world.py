"""The game data: shipped files load, and broken files are refused with a useful message."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from pbem.rulesets.generals.world import (
    DATA,
    SKILL_EFFECTS,
    VARIANTS,
    DataError,
    load_world,
    world,
)


def test_shipped_data_has_the_rulebooks_skills_orders_and_two_scenarios():
    shipped = world()
    assert set(shipped.skills) == set(SKILL_EFFECTS) and len(shipped.skills) == 12
    assert set(shipped.variants) == {"standard", "duel"}
    assert len(shipped.variants["standard"].powers) == 4
    assert set(shipped.rules.battle.orders) == {
        "Ambush",
        "Skirmish",
        "Field Battle",
        "Fortify",
        "Flanking Maneuvers",
        "Withdraw",
        "Flee",
    }


def test_troop_points_follow_the_balance_rule_of_ruling_1():
    exceptions = {"Sappers": 3, "Giants": 60}
    for troop in world().troops.values():
        value = (
            (troop.offense + troop.defense)
            / 2
            * troop.health
            * (1 + (troop.movement - 3) / 6)
            * (1 + (troop.morale - 5) / 10)
            * (1.5 if troop.range >= 2 else 1)
            / 2
        )
        expected = exceptions.get(troop.name, max(1, round(value)))
        assert troop.points == expected, troop.name


def test_heavy_troops_and_monsters_take_more_damage_than_infantry():
    troops = world().troops
    infantry = troops["Spearmen"].health
    for troop in troops.values():
        if {"heavy", "monster"} & set(troop.tags):
            assert troop.health > infantry, troop.name


def test_archers_fortify_better_and_fight_worse_in_forest_and_explosives_like_ambush():
    troops = world().troops
    assert troops["Archers"].order_bonus["Fortify"].offense > 0
    assert troops["Archers"].terrain_bonus["forest"].offense < 0
    assert troops["Sappers"].order_bonus["Ambush"].offense > 0
    assert "Ambush" not in troops["Swordsmen"].order_bonus


@pytest.fixture()
def copy(tmp_path: Path) -> tuple[Path, Path]:
    data, variants = tmp_path / "data", tmp_path / "variants"
    shutil.copytree(DATA, data)
    shutil.copytree(VARIANTS, variants)
    return data, variants


def edit(path: Path, change) -> None:
    content = yaml.safe_load(path.read_text())
    change(content)
    path.write_text(yaml.safe_dump(content))


def refused(copy: tuple[Path, Path]) -> str:
    with pytest.raises(DataError) as error:
        load_world(*copy)
    return str(error.value)


def test_a_missing_troop_number_names_the_file_the_troop_and_the_number(copy):
    edit(copy[0] / "troops.yaml", lambda d: d["Archers"].pop("morale"))
    message = refused(copy)
    assert "troops.yaml" in message and "Archers" in message and "morale" in message


def test_a_one_way_neighbour_is_refused(copy):
    edit(copy[1] / "duel.yaml", lambda d: d["regions"]["Aldwick"]["neighbours"].append("Lowmead"))
    message = refused(copy)
    assert "duel.yaml" in message and "Aldwick" in message and "Lowmead" in message


def test_hiring_an_unknown_troop_is_refused(copy):
    edit(copy[1] / "duel.yaml", lambda d: d["regions"]["Bramble"]["hire"].append("Dragons"))
    message = refused(copy)
    assert "Bramble" in message and "Dragons" in message


def test_hiring_undead_is_refused_as_they_are_not_for_hire(copy):
    edit(copy[1] / "duel.yaml", lambda d: d["regions"]["Bramble"]["hire"].append("Skeletons"))
    assert "Skeletons" in refused(copy)


def test_a_general_must_start_with_two_skills(copy):
    def three(d):
        d["powers"]["Aldmark"]["generals"]["Edric"]["skills"].append("Healer")

    edit(copy[1] / "duel.yaml", three)
    message = refused(copy)
    assert "Edric" in message and "two different skills" in message


def test_an_unknown_terrain_is_refused(copy):
    edit(copy[1] / "standard.yaml", lambda d: d["regions"]["Greyfen"].update(terrain="desert"))
    message = refused(copy)
    assert "standard.yaml" in message and "Greyfen" in message and "desert" in message


def test_a_missing_rule_number_is_refused(copy):
    edit(copy[0] / "rules.yaml", lambda d: d["battle"]["morale"].pop("per_odds"))
    message = refused(copy)
    assert "rules.yaml" in message and "morale" in message and "per_odds" in message


def test_a_missing_skill_is_refused(copy):
    edit(copy[0] / "skills.yaml", lambda d: d.pop("Undying"))
    assert "Undying" in refused(copy)


def test_an_objective_on_an_unknown_region_is_refused(copy):
    def bad(d):
        d["powers"]["Brenn"]["objectives"][0] = {"hold": "Atlantis", "vp": 3}

    edit(copy[1] / "duel.yaml", bad)
    message = refused(copy)
    assert "Brenn" in message and "Atlantis" in message


def test_a_region_held_by_two_powers_is_refused(copy):
    edit(
        copy[1] / "duel.yaml",
        lambda d: d["powers"]["Brenn"]["armies"].update({"Aldwick": {"Militia": 5}}),
    )
    message = refused(copy)
    assert "Aldwick" in message and "already held" in message


def test_an_objective_to_take_a_starting_region_of_ones_own_is_refused(copy):
    def bad(d):
        d["powers"]["Brenn"]["objectives"][1] = {"take": "Brennhold", "vp": 3}

    edit(copy[1] / "duel.yaml", bad)
    message = refused(copy)
    assert "Brenn" in message and "Brennhold" in message and "own at the start" in message


@pytest.mark.parametrize("name", ["standard", "duel"])
def test_every_power_of_a_scenario_starts_on_equal_terms(name):
    variant = world().variants[name]
    troops = world().troops
    starts = {
        (
            p.gold,
            sum(variant.regions[r].income for r in p.armies),
            sum(men * troops[t].points for army in p.armies.values() for t, men in army.items()),
            len(p.generals),
        )
        for p in variant.powers.values()
    }
    assert len(starts) == 1, starts
