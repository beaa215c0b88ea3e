"""The card set as data: the starter set's decks, suits and counts, and checked files."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pbem.rulesets.invoke.cards import (
    VARIANTS_DIR,
    CardSetError,
    load_cardset,
    load_variants,
)

from .tables import CARDS

SUITS = {
    "Manifest": ["Element", "Magical Item", "Creature"],
    "Thaumaturgy": ["Action", "Chaos"],
    "Focus": ["Target", "Modifier"],
}


def test_the_three_decks_and_their_suits_are_the_rulebooks() -> None:
    assert CARDS.decks == ("Manifest", "Thaumaturgy", "Focus")
    for deck, suits in SUITS.items():
        assert sorted({c.suit for c in CARDS.cards.values() if c.deck == deck}) == sorted(suits)


def test_every_card_the_rulebook_names_is_in_the_starter_set() -> None:
    named = [
        "Fire",
        "Water",
        "Air",
        "Earth",
        "Tome",
        "Wand",
        "Mermaid",
        "Imp",
        "Move Left",
        "Move Right",
        "Invoke",
        "Discard",
        "Build Wall",
        "Target Magical Item",
        "Target Creature",
        "Target Hand",
        "Target Power Gem",
        "Target Current Invocation",
        "Target Established Invocation",
        "+1",
        "+2",
        "-1",
        "-2",
        "Delay",
        "Sustain",
        "Haste",
    ]
    assert all(CARDS.cards[name].count > 0 for name in named)
    assert (CARDS.cards["Mermaid"].element, CARDS.cards["Imp"].element) == ("Water", "Fire")


def test_opposite_elements() -> None:
    assert dict(CARDS.opposites) == {"Fire": "Water", "Water": "Fire", "Air": "Earth", "Earth": "Air"}


def test_chaos_cards_are_about_fourteen_percent_of_thaumaturgy() -> None:
    deck = CARDS.full_deck("Thaumaturgy")
    chaos = [c for c in deck if CARDS.kind(c) == "chaos"]
    assert (len(chaos), len(deck)) == (12, 86)
    assert round(100 * len(chaos) / len(deck)) == 14


def starter() -> dict:
    return yaml.safe_load((VARIANTS_DIR / "starter.yaml").read_text())


@pytest.mark.parametrize(
    "change, message",
    [
        (
            lambda d: d["decks"]["Manifest"]["Element"][0].update(kind="fire"),
            "starter.yaml: decks.Manifest.Element[0]: (Fire) kind 'fire' is not one of",
        ),
        (
            lambda d: d["decks"]["Focus"]["Modifier"][0].update(value=2),
            "decks.Focus.Modifier[0]: (+1) a modifier is named by its value: call it +2",
        ),
        (
            lambda d: d["decks"]["Thaumaturgy"]["Chaos"][0].update(effect="boom"),
            "decks.Thaumaturgy.Chaos[0]: (Backfire) effect 'boom' is not one of",
        ),
        (
            lambda d: d["decks"]["Manifest"]["Creature"][1].update(element="Lava"),
            "decks.Manifest.Creature[1]: (Imp) element 'Lava' is not one of",
        ),
        (
            lambda d: d["decks"]["Manifest"]["Creature"][1].update(name="Mermaid"),
            "decks.Manifest.Creature[1] (Mermaid): the same name is used twice",
        ),
        (
            lambda d: d["decks"]["Manifest"]["Element"][2].update(count=-1),
            "decks.Manifest.Element[2]: (Air) count -1 must be a whole number",
        ),
        (lambda d: d["elements"].update(Fire="Air"), "elements.Fire: its opposite 'Air' must name"),
        (lambda d: d["decks"]["Thaumaturgy"]["Action"].pop(2), "expected exactly one card of kind invoke"),
        (lambda d: d.pop("hand_size"), "starter.yaml: hand_size: missing"),
        (lambda d: d["power_gems"].update({1: 9}), "power_gems.1: expected mages (2 or more)"),
    ],
)
def test_a_broken_card_set_names_the_file_and_the_entry(tmp_path: Path, change, message) -> None:
    data = starter()
    change(data)
    path = tmp_path / "starter.yaml"
    path.write_text(yaml.safe_dump(data))
    with pytest.raises(CardSetError) as caught:
        load_cardset(path)
    assert message in str(caught.value)


def test_a_card_set_is_named_after_its_file(tmp_path: Path) -> None:
    data = starter()
    (tmp_path / "deluxe.yaml").write_text(yaml.safe_dump(data))
    with pytest.raises(CardSetError, match="deluxe.yaml: name: 'starter' must match"):
        load_variants(tmp_path)


def test_a_referee_can_add_a_variant_as_a_file(tmp_path: Path) -> None:
    data = starter()
    data["name"] = "small"
    data["decks"]["Manifest"]["Element"][0]["count"] = 2
    (tmp_path / "small.yaml").write_text(yaml.safe_dump(data))
    assert load_variants(tmp_path)["small"].full_deck("Manifest").count("Fire") == 2
