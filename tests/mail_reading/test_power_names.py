"""Power names of several words, quoted or not, in the commands that name a power."""

import pytest

from pbem.intake.commands import read_mail
from pbem.intake.powers import find_power, match_powers, unquote

POWERS = ["Genghis Khan", "Genghis", "Red Queen", "Ch'in", "Ch'i", "Hsiung-Nu", "England"]


@pytest.mark.parametrize(
    "line, power",
    [
        ("SIGNON Genghis Khan g1 pw", "Genghis Khan"),
        ('SIGNON "Genghis Khan" g1 pw', "Genghis Khan"),
        ("SIGNON \u201cGenghis Khan\u201d g1 pw", "Genghis Khan"),
        ("SIGNON Old Man Of The Mountain g1 pw", "Old Man Of The Mountain"),
        ("SIGNON Ch'in g1 pw", "Ch'in"),
        ("SIGN ON England g1 pw", "England"),
    ],
)
def test_signon_takes_every_word_before_the_game_and_password_as_the_power(line, power):
    signon = read_mail(line).signon
    assert signon is not None and (signon.power, signon.game, signon.password) == (power, "g1", "pw")


def test_the_game_power_password_form_takes_a_power_of_several_words():
    signon = read_mail("GAME: g1\nPOWER: Genghis Khan\nPASSWORD: pw").signon
    assert signon is not None and (signon.power, signon.game, signon.password) == ("Genghis Khan", "g1", "pw")
    signon = read_mail("GAME g1 POWER Red Queen PASSWORD pw").signon
    assert signon is not None and signon.power == "Red Queen"


def test_concede_and_replace_keep_a_power_of_several_words_whole():
    mail = read_mail('CONCEDE "Genghis Khan"\nREPLACE Red Queen new@example.test')
    assert [(command.name, command.args, command.error) for command in mail.commands] == [
        ("CONCEDE", ("Genghis Khan",), ""),
        ("REPLACE", ("Red Queen", "new@example.test"), ""),
    ]


@pytest.mark.parametrize(
    "written, power",
    [
        ("genghis khan", "Genghis Khan"),
        ("GENGHIS_KHAN", "Genghis Khan"),
        ("'Genghis Khan'", "Genghis Khan"),
        ("Genghis", "Genghis"),
        ("ch'i", "Ch'i"),
        ("Hsiung Nu", "Hsiung-Nu"),
        ("Khan", None),
    ],
)
def test_a_power_is_found_by_its_whole_name_in_any_case_and_spelling_of_its_spaces(written, power):
    assert find_power(written, POWERS) == power


@pytest.mark.parametrize(
    "words, found, unknown",
    [
        (["Genghis", "Khan"], ["Genghis Khan"], []),
        (["Genghis", "Khan,", "Red", "Queen"], ["Genghis Khan", "Red Queen"], []),
        (['"Red', 'Queen"', "Eng"], ["Red Queen", "England"], []),
        (["Genghis,", "Ch'in"], ["Genghis", "Ch'in"], []),
        (["Red", "King"], ["Red Queen"], ["King"]),
        (["Ch"], [], ["Ch"]),  # a prefix of several powers names none
    ],
)
def test_press_recipients_of_several_words_are_matched_longest_first(words, found, unknown):
    assert match_powers(words, POWERS) == (found, unknown)


def test_an_apostrophe_inside_a_name_is_not_a_quote():
    assert unquote("Ch'in") == "Ch'in" and unquote("'Ch'in'") == "Ch'in"
