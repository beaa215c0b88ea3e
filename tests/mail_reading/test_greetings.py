"""A greeting above the orders ("Hi Christine,", "Hallo Martin,", "Simone,") or opening a letter
below them is read as one, never as a refused order (issue 31); a line that only starts like
one, or stands between orders, is not."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.intake.closings import opening_of
from pbem.intake.commands import read_mail
from pbem.mail.greetings import is_greeting
from pbem.ruleset import get_ruleset

DIPLOMACY_WORDS = frozenset({"hold", "paris", "north sea", "support", "a", "f", "lvp", "yor"})
DIPLOMACY = get_ruleset("diplomacy")
STATE = DIPLOMACY.start(
    "standard", ["England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey"], {}, seed=1
)
WORDS = DIPLOMACY.order_words(STATE)


@pytest.mark.parametrize(
    "line",
    [
        "Hello",
        "Hello ",
        "Hi,",
        "Hi Christine,",
        "Hey All,",
        "Dear Ben,",
        "Dear Executive,",
        "Hallo Martin,",
        "Bonjour à tous,",
        "Hola Ana!",
        "¡Hola Ana!",
        "Ciao Marco",
        "Hoi Sanne,",
        "Olá João,",
        "Cześć,",
        "Привет, Олег!",
        "Good morning everyone,",
        "Hi there",
        "Sehr geehrte Frau Müller,",
        "Hi - Bob",
    ],
)
def test_a_greeting_in_the_languages_players_write_in_is_one(line):
    assert is_greeting(line, DIPLOMACY_WORDS)


@pytest.mark.parametrize(
    "line",
    [
        "Hi Paris",  # a province: maybe an order cut short
        "Hello I want to move to Burgundy",  # prose after the greeting word
        "Hold Paris",
        "A LVP - YOR",
        "Dearest friends of mine and all of you here",
        "hi bob and hold the line",
        "Thanks,",
        "",
    ],
)
def test_a_line_that_only_starts_like_a_greeting_is_not_one(line):
    assert not is_greeting(line, DIPLOMACY_WORDS)


@pytest.mark.parametrize("line", ["Hi there Bob", "Hello there, Anna!", "Hallo zusammen,", "Hi all - Bob"])
def test_a_greeting_to_everyone_may_name_a_person_too(line):
    assert is_greeting(line, DIPLOMACY_WORDS)


@pytest.mark.parametrize("line", ["Simone,", "Jean-Pierre,", "Олег,", "Anna Berger,"])
def test_a_name_and_a_comma_opens_a_mail_only_where_a_vocative_is_asked_for(line):
    assert is_greeting(line, DIPLOMACY_WORDS, vocative=True)
    assert not is_greeting(line, DIPLOMACY_WORDS)


@pytest.mark.parametrize("line", ["Paris,", "Hold,", "Simone", "simone,", "A LVP - YOR,"])
def test_a_province_an_order_word_or_a_name_without_its_comma_is_no_vocative(line):
    assert not is_greeting(line, DIPLOMACY_WORDS, vocative=True)


def test_a_greeting_word_that_is_a_word_of_the_games_orders_is_no_greeting():
    assert is_greeting("Salut Bob", DIPLOMACY_WORDS)
    assert not is_greeting("Salut Bob", DIPLOMACY_WORDS | {"salut"})


def _opening(text: str) -> list[int]:
    mail = read_mail(text)
    return opening_of(mail, _orders_in(mail.order_text), WORDS, ["Anna Berger", "anna@example.test"])


def _orders_in(text: str) -> list[int]:
    return [line.line for line in DIPLOMACY.parse_orders(STATE, "England", text) if line.order is not None]


@pytest.mark.parametrize(
    ("text", "opening"),
    [
        ("Simone,\n\nA LVP - YOR\nF LON - ENG\n", [1]),  # a name and a comma
        ("Thanks!\n\nA LVP - YOR\n", [1]),  # thanks for the last report
        ("Merci beaucoup !\nA LVP - YOR\n", [1]),
        ("¡Muchas gracias!\nA LVP - YOR\n", [1]),
        ("Hi\nthere\nBob\n\nA LVP - YOR\n", [1, 2, 3]),  # one greeting in three blocks of HTML
        ("A LVP - YOR\nF LON - ENG\n\n\n\nHello\n", [6]),  # answered below a quote, blanked
        ("A LVP - YOR\n\n(A reminder.)\n\nDear Executive,\n\nWe are pleased to ...\n", [5]),
        ("A LVP - YOR\n\nHallo Martin,\nich schreibe dir wegen der Allianz.\n", [3]),
    ],
)
def test_a_greeting_opening_the_mail_or_a_letter_after_the_orders_is_read_as_one(text, opening):
    assert _opening(text) == opening


@pytest.mark.parametrize(
    "text",
    [
        "A LVP - YOR\nHi Christine,\nF LON - ENG\n",  # between two orders: maybe an order gone wrong
        "A LVP - YOR\nHello\n",  # under an order, opening no paragraph
        "A LVP - YOR\n\nHi Paris\n",  # a province: maybe an order cut short
        "Paris,\n\nA LVP - YOR\n",
    ],
)
def test_a_greeting_between_orders_or_naming_the_games_words_is_not_left_out(text):
    assert _opening(text) == []


def test_a_greeting_broken_over_lines_takes_no_line_naming_the_games_words():
    assert _opening("Hi\nthere\nHold Paris\n\nA LVP - YOR\n") == [1]


def test_a_compound_name_is_a_name_but_not_one_made_of_provinces():
    assert is_greeting("Jean-Pierre,", WORDS, vocative=True)
    assert not is_greeting("Par-Bur,", WORDS, vocative=True)


def test_an_order_where_a_greeting_stands_is_read_as_the_order():
    text = "A LVP - YOR\n\nF LON - ENG\n"
    assert _opening(text) == [] and _orders_in(read_mail(text).order_text) == [1, 3]


OPENING_LINES = ["Hi Christine,", "Hello", "Simone,", "Thanks!", "Hi", "there", "Bob", "Dear all,", "Paris,"]
ORDER_LINES = ["A LVP - YOR", "F LON - ENG", "F EDI - NTH", "A Lvp H", "Hold Paris", "A Par - Bur"]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from([*OPENING_LINES, *ORDER_LINES, "", "LIST", "what do you think?"]), max_size=12)
)
def test_no_line_the_game_reads_as_an_order_or_a_command_is_ever_left_out_as_an_opening(lines):
    mail = read_mail("\n".join(lines))
    orders = _orders_in(mail.order_text)
    opening = _opening("\n".join(lines))
    assert not set(opening) & set(orders)
    assert not set(opening) & {command.line for command in mail.commands}
    text = mail.order_text.split("\n")
    assert all(text[at - 1].strip() for at in opening)
    assert not {text[at - 1] for at in opening} & {*ORDER_LINES, "Paris,"}  # read or refused, never skipped
