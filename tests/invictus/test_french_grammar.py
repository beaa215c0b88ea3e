"""French grammar filled in with a message's fields (pbem.i18n.french): articles that agree
with a card's gender (genders.yaml), elision before a vowel, in the rulesets' messages and
in the templates' own, and the genders file checked like the card sheets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pbem.i18n import Message, Term, _, french, join, render
from pbem.i18n.jinja import callables
from pbem.rulesets.invictus.cards import CARD_SET, GENDERS_FILE, CardSheetError, load_genders, load_h

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
    with pytest.raises(CardSheetError, match="Valkyrie: 'feminine' is not one of m, f, name, name f"):
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


#: a noun of each gender and number, as a report names it (with its article before "{card}")
#: and the ending its participle takes, written out by hand
NOUNS = {
    "masculine": (lambda: CARD_SET.term("Guard"), "Le Garde", ""),
    "feminine": (lambda: CARD_SET.term("Valkyrie"), "La Valkyrie", "e"),
    "a name": (lambda: CARD_SET.term("Odin"), "Odin", ""),
    "masculine plural": (lambda: CARD_SET.card("Guard").counted(2), "Les Gardes", "s"),
    "feminine plural": (lambda: CARD_SET.card("Valkyrie").counted(2), "Les Valkyries", "es"),
    "names": (lambda: CARD_SET.card("Anubis").counted(2), "Les Anubis", "s"),  # two Anubis cards
}
#: each place a participle follows its noun: (the translator's text for one, for several,
#: what a French reader expects with {noun} and {e} the ending)
FORMS = {
    "être": (
        "Le {card} est capturé{=card}.",
        "Le {card} sont capturé{=card}.",
        "{noun} {verb} capturé{e}.",
    ),
    "a été": (
        "Le {card} a été tué{=card} au combat.",
        "Le {card} ont été tué{=card} au combat.",
        "{noun} {verb} tué{e} au combat.",
    ),
    "sera": (
        "Le {card} sera défaussé{=card} à la fin du tour.",
        "Le {card} seront défaussé{=card} à la fin du tour.",
        "{noun} {verb} défaussé{e} à la fin du tour.",
    ),
    "était, at the line's end": (
        "Le {card} était incliné{=card}",
        "Le {card} étaient incliné{=card}",
        "{noun} {verb} incliné{e}",
    ),
    "an adjective after the noun": (
        "Le {card} pris{=card} rejoint le royaume ; rien d'autre.",
        "Le {card} pris{=card} rejoignent le royaume ; rien d'autre.",
        "{noun} pris{e2} {verb} le royaume ; rien d'autre.",
    ),
    "avoir after its direct object": (
        "Le {card} que vous avez joué{=card} revient.",
        "Le {card} que vous avez joué{=card} reviennent.",
        "{noun} que vous avez joué{e} {verb}.",
    ),
    "before a colon": (
        "Le {card} est détruit{=card} : x",
        "Le {card} sont détruit{=card} : x",
        "{noun} {verb} détruit{e} : x",
    ),
}
VERBS = {
    "être": ("est", "sont"),
    "a été": ("a été", "ont été"),
    "sera": ("sera", "seront"),
    "était, at the line's end": ("était", "étaient"),
    "an adjective after the noun": ("rejoint", "rejoignent"),
    "avoir after its direct object": ("revient", "reviennent"),
    "before a colon": ("est", "sont"),
}
#: "pris" takes no s in the masculine plural: it ends in one
PRIS = {"": "", "e": "e", "s": "", "es": "es"}


@pytest.mark.parametrize("form", sorted(FORMS))
@pytest.mark.parametrize("noun", sorted(NOUNS))
def test_a_marked_participle_agrees_with_its_nouns_gender_and_number(form: str, noun: str) -> None:
    value, written, ending = NOUNS[noun]
    card = value()
    plural = ending.endswith("s")
    one, several, expected = FORMS[form]
    verb = VERBS[form][plural]
    wanted = expected.format(noun=written, verb=verb, e=ending, e2=PRIS[ending])
    template = several if plural else one
    shown = render(card, "fr")
    assert french.agree(template, {"card": card}, {"card": shown}).format(card=shown) == wanted


def test_inflect_makes_a_participle_or_adjective_feminine_and_plural() -> None:
    for word, forms in {
        "capturé": ("capturée", "capturés", "capturées"),
        "pris": ("prise", "pris", "prises"),
        "détruit": ("détruite", "détruits", "détruites"),
        "vide": ("vide", "vides", "vides"),
        "premier": ("première", "premiers", "premières"),
        "actif": ("active", "actifs", "actives"),
        "tout": ("toute", "tous", "toutes"),
        "nouveau": ("nouvelle", "nouveaux", "nouvelles"),
    }.items():
        assert (
            french.inflect(word, "f", False),
            french.inflect(word, "m", True),
            french.inflect(word, "f", True),
        ) == forms
        assert french.inflect(word, "m", False) == word


def test_a_participle_after_a_unit_or_a_list_agrees_and_a_players_name_leaves_it_as_written() -> None:
    def unit(card: str, slot: str) -> Message:
        return _("{card} {slot}", card=CARD_SET.term(card), slot=slot)

    said = "{power} reacts: {card} is played as a Support to cancel {what}."
    assert render(_(said, power="Aline", card=CARD_SET.term("Valkyrie"), what="x"), "fr") == (
        "Aline réagit\u00a0: la Valkyrie est jouée en Soutien pour annuler x."
    )
    wounded = "{target} is wounded: {points} against defense {defense}, until the end of the turn."
    assert render(_(wounded, target=unit("Valkyrie", "a3"), points=1, defense=2), "fr").startswith(
        "La Valkyrie a3 est blessée\u00a0: 1 contre"
    )
    cancelled = "The {card} of {power} is cancelled: {what} still stands."
    assert render(_(cancelled, card=CARD_SET.term("Valkyrie"), power="Aline", what="x"), "fr") == (
        "La Valkyrie d'Aline est annulée\u00a0: x tient toujours."
    )
    both = join([unit("Valkyrie", "a3"), unit("Valkyrie", "b3")], _(" and "))
    mixed = join([unit("Valkyrie", "a3"), unit("Guard", "b3")], _(" and "))
    text = "Le {units} sont capturé{=units}."
    assert french.agree(text, {"units": both}, {"units": "V"}) == "Les {units} sont capturées."
    assert french.agree(text, {"units": mixed}, {"units": "V"}) == "Les {units} sont capturés."
    gods = join([CARD_SET.term("Odin"), CARD_SET.term("Anubis")], _(" and "))
    assert french.agree(text, {"units": gods}, {"units": "Odin et Anubis"}) == "{units} sont capturés."
    freyja = Term("Freyja", fr="Freyja", **{french.GENDER: "name f"})  # a goddess a referee adds
    assert render(_(ARMY, power="Aline", leader=freyja), "fr") == "Aline mène l'armée de Freyja."
    killed = _("{unit} is killed ({cause}).", unit=_("{card} {slot}", card=freyja, slot="b2"), cause="x")
    assert render(killed, "fr") == "Freyja b2 est tuée (x)."
    goddesses = join([freyja, freyja], _(" and "))
    assert french.agree(text, {"units": goddesses}, {"units": "F"}) == "{units} sont capturées."
    assert french.agree("{power} est arrivé{=power}.", {"power": "Aline"}, {"power": "Aline"}) == (
        "{power} est arrivé."  # no gender known for a player: pbem words its messages around it
    )
    html_gettext, _n = callables("fr", html=True)  # the templates' messages: the same marks
    assert html_gettext("Le %(card)s est capturé{=card}.", card=CARD_SET.term("Valkyrie")) == (
        "La Valkyrie est capturée."
    )
    assert render(_(said, power="Aline", card=CARD_SET.term("Valkyrie"), what="x"), "en") == (
        "Aline reacts: Valkyrie is played as a Support to cancel x."
    )


#: nouns beginning with an h, as a card's data marks them (genders.yaml's h:)
HUSSARD = Term("Hussar", fr="Hussard", **{french.GENDER: "m", french.H: "aspirated"})
HORDE = Term("Horde", fr="Horde", **{french.GENDER: "f", french.H: "aspirated"})
HOPLITE = Term("Hoplite", fr="Hoplite", **{french.GENDER: "m", french.H: "mute"})
HEROINE = Term("Heroine", fr="Héroïne", **{french.GENDER: "f", french.H: "mute"})


@pytest.mark.parametrize(
    ("term", "effect", "army", "unit"),
    [
        (
            HUSSARD,
            "L'effet du Hussard est annulé.",
            "Aline mène l'armée du Hussard.",
            "Le Hussard b2 est tué (x).",
        ),
        (
            HORDE,
            "L'effet de la Horde est annulé.",
            "Aline mène l'armée de la Horde.",
            "La Horde b2 est tuée (x).",
        ),
        (
            HOPLITE,
            "L'effet de l'Hoplite est annulé.",
            "Aline mène l'armée de l'Hoplite.",
            "L'Hoplite b2 est tué (x).",
        ),
        (
            HEROINE,
            "L'effet de l'Héroïne est annulé.",
            "Aline mène l'armée de l'Héroïne.",
            "L'Héroïne b2 est tuée (x).",
        ),
    ],
)
def test_an_aspirated_h_stops_elision_and_contraction_a_mute_h_elides(
    term: Term, effect: str, army: str, unit: str
) -> None:
    assert render(_(EFFECT, card=term), "fr") == effect
    assert render(_(ARMY, power="Aline", leader=term), "fr") == army
    killed = _("{unit} is killed ({cause}).", unit=_("{card} {slot}", card=term, slot="b2"), cause="x")
    assert render(killed, "fr") == unit
    missing = "vous n'avez pas de {card}"
    rendered = {"card": render(term, "fr")}
    aspirated = term.names[french.H] == "aspirated"
    assert french.agree(missing, {"card": term}, rendered) == (
        "vous n'avez pas de {card}" if aspirated else "vous n'avez pas d'{card}"
    )
    assert french.agree("Il faut que {card} attaque", {"card": term}, rendered) == (
        "Il faut que {card} attaque" if aspirated else "Il faut qu'{card} attaque"
    )
    assert (
        french.agree("je {verb}", {"verb": "hurle"}, {"verb": "hurle"}) == "je {verb}"
    )  # no mark: no elision
    assert render(Message.from_data(_(EFFECT, card=term).data()), "fr") == effect  # a stored event keeps it


def test_the_h_of_a_cards_french_name_is_marked_and_checked(tmp_path: Path) -> None:
    """No card of the six versions begins with an h; one a referee adds must say which h it has."""
    french_names = {name: card.french for name, card in CARD_SET.cards.items()}
    assert load_h(GENDERS_FILE, french_names) == {}
    assert not [name for name in french_names.values() if name[:1] in "hH"]
    names = {"Hussar": "Hussard", "Hoplite": "Hoplite", "Guard": "Garde"}
    marks = tmp_path / "genders.yaml"
    marks.write_text("h:\n  Hussar: aspirated\n  Hoplite: mute\n", encoding="utf-8")
    assert load_h(marks, names) == {"Hussar": "aspirated", "Hoplite": "mute"}
    for text, error in [
        ("h:\n  Hussar: aspirated\n", "say under h: whether the h of Hoplite is aspirated"),
        ("h:\n  Hussar: aspirated\n  Hoplite: silent\n", "h.Hoplite: 'silent' is not one of aspirated, mute"),
        (
            "h:\n  Hussar: aspirated\n  Hoplite: mute\n  Guard: mute\n",
            "h.Guard: its French name 'Garde' does not",
        ),
        ("h:\n  Hussard: aspirated\n", "h.Hussard: no such card"),
    ]:
        marks.write_text(text, encoding="utf-8")
        with pytest.raises(CardSheetError, match=re.escape(error)):
            load_h(marks, names)
