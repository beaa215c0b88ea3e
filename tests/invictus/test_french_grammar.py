"""French grammar filled in with a message's fields (pbem.i18n.french): articles that agree
with a card's gender (genders.yaml), elision before a vowel, in the rulesets' messages and
in the templates' own, and the genders file checked like the card sheets."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.i18n import Message, _, render
from pbem.i18n.jinja import callables
from pbem.rulesets.invictus.cards import CARD_SET, GENDERS_FILE, CardSheetError, load_genders

EFFECT = "The effect of the {card} is cancelled."
ARMY = "{power} leads the army of the {leader}."


@pytest.mark.parametrize(
    ("card", "effect", "army"),
    [
        ("Guard", "L'effet du Garde est annulé.", "Aline mène l'armée du Garde."),
        ("Valkyrie", "L'effet de la Valkyrie est annulé.", "Aline mène l'armée de la Valkyrie."),
        ("Crossbowman", "L'effet de l'Arbalétrier est annulé.", "Aline mène l'armée de l'Arbalétrier."),
        ("Odin", "L'effet d'Odin est annulé.", "Aline mène l'armée d'Odin."),
        ("Emperor", "L'effet de l'Empereur est annulé.", "Aline mène l'armée de l'Empereur."),
    ],
)
def test_an_article_agrees_with_the_cards_gender_and_elides_before_a_vowel(
    card: str, effect: str, army: str
) -> None:
    term = CARD_SET.term(card)
    assert render(_(EFFECT, card=term), "fr") == effect
    assert render(_(ARMY, power="Aline", leader=term), "fr") == army
    assert render(_(EFFECT, card=term), "en") == f"The effect of the {card} is cancelled."


def test_a_unit_named_by_its_card_and_slot_takes_the_cards_article() -> None:
    def unit(card: str) -> Message:
        return _("{card} {slot}", card=CARD_SET.term(card), slot="b2")

    killed = "{unit} is killed ({cause})."
    assert render(_(killed, unit=unit("Valkyrie"), cause="x"), "fr") == "La Valkyrie b2 est tuée (x)."
    assert render(_(killed, unit=unit("Anubis"), cause="x"), "fr") == "Anubis b2 est tué (x)."
    assert render(_(killed, unit=unit("Samurai"), cause="x"), "fr") == "Le Samurai b2 est tué (x)."
    tilted = "{unit} is tilted: it has attacked already"
    assert render(_(tilted, unit=unit("Valkyrie")), "fr") == "la Valkyrie b2 est inclinée, ayant déjà attaqué"


def test_a_tilted_card_on_the_battlefield_agrees_with_its_gender() -> None:
    cell = "{card} {attack}/{defense} tilted"
    valkyrie = _(cell, card=CARD_SET.term("Valkyrie"), attack=3, defense=1)
    assert render(valkyrie, "fr") == "Valkyrie 3/1 inclinée"
    assert render(_(cell, card=CARD_SET.term("Guard"), attack=1, defense=2), "fr") == "Garde 1/2 incliné"


def test_a_slot_a_quote_or_an_address_after_de_is_left_as_it_is() -> None:
    moved = "{card} moves from {source} to {slot}."
    assert render(_(moved, card=CARD_SET.term("Guard"), source="a2", slot="b2"), "fr") == (
        "Le Garde se déplace de a2 en b2."
    )
    hand = "hand of {power} #{index}: {card}"
    for power, shown in [
        ("Odile", "main d'Odile"),
        ("'Odile'", "main de 'Odile'"),
        ("odile@example.test", "main de odile@example.test"),
        ("Hugo", "main de Hugo"),
    ]:
        assert render(_(hand, power=power, index=1, card="x"), "fr").startswith(shown)


def test_a_stored_event_keeps_the_cards_gender() -> None:
    message = _(EFFECT, card=CARD_SET.term("Valkyrie"))
    assert render(Message.from_data(message.data()), "fr") == "L'effet de la Valkyrie est annulé."


def test_the_templates_messages_elide_too_and_html_escapes_the_fields() -> None:
    gettext, ngettext = callables("fr", html=False)
    assert gettext("%(power)s's secrets", power="Odile") == "Les secrets d'Odile"
    assert gettext("%(power)s's secrets", power="Bruno") == "Les secrets de Bruno"
    assert ngettext("%(num)s citizen", "%(num)s citizens", 2) == "2 citoyens"
    html_gettext, _n = callables("fr", html=True)
    assert html_gettext("%(power)s's secrets", power="<b>") == "Les secrets de &lt;b&gt;"
    english, _n = callables("en", html=False)
    assert english("%(power)s's secrets", power="Odile") == "Odile's secrets"


def test_every_card_has_one_gender_and_the_file_is_checked(tmp_path: Path) -> None:
    cards = set(CARD_SET.cards)
    assert set(load_genders(GENDERS_FILE, cards)) == cards
    broken = tmp_path / "genders.yaml"
    broken.write_text("genders:\n  Guard: m\n  Valkyrie: feminine\n", encoding="utf-8")
    with pytest.raises(CardSheetError, match="Valkyrie: 'feminine' is not one of m, f, name"):
        load_genders(broken, {"Guard", "Valkyrie"})
    broken.write_text("genders:\n  Guard: m\n", encoding="utf-8")
    with pytest.raises(CardSheetError, match="no gender for Valkyrie"):
        load_genders(broken, {"Guard", "Valkyrie"})
    broken.write_text("genders:\n  Gard: m\n", encoding="utf-8")
    with pytest.raises(CardSheetError, match="Gard: no such card"):
        load_genders(broken, {"Guard"})


def test_french_punctuation_takes_a_no_break_space_the_players_words_are_kept() -> None:
    assert render(_("Turn {turn}: {power}", turn=1, power="Aline"), "fr") == "Tour 1\u00a0: Aline"
    said = render(_("as things stand: {order}", order="Réserve : Shogun"), "fr")
    assert said == "en l'état\u00a0: Réserve : Shogun"  # the player's own line as written
    assert render(_("did you mean {word}?", word="PASS"), "fr") == "vouliez-vous dire PASS\u00a0?"
    gettext, _n = callables("fr", html=False)
    following = gettext("Next: %(label)s, deadline %(deadline)s", label="x", deadline="y")
    assert following == "Ensuite\u00a0: x, échéance y"
    assert render(_("Turn {turn}: {power}", turn=1, power="Aline"), "en") == "Turn 1: Aline"
