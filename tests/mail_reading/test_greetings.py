"""A greeting above the orders ("Hi Christine,", "Hallo Martin,") is read as one, never as a
refused order (issue 31); a line that only starts like one is not."""

import pytest

from pbem.mail.greetings import is_greeting

DIPLOMACY_WORDS = frozenset({"hold", "paris", "north sea", "support", "a", "f", "lvp", "yor"})


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
