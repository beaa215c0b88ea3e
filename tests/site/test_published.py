"""The sites the service keeps (issue 32): the public site and a player's own view rebuilt by
every adjudication of a real run, and each results mail linking its phase's page."""

from __future__ import annotations

import re

import pytest

from pbem.config import ConfigError, load
from tests.bymail import send_mails, to_deadline
from tests.diplomacy.helpers import ADDRESSES, ONE_HOLD_EACH
from tests.harness import REFEREE_ADDRESS, REFEREE_PASSWORD, Table, game, text_of

URL = "https://diplomacy.example.test/games"
OWN_URL = "https://france.example.test/mine"


def table_with_sites(tmp_path) -> Table:
    entry = game("g1", "diplomacy", ADDRESSES)
    france = next(p for p in entry["players"] if p["power"] == "France")
    france.update(site_dir=str(tmp_path / "france-site"), site_url=OWN_URL + "/")
    return Table(
        tmp_path / "table", [entry], service_settings={"site_dir": str(tmp_path / "site"), "site_url": URL}
    )


def results(table: Table, address: str):
    [report] = [m for m in table.take(address) if str(m["Subject"]).endswith(" results")]
    return report


def test_every_adjudication_rebuilds_the_sites_and_every_results_mail_links_its_phase(tmp_path):
    table = table_with_sites(tmp_path)
    table.start("g1")
    table.take()
    assert not (tmp_path / "site" / "g1").exists()  # nothing adjudicated, nothing to show yet
    send_mails(table, ADDRESSES, ONE_HOLD_EACH)
    to_deadline(table)
    public = tmp_path / "site" / "g1"
    assert "A PAR H" in (public / "S1901M.html").read_text()
    assert (public / "maps" / "S1901M.svg").exists() and (tmp_path / "site" / "index.html").exists()
    own = tmp_path / "france-site" / "g1-as-France" / "S1901M.html"
    assert own.exists() and "France" in own.read_text()

    germany = results(table, ADDRESSES["Germany"])
    assert f"This phase on the game's site: {URL}/g1/S1901M.html" in text_of(germany)
    html = germany.get_body(preferencelist=("html",)).get_content()
    assert f'<a href="{URL}/g1/S1901M.html">' in html
    france = text_of(results(table, ADDRESSES["France"]))
    assert f"This phase on the game's site: {OWN_URL}/g1-as-France/S1901M.html" in france

    send_mails(table, ADDRESSES, ONE_HOLD_EACH)
    to_deadline(table)  # the next phase rebuilds both, and links its own page
    assert (public / "F1901M.html").exists() and (own.parent / "F1901M.html").exists()
    assert f"{URL}/g1/F1901M.html" in text_of(results(table, ADDRESSES["Germany"]))


def test_a_site_that_cannot_be_written_is_told_to_the_referee_and_the_game_goes_on(tmp_path):
    table = table_with_sites(tmp_path)
    (tmp_path / "site" / "g1").mkdir(parents=True)  # a folder pbem did not write: never replaced
    (tmp_path / "site" / "g1" / "mine.txt").write_text("the referee's own file")
    table.start("g1")
    table.take()
    send_mails(table, ADDRESSES, ONE_HOLD_EACH)
    to_deadline(table)
    assert (tmp_path / "site" / "g1" / "mine.txt").read_text() == "the referee's own file"
    [notice] = [m for m in table.take(REFEREE_ADDRESS) if "a site was not written" in str(m["Subject"])]
    assert "was not written by pbem" in text_of(notice)
    assert results(table, ADDRESSES["Germany"])  # the phase was adjudicated and reported all the same
    assert (tmp_path / "france-site" / "g1-as-France" / "S1901M.html").exists()


def test_a_site_url_that_is_not_a_web_address_is_refused_with_what_to_write(tmp_path):
    with pytest.raises(ConfigError, match=r"not a web address; write it as https://host/path"):
        Table(
            tmp_path, [game("g1", "diplomacy", ADDRESSES)], service_settings={"site_url": "diplomacy.example"}
        )


def test_without_site_keys_no_mail_names_a_site(tmp_path):
    table = Table(tmp_path, [game("g1", "diplomacy", ADDRESSES)])
    assert table.service.site_dir is None and load(table.config_path).site_url is None
    table.start("g1")
    table.take()
    send_mails(table, ADDRESSES, ONE_HOLD_EACH)
    to_deadline(table)
    assert "game's site" not in text_of(results(table, ADDRESSES["Germany"]))


