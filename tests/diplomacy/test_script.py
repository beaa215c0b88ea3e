"""The scripted game of script.py, played mail by mail through the pure interface.

(tests/reliability/test_determinism.py replays it turn by turn in other processes.)
"""

from __future__ import annotations

from pbem.rulesets.diplomacy import ruleset
from tests.scripted import plays_as_written

from . import script


def test_the_scripted_game_plays_as_written() -> None:
    plays_as_written(ruleset, script)
