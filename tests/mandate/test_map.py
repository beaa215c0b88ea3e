"""The Mandate of Heaven map is a sound Diplomacy graph, with the rulebook's provinces, the powers of
369 B.C., and what the variant's rules read from it checked at load time."""

from __future__ import annotations

import copy
import re
from collections import deque
from pathlib import Path

import pytest
import yaml

from pbem.maps import picture
from pbem.rulesets.diplomacy.mandate import MandateOfHeaven
from pbem.rulesets.diplomacy.maps import MapError, build_map
from pbem.rulesets.diplomacy.variant import VARIANTS_DIR

from .games import NEUTRALS, PLAYERS, opening, rules, ruleset

RULEBOOK = Path("/work/shared/rules/mandate_of_heaven.txt")
DATA = yaml.safe_load((VARIANTS_DIR / "mandate_of_heaven.yaml").read_text(encoding="utf-8"))
MAP = rules.map
#: the provinces of the rulebook's list, abbreviation -> name (as printed there)
LISTED = {
    "BA": "Ba", "CHA": "Chang'an", "CHE": "Chen", "CHT": "Chengtu", "CHC": "Chincheng", "CHY": "Chinyang",
    "CSN": "Choson", "COU": "Chou", "CSI": "Choushi", "CHG": "Chungshan", "DAI": "Daiyeng", "DIA": "Dian",
    "DIK": "Diankiang", "HAN": "Han", "HAC": "Hanchung", "HAD": "Handan", "HCH": "Hsi Cherchen",
    "HHA": "Hsi Handan", "HHS": "Hsi Hsienpi", "HHH": "Hsi Hwang Ho", "HTU": "Hsi Turfan",
    "HYC": "Hsi Yangtse Chiang", "HYU": "Hsi Yueh", "HSP": "Hsiangping", "HSY": "Hsianyang", "LIN": "Lintse",
    "LU": "Lu", "NHS": "Nan Hsienpi", "NLI": "Nan Lintse", "NTS": "Nan Tsechuan", "NTU": "Nan Turfan",
    "NAC": "Nanchin", "NCS": "North Choson Sea", "NYS": "North Yueh Sea", "PCH": "Pei Choson",
    "PCS": "Pei Choushi", "PDA": "Pei Daiyeng", "PSH": "Pei Shang", "PEN": "Pengli", "RON": "Rong",
    "SHA": "Shang", "SHG": "Shanggu", "SCS": "South Choson Sea", "SYS": "South Yueh Sea",
    "SOS": "Southern Sea", "SUN": "Sung", "TIB": "Tibet", "TSE": "Tsechuan", "TCC": "Tung Cherchen",
    "TCY": "Tung Chinyang", "THS": "Tung Hsienpi", "TTU": "Tung Turfan", "TYI": "Tung Ying",
    "TYU": "Tung Yueh", "WEI": "Wei", "WU": "Wu", "WUY": "Wuyuan", "YIN": "Ying", "YUB": "Yubeiping",
    "YUY": "Yueyang",
}  # fmt: skip
RIVERS = {"HHH", "WEI", "COU", "DAI", "PDA", "HYC", "BA", "YIN", "PEN", "NAC", "WU"}


def test_the_provinces_are_the_rulebooks_sixty() -> None:
    assert {abbr: p.name for abbr, p in MAP.provinces.items()} == LISTED
    if RULEBOOK.exists():  # the shared rules, where this checkout has them
        text = RULEBOOK.read_text(encoding="utf-8").split("List of Provinces with Abbreviations:")[1]
        printed = {}
        for line in text.strip().splitlines():
            if line.strip():
                name, abbr = line.strip().rsplit(maxsplit=1)
                printed[abbr.upper()] = name.strip()
        assert printed == LISTED


def test_borders_are_symmetric_and_between_places_units_can_stand() -> None:
    for origin, targets in MAP.army_borders.items():
        assert MAP.provinces[origin].type in ("land", "coast")
        for target in targets:
            assert origin in MAP.army_borders[target], (origin, target)
    for origin, targets in MAP.fleet_borders.items():
        for target in targets:
            assert origin in MAP.fleet_borders[target], (origin, target)
            if MAP.provinces[origin].type != "sea" and MAP.provinces[target].type != "sea":
                assert target in MAP.army_borders[origin], (
                    f"{origin}-{target}: along a shore both border by land"
                )


def test_fleets_go_only_on_seas_coasts_and_rivers() -> None:
    seas = {abbr for abbr, p in MAP.provinces.items() if p.type == "sea"}
    convoying = {abbr for abbr, p in MAP.provinces.items() if p.convoys and p.type != "sea"}
    assert convoying == RIVERS
    for location, targets in MAP.fleet_borders.items():
        province = MAP.provinces[location]
        assert province.type in ("sea", "coast")
        if province.type == "coast" and location not in RIVERS:
            assert targets & seas, f"{location} holds fleets but touches no sea"
        for target in targets - RIVERS - seas if location not in seas else ():
            # from a coast (or a river's mouth) to a coast: only along a shore, never up a river bank
            assert targets & seas & MAP.fleet_borders[target], f"{location}-{target} share no sea"
    land = [abbr for abbr, p in MAP.provinces.items() if p.type == "land"]
    assert land and not any(abbr in MAP.fleet_borders for abbr in land)


