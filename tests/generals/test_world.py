"""The game data: shipped files load, and broken files are refused with a useful message."""

from __future__ import annotations

import operator
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

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


def _brenns_objective(number: int, objective: dict[str, Any]) -> Callable[[Any], None]:
    return lambda d: operator.setitem(d["powers"]["Brenn"]["objectives"], number, objective)


#: (the file broken, how, words the refusal must name), one case of ruling 4 each
BROKEN = [
    pytest.param(
        "data/troops.yaml",
        lambda d: d["Archers"].pop("morale"),
        ("troops.yaml", "Archers", "morale"),
        id="a_missing_troop_number_names_the_file_the_troop_and_the_number",
    ),
    pytest.param(
        "variants/duel.yaml",
        lambda d: d["regions"]["Aldwick"]["neighbours"].append("Lowmead"),
        ("duel.yaml", "Aldwick", "Lowmead"),
        id="a_one_way_neighbour",
    ),
    pytest.param(
        "variants/duel.yaml",
        lambda d: d["regions"]["Bramble"]["hire"].append("Dragons"),
        ("Bramble", "Dragons"),
        id="hiring_an_unknown_troop",
    ),
    pytest.param(
        "variants/duel.yaml",
        lambda d: d["regions"]["Bramble"]["hire"].append("Skeletons"),
        ("Skeletons",),
        id="hiring_undead_as_they_are_not_for_hire",
    ),
    pytest.param(
        "variants/duel.yaml",
        lambda d: d["powers"]["Aldmark"]["generals"]["Edric"]["skills"].append("Healer"),
        ("Edric", "two different skills"),
        id="a_general_must_start_with_two_skills",
    ),
    pytest.param(
        "variants/standard.yaml",
        lambda d: d["regions"]["Greyfen"].update(terrain="desert"),
        ("standard.yaml", "Greyfen", "desert"),
        id="an_unknown_terrain",
    ),
    pytest.param(
        "data/rules.yaml",
        lambda d: d["battle"]["morale"].pop("per_odds"),
        ("rules.yaml", "morale", "per_odds"),
        id="a_missing_rule_number",
    ),
    pytest.param("data/skills.yaml", lambda d: d.pop("Undying"), ("Undying",), id="a_missing_skill"),
    pytest.param(
        "variants/duel.yaml",
        _brenns_objective(0, {"hold": "Atlantis", "vp": 3}),
        ("Brenn", "Atlantis"),
        id="an_objective_on_an_unknown_region",
    ),
    pytest.param(
        "variants/duel.yaml",
        lambda d: d["powers"]["Brenn"]["armies"].update({"Aldwick": {"Militia": 5}}),
        ("Aldwick", "already held"),
        id="a_region_held_by_two_powers",
    ),
    pytest.param(
        "variants/duel.yaml",
        _brenns_objective(1, {"take": "Brennhold", "vp": 3}),
        ("Brenn", "Brennhold", "own at the start"),
        id="an_objective_to_take_a_starting_region_of_ones_own",
    ),
]


@pytest.mark.parametrize(("file", "change", "named"), BROKEN)
def test_broken_data_is_refused_naming_the_file_and_the_entry(copy, file, change, named):
    path = copy[0].parent / file
    content = yaml.safe_load(path.read_text())
    change(content)
    path.write_text(yaml.safe_dump(content))
    with pytest.raises(DataError) as error:
        load_world(*copy)
    message = str(error.value)
    assert all(word in message for word in named), (message, named)


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
