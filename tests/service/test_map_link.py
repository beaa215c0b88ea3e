"""SET MAP LINK (issue 31, point 5): where the game has a site, a player's results mail carries the
address of the phase's page on it instead of the map's picture; refused in one sentence where
there is no site; the game's `map: link` makes it the default, and needs a site in the config."""

import re
from email.message import EmailMessage
from pathlib import Path

import pytest

from pbem.reports import with_link
from tests.bymail import to_deadline
from tests.harness import Table, game, text_of
from tests.service.helpers import HOLD, PLAYERS

URL = "https://diplomacy.example/games"


def pictures(message: EmailMessage) -> int:
    return sum(part.get_content_type() == "image/png" for part in message.walk())


def html_of(message: EmailMessage) -> str:
    return next(str(part.get_content()) for part in message.walk() if part.get_content_type() == "text/html")


def with_site(tmp_path: Path, **settings: object) -> Table:
    return Table(
        tmp_path,
        [game("g1", "diplomacy", PLAYERS, **settings)],
        service_settings={"answers_per_hour": 0, "site_dir": str(tmp_path / "site"), "site_url": URL},
    )


@pytest.mark.slow  # a phase adjudicated, its maps drawn and its site written
def test_a_player_who_asks_for_a_link_gets_the_pages_address_and_no_picture(tmp_path):
    table = with_site(tmp_path)
    table.start("g1")
    table.take()
    for power in PLAYERS:
        orders = ("SET MAP LINK\n" if power == "England" else "") + HOLD[power]
        table.send(PLAYERS[power], orders, to=table.reply_token_address(power))
    table.run()
    [answer] = table.take(PLAYERS["England"])
    assert "your reports link to the map on the game's site" in text_of(answer)
    table.take()
    to_deadline(table)
    [report] = [mail for mail in table.take(PLAYERS["England"]) if "results" in str(mail["Subject"])]
    assert pictures(report) == 0 and "<img" not in html_of(report) and "<svg" not in html_of(report)
    links = re.findall(rf"{re.escape(URL)}/\S+\.html", text_of(report))
    assert links and f'href="{links[0]}"' in html_of(report)
    page = tmp_path / "site" / links[0].removeprefix(URL + "/")
    assert page.is_file()  # the site build wrote it, and it shows the map
    assert re.search(r"<img [^>]*src=\"[^\"]+\.png\"|<svg", page.read_text(encoding="utf-8"))
    [other] = [mail for mail in table.take(PLAYERS["Austria"]) if "results" in str(mail["Subject"])]
    assert pictures(other) == 1  # the others keep the game's default: the map shown


def test_a_link_is_refused_in_one_sentence_where_the_game_has_no_site(tmp_path):
    table = Table(tmp_path, [game("g1", "diplomacy", PLAYERS)])
    table.start("g1")
    table.take()
    table.send(PLAYERS["England"], "SET MAP LINK", to=table.reply_token_address("England"))
    table.run()
    [answer] = table.take(PLAYERS["England"])
    assert "refused: game g1 has no web site to link to; choose SET MAP INLINE, ATTACHED or OFF" in text_of(
        answer
    )
    with table.store() as store:
        england = store.player("g1", "England")
        assert england is not None and england.map is None


def test_the_games_map_link_is_the_default_and_the_welcome_shows_no_picture(tmp_path):
    table = with_site(tmp_path, map="link")
    table.start("g1")
    [welcome] = table.take(PLAYERS["England"])
    assert pictures(welcome) == 0


def test_a_games_map_link_without_a_site_sets_the_game_aside_with_what_to_set(tmp_path):
    table = Table(tmp_path, [game("g1", "diplomacy", PLAYERS, map="link")])
    [problem] = table.service.broken["g1"]
    assert "games[0].map: is link, but the game has no site to link to" in problem
    assert re.search(r"set service.site_dir and site_url \(line \d+\)$", problem)


def test_a_link_added_to_a_reports_html_leaves_the_html_as_it_was():
    text, html = with_link("Results\n", "<html><body><p>A <b>fleet</b></p></body></html>", "See: x", URL)
    assert text == "Results\n\nSee: x\n"
    assert html == (
        "<html><body><p>A <b>fleet</b></p>"
        f'<p class="site-link"><a href="{URL}">See: x</a></p>\n</body></html>'
    )


def test_help_offers_the_link(tmp_path):
    table = Table(tmp_path, [game("g1", "diplomacy", PLAYERS)])
    table.start("g1")
    table.take()
    table.send(PLAYERS["England"], "HELP", to=table.reply_token_address("England"))
    table.run()
    [answer] = table.take(PLAYERS["England"])
    assert (
        "SET MAP INLINE|ATTACHED|OFF|LINK (the map in your reports: shown, attached, none, or a link"
        in " ".join(text_of(answer).split())
    )
