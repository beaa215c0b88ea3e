"""The archive site and the reports' maps in a real browser: Debian's headless Chromium.

Selenium drives /usr/bin/chromium through Debian's /usr/bin/chromedriver (the two come
from the same Debian version, so they always match; nothing is downloaded). Without them
these tests fail and say how to install them: scripts/install-test-deps.

One browser serves the whole module, to keep the run short.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from pbem import site
from pbem.ruleset import PUBLIC, get_ruleset
from tests.site.games import OPEN_BROADCAST, SECRETS, scripted_game


def map_loaded(driver: Any, min_width: int = 500) -> bool:
    """Whether the page's map picture has loaded and has a size (a broken SVG has none)."""
    return bool(
        driver.execute_script(
            "const img = document.querySelector('figure.map img');"
            "return img !== null && img.complete && img.naturalWidth > arguments[0]"
            " && img.naturalHeight > arguments[0] * 0.6;",
            min_width,
        )
    )


def screenshot(driver: Any, folder: Path, name: str) -> None:
    """Save a picture of the page; also to $PBEM_KEEP_SCREENSHOTS, for a person to look at."""
    driver.save_screenshot(str(folder / name))
    keep = os.environ.get("PBEM_KEEP_SCREENSHOTS")
    if keep:
        shutil.copy(folder / name, Path(keep) / name)


def click(driver: Any, selector: str) -> None:
    from selenium.webdriver.common.by import By

    driver.find_element(By.CSS_SELECTOR, selector).click()


def test_a_reader_follows_the_links_through_the_whole_game_and_every_map_loads(
    browser, public_site, dip_table, tmp_path
):
    from selenium.webdriver.common.by import By

    with dip_table.store() as store:
        turns = store.turns("dip")
    browser.get(public_site.as_uri())
    assert browser.find_element(By.TAG_NAME, "h1").text == "Games"
    browser.find_element(By.LINK_TEXT, "Site test game").click()
    assert browser.find_element(By.TAG_NAME, "h1").text == "Site test game"
    assert OPEN_BROADCAST in browser.find_element(By.TAG_NAME, "body").text
    assert map_loaded(browser), "the game page's map of the latest position did not load"
    browser.find_element(By.LINK_TEXT, turns[0].phase_label).click()

    seen = []
    while True:
        seen.append(browser.find_element(By.TAG_NAME, "h1").text)
        assert map_loaded(browser), f"the map of {seen[-1]} did not load"
        if not browser.find_elements(By.CSS_SELECTOR, "nav.steps a.next"):
            break
        click(browser, "nav.steps a.next")
    assert seen == [turn.phase_label for turn in turns]
    screenshot(browser, tmp_path, "site-last-phase.png")

    back = []
    while browser.find_elements(By.CSS_SELECTOR, "nav.steps a.prev"):
        click(browser, "nav.steps a.prev")
        back.append(browser.find_element(By.TAG_NAME, "h1").text)
    assert back == [turn.phase_label for turn in reversed(turns[:-1])]
    click(browser, "nav.steps a.up")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Site test game"


def test_no_public_page_of_the_running_game_shows_a_hidden_fact_of_its_phase(browser, public_site, dip_table):
    from selenium.webdriver.common.by import By

    ruleset = get_ruleset("diplomacy")
    with dip_table.store() as store:
        turns = store.turns("dip")
    pages = [public_site.parent / "dip" / "index.html"] + [
        public_site.parent / "dip" / f"{turn.phase_id}.html" for turn in turns
    ]
    for page, turn in zip(pages, [None, *turns], strict=True):
        browser.get(page.as_uri())
        shown = browser.find_element(By.TAG_NAME, "body").text + browser.page_source
        hidden = list(SECRETS)  # other powers' orders and press not yet revealed
        if turn is not None:
            hidden += ruleset.hidden_facts(ruleset.load_state(turn.state_after), turn.events, PUBLIC)
        leaked = [fact for fact in hidden if fact in shown]
        assert not leaked, f"{page.name} shows {leaked}"