def test_the_rivers_run_from_their_upper_course_to_the_sea() -> None:
    for name, course in DATA["rivers"].items():
        assert MAP.provinces[course[0]].name.startswith("Hsi "), name  # Hsi Hwang Ho, Hsi Yangtse Chiang
        for upstream, downstream in zip(course, course[1:], strict=False):
            assert downstream in MAP.fleet_borders[upstream]
        assert any(MAP.provinces[t].type == "sea" for t in MAP.fleet_borders[course[-1]]), name


def test_every_centre_can_be_reached_by_armies_from_every_home() -> None:
    def reachable(start: str) -> set[str]:
        seen, queue = {start}, deque([start])
        while queue:
            for neighbour in MAP.army_borders[queue.popleft()]:
                if neighbour not in seen:
                    seen.add(neighbour)
                    queue.append(neighbour)
        return seen

    everywhere = {abbr for abbr, p in MAP.provinces.items() if p.type != "sea"}
    for start in ["HHS", *MAP.supply_centres]:
        assert reachable(start) == everywhere, start


def test_the_non_chinese_centres_are_marked_and_fourteen_of_the_rest_win() -> None:
    assert MAP.victory_ignores == {"CSN", "PCS", "TYU"}
    assert [MAP.provinces[p].name for p in sorted(MAP.victory_ignores)] == [
        "Choson",
        "Pei Choushi",
        "Tung Yueh",
    ]
    chinese = len(MAP.supply_centres) - len(MAP.victory_ignores)
    assert MAP.victory_centres == 14 and chinese == 27  # fourteen is a majority of the Chinese centres
    assert MAP.builds == "any"  # rule 1


def test_seven_warring_states_with_three_centres_and_units_the_nomads_with_none() -> None:
    assert rules.player_powers() == PLAYERS
    start = MAP.start
    for power in PLAYERS[:7]:
        assert len(MAP.powers[power].home_centres) == 3
        assert sorted(start.centres[power]) == sorted(MAP.powers[power].home_centres)
        assert len(start.units[power]) == 3
        assert {u.split()[1].split("/")[0] for u in start.units[power]} == set(start.centres[power])
    assert MAP.powers["Hsiung-Nu"].home_centres == () and "Hsiung-Nu" not in start.units
    for power in NEUTRALS:  # armed neutrals: one centre and one army each, no player
        assert not MAP.powers[power].player
        assert len(start.centres[power]) == 1 and len(start.units[power]) == 1
        assert start.units[power][0].startswith("A ")
    assert len(MAP.supply_centres) == 30 and sum(len(c) for c in start.centres.values()) == 30


def test_the_nomads_place_in_the_steppe_and_desert() -> None:
    area = set(rules.nomads.placement_area)
    names = {MAP.provinces[p].name for p in area}
    assert names == {
        f"{side} {region}"
        for region, sides in {
            "Hsienpi": "Hsi Nan Tung",
            "Turfan": "Hsi Nan Tung",
            "Cherchen": "Hsi Tung",
        }.items()
        for side in sides.split()
    }
    assert all(MAP.provinces[p].type == "land" and not MAP.provinces[p].supply_centre for p in area)


def test_every_province_has_its_own_position_on_the_picture() -> None:
    positions = [p.position for p in MAP.provinces.values()]
    assert len(set(positions)) == 60
    assert all(0 <= x <= 1000 and 0 <= y <= 820 for x, y in positions)


def test_the_map_picture_draws_every_province_and_unit() -> None:
    state = opening()
    svg = picture("diplomacy", ruleset.view(state, [], "PUBLIC"))
    assert svg is not None and svg.startswith("<svg")
    for abbr in MAP.provinces:
        assert f">{abbr}<" in svg, abbr
    assert svg.count(">A<") == 7 * 3 - 4 + 9  # the armies: seven states' (four fleets) and the neutrals'


def broken(change) -> dict:
    data = copy.deepcopy(DATA)
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["nomads"]["placement_area"].append("YUY"), "placement_area: YUY is not a land province"),
        (lambda d: d["nomads"].update(power="Mongols"), "power 'Mongols' is not a power"),
        (lambda d: d["nomads"].update(limit=0), "limit must be a whole number above 0"),
        (lambda d: d["rivers"]["Hwang Ho"].append("LIN"), "LIN must be a coast province with convoys: true"),
        (lambda d: d["rivers"]["Hwang Ho"].remove("COU"), "cannot sail from WEI to DAI"),
        (lambda d: d["calendar"]["zodiac"]["signs"].pop(), "twelve different names"),
        (lambda d: d.pop("neutral_votes"), "neutral_votes: needs activation_centres"),
    ],
)
def test_the_variants_own_entries_are_checked_when_loaded(change, words: str) -> None:
    with pytest.raises(MapError, match=re.escape(words)):
        MandateOfHeaven(build_map(broken(change), "mandate_of_heaven.yaml"))
