"""The card sheets and variants: the rulebook's named cards, and checks on the YAML."""

from __future__ import annotations

import pytest

from pbem.rulesets.invictus.cards import CARD_SET, CARDS_FILE, CardSheetError, load_cards
from pbem.rulesets.invictus.variants import VARIANTS, VariantError, load_variants

CARD = CARD_SET.card


def test_six_versions_each_with_a_leader_and_one_soldier_per_colour() -> None:
    assert sorted(v.name for v in CARD_SET.versions.values()) == sorted(
        ["King", "Shogun", "Pharaoh", "Odin", "Tlatoani", "Emperor"]
    )
    for version in CARD_SET.versions.values():
        assert version.leader.leader
        assert sorted(s.colour or "" for s in version.soldiers) == sorted(
            ["blue", "green", "red", "yellow", "purple"]
        )


def test_the_blue_soldiers_are_the_six_the_rulebook_names() -> None:
    blue = {s.french: v.french for v in CARD_SET.versions.values() for s in v.soldiers if s.colour == "blue"}
    assert blue == {
        "Guerrier": "Roi",
        "Samurai": "Shogun",
        "Commandant": "Pharaon",
        "Viking": "Odin",
        "Océlômeh": "Tlahtoāni",
        "Mélophore": "Empereur",
    }


def test_samurai_has_attack_one_and_boosts_the_next_soldier_attack_by_three() -> None:
    samurai = CARD("Samurai")
    assert samurai.attack == 1
    assert (samurai.support.effect, samurai.support.amount) == ("boost_attack", 3)
    assert samurai.support.soldiers_only and samurai.support.timing == "own"


def test_numbers_the_rulebook_gives() -> None:
    assert CARD("Viking").upright == 1
    assert CARD("Crossbowman").attack == 1
    assert CARD("Musha").upright == 3
    # "il ne peut pas mener une attaque ... afin d'augmenter sa défense": tilting raises it
    assert CARD("Medjay").tilted > CARD("Medjay").upright


def test_the_named_cancellers_and_anubis_do_what_the_rulebook_says() -> None:
    for name in ("Garde", "Musha", "Medjay", "Cataphractaire"):
        assert CARD_SET.card(CARD_SET.find(name) or "").support.effect == "cancel_attack"
    for name in ("Sorcier", "Ensorceleur", "Druide", "Tlamacazqui"):
        assert CARD_SET.card(CARD_SET.find(name) or "").support.effect == "cancel_support"
    assert CARD("Anubis").support.effect == "resurrect"


def test_the_rulebook_example_army_is_legal_with_five_colours() -> None:
    """Samurai, Medjay, Druide, Anubis and Arbalétrier fight side by side on page 5."""
    colours = {CARD(n).colour for n in ("Samurai", "Medjay", "Druid", "Anubis", "Crossbowman")}
    assert len(colours) == 5


def test_every_card_says_where_it_comes_from() -> None:
    for card in CARD_SET.cards.values():
        assert card.source in ("rulebook", "designed")
        assert bool(card.rulebook) == (card.source == "rulebook"), card.name


def test_names_are_found_in_english_and_french_without_accents() -> None:
    assert CARD_SET.find("ARBALETRIER") == "Crossbowman"
    assert CARD_SET.find("crossbowman") == "Crossbowman"
    assert CARD_SET.find("Tlahtoani") == "Tlatoani"
    assert CARD_SET.find("ocelomeh") == "Ocelomeh"


GOOD = CARDS_FILE.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("attack: X\n", "attack: Y\n"), "soldiers[3] (Sorcerer): attack must be"),
        (("colour: red\n", "colour: pink\n"), "(Guard): colour must be one of"),
        (
            ("upright: 3, tilted: 2}\n      range", "upright: 0, tilted: 2}\n      range"),
            "versions.king.leader (King): defense.upright",
        ),
        (
            (
                "effect: resurrect, timing: own}\n        source: rulebook",
                "effect: resurrect, timing: opponent}\n        source: rulebook",
            ),
            "(Anubis): a resurrect Support can only be played in its owner's turn",
        ),
        (
            (
                "effect: ready, timing: own}\n        source: designed\n\n  shogun",
                "effect: fly, timing: own}\n        source: designed\n\n  shogun",
            ),
            "(Knight): support effect must be one of",
        ),
        (
            (
                "          .#.\n          .#.\n          .o.\n",
                "          .#.\n          .o#\n          .o.\n",
            ),
            "(Crossbowman): range must mark the unit with exactly one 'o'",
        ),
        (("      - name: Warrior\n", "      - name: Guard\n"), "Guard is defined twice"),
    ],
)
def test_a_bad_card_sheet_is_refused_naming_file_and_entry(change: tuple[str, str], message: str) -> None:
    old, new = change
    assert old in GOOD
    with pytest.raises(CardSheetError) as error:
        load_cards(CARDS_FILE, GOOD.replace(old, new, 1))
    assert str(error.value).startswith("cards.yaml: versions.")
    assert message in str(error.value)


def test_a_range_target_behind_the_unit_is_refused() -> None:
    guard = "        range: |\n          .#.\n          .o.\n        support: {effect: cancel_attack"
    behind = guard.replace(".#.\n          .o.", "...\n          .o.\n          .#.")
    text = GOOD.replace(guard, behind, 1)
    with pytest.raises(CardSheetError, match=r"\(Guard\): range targets"):
        load_cards(CARDS_FILE, text)


def test_the_shipped_variants() -> None:
    assert VARIANTS["standard"].soldiers == 20
    assert VARIANTS["guerre-eclair"].soldiers == 10
    four = VARIANTS["four-player"]
    assert (four.players, four.soldiers, four.opening_hand, four.camps) == (
        4,
        10,
        2,
        ((0, 2), (1, 3)),
    )


VARIANT = (
    "odd:\n  label: x\n  players: 2\n  camps: [[0], [1]]\n  soldiers: 20\n"
    "  opening_hand: 3\n  reserve_limit: 5\n  deployment: [[front], [front]]\n"
)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("camps: [[0], [1]]", "camps: [[0], [0]]"), "variants.yaml: odd: camps must share out seats"),
        (("soldiers: 20", "soldiers: 3"), "variants.yaml: odd: soldiers: .* 4"),
    ],
)
def test_a_bad_variant_is_refused_naming_it(change: tuple[str, str], message: str) -> None:
    old, new = change
    assert old in VARIANT
    with pytest.raises(VariantError, match=message):
        load_variants(text=VARIANT.replace(old, new))
