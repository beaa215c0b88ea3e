"""The games the archive site's tests read: played once per test session, then only read."""

from __future__ import annotations

import pytest

from tests.harness import Table
from tests.site.games import diplomacy_game, tally_game


@pytest.fixture(scope="session")
def dip_table(tmp_path_factory: pytest.TempPathFactory) -> Table:
    """Standard Diplomacy after Winter 1901, Spring 1902 open (see tests/site/games.py)."""
    return diplomacy_game(tmp_path_factory.mktemp("dip"))


@pytest.fixture(scope="session")
def tally_running(tmp_path_factory: pytest.TempPathFactory) -> Table:
    """A tally game with one of its three rounds played."""
    return tally_game(tmp_path_factory.mktemp("tally-running"), rounds=3, play=1)


@pytest.fixture(scope="session")
def tally_over(tmp_path_factory: pytest.TempPathFactory) -> Table:
    """A tally game played to its end."""
    return tally_game(tmp_path_factory.mktemp("tally-over"), rounds=2, play=2)
