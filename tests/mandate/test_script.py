"""The scripted year of script.py, mail by mail through the pure interface. (Each of its turns is
replayed in other processes with other hash seeds by tests/reliability/test_determinism.py.)"""

from __future__ import annotations

from tests.scripted import plays_as_written

from . import script
from .games import ruleset


def test_the_scripted_year_plays_as_written() -> None:
    plays_as_written(ruleset, script)
