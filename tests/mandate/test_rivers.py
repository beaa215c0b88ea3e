"""Rule 6 through the engine: fleets on the rivers convoy; a fleet's attack on a river fleet always
disrupts its convoy, an army's only if it dislodges the fleet. Wei's fleet at the mouth of the
Hwang Ho (Pei Daiyeng) carries Wei's army from Daiyeng down the river to Lintse."""

from __future__ import annotations

from typing import Any

from .games import position, results, ruleset, units

BOARD = {"Wei": ["A DAI", "F PDA"]}
CONVOY = ["A DAI - LIN", "F PDA C A DAI - LIN"]


def play(board: dict[str, list[str]], orders: dict[str, list[str]]) -> Any:
    return ruleset.adjudicate(position("S366BCM", {**BOARD, **board}), orders, 1)


def test_a_river_fleet_convoys_an_army_along_the_river() -> None:
    done = play({}, {"Wei": CONVOY})
    assert units(done.state)["Wei"] == ["A LIN", "F PDA"]


def test_a_river_convoy_is_written_in_mail_like_any_convoy() -> None:
    state = position("S366BCM", BOARD)
    lines = ruleset.parse_orders(state, "Wei", "A Daiyeng - Lintse\nF Pei Daiyeng convoys A Daiyeng - Lintse")
    assert [line.order for line in lines] == CONVOY


def test_a_fleets_attack_disrupts_the_river_convoy_though_it_fails() -> None:
    done = play({"Ch'i": ["F NCS"]}, {"Wei": CONVOY, "Ch'i": ["F NCS - PDA"]})
    assert results(done, "Ch'i") == {"F NCS - PDA": "failure (bounced)"}
    assert results(done, "Wei")["A DAI - LIN"] == "failure (convoy disrupted)"
    assert units(done.state)["Wei"] == ["A DAI", "F PDA"]


def test_an_armys_failed_attack_does_not_disrupt_it() -> None:
    done = play({"Ch'i": ["A LU"]}, {"Wei": CONVOY, "Ch'i": ["A LU - PDA"]})
    assert units(done.state)["Wei"] == ["A LIN", "F PDA"]


def test_an_armys_attack_that_dislodges_the_fleet_disrupts_it() -> None:
    done = play(
        {"Ch'i": ["A LU"], "Chao": ["A HAD"]},
        {"Wei": CONVOY, "Ch'i": ["A LU - PDA"], "Chao": ["A HAD S A LU - PDA"]},
    )
    assert units(done.state)["Wei"] == ["A DAI"]
    assert units(done.state)["Ch'i"] == ["A PDA"]


def test_a_fleet_of_the_convoying_power_does_not_disrupt_it() -> None:
    done = play({"Wei": ["A DAI", "F PDA", "F NCS"]}, {"Wei": [*CONVOY, "F NCS - PDA"]})
    assert "A LIN" in units(done.state)["Wei"]


def test_at_sea_the_standard_rule_stands_a_failed_fleet_attack_does_not_disrupt() -> None:
    board = {"Ch'i": ["A LIN", "F NCS"], "Yen": ["F YUB"]}
    orders = {"Ch'i": ["A LIN - HSP", "F NCS C A LIN - HSP"], "Yen": ["F YUB - NCS"]}
    done = play(board, orders)
    assert units(done.state)["Ch'i"] == ["A HSP", "F NCS"]


def test_only_river_fleets_may_convoy_not_fleets_on_a_coast() -> None:
    state = position("S366BCM", {"Ch'i": ["A LIN", "F TSE"]})
    [line] = ruleset.parse_orders(state, "Ch'i", "F TSE C A LIN - NLI")
    assert line.error and "cannot convoy" in line.error


def test_a_river_fleet_whose_convoy_a_fleet_broke_is_not_reported_dislodged() -> None:
    done = play({"Ch'i": ["F NCS"]}, {"Wei": CONVOY, "Ch'i": ["F NCS - PDA"]})
    [event] = [e for e in done.events if e.get("type") == "movement"]
    [convoy] = [r for r in event["results"] if r["order"] == "F PDA C A DAI - LIN"]
    assert (convoy["result"], convoy["reason"], convoy["dislodged"]) == ("failure", "convoy broken", False)
    assert event["dislodged"] == []
