"""Starting a game: the config must fit the scenario, and the example config does."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pbem.ruleset import SetupError, get_ruleset
from tests.harness import Table, text_of

from .helpers import POWERS

EXAMPLE = Path(__file__).resolve().parents[2] / "config" / "generals.example.yaml"


def test_the_example_config_is_accepted_by_the_service_and_starts_a_game(tmp_path):
    [entry] = yaml.safe_load(EXAMPLE.read_text())["games"]
    table = Table(tmp_path, [entry])  # the service's own config loader checks the entry
    table.start(entry["id"])
    with table.store() as store:
        row = store.game(entry["id"])
    assert row is not None and row.phase_id == "T1"
    state = get_ruleset("generals").load_state(row.state)
    assert state.last_turn == entry["options"]["turns"]
    assert [r.power for r in state.realms] == [p["power"] for p in entry["players"]]
    welcomes = [m for m in table.take() if "welcome" in str(m["Subject"])]
    assert len(welcomes) == 4 and "How to write orders" in text_of(welcomes[0])


@pytest.mark.parametrize(
    ("variant", "powers", "options", "message"),
    [
        ("grand", POWERS, {}, "unknown variant 'grand'"),
        ("standard", POWERS[:3], {}, "played by Aldmark, Brenn, Corvath, Dunmere"),
        ("standard", ["Aldmark", "Brenn", "Corvath", "Zog"], {}, "Zog"),
        ("standard", POWERS, {"fog": False}, "unknown option fog for"),
        ("standard", POWERS, {"fog": False, "speed": 2}, "unknown options fog, speed for"),
        ("standard", POWERS, {"turns": 0}, "turns must be a whole number of at least 1"),
    ],
)
def test_a_config_that_does_not_fit_is_refused_saying_what_to_change(variant, powers, options, message):
    with pytest.raises(SetupError, match=message):
        get_ruleset("generals").start(variant, powers, options, 1)


def test_the_turns_option_sets_the_length_of_the_game():
    state = get_ruleset("generals").start("duel", ["Brenn", "Aldmark"], {"turns": 3}, 1)
    assert state.last_turn == 3 and [r.power for r in state.realms] == ["Brenn", "Aldmark"]
