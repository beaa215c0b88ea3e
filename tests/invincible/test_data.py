"""The game data: the rulebook's cards and enemy table, and checked variant files."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pbem.rulesets.invincible.data import VARIANTS, DataError, load_variant, load_variants

# Copied by hand from "Character Cards" in the rulebook:
# Companion, Accuser, Informer, Leader, Honor, Wine.
RULEBOOK_CARDS = {
    "Temujin": (6, 5, 7, 9, 8, 3),
    "Jabei": (4, 3, 8, 10, 6, 6),
    "Jamukha": (7, 3, 6, 5, 9, 2),
    "Ong": (4, 6, 6, 5, 10, 7),
    "Semuggan": (2, 10, 5, 4, 3, 8),
    "Ogadai": (8, 4, 6, 7, 5, 4),
    "Kublai": (5, 6, 8, 8, 7, 6),
    "Tamerlane": (9, 2, 8, 5, 3, 5),
}
# "The Enemy": 1 brigands 5, 2 small town 10, 3 average town 15, 4 large city 25,
# 5 capital city 40, 6 opposing army 60.
RULEBOOK_ENEMIES = {1: 5, 2: 10, 3: 15, 4: 25, 5: 40, 6: 60}


def test_the_standard_cards_are_the_rulebooks_eight() -> None:
    variant = VARIANTS["standard"]
    cards = {c.name: (c.companion, c.accuser, c.informer, c.leader, c.honor, c.wine) for c in variant.cards}
    assert cards == RULEBOOK_CARDS


def test_the_enemy_table_is_the_rulebooks() -> None:
    variant = VARIANTS["standard"]
    assert {e.roll: e.rating for e in variant.enemies} == RULEBOOK_ENEMIES
    assert variant.enemy(6).name == "opposing army"
    assert variant.final_army.rating == 80


def test_the_limits_are_the_rulebooks() -> None:
    variant = VARIANTS["standard"]
    assert (variant.max_mode, variant.max_honor, variant.max_wine) == (10, 10, 10)
    assert variant.points_per_signal == 5
    assert variant.restore_per_turn == 3


def _write(tmp_path: Path, data: object, name: str = "broken.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def _standard() -> dict:
    source = Path(__file__).parents[2] / "pbem/rulesets/invincible/variants/standard.yaml"
    data: dict = yaml.safe_load(source.read_text(encoding="utf-8"))
    return data


#: a place in the standard file, the value written there (GONE: the entry taken out), and
#: what the refusal says
GONE = object()
BROKEN = [
    (("cards", 6, "companion"), 11, r"broken\.yaml: card 'Kublai': companion must be .* 0 to 10, not 11"),
    (("enemies", 2), GONE, r"broken\.yaml: enemies must have one entry per roll"),
    (("cards", 1, "aliases"), ["Kublai"], r"card 'Kublai': the name 'Kublai' is taken by card 'Jabei'"),
    # the cards and the enemy table are read by the records codec, which names the place
    (("cards", 0, "honor"), True, r"broken\.yaml: cards: 0: honor: Input should be a valid integer"),
    (("cards", 0, "colour"), "red", r"broken\.yaml: cards: 0: colour: Unexpected keyword"),
    (("enemies", 0, "rating"), "5", r"broken\.yaml: enemies: 0: rating: Input should be a valid"),
    (
        ("final_army", "rating"),
        0,
        r"broken\.yaml: enemy 'great opposing army': rating must be .* 1 to 1000, not 0",
    ),
]


@pytest.mark.parametrize(("place", "value", "message"), BROKEN)
def test_a_broken_variant_is_refused_naming_its_file_and_entry(
    tmp_path: Path, place: tuple[str | int, ...], value: object, message: str
) -> None:
    data = _standard()
    *steps, last = place
    entry = data
    for step in steps:
        entry = entry[step]
    if value is GONE:
        del entry[last]
    else:
        entry[last] = value
    with pytest.raises(DataError, match=message):
        load_variant(_write(tmp_path, data))


def test_bad_yaml_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "garbled.yaml"
    path.write_text("cards: [unclosed", encoding="utf-8")
    with pytest.raises(DataError, match=r"garbled\.yaml: not valid YAML"):
        load_variant(path)


def test_a_referee_adds_a_variant_by_dropping_a_file(tmp_path: Path) -> None:
    data = _standard()
    data["final_army"]["rating"] = 100
    _write(tmp_path, data, "hard.yaml")
    variants = load_variants(tmp_path)
    assert list(variants) == ["hard"]
    assert variants["hard"].final_army.rating == 100
