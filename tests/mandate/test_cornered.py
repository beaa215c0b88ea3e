"""Rule 4 through the engine: a player's last units that an attack would annihilate (dislodged with
no retreat) defend at +1; a power with a unit to spare, a unit with somewhere to go, and the
neutrals get no bonus. Han's army in Han is the cornered one: Ch'in attacks it from Chou with
support from Daiyeng, and its other neighbours (Sung, Chen, Ying) are full."""

from __future__ import annotations

from typing import Any

from .games import position, results, ruleset, units
from .helpers import report

AROUND = {
    "Ch'in": ["A COU", "A DAI"],
    "Ch'u": ["A CHE", "F YIN"],
    "Sung": ["A SUN"],
}
ATTACK = {"Ch'in": ["A COU - HAN", "A DAI S A COU - HAN"]}


def play(board: dict[str, list[str]], orders: dict[str, list[str]]) -> Any:
    return ruleset.adjudicate(position("S366BCM", board), orders, 1)


def test_a_players_last_unit_with_no_retreat_holds_against_two() -> None:
    done = play({**AROUND, "Han": ["A HAN"]}, ATTACK)
    assert units(done.state)["Han"] == ["A HAN"]
    assert results(done, "Ch'in")["A COU - HAN"] == "failure (bounced)"


def test_three_are_enough_to_take_it_and_it_is_annihilated() -> None:
    orders = {**ATTACK, "Ch'u": ["A CHE S A COU - HAN"]}
    done = play({**AROUND, "Han": ["A HAN"]}, orders)
    assert "Han" not in units(done.state)
    assert units(done.state)["Ch'in"] == ["A DAI", "A HAN"]


def test_a_unit_that_could_retreat_gets_no_bonus() -> None:
    done = play({**AROUND, "Sung": [], "Han": ["A HAN"]}, ATTACK)  # Sung is empty: a way out
    assert units(done.state)["Ch'in"] == ["A DAI", "A HAN"]
    [dislodged] = ruleset.dump_state(done.state)["dislodged"]
    assert dislodged["unit"] == "A HAN" and dislodged["retreats"] == ["SUN"]


def test_a_standoff_in_the_only_way_out_corners_the_unit() -> None:
    board = {**AROUND, "Sung": [], "Han": ["A HAN"], "Ch'i": ["A LU"], "Ch'u": ["A CHE", "F YIN", "A TYI"]}
    orders = {**ATTACK, "Ch'i": ["A LU - SUN"], "Ch'u": ["A TYI - SUN"]}
    done = play(board, orders)
    assert units(done.state)["Han"] == ["A HAN"]  # Sung is stood off, so Han had nowhere to go
    uncontested = play(board, ATTACK)  # nobody goes to Sung: Han is dislodged and may retreat there
    assert "Han" not in units(uncontested.state)
    assert ruleset.dump_state(uncontested.state)["dislodged"][0]["retreats"] == ["SUN"]


def test_a_neighbour_filled_by_this_turns_moves_corners_the_unit() -> None:
    board = {**AROUND, "Sung": [], "Han": ["A HAN"], "Ch'u": ["A CHE", "F YIN", "A TYI"]}
    done = play(board, {**ATTACK, "Ch'u": ["A TYI - SUN"]})
    assert units(done.state)["Han"] == ["A HAN"]


def test_a_power_with_a_unit_to_spare_gets_no_bonus() -> None:
    done = play({**AROUND, "Han": ["A HAN", "A HHA"]}, ATTACK)
    assert units(done.state)["Han"] == ["A HHA"]  # the army in Han is lost, the power lives on


def test_two_last_units_both_cornered_both_defend_at_plus_one() -> None:
    board = {**AROUND, "Han": ["A HAN", "A HHA"], "Chao": ["A CHY", "A HAD", "A TCY"], "Wei": ["A CHC"]}
    board["Chungshan"] = ["A CHG"]
    orders = {**ATTACK, "Chao": ["A HAD - HHA", "A CHY S A HAD - HHA", "A TCY H"], "Wei": ["A CHC H"]}
    done = play(board, orders)
    assert units(done.state)["Han"] == ["A HAN", "A HHA"]


def test_a_cornered_neutral_gets_no_bonus() -> None:
    board = {"Ch'in": ["A COU", "A DAI"], "Ch'u": ["A CHE", "F YIN"], "Han": ["A HHA"], "Sung": ["A SUN"]}
    board["Lu"] = ["A HAN"]  # Lu's army stands in Han; Lu is a neutral
    done = play(board, {"Ch'in": ["A COU - HAN", "A DAI S A COU - HAN"]})
    assert "Lu" not in units(done.state)


def test_the_bonus_holds_in_a_head_to_head_battle_too() -> None:
    done = play({**AROUND, "Han": ["A HAN"]}, {**ATTACK, "Han": ["A HAN - COU"]})
    assert units(done.state)["Han"] == ["A HAN"]
    assert units(done.state)["Ch'in"] == ["A COU", "A DAI"]


def test_supports_for_the_cornered_unit_add_to_the_bonus() -> None:
    board = {**AROUND, "Han": ["A HAN"], "Ch'u": ["A CHE", "F YIN", "A TYI"]}
    orders = {**ATTACK, "Ch'u": ["A CHE S A COU - HAN", "A TYI H"]}
    assert "Han" not in units(play(board, orders).state)  # three against one plus one
    helped = play({**board, "Sung": [], "Ch'i": ["A SUN"]}, {**orders, "Ch'i": ["A SUN S A HAN"]})
    assert units(helped.state)["Han"] == ["A HAN"]  # one, one support, one cornered: three hold off three


def test_the_report_says_which_units_defended_at_plus_one_and_no_other() -> None:
    """Without a word, "failure (bounced)" for two against one would puzzle the attacker: the
    reports of everyone name the cornered units (the rule is public, as the board is)."""
    before = position("S366BCM", {**AROUND, "Han": ["A HAN"]})
    done = ruleset.adjudicate(before, ATTACK, 1)
    [event] = [e for e in done.events if e.get("type") == "cornered"]
    assert event["units"] == [{"power": "Han", "unit": "A HAN"}]
    line = "Han's A HAN, among its last units with no retreat, defended at +1"
    for viewer in ("Ch'in", "Han", "Yen"):
        text, html = report(before, done, viewer)
        assert line in text and line in html
    spare = ruleset.adjudicate(position("S366BCM", {**AROUND, "Han": ["A HAN", "A HHA"]}), ATTACK, 1)
    assert not [e for e in spare.events if e.get("type") == "cornered"]
