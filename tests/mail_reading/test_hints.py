"""Hints that help: a refused line gets a "did you mean" only where it is likely right.

The corpus in tests/data/mistakes holds real slips with the hint each must get, and lines
that must get no guess at all; each is read as the answer to a mail reads it (the ruleset's
reading, then the misspelt-command check). Then the issue's two cases go through a real run.
"""

from pathlib import Path

import pytest

from pbem.intake.hints import command_hint, hint_for
from pbem.ruleset import get_ruleset
from pbem.spelling import closest, is_slip
from tests.harness import Table, game, text_of

MISTAKES = Path(__file__).parent.parent / "data" / "mistakes"
DIPLOMACY = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
#: file -> (ruleset, variant, powers, the power that writes)
GAMES = {
    "diplomacy": ("diplomacy", "standard", DIPLOMACY, "England"),
    "generals": ("generals", "standard", ["Aldmark", "Brenn", "Corvath", "Dunmere"], "Aldmark"),
    "invictus": ("invictus", "standard", ["North", "South"], "North"),
    "invincible": ("invincible", "standard", ["North", "South", "East", "West"], "North"),
    "invoke": ("invoke", "starter", ["North", "South"], "North"),
}


def corpus() -> list:
    cases = []
    for path in sorted(MISTAKES.glob("*.txt")):
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if raw.strip() and not raw.startswith("#"):
                line, expected = raw.split(" => ")
                cases.append(pytest.param(path.stem, line, expected, id=f"{path.stem}:{number}:{line}"))
    return cases


_STATES: dict[str, tuple] = {}


def started(name: str) -> tuple:
    if name not in _STATES:
        ruleset_name, variant, powers, power = GAMES[name]
        ruleset = get_ruleset(ruleset_name)
        state = ruleset.start(variant, powers, {}, 7)
        if name == "invoke":  # past the setup phase: the starting hands dealt by the default split
            state = ruleset.adjudicate(state, {}, 7).state
        _STATES[name] = (ruleset, state, power)
    return _STATES[name]


def test_every_ruleset_has_a_corpus_of_mistakes():
    assert {path.stem for path in MISTAKES.glob("*.txt")} == set(GAMES)


@pytest.mark.parametrize("name, text, expected", corpus())
def test_a_mistake_gets_the_hint_a_player_would_call_right_and_no_other(name, text, expected):
    ruleset, state, power = started(name)
    [line] = [line for line in ruleset.parse_orders(state, power, text) if line.text.strip()]
    assert line.error, f"{text!r} was accepted as {line.order!r}"
    hint = hint_for(line)
    if expected == "-":
        assert "did you mean" not in hint.lower(), hint
    else:
        assert expected.lower() in hint.lower(), hint


@pytest.mark.parametrize(
    "written, known, likely",
    [
        ("lsit", "list", True),  # two letters swapped
        ("listt", "list", True),  # one extra
        ("lost", "list", False),  # a letter changed in a short word makes another word
        ("sent", "set", False),
        ("lpv", "lvp", True),
        ("yrk", "yor", False),
        ("burgandi", "burgundy", True),  # two slips in a long word
        ("thanks", "ankara", False),
    ],
)
def test_a_slip_is_a_letter_wrong_missing_extra_or_swapped_in_a_word_long_enough(written, known, likely):
    assert is_slip(written, known, free_text=True) is likely


def test_two_words_equally_close_make_no_guess():
    assert closest("bug", ["bul", "bur"]) is None and closest("bug", ["bul", "bux"]) is None
    assert closest("atack", ["attack", "pass"]) == "attack"


def test_a_player_is_never_pointed_to_a_referee_command():
    for line in ("Passe", "Pause", "Proces", "Resme", "Extnd 24", "Rollbak S1901M", "Opton x y"):
        assert command_hint(line) == ""


def test_a_command_hint_needs_the_commands_shape():
    assert command_hint("Lsit") and not command_hint("Lsit my orders please")
    assert command_hint("Histroy 2") and not command_hint("Histroy of the war")
    assert command_hint("Concde France") and not command_hint("Concde")


@pytest.fixture
def tables(tmp_path):
    players = {power: f"{power.lower()}@example.test" for power in DIPLOMACY}
    diplomacy = Table(tmp_path / "d", [game("g1", "diplomacy", players)])
    seats = {"North": "n@example.test", "South": "s@example.test"}
    invictus = Table(tmp_path / "i", [game("g1", "invictus", seats)])
    for table in (diplomacy, invictus):
        table.start("g1")
        table.take()
    return diplomacy, invictus


def test_the_issues_cases_get_no_hint_by_mail(tables):
    diplomacy, invictus = tables
    mail = "SIGNON England g1 pw\nF Lon - Nth\nSent: Monday, March 2, 2026\nLSIT"
    diplomacy.send("england@example.test", mail)
    invictus.send("n@example.test", "SIGNON North g1 pw\nPasse")
    diplomacy.run()
    invictus.run()
    [answer] = diplomacy.take("england@example.test")
    body = text_of(answer)
    assert "SET ABSENCE" not in body and "did you mean the command LIST?" in body
    [answer] = invictus.take("n@example.test")
    assert "PAUSE" not in text_of(answer) and "did you mean" not in text_of(answer)
