"""A game played in French (option ``language: fr``): every template and message id rendered in
both languages, the catalogues complete and up to date, and a whole French game by mail with no
English left in what the players read."""

from __future__ import annotations

import re
from typing import Any

import pytest
from babel.messages.pofile import read_po

from pbem.i18n import LOCALE, Message, render, translations
from pbem.i18n import catalogue as catalogues
from pbem.reports import Templates
from pbem.rulesets.invictus import ruleset
from pbem.rulesets.invictus.orders import notation, parse
from tests.harness import text_of
from tests.invictus import script
from tests.invictus.test_by_mail import ADDRESSES, play

DOMAINS = ("invictus", "mail")
_FIELD = re.compile(r"\{(\w+)(?:![rs])?\}|%\((\w+)\)s")


def ids(domain: str) -> list[Any]:
    with (LOCALE / "en" / "LC_MESSAGES" / f"{domain}.po").open("rb") as source:
        return [m.id for m in read_po(source, locale="en") if m.id]


def test_the_catalogues_hold_every_id_of_the_code_and_templates_translated() -> None:
    # the test-checked script: nothing to add, nothing stale, no French translation missing
    assert catalogues.run(check=True) == []


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_id_renders_in_both_languages_with_the_same_fields(domain: str) -> None:
    french = translations("fr")
    for msgid in ids(domain):
        singular, plural = (msgid, msgid) if isinstance(msgid, str) else msgid
        fields = {a or b for a, b in _FIELD.findall(singular)}
        translated = french.gettext(singular) if isinstance(msgid, str) else french.ngettext(*msgid, 2)
        assert translated and translated != "", msgid
        assert {a or b for a, b in _FIELD.findall(translated)} == fields | (
            {a or b for a, b in _FIELD.findall(plural)} - fields
        ), (msgid, translated)
        args = dict.fromkeys(fields, "X")
        if "{" in singular:
            assert render(Message(singular, **args), "en") == singular.format(**args)
            assert render(Message(singular, **args), "fr") == translated.format(**args)


def english_fragments() -> set[str]:
    """Pieces of English text from the message ids (between their fields), long enough to be
    sentences rather than order words or names, and different from their French."""
    french = translations("fr")
    pieces = set()
    for domain in DOMAINS:
        for msgid in ids(domain):
            singular = msgid if isinstance(msgid, str) else msgid[0]
            if french.gettext(singular) == singular:
                continue
            for piece in _FIELD.split(singular):
                for line in (piece or "").split("\n"):
                    words = re.findall(r"[a-z]{2,}", line)
                    if len(words) >= 3:
                        pieces.add(line.strip(" .,;:()"))
    return pieces


def english_left(text: str, fragments: set[str]) -> list[str]:
    return sorted(f for f in fragments if f and f in text)


def context(language: str) -> dict[str, Any]:
    state = _state(language)
    result = ruleset.adjudicate(state, {"Nord": ["PASS"]}, 4)
    return {
        "game": {"id": "g1", "name": "g1", "ruleset": "invictus", "variant": "standard",
                 "language": language},
        "viewer": "Nord",
        "power": "Nord",
        "phase": {"id": "deploy", "label": ruleset.phase(state).label},
        "view": ruleset.view(state, result.events, "Nord"),
        "next": {"id": "T1", "label": ruleset.phase(state).label, "kind": "turn", "deadline": "demain 20h"},
        "over": False,
        "result": "",
    }


def mail_context(language: str) -> dict[str, Any]:
    from pbem.intake.commands import PLAYER_COMMANDS

    base = context(language)
    orders = ruleset.parse_orders(_state(language), "Nord", "Passe\nAttaquer b9")
    answer = {
        "notes": [],
        "commands": [],
        "orders": [
            {"line": o.line, "text": o.text, "order": o.order, "error": o.error, "hint": o.hint,
             "note": o.note}
            for o in orders
        ],
        "replaced": [],
        "status": {
            "phase": "Tour 1 : Nord", "phase_id": "T1", "deadline": "demain", "status": "running",
            "orders": ["PASS"], "acting": True, "missing": [], "ready": True, "waiting": ["Sud"],
            "unsettled": True,
        },
        "help": "",
        "history": [],
    }
    return {
        **base,
        "password": "pw", "reply_address": "r@x", "service_address": "s@x", "deadline": "demain",
        "orders_help": "", "commands": PLAYER_COMMANDS, "replacing": "Ancien", "answer": answer,
        "service": "pbem", "sender": "Sud", "to": "Nord", "body": "Bonjour", "late": True,
        "until": "lundi", "missing": ["Sud"],
    }  # fmt: skip