def test_a_rebuilt_site_renders_only_the_maps_it_has_not_written_before(tmp_path, monkeypatch):
    from pbem.site import build, publish

    table = table_with_sites(tmp_path)
    table.start("g1")
    table.take()
    send_mails(table, ADDRESSES, ONE_HOLD_EACH)
    to_deadline(table)
    send_mails(table, ADDRESSES, ONE_HOLD_EACH)
    to_deadline(table)
    rendered: list[str] = []
    real = publish.png
    monkeypatch.setattr(publish, "png", lambda svg: rendered.append(svg) or real(svg))
    with table.store() as store:
        build(store, "g1", tmp_path / "site")  # both phases' maps are there already
        assert rendered == []
        build(store, "g1", tmp_path / "elsewhere")  # a new folder: every map is drawn
    assert len(rendered) == 2
    assert (tmp_path / "site" / "g1" / "maps" / "F1901M.png").read_bytes() == real(rendered[1])


def test_a_run_that_stopped_before_the_site_was_rebuilt_leaves_it_to_the_next_run(tmp_path, monkeypatch):
    from pbem import faults

    table = table_with_sites(tmp_path)
    table.start("g1")
    table.take()
    send_mails(table, ADDRESSES, ONE_HOLD_EACH)
    table.now = table.game_row().deadline
    monkeypatch.setattr(faults, "_counts", {})
    monkeypatch.setenv("PBEM_CRASH_AT", "adjudicated")  # the turn and its mail are in; its site is not
    with pytest.raises(faults.InjectedCrash):
        table.run()
    assert not (tmp_path / "site" / "g1" / "S1901M.html").exists()
    monkeypatch.delenv("PBEM_CRASH_AT")
    table.run()
    assert (tmp_path / "site" / "g1" / "S1901M.html").exists()
    assert (tmp_path / "france-site" / "g1-as-France" / "S1901M.html").exists()
    link = f"{URL}/g1/S1901M.html"
    assert link in text_of(results(table, ADDRESSES["Germany"]))  # the page the mail links is there


def test_a_rollback_is_shown_on_the_site_by_the_next_run_without_waiting_for_a_phase(tmp_path):
    table = table_with_sites(tmp_path)
    table.start("g1")
    table.take()
    for _ in range(2):
        send_mails(table, ADDRESSES, ONE_HOLD_EACH)
        to_deadline(table)
    table.send(REFEREE_ADDRESS, f"SIGNON REFEREE g1 {REFEREE_PASSWORD}\nROLLBACK F1901M")
    table.run()
    index = (tmp_path / "site" / "g1" / "index.html").read_text()
    assert re.search(r'<li class="rolled-back"><a href="F1901M.html">', index)
    runs_before = (tmp_path / "site" / "g1" / "F1901M.html").stat().st_mtime_ns
    table.run()  # nothing new: the site as it stands is not written again
    assert (tmp_path / "site" / "g1" / "F1901M.html").stat().st_mtime_ns == runs_before


def test_the_site_of_a_game_formed_by_mail_is_rewritten_by_the_next_run_when_it_is_gone(tmp_path):
    import shutil

    from tests.harness import REFEREE_ADDRESS, REFEREE_PASSWORD
    from tests.judge.helpers import latest, reply_address, say

    table = Table(
        tmp_path / "table", [], service_settings={"site_dir": str(tmp_path / "site"), "site_url": URL}
    )
    say(table, REFEREE_ADDRESS, f"CREATE ?g1 {REFEREE_PASSWORD}")  # the referee's own: no muster
    for power, address in ADDRESSES.items():
        say(table, address, f"SIGNON ?g1 secret-{power}\nSET PREFERENCE {power}")
    for power, address in ADDRESSES.items():
        table.send(
            address, ONE_HOLD_EACH[power], to=reply_address(latest(table, address, "Welcome to game g1"))
        )
    to_deadline(table)
    page = tmp_path / "site" / "g1" / "S1901M.html"
    assert page.exists()
    shutil.rmtree(tmp_path / "site")
    table.run()
    assert page.exists()