def test_the_map_in_a_mailed_report_shows_as_its_png_and_its_text_part_does_not_need_it(
    browser, dip_table, tmp_path
):
    """The mail carries the map as a PNG part the HTML shows by cid: (every client shows PNG);
    the stored report keeps the SVG, whose units are drawn apart."""
    from selenium.webdriver.common.by import By

    [report] = [
        m for m in dip_table.mails_to("france@players.test") if "Fall 1901 movement results" in m["Subject"]
    ]
    html = report.get_body(preferencelist=("html",))
    text = report.get_body(preferencelist=("plain",))
    assert html is not None and text is not None
    assert "<svg" not in text.get_content() and "A RUH - BUR" in text.get_content()
    [picture] = [part for part in report.walk() if part.get_content_type() == "image/png"]
    content_id = picture["Content-ID"].strip("<>")
    assert f"cid:{content_id}" in html.get_content() and "<svg" not in html.get_content()
    (tmp_path / "map.png").write_bytes(picture.get_content())
    page = tmp_path / "report.html"
    page.write_text(html.get_content().replace(f"cid:{content_id}", "map.png"), encoding="utf-8")
    browser.get(page.as_uri())
    loaded = browser.execute_script(
        "const img = document.querySelector('img[alt]');"
        "return img.complete ? [img.naturalWidth, img.naturalHeight] : [0, 0];"
    )
    assert loaded[0] > 500 and loaded[1] > 400
    screenshot(browser, tmp_path, "report.png")

    with dip_table.store() as store:
        turn = store.turn("dip", "F1901M")
        assert turn is not None
        stored = store.reports("dip", turn.seq)["France"]["html"]
    page.write_text(stored, encoding="utf-8")
    browser.get(page.as_uri())
    size = browser.execute_script(
        "const r = document.querySelector('figure.pbem-map svg').getBoundingClientRect();"
        "return [r.width, r.height];"
    )
    assert size[0] > 500 and size[1] > 400
    units = browser.find_elements(By.CSS_SELECTOR, "figure.pbem-map svg g.unit:not(.dislodged)")
    dislodged = browser.find_elements(By.CSS_SELECTOR, "figure.pbem-map svg g.unit.dislodged")
    # 22 units, less France's army dislodged from Burgundy, drawn apart
    assert len(units) == 21 and all(unit.size["width"] > 0 for unit in units)
    assert [unit.get_attribute("data-unit") for unit in dislodged] == ["A BUR"]  # France's, in the fall


def test_every_page_of_the_site_reads_on_a_375_px_phone_without_sideways_scrolling(
    browser, public_site, dip_table, tmp_path
):
    with dip_table.store() as store:
        turns = store.turns("dip")
    pages = [public_site, public_site.parent / "dip" / "index.html"] + [
        public_site.parent / "dip" / f"{turn.phase_id}.html" for turn in turns
    ]
    browser.set_window_size(375, 812)
    try:
        width = browser.execute_script("return window.innerWidth;")
        assert width <= 375
        for page in pages:
            browser.get(page.as_uri())
            measured = browser.execute_script(
                "const body = getComputedStyle(document.body);"
                "const img = document.querySelector('figure.map img');"
                "return {scroll: document.documentElement.scrollWidth, font: parseFloat(body.fontSize),"
                " map: img ? img.getBoundingClientRect().width : 0};"
            )
            assert measured["scroll"] <= width, f"{page.name} is {measured['scroll']} px wide at {width} px"
            assert measured["font"] >= 14, page.name
            assert measured["map"] <= width, page.name
        screenshot(browser, tmp_path, "phone.png")
    finally:
        browser.set_window_size(1100, 900)


def test_a_player_of_the_generals_follows_their_own_site_and_every_fogged_map_loads(
    browser, tmp_path_factory
):
    from selenium.webdriver.common.by import By

    from tests.generals import script

    folder = tmp_path_factory.mktemp("generals")
    table = scripted_game(folder / "table", "generals", script, game_id="gen")
    table.play(3)
    with table.store() as store:
        front = site.build(store, "gen", folder / "site", "Dunmere", name="The Generals")
        labels = [turn.phase_label for turn in store.turns("gen")]
    browser.get(front.as_uri())
    browser.find_element(By.LINK_TEXT, "The Generals").click()
    assert "As seen by Dunmere." in browser.find_element(By.TAG_NAME, "body").text
    browser.find_element(By.LINK_TEXT, labels[0]).click()
    seen = []
    while True:
        seen.append(browser.find_element(By.TAG_NAME, "h1").text)
        assert map_loaded(browser, min_width=400), f"the map of {seen[-1]} did not load"
        if not browser.find_elements(By.CSS_SELECTOR, "nav.steps a.next"):
            break
        click(browser, "nav.steps a.next")
    assert seen == labels
    screenshot(browser, folder, "generals.png")
