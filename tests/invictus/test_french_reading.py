"""French a French reader finds natural, read over every mail of whole games played in French
(issue 30): the scripted game by mail with the commands and press its players send between
their orders, and the welcomes and HELP of a handicapped four-player game. Each kind of fault
a French reader's eye catches is one rule (french_eye.py) and one test here; each rule is
first shown to catch its fault in a wrong sentence."""

from __future__ import annotations

from typing import Any

import pytest

from tests.harness import Table, game
from tests.invictus import english, french_eye, script
from tests.invictus.helpers import ADDRESSES, VALKYRIES, play, play_valkyries, send_between


def _read(message: Any) -> str:
    """What a reader reads of a mail: subject (without the reply's "Re: ", which mail
    programs read), text and the HTML's visible text."""
    text = english.readable(message)
    return text[4:] if text.startswith("Re: ") else text


@pytest.fixture(scope="module")
def valkyries(tmp_path_factory: pytest.TempPathFactory) -> Table:
    """The French guerre éclair of two Valkyrie armies, played by mail (helpers.VALKYRIE_PHASES)."""
    options = {"language": "fr"}
    folder = tmp_path_factory.mktemp("valkyries")
    table = Table(folder, [game("g3", "invictus", VALKYRIES, variant="guerre-eclair", options=options)])
    play_valkyries(table)
    return table


@pytest.fixture(scope="module")
def french_mails(tmp_path_factory: pytest.TempPathFactory, valkyries: Table) -> list[str]:
    """Every mail of the scripted French game, of a four-player French game's welcomes
    and HELP with a handicap, and of the Valkyries' game."""
    folder = tmp_path_factory.mktemp("french")
    table, _states, _turns = play(
        lambda games, **kwargs: Table(folder / "scripted", games, **kwargs),
        script.FRENCH_OPTIONS, script.FRENCH_TURNS, script.FRENCH_REFUSED, lambda text: None,
        results="résultats", between=send_between, subject="ordres",
    )  # fmt: skip
    mails = [_read(m) for address in ADDRESSES.values() for m in table.mails_to(address)]
    four = {name: f"{name.lower()}@example.test" for name in ("Aline", "Odile", "Yves", "Hugo")}
    options = {"language": "fr", "handicap": {"Odile": 2}}
    table = Table(folder / "four", [game("g2", "invictus", four, variant="four-player", options=options)])
    table.start("g2")
    armies = {"Aline": "Odin", "Odile": "Roi", "Yves": "Shogun", "Hugo": "Pharaon"}
    for name, leader in armies.items():
        table.send(four[name], f"SIGNON {name} g2 pw\nArmée {leader}", subject="armée")
    table.send(four["Odile"], "SIGNON Odile g2 pw\nAIDE", subject="aide")
    table.run()
    table.advance(hours=49)
    table.run()
    mails += [_read(m) for address in four.values() for m in table.take(address)]
    return mails + [_read(m) for address in VALKYRIES.values() for m in valkyries.mails_to(address)]


@pytest.mark.parametrize("rule", sorted(french_eye.RULES))
def test_each_rule_finds_its_fault_and_passes_the_sentence_put_right(rule: str) -> None:
    wrong, right = french_eye.WRONG[rule]
    assert french_eye.RULES[rule](wrong) != []
    assert french_eye.RULES[rule](right) == []


@pytest.mark.parametrize("rule", sorted(french_eye.RULES))
def test_every_mail_of_whole_french_games_passes_the_french_readers_eye(
    rule: str, french_mails: list[str]
) -> None:
    faults = sorted({fault for text in french_mails for fault in french_eye.RULES[rule](text)})
    assert faults == []


def test_the_whole_games_say_what_the_rules_read(french_mails: list[str]) -> None:
    """The rules read something: events with units, numbers with nouns, the battlefield."""
    everything = "\n".join(french_mails)
    for said in ["Aline mène l'armée d'Odin", "Odile mène l'armée du Roi", "main d'Alice",
                 "Le Roi b3 est capturé", "  4 arrière ", "(2 places au plus)", "dégât",
                 "ANNULER ATTAQUE PAR Samurai AVEC Garde", "AUCUNE REACTION",
                 "Tour 5\u00a0: Alice", "vouliez-vous dire Samurai\u00a0?",
                 "ARMEE Roi\u00a0: 6 Guerriers, 6 Arbalétriers", "2 Guerriers",
                 "La Valkyrie a3 est capturée", "Valkyrie 2/2 inclinée"]:  # fmt: skip
        assert said in everything, said


def test_no_english_is_left_in_whole_french_games(french_mails: list[str]) -> None:
    """The four-player game's camps too: "Odile et Hugo", never "Odile and Hugo" (a joined
    list's separator was left out of the catalogue)."""
    vocabulary, commands = english.english_words(), english.command_words()
    left = {line for text in french_mails for line in english.english_left(text, vocabulary, commands)}
    assert sorted(left) == []
    assert "Odile et Hugo" in "\n".join(french_mails)


def test_a_feminine_units_participles_reach_the_players_in_the_reports_text_and_html(
    valkyries: Table,
) -> None:
    """What happens to a Valkyrie is said in the feminine in both parts of every player's
    report: the event in the middle of its line, the tilted unit at its cell's end."""
    for address in VALKYRIES.values():
        [report] = [m for m in valkyries.mails_to(address) if "Tour 1" in str(m["Subject"])]
        parts = {
            p.get_content_subtype(): p.get_content()
            for p in report.walk()
            if p.get_content_maintype() == "text"
        }
        for kind in ("plain", "html"):
            said = parts[kind].replace("\u00a0", " ")
            assert "La Valkyrie a3 est capturée (exactement 2 en une attaque) et rejoint" in said, kind
            assert "Valkyrie 2/2 inclinée" in said, kind
            assert "capturé " not in said and "incliné " not in said, kind
