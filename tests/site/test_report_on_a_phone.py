"""A report's HTML part on a phone (issue 31): opened in headless Chromium 375 px wide, as an
iPhone shows a mail, nothing is wider than the screen (no sideways scrolling)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.bymail import to_deadline
from tests.harness import Table, game
from tests.service.helpers import HOLD, PLAYERS

PHONE_WIDTH = 375


def test_a_diplomacy_report_fits_a_phones_screen(tmp_path: Path, browser: Any) -> None:  # noqa: F811
    table = Table(
        tmp_path / "game", [game("g1", "diplomacy", PLAYERS)], service_settings={"answers_per_hour": 0}
    )
    table.start("g1")
    table.take()
    for power in PLAYERS:
        table.send(PLAYERS[power], HOLD[power], to=table.reply_token_address(power))
    table.run()
    table.take()
    to_deadline(table)
    [report] = [mail for mail in table.take(PLAYERS["England"]) if "results" in str(mail["Subject"])]
    [html] = [part.get_content() for part in report.walk() if part.get_content_type() == "text/html"]
    page = tmp_path / "report.html"
    page.write_text(html, encoding="utf-8")
    browser.set_window_size(PHONE_WIDTH, 800)
    browser.get(page.as_uri())
    viewport = browser.execute_script("return window.innerWidth")
    widest = browser.execute_script("return document.documentElement.scrollWidth")
    assert viewport <= PHONE_WIDTH and widest <= viewport, (viewport, widest)
