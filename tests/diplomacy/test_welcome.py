"""The Diplomacy welcome (issue 32): it names who plays the other powers where the game makes
its players public, shows the map of the opening position, and offers no HELP CARDS (a command
of the card games); a card game's welcome still offers it."""

from __future__ import annotations

import io
from email.message import EmailMessage

from PIL import Image

from tests.diplomacy.helpers import ADDRESSES
from tests.harness import Table, game, text_of


def welcomes(tmp_path, **settings) -> dict[str, EmailMessage]:
    table = Table(tmp_path, [game("g1", "diplomacy", ADDRESSES, **settings)])
    table.start("g1")
    found = {}
    for power, address in ADDRESSES.items():
        (welcome,) = [m for m in table.take(address) if "welcome" in str(m["Subject"])]
        found[power] = welcome
    return found


def test_the_welcome_names_every_other_player_and_offers_no_help_cards(tmp_path):
    text = text_of(welcomes(tmp_path)["France"])
    for power, address in ADDRESSES.items():
        assert f"  {power:<12} {address}" in text
    assert "HELP CARDS" not in text and "card" not in text.lower()
    assert "\n  HELP\n" in text


def test_a_game_that_keeps_its_players_private_names_no_address_in_the_welcome(tmp_path):
    text = text_of(welcomes(tmp_path, players_public=False)["France"])
    assert not any(address in text for power, address in ADDRESSES.items() if power != "France")


def test_the_welcome_shows_the_opening_map_as_a_picture_its_html_refers_to(tmp_path):
    welcome = welcomes(tmp_path)["England"]
    html = welcome.get_body(preferencelist=("html",))
    assert html is not None
    content = str(html.get_content())
    assert "cid:map1." in content and "You play: England" in content
    (picture,) = [part for part in welcome.walk() if part.get_content_type() == "image/png"]
    with Image.open(io.BytesIO(picture.get_content())) as image:
        assert image.size[0] > 800
    assert "<svg" not in content  # the mail carries the PNG, not the SVG


def test_a_card_games_welcome_still_offers_help_cards(tmp_path):
    addresses = {"Rome": "rome@example.test", "Carthage": "carthage@example.test"}
    table = Table(tmp_path, [game("g1", "invictus", addresses)])
    table.start("g1")
    (welcome,) = [m for m in table.take(addresses["Rome"]) if "welcome" in str(m["Subject"])]
    assert "HELP CARDS" in text_of(welcome)


def test_help_offers_help_cards_only_in_a_card_game(tmp_path):
    table = Table(tmp_path, [game("g1", "diplomacy", ADDRESSES)])
    table.start("g1")
    table.take()
    table.send(ADDRESSES["France"], "SIGNON France g1 pw\nHELP")
    table.run()
    (answer,) = [m for m in table.take(ADDRESSES["France"]) if str(m["Subject"]).startswith("Re:")]
    assert "HOW TO PLAY g1 BY MAIL" in text_of(answer) and "HELP CARDS" not in text_of(answer)
