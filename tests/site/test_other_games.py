"""Archive pages of the other games: the card games (the public table per turn, and each
player's private view only on that player's own pages) and the Generals (with its fogged map).

Each game's own scripted game (tests/<game>/script.py) is played by mail on the test table:
half of it, when the public's and each player's sites are made (the game is running), then
to its end, when the referee's site is made. Every page is checked against the ruleset's
``hidden_facts`` for the viewer whose page it is, and so is its map picture, if it has one.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from pbem import maps, site
from pbem.ruleset import PUBLIC, REFEREE, get_ruleset
from pbem.store import TurnRow
from tests.site.games import ScriptedTable, scripted_game

#: the games on main besides Diplomacy, each with its scripted game
GAMES = ["invoke", "invincible", "invictus", "generals"]


@dataclass
class Sites:
    table: ScriptedTable
    ruleset: str
    powers: list[str]
    running: dict[str, Path]  # viewer -> site made while the game ran
    running_turns: list[TurnRow]
    referee: Path  # the referee's site, made after the end
    turns: list[TurnRow]


@pytest.fixture(scope="module", params=GAMES)
def sites(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Sites:
    name = request.param
    script = importlib.import_module(f"tests.{name}.script")
    folder = tmp_path_factory.mktemp(name)
    table = scripted_game(folder / "table", name, script)
    table.play(len(script.TURNS) // 2)
    running: dict[str, Path] = {}
    with table.store() as store:
        assert store.game(table.game_id).status == "running"  # type: ignore[union-attr]
        running_turns = store.turns(table.game_id)
        for viewer in [PUBLIC, *script.POWERS]:
            running[viewer] = folder / f"as-{viewer}"
            site.build(store, table.game_id, running[viewer], viewer)
        with pytest.raises(site.SiteError, match="still running"):
            site.build(store, table.game_id, folder / "too-early", REFEREE)
    table.play(len(script.TURNS))
    with table.store() as store:
        assert store.game(table.game_id).status == "over"  # type: ignore[union-attr]
        turns = store.turns(table.game_id)
        site.build(store, table.game_id, folder / "referee", REFEREE)
    return Sites(table, name, list(script.POWERS), running, running_turns, folder / "referee", turns)


def hidden(sites: Sites, turn: TurnRow, viewer: str) -> list[str]:
    ruleset = get_ruleset(sites.ruleset)
    return ruleset.hidden_facts(ruleset.load_state(turn.state_after), turn.events, viewer)


def read(folder: Path, phase_id: str) -> str:
    """A phase's page and its map picture as a reader sees their text: entities decoded, so an
    escaped leak is still a leak."""
    text = (folder / f"{phase_id}.html").read_text(encoding="utf-8")
    picture = folder / "maps" / f"{phase_id}.svg"
    if picture.exists():
        text += picture.read_text(encoding="utf-8")
    return unescape(text)


def report(sites: Sites, turn: TurnRow, viewer: str) -> dict[str, Any]:
    with sites.table.store() as store:
        return store.reports(turn.game_id, turn.seq)[viewer]


def test_the_public_site_shows_the_public_table_of_every_turn_and_no_hidden_fact(sites):
    folder = sites.running[PUBLIC] / "cards"
    assert len(sites.running_turns) >= 2
    facts = 0
    for turn in sites.running_turns:
        page = read(folder, turn.phase_id)
        assert unescape(report(sites, turn, PUBLIC)["text"]) in page  # the public table, as mailed
        for fact in hidden(sites, turn, PUBLIC):
            facts += 1
            assert fact not in page, (turn.phase_id, fact)
    assert facts, "the public has hidden facts in these turns, or this test checks nothing"


def assert_own_view_only(sites: Sites, power: str, folder: Path, turns: list[TurnRow]) -> None:
    """Each page in ``folder`` shows the report ``power`` was sent, and nothing hidden from it."""
    for turn in turns:
        page = read(folder, turn.phase_id)
        assert unescape(report(sites, turn, power)["text"]) in page
        leaked = [fact for fact in hidden(sites, turn, power) if fact in page]
        assert not leaked, (power, turn.phase_id, leaked)


def test_a_players_site_shows_their_own_view_and_nothing_hidden_from_them(sites):
    for power in sites.powers:
        # a power's site has its own folder, beside the public one (never over it)
        assert_own_view_only(sites, power, sites.running[power] / f"cards-as-{power}", sites.running_turns)


def test_after_the_game_each_players_view_is_only_on_that_players_pages(sites):
    """On the referee's site each power has its pages; another's hand is never on them."""
    for power in sites.powers:
        assert_own_view_only(sites, power, sites.referee / "cards" / "as" / power, sites.turns)


def test_after_the_game_the_referees_pages_show_everything_with_the_record(sites):
    for turn in sites.turns:
        page = read(sites.referee / "cards", turn.phase_id)
        assert unescape(report(sites, turn, REFEREE)["text"]) in page
        assert "Record of the turn" in page and str(turn.seed) in page
        for power in sites.powers:
            assert f'href="as/{power}/{turn.phase_id}.html"' in page


def test_a_game_with_a_map_has_its_picture_on_every_page_and_a_game_without_has_none(sites):
    for folder, turns in [(sites.running[PUBLIC], sites.running_turns), (sites.referee, sites.turns)]:
        for turn in turns:
            picture = folder / "cards" / "maps" / f"{turn.phase_id}.svg"
            page = (folder / "cards" / f"{turn.phase_id}.html").read_text(encoding="utf-8")
            if maps.has_picture(sites.ruleset):
                assert picture.read_text(encoding="utf-8").startswith("<svg")
                assert f'<source srcset="maps/{turn.phase_id}.svg" type="image/svg+xml">' in page
                assert f'<img src="maps/{turn.phase_id}.png"' in page  # where SVG cannot be shown
            else:
                assert not picture.exists() and "<img" not in page
