"""The standard map as converted, and the map loader's errors on broken maps."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from pbem.rulesets.diplomacy.maps import MapError, build_map, load_map
from pbem.rulesets.diplomacy.variant import VARIANTS_DIR, load_variant

STANDARD = yaml.safe_load((VARIANTS_DIR / "standard.yaml").read_text(encoding="utf-8"))
SHARED = Path(__file__).parent / "data" / "standard_map.json"


def broken(change) -> dict[str, Any]:
    data = copy.deepcopy(STANDARD)
    change(data)
    return data


def test_the_standard_map_loads_with_its_facts() -> None:
    game_map = load_variant("standard").map
    assert len([p for p in game_map.provinces.values() if p.type != "impassable"]) == 75
    assert len(game_map.supply_centres) == 34
    assert game_map.victory_centres == 18
    assert game_map.provinces["STP"].locations == ("STP/NC", "STP/SC")
    assert game_map.powers["Russia"].home_centres == ("MOS", "SEV", "STP", "WAR")
    assert game_map.start.units["Russia"] == ("A WAR", "A MOS", "F SEV", "F STP/SC")
    assert "SWI" not in game_map.army_borders  # Switzerland is impassable


def test_borders_match_the_shared_map_file() -> None:
    shared = json.loads(SHARED.read_text(encoding="utf-8"))
    game_map = load_variant("standard").map
    assert {p: sorted(ts) for p, ts in game_map.army_borders.items()} == shared["adjacency"]["army"]
    assert {p: sorted(ts) for p, ts in game_map.fleet_borders.items()} == shared["adjacency"]["fleet"]


def test_every_province_has_a_name_and_a_position() -> None:
    for province in load_variant("standard").map.provinces.values():
        assert province.name
        assert 0 <= province.position[0] <= 1000 and 0 <= province.position[1] <= 850


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (
            lambda d: d["adjacency"]["army"]["BUR"].remove("PAR"),
            "province PAR borders BUR but BUR does not",
        ),
        (
            lambda d: d["adjacency"]["fleet"]["NTH"].append("PIC"),
            "NTH borders PIC but PIC does not",
        ),
        (lambda d: d["adjacency"]["fleet"]["MAO"].append("SPA"), "province SPA has coasts NC, SC"),
        (lambda d: d["adjacency"]["army"]["BUR"].append("ENG"), "province BUR: ENG is sea"),
        (
            lambda d: d["adjacency"]["army"]["BUR"].append("XYZ"),
            "province BUR: XYZ is not a province",
        ),
        (lambda d: d["provinces"]["BUR"].update(coasts=["NC", "SC"]), "province BUR: only coastal"),
        (lambda d: d["provinces"]["BUR"].update(type="mountain"), "province BUR: type 'mountain'"),
        (lambda d: d["start"]["units"]["France"].append("F BUR"), "a fleet cannot stand at BUR"),
        (lambda d: d["start"]["units"]["Russia"].append("F STP"), "province STP"),
        (
            lambda d: d["start"]["units"]["France"].append("A ENG"),
            "army cannot stand in province ENG",
        ),
        (lambda d: d["start"]["units"]["France"].append("A PAR"), "province PAR already holds"),
        (
            lambda d: d["powers"]["France"].update(home_centres=["PAR", "BUR"]),
            "home centre BUR is not a supply centre",
        ),
        (
            lambda d: d["start"]["supply_centres"]["France"].append("BUR"),
            "BUR is not a supply centre",
        ),
        (lambda d: d["victory"].update(centres=99), "victory centres 99"),
        (lambda d: d.pop("start"), "start"),
    ],
    ids=[
        "army-one-sided",
        "fleet-one-sided",
        "bare-split-coast",
        "army-to-sea",
        "unknown-province",
        "coasts-inland",
        "bad-type",
        "fleet-inland",
        "fleet-without-coast",
        "army-at-sea",
        "two-units",
        "home-not-centre",
        "start-centre-not-centre",
        "victory-too-high",
        "no-start",
    ],
)
def test_a_broken_map_is_refused_naming_the_file_and_province(change, words: str) -> None:
    with pytest.raises(MapError) as error:
        build_map(broken(change), "broken.yaml")
    assert str(error.value).startswith("broken.yaml: ")
    assert words in str(error.value)


def test_an_unreadable_file_is_a_map_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("provinces: [unclosed", encoding="utf-8")
    with pytest.raises(MapError, match="bad.yaml"):
        load_map(path)


def test_unknown_variant_lists_the_known_ones() -> None:
    with pytest.raises(ValueError, match="standard"):
        load_variant("atlantis")
