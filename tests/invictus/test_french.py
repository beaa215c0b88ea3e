"""A game played in French (option ``language: fr``): every template and message id rendered in
both languages, the catalogues complete and up to date, and a whole French game by mail with no
English left in what the players read."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from pbem.i18n import LOCALE, Message, render, translations
from pbem.i18n import catalogue as catalogues
from pbem.i18n.french import marks, typeset, unmarked
from pbem.reports import Templates
from pbem.rulesets.invictus import ruleset
from pbem.rulesets.invictus.orders import notation, parse
from tests.harness import Table, game, text_of
from tests.invictus import english, script
from tests.invictus.helpers import ADDRESSES, play, send_between

DOMAINS = ("invictus", "mail")
_FIELD = re.compile(r"\{(\w+)(?:![rs])?\}|%\((\w+)\)s")


def spaced(text: str) -> str:
    """French text with its no-break spaces (before ":", ";", "!", "?") as plain spaces, to
    look for phrases in it (test_french_grammar.py checks the no-break spaces themselves)."""
    return text.replace("\u00a0", " ")


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
        assert marks(translated) <= fields, ("a word agrees with no field of the message", translated)
        translated = unmarked(translated)  # "X" has no gender: a marked word stays as written
        assert "{=" not in translated, ("a mark must follow the word that agrees", translated)
        assert {a or b for a, b in _FIELD.findall(translated)} == fields | (
            {a or b for a, b in _FIELD.findall(plural)} - fields
        ), (msgid, translated)
        args: dict[str, Any] = dict.fromkeys(fields, "X")
        translated = typeset(translated)  # French typography: no-break spaces before ":"
        if "{" in singular and isinstance(msgid, str):
            assert render(Message(singular, **args), "en") == singular.format(**args)
            assert render(Message(singular, **args), "fr") == translated.format(**args)
        elif "{" in singular:  # a plural: rendered for two
            args["n"] = 2
            assert render(Message(singular, plural, **args), "en") == plural.format(**args)
            assert render(Message(singular, plural, **args), "fr") == translated.format(**args)


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
        "game": {
            "id": "g1",
            "name": "g1",
            "ruleset": "invictus",
            "variant": "standard",
            "language": language,
        },
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
            {
                "line": o.line,
                "text": o.text,
                "order": o.order,
                "error": o.error,
                "hint": o.hint,
                "note": o.note,
                "infraction": o.infraction,
            }
            for o in orders
        ],
        "replaced": [],
        "status": {
            "phase": "Tour 1 : Nord",
            "phase_id": "T1",
            "deadline": "demain",
            "status": "running",
            "orders": ["PASS"],
            "acting": True,
            "missing": [],
            "ready": True,
            "waiting": ["Sud"],
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
        "until": "lundi", "missing": ["Sud"], "subject": "ordres", "problem": "pas de SIGNON",
        "game_id": "g1", "address": "s@x", "orders_in_effect": ["Passe"], "chosen_password": False,
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
    "mail/refused.txt.j2",
    "mail/stranger.txt.j2",
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
        "CANCEL SUPPORT READY WITH Druid",  # REDRESSER, not the mail command's "READY : prêt"
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
        assert "prêt" not in french and "ATTAQUER" not in french.replace("ATTAQUER Samurai", ""), french


def test_a_game_in_an_unknown_language_is_refused_at_setup() -> None:
    from pbem.ruleset import SetupError

    with pytest.raises(SetupError, match="unknown language 'de'; known: en, fr"):
        ruleset.start("standard", ["Nord", "Sud"], {"language": "de"}, 1)


#: French phrases that answer BETWEEN's mails (the answer, refusal or hint each one gets)
ANSWERED = {
    "Alice": [
        "vos ordres et l'état de la partie sont ci-dessous",
        "Vos ordres à présent :",
        "ARMEE Shogun",
        "Partie g1 (g1) : invictus standard",
        "Aucune phase n'a encore été résolue.",
        "aucune phase n'a encore été résolue",
        "envoyé à Bruno",
        "Vous avez dit READY, mais une ligne de vos ordres a été refusée.",
        "Pour garder vos ordres tels quels, envoyez READY seul.",
        "l'aide est ci-dessous",
        "refusé : aucun joueur ne s'appelle Zorro ; les joueurs sont Alice, Bruno",
        "courriel non accepté",
        "Un courriel (« mauvais mot de passe ») de ",
        "— résultats",
        "bienvenue : vous jouez Alice",
        "GARDER",
    ],
    "Bruno": [
        "refusé : un mot de passe doit avoir au moins 8 caractères",
        "vouliez-vous dire la commande LIST",
        "refusé : les commandes d'arbitre demandent",
        "READY retiré",
        "refusé : cette absence est déjà passée",
        "pas comprise : 'demain' n'est pas une date",
        "HISTORY envoie de 1 à 20 rapports",
        "votre vote pour une partie nulle entre tous les survivants est enregistré (les votes sont secrets",
        "votre vote pour la nulle est retiré",
        "refusé : 'Personne' n'est pas un joueur encore en jeu",
        "refusé : invictus n'a pas de carte",
        "pas comprise : RESIGN ne prend rien après lui",
        "pas comprise : écrivez-la ainsi : SET ADDRESS <nouvelle adresse>",
        "SIGNOFF à la ligne 3 : la suite de votre courriel n'a pas été lue.",
        "message d'Alice",
        "Partie g1 : message d'Alice à tout le monde (Constitution des armées).",
        "Bonjour Bruno, bonne partie.",
        "partie en pause",
        "L'arbitre a repris la partie. L'échéance est ",
    ],
}
_DATE = re.compile(
    r"(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2} "
    r"(janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) "
    r"\d{4} à \d\d:\d\d CES?T \(\d\d:\d\d UTC\)"
)


def test_the_scripted_game_in_french_by_mail(make_table: Any) -> None:
    """The whole scripted game, the players writing the rulebook's French and sending every
    command between their orders; every mail they get is French: the welcome, the catalogue,
    every answer, refusal and hint, every notice, press and report, subjects and dates."""

    def welcome(text: str) -> None:
        text = spaced(text)
        assert "Bienvenue dans la partie g1" in text and "ARMEE Shogun" in text
        assert "LES CARTES" in text and "Garde, Soldat rouge" in text  # the catalogue, in French
        assert _DATE.search(text), text  # the deadline, in French

    table, states, _turns = play(
        make_table,
        script.FRENCH_OPTIONS,
        script.FRENCH_TURNS,
        script.FRENCH_REFUSED,
        welcome,
        results="résultats",
        between=send_between,
        subject="ordres",
    )
    assert states[-1].language == "fr"
    fragments = english_fragments()
    vocabulary, commands = english.english_words(), english.command_words()
    left, unanswered = [], []
    for power, address in ADDRESSES.items():
        mails = table.mails_to(address)
        assert len(mails) >= len(script.FRENCH_TURNS) + 1
        for message in mails:
            assert english_left(text_of(message), fragments) == [], (message["Subject"], text_of(message))
            left += english.english_left(english.readable(message), vocabulary, commands)
        everything = spaced("\n".join(english.readable(message) for message in mails))
        unanswered += [phrase for phrase in ANSWERED[power] if phrase not in everything]
    assert left == []
    assert unanswered == []
    last = spaced(text_of(table.mails_to(ADDRESSES["Alice"])[-1]))
    assert "Alice gagne par exécution : le Leader de Bruno, le Roi, a été capturé." in last


def test_mail_to_addresses_not_yet_a_players_speaks_the_games_language(tmp_path: Path) -> None:
    """A mail nobody signed on to, naming a French game: its sender may read either language,
    so the answer says it in French first, then in English; one naming no game is English only.
    The address a player moves to is asked in French. (These addresses have no mailbox on the
    test mail server: this table is the Maildir one.)"""
    table = Table(tmp_path, [game("g1", "invictus", ADDRESSES, options={"language": "fr"})])
    table.start("g1")
    table.send(ADDRESSES["Bruno"], "SIGNON Bruno g1 pw\nSET ADDRESS bruno2@example.test", subject="adresse")
    table.send("eve@example.test", "Bonjour", subject="[g1] une place ?")
    table.send("zoe@example.test", "Hello", subject="a seat?")
    table.run()
    [french] = table.take("eve@example.test")
    [plain] = table.take("zoe@example.test")
    text = text_of(french)
    assert text.index("Bonjour,") < text.index("Hello,")
    assert "ceci est un maître du jeu par courriel" in text and "this is a play-by-email game master" in text
    assert "Bonjour," not in text_of(plain) and "this is a play-by-email game master" in text_of(plain)
    [confirm] = table.take("bruno2@example.test")
    assert "Pour confirmer, répondez à ce courriel depuis cette adresse" in text_of(confirm)
    assert str(confirm["Subject"]) == "[g1] confirmez votre nouvelle adresse pour Bruno"
    vocabulary, commands = english.english_words(), english.command_words()
    assert english.english_left(english.readable(confirm), vocabulary, commands) == []


def test_the_english_check_reads_words_not_letters_inside_a_code() -> None:
    """A confirmation code is random hex: "be9aaa4a4c" holds "be" but says nothing in English;
    the same word standing alone is English (this made the address test fail one run in many)."""
    vocabulary, commands = english.english_words(), english.command_words()
    assert english.english_left("CONFIRM ADDRESS be9aaa4a4c", vocabulary, commands) == []
    assert english.english_left("Your address will be changed", vocabulary, commands) != []


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


def test_a_french_games_notices_are_french(make_table: Any) -> None:
    """What the clock and the votes send in a French game: the reminder, the late notice, a
    late order's note, a drawn game's last report, and the answers once the game is over."""
    armies = script.FRENCH_TURNS[0]
    table = make_table([game("g1", "invictus", ADDRESSES, options={"language": "fr"})])
    table.start("g1")
    table.take()
    table.send(ADDRESSES["Alice"], f"SIGNON Alice g1 pw\n{armies['Alice']}", subject="armée")
    table.run()
    table.advance(hours=37)  # within the reminder's 12 hours before the 48-hour deadline
    table.run()
    table.advance(hours=12)  # past the deadline: the grace period, with a late notice
    table.run()
    table.send(ADDRESSES["Bruno"], f"SIGNON Bruno g1 pw\n{armies['Bruno']}", subject="armée")
    table.run()
    for power in ADDRESSES:
        table.send(ADDRESSES[power], f"SIGNON {power} g1 pw\nDRAW", subject="nulle")
        table.run()
    table.send(ADDRESSES["Bruno"], "SIGNON Bruno g1 pw\nRESIGN\nGarder", subject="fin")
    table.run()
    bruno = [spaced(english.readable(m)) for m in table.mails_to(ADDRESSES["Bruno"])]
    alice = [spaced(english.readable(m)) for m in table.mails_to(ADDRESSES["Alice"])]
    expected = [
        "[g1] rappel : Constitution des armées",
        "Un rappel : pas encore d'ordres de votre part",
        "[g1] en retard : Constitution des armées",
        "L'échéance de Constitution des armées est passée et vos ordres ne sont pas arrivés.",
        "Vos ordres sont arrivés après l'échéance (",
        "[g1] Constitution des armées — résultats",
        "votre vote pour une partie nulle entre tous les survivants est enregistré ; tous les survivants "
        "ont voté la nulle, la partie est donc terminée",
        "(fin de partie) — résultats — partie terminée",
        "partie nulle entre Alice, Bruno (tous les survivants l'ont votée)",
        "RESIGN\n    la partie est terminée",
        "La partie g1 est terminée ; les ordres ne sont plus pris.",
    ]
    assert [phrase for phrase in expected if phrase not in "\n".join(bruno)] == []
    assert not any("rappel" in text or "en retard" in text for text in alice)  # Alice had ordered
    assert _DATE.search("\n".join(bruno))
    vocabulary, commands = english.english_words(), english.command_words()
    left = [line for text in alice + bruno for line in english.english_left(text, vocabulary, commands)]
    assert left == []
