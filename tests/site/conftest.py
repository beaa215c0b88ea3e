"""The games the archive site's tests read: played once per test session, then only read."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pbem import site
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


CHROMIUM = Path("/usr/bin/chromium")


CHROMEDRIVER = Path("/usr/bin/chromedriver")


INSTALL = (
    "run scripts/install-test-deps (as root or with sudo) to install Debian's chromium and chromium-driver"
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    missing = [str(path) for path in (CHROMIUM, CHROMEDRIVER) if not path.exists()]
    if missing:
        pytest.fail(f"the browser tests need {' and '.join(missing)}: {INSTALL}", pytrace=False)
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.fail("the browser tests need selenium: pip install -e '.[test]'", pytrace=False)
    os.environ["SE_OFFLINE"] = "true"  # Selenium Manager must never fetch a browser or driver
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1100,900",
        "--allow-file-access-from-files",
    ):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def public_site(dip_table: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("public-site")
    with dip_table.store() as store:
        return site.build(store, "dip", out, name="Site test game")
