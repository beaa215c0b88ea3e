"""The archive site (pbem/site, ``pbem archive site``): its pages, links, and who sees what.

The games are played by mail on the test table (tests/site/games.py). The browser tests
(test_browser.py) follow the same site's links in Chromium; these read the files.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from PIL import Image

from pbem import site
from pbem.cli import main
from pbem.ruleset import PUBLIC, REFEREE, get_ruleset
from pbem.site.record import ANONYMOUS, visible_press
from tests.site.games import (
    BROADCAST,
    OPEN_BROADCAST,
    PENDING_ORDER,
    PRIVATE_1901,
    PRIVATE_OPEN,
    SECRETS,
    TALLY_PLAYERS,
)
from tests.site.helpers import build, links

DIP_PHASES = ["S1901M", "F1901M", "F1901R", "W1901A"]


def every_file(folder: Path) -> dict[str, str]:
    """Every text file of a site (the maps' PNG copies are pictures: see the map test)."""
    return {
        str(path.relative_to(folder)): path.read_text(encoding="utf-8")
        for path in folder.rglob("*")
        if path.is_file() and path.suffix != ".png"
    }


def test_the_site_has_a_page_and_a_map_per_adjudicated_phase_and_an_index(dip_table, tmp_path):
    front = build(dip_table, "dip", tmp_path)
    assert front == tmp_path / "index.html"
    files = every_file(tmp_path)
    for phase in DIP_PHASES:
        assert f"dip/{phase}.html" in files and f"dip/maps/{phase}.svg" in files
        # the SVG, and the same map as PNG where a browser cannot show SVG
        assert (
            f'<source srcset="maps/{phase}.svg" type="image/svg+xml"><img src="maps/{phase}.png"'
            in files[f"dip/{phase}.html"]
        )
        assert files[f"dip/maps/{phase}.svg"].startswith("<svg")
        with Image.open(tmp_path / "dip" / "maps" / f"{phase}.png") as picture:
            picture.load()
            assert picture.format == "PNG" and picture.size[0] > 600
    assert {name for name in files if name.endswith(".html")} == {
        "index.html",
        "dip/index.html",
        *(f"dip/{phase}.html" for phase in DIP_PHASES),
    }
    phase_list = re.search(r'<ol class="phase-list">(.*?)</ol>', files["dip/index.html"], re.DOTALL)
    assert phase_list and links(phase_list[1]) == [f"{phase}.html" for phase in DIP_PHASES]
    assert '<source srcset="maps/W1901A.svg"' in files["dip/index.html"]  # the latest position
    assert '<img src="maps/W1901A.png"' in files["dip/index.html"]
    assert "dip/index.html" in links(files["index.html"])


def test_each_phase_page_links_to_the_phases_before_and_after_it(dip_table, tmp_path):
    build(dip_table, "dip", tmp_path)
    for number, phase in enumerate(DIP_PHASES):
        html = (tmp_path / "dip" / f"{phase}.html").read_text()
        previous = re.search(r'rel="prev" class="prev" href="([^"]+)"', html)
        following = re.search(r'rel="next" class="next" href="([^"]+)"', html)
        assert (previous[1] if previous else None) == (f"{DIP_PHASES[number - 1]}.html" if number else None)
        expected_next = f"{DIP_PHASES[number + 1]}.html" if number + 1 < len(DIP_PHASES) else None
        assert (following[1] if following else None) == expected_next
        assert 'href="index.html"' in html and 'href="../index.html"' in html


def test_a_phase_page_shows_the_orders_and_results_the_public_was_sent(dip_table, tmp_path):
    build(dip_table, "dip", tmp_path)
    html = (tmp_path / "dip" / "F1901M.html").read_text()
    with dip_table.store() as store:
        turn = store.turn("dip", "F1901M")
        assert turn is not None
        mailed = store.reports("dip", turn.seq)[PUBLIC]
    # the report's HTML tables are embedded, and its text is there as mailed
    assert "<td>A RUH - BUR</td>" in html and "<td>A BUR H</td>" in html
    assert "<pre>" + mailed["text"].replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") in html
    # its own inline map is left out: the page shows the map as a picture of its own
    assert "<svg" in mailed["html"] and "<svg" not in html


def test_a_public_site_of_a_running_game_holds_no_secret_of_the_open_phase(dip_table, tmp_path):
    build(dip_table, "dip", tmp_path)
    everything = "\n".join(every_file(tmp_path).values())
    for secret in SECRETS:  # Germany's order and press for Spring 1902, Russia's press to Turkey
        assert secret not in everything
    ruleset = get_ruleset("diplomacy")
    with dip_table.store() as store:
        for turn in store.turns("dip"):
            state = ruleset.load_state(turn.state_after)
            for fact in ruleset.hidden_facts(state, turn.events, PUBLIC):
                assert fact not in everything


def test_a_public_site_shows_press_to_everyone_once_delivered(dip_table, tmp_path):
    build(dip_table, "dip", tmp_path)
    assert BROADCAST in (tmp_path / "dip" / "S1901M.html").read_text()
    assert BROADCAST not in (tmp_path / "dip" / "F1901M.html").read_text()
    assert OPEN_BROADCAST in (tmp_path / "dip" / "index.html").read_text()  # Spring 1902, still open


def test_a_powers_site_shows_the_press_it_sent_and_received_and_no_one_elses(dip_table, tmp_path):
    for power, seen, unseen in [
        ("Turkey", [PRIVATE_1901, BROADCAST, OPEN_BROADCAST], [PRIVATE_OPEN, PENDING_ORDER]),
        ("Russia", [PRIVATE_1901], [PRIVATE_OPEN, PENDING_ORDER]),
        ("Austria", [PRIVATE_OPEN, BROADCAST], [PRIVATE_1901, PENDING_ORDER]),
        ("France", [BROADCAST], [PRIVATE_1901, PRIVATE_OPEN, PENDING_ORDER]),
    ]:
        out = tmp_path / power
        build(dip_table, "dip", out, power.lower())
        everything = "\n".join(every_file(out).values())
        assert f"As seen by {power}." in (out / f"dip-as-{power}" / "index.html").read_text()
        for text in seen:
            assert text in everything, (power, text)
        for text in unseen:
            assert text not in everything, (power, text)


def test_the_referees_site_is_refused_while_the_game_runs(dip_table, tmp_path):
    with pytest.raises(site.SiteError, match="still running.*once the game is over"):
        build(dip_table, "dip", tmp_path, "referee")
    assert not (tmp_path / "dip").exists()


def test_a_viewer_who_is_not_in_the_game_is_refused_with_the_powers_named(dip_table, tmp_path):
    with pytest.raises(site.SiteError, match="'Spain' is not a viewer.*Austria, England"):
        build(dip_table, "dip", tmp_path, "Spain")
    with pytest.raises(site.SiteError, match="no game 'nope'.*games: dip"):
        build(dip_table, "nope", tmp_path)


def _secret(table, power: str) -> str:
    with table.store() as store:
        game = store.game("tally")
        assert game is not None
        return str(game.state["secrets"][power])


def test_a_public_site_of_a_tally_game_holds_none_of_its_hidden_facts(tally_running, tmp_path):
    build(tally_running, "tally", tmp_path)
    everything = "\n".join(every_file(tmp_path).values())
    assert "tally/R1.html" in every_file(tmp_path)
    ruleset = get_ruleset("tally")
    with tally_running.store() as store:
        [turn] = store.turns("tally")
        facts = ruleset.hidden_facts(ruleset.load_state(turn.state_after), turn.events, PUBLIC)
    assert len(facts) == 3
    for fact in facts:
        assert fact not in everything


def test_a_players_site_shows_their_own_secret_and_no_one_elses(tally_running, tmp_path):
    build(tally_running, "tally", tmp_path, "North")
    page = (tmp_path / "tally-as-North" / "R1.html").read_text()
    assert f"Your secret: {_secret(tally_running, 'North')}" in page
    for other in ("South", "East"):
        assert _secret(tally_running, other) not in page


def test_after_the_game_the_referees_site_shows_everything_and_each_players_own_pages(tally_over, tmp_path):
    build(tally_over, "tally", tmp_path, "REFEREE")
    files = every_file(tmp_path)
    secrets = {power: _secret(tally_over, power) for power in TALLY_PLAYERS}
    main_page = files["tally/R2.html"]
    assert all(secret in main_page for secret in secrets.values())
    assert "Record of the turn" in main_page and "<td>ADD 3</td>" in main_page
    for power, secret in secrets.items():
        own = files[f"tally/as/{power}/R2.html"]
        assert secret in own
        assert not any(other in own for who, other in secrets.items() if who != power)
        assert 'href="../../R2.html"' in own  # back to the referee's page of the same phase
        assert f'href="as/{power}/R2.html"' in main_page
    assert "As seen by the referee (everything)." in files["tally/index.html"]


def test_writing_a_site_again_replaces_the_games_folder_and_keeps_the_other_games(
    dip_table, tally_over, tmp_path
):
    build(dip_table, "dip", tmp_path)
    build(tally_over, "tally", tmp_path)
    (tmp_path / "dip" / "stale.html").write_text("old")
    build(dip_table, "dip", tmp_path)
    assert not (tmp_path / "dip" / "stale.html").exists()
    manifest = json.loads((tmp_path / "site.json").read_text())
    assert set(manifest) == {"dip", "tally"}
    front = (tmp_path / "index.html").read_text()
    assert 'href="dip/index.html"' in front and 'href="tally/index.html"' in front


def test_a_powers_site_has_its_own_folder_and_never_overwrites_the_public_one(dip_table, tmp_path):
    build(dip_table, "dip", tmp_path)
    public = (tmp_path / "dip" / "index.html").read_text()
    build(dip_table, "dip", tmp_path, "France")
    assert (tmp_path / "dip" / "index.html").read_text() == public
    assert "As seen by France." in (tmp_path / "dip-as-France" / "index.html").read_text()
    manifest = json.loads((tmp_path / "site.json").read_text())
    assert manifest["dip"]["viewer"] == "PUBLIC" and manifest["dip-as-France"]["viewer"] == "France"
    front = (tmp_path / "index.html").read_text()
    assert 'href="dip/index.html"' in front and 'href="dip-as-France/index.html"' in front


def test_a_folder_pbem_did_not_write_is_never_replaced(dip_table, tmp_path):
    (tmp_path / "dip").mkdir()
    (tmp_path / "dip" / "mine.txt").write_text("keep me")
    with pytest.raises(site.SiteError, match="was not written by pbem"):
        build(dip_table, "dip", tmp_path)
    assert (tmp_path / "dip" / "mine.txt").read_text() == "keep me"


def test_pbem_archive_site_writes_the_site_and_refuses_the_referee_while_running(dip_table, tmp_path, capsys):
    config = str(dip_table.config_path)
    assert main(["archive", "site", "dip", str(tmp_path / "out"), "--config", config]) == 0
    printed = capsys.readouterr().out
    assert f"open {tmp_path / 'out' / 'index.html'}" in printed
    assert "Site test game" in (tmp_path / "out" / "dip" / "index.html").read_text()  # the config's name
    status = main(["archive", "site", "dip", str(tmp_path / "ref"), "--as", "REFEREE", "--config", config])
    assert status == 2 and "still running" in capsys.readouterr().err


# -- press visibility, case by case ------------------------------------------------------------

POWERS = ["Austria", "England", "France"]


def press(sender: str, recipients: list[str], *, grey: bool = False, released: bool = True) -> dict:
    return {
        "sender": sender,
        "recipients": recipients,
        "grey": grey,
        "released": released,
        "body": f"from {sender}",
        "phase_id": "S1901M",
    }


def test_press_to_everyone_is_public_and_press_to_some_is_not():
    rows = [press("Austria", ["England", "France"]), press("Austria", ["England"])]
    assert [item.to for item in visible_press(rows, PUBLIC, POWERS)] == ["everyone"]
    assert [item.to for item in visible_press(rows, "England", POWERS)] == ["everyone", "England"]
    assert [item.to for item in visible_press(rows, "France", POWERS)] == ["everyone"]
    assert len(visible_press(rows, "Austria", POWERS)) == 2 and len(visible_press(rows, REFEREE, POWERS)) == 2


def test_grey_press_hides_its_sender_from_all_but_the_sender_and_the_referee():
    rows = [press("Austria", ["England", "France"], grey=True)]
    assert visible_press(rows, PUBLIC, POWERS)[0].sender == ANONYMOUS
    assert visible_press(rows, "England", POWERS)[0].sender == ANONYMOUS
    assert visible_press(rows, "Austria", POWERS)[0].sender == "Austria (grey)"
    assert visible_press(rows, REFEREE, POWERS)[0].sender == "Austria (grey)"


def test_postal_press_is_shown_to_its_readers_only_once_released():
    rows = [press("Austria", ["England", "France"], released=False)]
    assert visible_press(rows, PUBLIC, POWERS) == [] and visible_press(rows, "England", POWERS) == []
    assert len(visible_press(rows, "Austria", POWERS)) == 1 and len(visible_press(rows, REFEREE, POWERS)) == 1


def test_the_press_of_the_phase_a_game_ended_in_is_kept_on_its_last_page(tmp_path):
    from tests.site.games import TALLY_PLAYERS, send, tally_game

    table = tally_game(tmp_path / "game", rounds=3, play=1)
    farewell = "Well played, all: a draw it is."
    send(table, "tally", "North", f"BROADCAST\n{farewell}\nENDPRESS\nDRAW", TALLY_PLAYERS)
    for power in ("South", "East"):
        send(table, "tally", power, "DRAW", TALLY_PLAYERS)
    table.run()
    with table.store() as store:
        assert store.game("tally").status == "over"
        last = store.turns("tally")[-1]
    build(table, "tally", tmp_path / "site")
    assert farewell in (tmp_path / "site" / "tally" / f"{last.phase_id}.html").read_text()


def test_a_rolled_back_phase_is_kept_and_shown_as_rolled_back(tmp_path):
    from tests.harness import REFEREE_ADDRESS, REFEREE_PASSWORD
    from tests.site.games import tally_game

    table = tally_game(tmp_path / "game", rounds=3, play=2)
    table.send(REFEREE_ADDRESS, f"SIGNON REFEREE tally {REFEREE_PASSWORD}\nROLLBACK R2")
    table.run()
    build(table, "tally", tmp_path / "site")
    game_page = (tmp_path / "site" / "tally" / "index.html").read_text()
    listed = re.search(r'<ol class="phase-list">(.*?)</ol>', game_page, re.DOTALL)
    assert listed and links(listed[1]) == ["R1.html", "R2.html"]
    marked = '<li class="rolled-back"><a href="R2.html">Round 2</a> <span class="rolled-back-mark">'
    assert marked in listed[1]
    page = (tmp_path / "site" / "tally" / "R2.html").read_text()
    assert "(rolled back)" in page and "The referee rolled the game back past this phase" in page
    assert "rolled back" not in (tmp_path / "site" / "tally" / "R1.html").read_text()
    manifest = json.loads((tmp_path / "site" / "site.json").read_text())
    assert manifest["tally"]["phases"] == 1  # the rolled-back phase is not counted as played
