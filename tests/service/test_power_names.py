"""Powers whose names have several words sign on, receive press, are conceded to and replaced.

Every ruleset, with the power names of its variants: the map games' own names (with the
apostrophes and hyphens of Mandate of Heaven), and names of two words for the games whose
powers are the config's seats. The SIGNON line is the one the welcome mail gives.
"""

import re

import pytest

from tests.harness import REFEREE_ADDRESS, REFEREE_PASSWORD, Table, game, text_of

DIPLOMACY = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
MANDATE = ["Ch'in", "Ch'u", "Ch'i", "Yen", "Chao", "Wei", "Han", "Hsiung-Nu"]
SEATS = ["Genghis Khan", "Red Queen", "Golden Horde", "Old Man Of The Mountain"]

CASES = [
    ("diplomacy", "standard", DIPLOMACY),
    ("diplomacy", "mandate_of_heaven", MANDATE),
    ("generals", "standard", ["Aldmark", "Brenn", "Corvath", "Dunmere"]),
    ("generals", "duel", ["Aldmark", "Brenn"]),
    ("invictus", "standard", SEATS[:2]),
    ("invictus", "guerre-eclair", SEATS[:2]),
    ("invictus", "four-player", SEATS),
    ("invincible", "standard", SEATS),
    ("invoke", "starter", SEATS[:2]),
]


def address(power: str) -> str:
    return re.sub(r"[^a-z]", "", power.lower()) + "@example.test"


@pytest.fixture(params=CASES, ids=lambda case: f"{case[0]}-{case[1]}")
def table(request, tmp_path):
    ruleset, variant, powers = request.param
    players = {power: address(power) for power in powers}
    table = Table(tmp_path, [game("g1", ruleset, players, variant=variant)])
    table.start("g1")
    table.powers = powers  # type: ignore[attr-defined]
    return table


def signon_line(table: Table, power: str) -> str:
    [welcome] = table.take(address(power))
    lines = [line.strip() for line in text_of(welcome).split("\n")]
    [line] = [line for line in lines if line.startswith("SIGNON") and " g1 " in line]
    return line


def test_the_welcomes_signon_line_signs_on_every_power(table):
    lines = {power: signon_line(table, power) for power in table.powers}
    for power, line in lines.items():
        assert line == f"SIGNON {power} g1 pw"
        table.send(address(power), f"{line}\nLIST")
    table.run()
    for power in table.powers:
        [reply] = table.take(address(power))
        body = text_of(reply)
        assert body.startswith(f"Game g1 (g1), {power}."), body
        assert "not understood" not in body and "no power called" not in body


def test_a_power_of_several_words_may_be_quoted_or_joined_with_underscores(table):
    table.take()
    power = table.powers[-1]
    for written in (f'"{power}"', power.upper().replace(" ", "_"), power.lower().replace(" ", "-")):
        table.send(address(power), f"SIGNON {written} g1 pw\nLIST")
        table.run()
        [reply] = table.take(address(power))
        assert text_of(reply).startswith(f"Game g1 (g1), {power}."), written


def test_press_and_concessions_name_powers_of_several_words(table):
    table.take()
    first, last = table.powers[0], table.powers[-1]
    table.send(address(first), f"SIGNON {first} g1 pw\nPRESS TO {last}\nhello\nENDPRESS\nCONCEDE {last}")
    table.run()
    [reply] = [mail for mail in table.take(address(first)) if mail["Subject"].startswith("Re:")]
    body = text_of(reply)
    assert f"sent to {last}" in body
    assert f"your concession to {last} is recorded" in body
    assert [mail for mail in table.take(address(last)) if "hello" in text_of(mail)]


def test_press_to_several_powers_of_several_words_in_one_line(table):
    if len(table.powers) < 3:
        pytest.skip("a two-power game has one other power only")
    table.take()
    sender, *others = table.powers[:3]
    named = f'"{others[0]}", {others[1]}'
    table.send(address(sender), f"SIGNON {sender} g1 pw\nPRESS TO {named}\nhello\nENDPRESS")
    table.run()
    assert f"sent to {', '.join(others)}" in text_of(table.take(address(sender))[0])


def test_the_referee_replaces_a_power_of_several_words(table):
    table.take()
    power = table.powers[-1]
    table.send(REFEREE_ADDRESS, f"SIGNON REFEREE g1 {REFEREE_PASSWORD}\nREPLACE {power} new@example.test")
    table.run()
    [answer] = table.take(REFEREE_ADDRESS)
    assert "refused" not in text_of(answer) and "not understood" not in text_of(answer)
    [welcome] = table.take("new@example.test")
    assert f"You take over {power}" in text_of(welcome)