def _state(language: str) -> Any:
    state = ruleset.start("standard", ["Nord", "Sud"], {"language": language}, 3)
    for seed in (1, 2, 3):
        state = ruleset.adjudicate(state, {}, seed).state
    return state


TEMPLATES = [
    "invictus/report.txt.j2",
    "invictus/report.html.j2",
    "invictus/orders.txt.j2",
    "mail/welcome.txt.j2",
    "mail/help.txt.j2",
    "mail/reply.txt.j2",
    "mail/press.txt.j2",
    "mail/late.txt.j2",
    "mail/reminder.txt.j2",
]


@pytest.mark.parametrize("name", TEMPLATES)
def test_every_template_renders_in_both_languages_and_the_french_has_no_english(name: str) -> None:
    templates = Templates()
    fragments = english_fragments()
    english = templates.text(name, **mail_context("en"))
    french = templates.text(name, **mail_context("fr"))
    assert english != french
    assert english_left(english, fragments), "the check must see English where there is some"
    assert english_left(french, fragments) == [], french


def test_canonical_orders_written_in_french_read_back_as_the_same_orders() -> None:
    for line in [
        "CANCEL EVERY ATTACK ON LEADER IF LETHAL WITH Guard",
        "CANCEL SUPPORT RESURRECT ON b2 WITH Sorcerer",
        "CANCEL SUPPORT BOOST-ATTACK WITH Druid",
        "CANCEL SUPPORT CANCEL-ATTACK WITH Druid",
        "ARMY Shogun: 8 Samurai, 4 Musha, 4 Druid, 4 Anubis",
        "RECRUIT Guard TO b2",
        "ATTACK Samurai b2 ON Musha b3",
        "SUPPORT Anubis: Crossbowman TO a2",
        "CONSCRIPT Guard, red",
        "CONSCRIPT ANY",
        "NO REACTIONS",
        "PASS",
        "KEEP",
        "MULLIGAN",
        "FRONT Guard TO b2",
        "RESERVE Samurai",
        "CITIZEN Guard",
    ]:
        french = render(notation(line), "fr")
        assert french != line or line in ("MULLIGAN", "RESERVE Samurai"), line  # the same words in French
        assert parse(french).text() == line, (line, french)


def test_a_game_in_an_unknown_language_is_refused_at_setup() -> None:
    from pbem.ruleset import SetupError

    with pytest.raises(SetupError, match="unknown language 'de'; known: en, fr"):
        ruleset.start("standard", ["Nord", "Sud"], {"language": "de"}, 1)


def test_the_scripted_game_in_french_by_mail(make_table: Any) -> None:
    """The whole scripted game, the players writing the rulebook's French; every mail they get
    is French: the welcome, the catalogue, every answer, refusal and hint, every report."""
    def welcome(text: str) -> None:
        assert "Bienvenue dans la partie g1" in text and "ARMEE Shogun" in text
        assert "LES CARTES" in text and "Garde, Soldat rouge" in text  # the catalogue, in French

    table, states, _turns = play(
        make_table, script.FRENCH_OPTIONS, script.FRENCH_TURNS, script.FRENCH_REFUSED, welcome
    )
    assert states[-1].language == "fr"
    fragments = english_fragments()
    for address in ADDRESSES.values():
        mails = table.mails_to(address)
        assert len(mails) >= len(script.FRENCH_TURNS) + 1
        for message in mails:
            assert english_left(text_of(message), fragments) == [], (message["Subject"], text_of(message))
    last = text_of(table.mails_to(ADDRESSES["Alice"])[-1])
    assert "Alice gagne par exécution : le Leader de Bruno, le Roi, a été capturé." in last


def test_the_package_ships_the_catalogues_it_compiles_at_first_use() -> None:
    import fnmatch
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["pbem.i18n"]
    shipped = [str(p.relative_to(LOCALE.parent)) for p in LOCALE.rglob("*.po")]
    assert shipped and all(any(fnmatch.fnmatch(p, pattern) for pattern in patterns) for p in shipped)
    assert "babel" in " ".join(config["project"]["dependencies"])
    assert translations("fr").gettext("Game over") == "Partie terminée"  # compiled from the .po
