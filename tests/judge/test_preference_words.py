"""SET PREFERENCE as players write it: the Judge's initials, or the powers' names; a name as
short as the initials of every power ('England', 'Italy') is a name, not seven initials."""

from __future__ import annotations

import pytest

from pbem.judge.preferences import PreferenceError, read_preference

POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]


@pytest.mark.parametrize(
    "text, groups",
    [
        ("England", [["England"]]),
        ("italy", [["Italy"]]),
        ("France", [["France"]]),
        ("ETA", [["England"], ["Turkey"], ["Austria"]]),
        ("E[FG]", [["England"], ["France", "Germany"]]),
    ],
)
def test_a_preference_is_initials_or_a_powers_name(text, groups):
    assert read_preference(text, POWERS) == groups


def test_letters_that_are_neither_say_which_letter_begins_no_power():
    with pytest.raises(PreferenceError, match="no power begins with X"):
        read_preference("EXG", POWERS)
