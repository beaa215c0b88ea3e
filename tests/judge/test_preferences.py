"""Power preferences as players of the Judge write them, and the assignment of most total preference."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.judge.preferences import PreferenceError, assign, read_preference, score

STANDARD = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
MANDATE = ["Ch'in", "Ch'u", "Ch'i", "Yen", "Chao", "Wei", "Han", "Hsiung-Nu"]


@pytest.mark.parametrize(
    ("written", "groups"),
    [
        ("E[FGR][TAI]", [["England"], ["France", "Germany", "Russia"], ["Turkey", "Austria", "Italy"]]),
        ("efg", [["England"], ["France"], ["Germany"]]),
        ("*", []),
        ("", []),
        ("England, France, [Germany Russia]", [["England"], ["France"], ["Germany", "Russia"]]),
        ("eng > fra > tur", [["England"], ["France"], ["Turkey"]]),
    ],
)
def test_a_preference_is_read_as_players_of_the_judge_write_it(written, groups):
    assert read_preference(written, STANDARD) == groups


def test_where_initials_are_not_unique_the_powers_are_named():
    assert read_preference("Yen, Wei, [Han Chao]", MANDATE) == [["Yen"], ["Wei"], ["Han", "Chao"]]
    with pytest.raises(PreferenceError, match="no power called 'C'"):
        read_preference("C", MANDATE)


@pytest.mark.parametrize(
    ("written", "why"),
    [
        ("EXF", "no power begins with X"),
        ("E(F", "a bracket is not closed"),
        ("EE", "a power is named twice"),
        ("E[FG", "a bracket is not closed"),
        ("Narnia", "no power called 'Narnia'"),
    ],
)
def test_a_preference_that_cannot_be_read_says_why(written, why):
    with pytest.raises(PreferenceError, match=why):
        read_preference(written, STANDARD)


def test_each_player_gets_their_first_choice_where_the_choices_differ():
    wishes = {f"p{n}": [[power]] for n, power in enumerate(STANDARD)}
    assert assign(wishes, STANDARD, seed=7) == {f"p{n}": power for n, power in enumerate(STANDARD)}


def test_the_draw_is_seeded_so_the_assignment_can_be_replayed():
    nobody = {f"p{n}": [] for n in range(7)}
    assert assign(nobody, STANDARD, seed=3) == assign(nobody, STANDARD, seed=3)
    assert len({tuple(assign(nobody, STANDARD, seed=s).values()) for s in range(8)}) > 1


preferences = st.lists(
    st.permutations(STANDARD[:5]).map(lambda order: [[p] for p in order[:3]]), min_size=5, max_size=5
)


@settings(max_examples=40, deadline=None)
@given(preferences, st.integers(0, 2**62))
def test_no_assignment_gives_the_players_more_preference_in_total(wishes, seed):
    players = {f"p{n}": wish for n, wish in enumerate(wishes)}
    powers = STANDARD[:5]
    given_ = assign(players, powers, seed)
    assert sorted(given_.values()) == sorted(powers)
    total = sum(score(players[p], power, 5) for p, power in given_.items())
    best = max(
        sum(score(players[p], power, 5) for p, power in zip(players, order, strict=True))
        for order in itertools.permutations(powers)
    )
    assert total == best
