"""Rule 5 through the engine: fourteen supply centres win, not counting Choson, Pei Choushi and
Tung Yueh; the game ends when centres change hands. (Victory by concession is the service's
CONCEDE, tested by mail in test_by_mail.py.)"""

from __future__ import annotations

from typing import Any

from .games import events_of, position, ruleset

#: thirteen Chinese centres
THIRTEEN = ["YUY", "HSY", "HAC", "CHC", "HAN", "HHA", "WEI", "DAI", "SHA", "COU", "BA", "CHT", "SUN"]


def fall(extra_centres: list[str], unit_moves_to: str) -> Any:
    """Ch'in with ``THIRTEEN`` and ``extra_centres``, an army in Hsi Yueh about to move on."""
    state = position("F366BCM", {"Ch'in": ["A HYU"]}, {"Ch'in": THIRTEEN + extra_centres})
    return ruleset.adjudicate(state, {"Ch'in": [f"A HYU - {unit_moves_to}"]}, 1)


def test_a_fourteenth_chinese_centre_wins() -> None:
    done = fall([], "YIN")
    [victory] = events_of(done, "victory")
    assert victory == {"type": "victory", "power": "Ch'in", "centres": 14}
    phase = ruleset.phase(done.state)
    assert phase.over and phase.winners == ("Ch'in",)
    assert phase.result == "Ch'in wins with 14 supply centres."


def test_non_chinese_centres_do_not_count() -> None:
    done = fall(["CSN", "PCS"], "TYU")  # sixteen centres, but only thirteen of them Chinese
    assert not events_of(done, "victory")
    assert len(ruleset.dump_state(done.state)["supply_centres"]["Ch'in"]) == 16
    assert not ruleset.phase(done.state).over


def test_the_report_says_which_centres_do_not_count() -> None:
    done = fall([], "PEN")
    view = ruleset.view(done.state, done.events, "PUBLIC")
    assert view["victory_centres"] == 14
    assert view["mandate"]["not_counted"] == ["Choson (CSN)", "Pei Choushi (PCS)", "Tung Yueh (TYU)"]
