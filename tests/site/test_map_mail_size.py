"""The most crowded map each game mails stays under 150 kB in the mail as sent.

A late-game board with every unit's order drawn (tests/site/crowded.py) makes the largest map
PNG a game sends; its report mail (text, HTML and the PNG in base64) must still be one a
referee's mail host and a player's phone plan take. Each case's seed is the one whose mail was
the largest of seeds 1 to 15 (benchmarks/mapmail.py --seeds 15 prints them all). The tests
check that the position is as crowded as it claims, so a change to the random play that thins
it out fails here instead of passing on a small map.
"""

from __future__ import annotations

import email
import email.policy
import io
import re
from functools import cache

import pytest
from PIL import Image

from pbem import maps
from pbem.mail.pictures import ZOOM
from pbem.ruleset import REFEREE
from tests.site import crowded

CASES = {
    "diplomacy standard": lambda: crowded.diplomacy("standard", 5),
    "mandate of heaven": lambda: crowded.diplomacy("mandate_of_heaven", 12),
    "generals standard": lambda: crowded.generals("standard", 11),
    "generals duel": lambda: crowded.generals("duel", 10),
}


@cache
def built(name: str) -> crowded.Crowded:
    return CASES[name]()


def drawn(position: crowded.Crowded, viewer: str) -> str:
    adjudication = position.adjudication
    view = position.ruleset.view(adjudication.state, adjudication.events, viewer)
    svg = maps.picture(position.ruleset.name, view)
    assert svg is not None
    return svg


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_most_crowded_report_mail_of_each_game_is_under_150_kb_with_its_map_at_the_mailed_size(name):
    case = built(name)
    viewer, mail = crowded.largest_mail(case)
    assert len(mail.raw) < crowded.LIMIT, f"{case.game}: {viewer}'s report mail is {len(mail.raw)} bytes"
    parsed = email.message_from_bytes(mail.raw, policy=email.policy.default)
    (picture,) = [part for part in parsed.walk() if part.get_content_type() == "image/png"]
    assert picture.get_content() == mail.png
    width = float(re.search(r'<svg\b[^>]*?\bwidth="([\d.]+)"', drawn(case, viewer))[1])
    with Image.open(io.BytesIO(mail.png)) as image:
        assert image.size[0] == round(width * ZOOM)  # four fifths of the size drawn, no smaller


@pytest.mark.parametrize("name", ["diplomacy standard", "mandate of heaven"])
def test_the_crowded_diplomacy_board_is_late_full_and_draws_every_units_order(name):
    position = built(name)
    units = position.before.board.units
    assert len(units) >= 30
    start = position.ruleset.start(position.variant, position.powers, {}, 0)
    assert position.before.turn.year >= start.turn.year + 5
    ordered = [order.split(" ")[1].split("/")[0] for given in position.orders.values() for order in given]
    assert sorted(ordered) == sorted(units)  # one order for every unit
    svg = drawn(position, position.powers[0])
    orders = re.findall(r'class="order (\w+) ', svg)
    assert len(orders) == len(units)
    assert {"move", "supportmove", "convoy"} <= set(orders)
    assert "hold" not in orders


@pytest.mark.parametrize("name", ["generals standard", "generals duel"])
def test_the_crowded_generals_map_shows_an_army_in_every_region_and_every_generals_battle(name):
    position = built(name)
    svg = drawn(position, REFEREE)
    regions = {holding.region for holding in position.adjudication.state.holdings}
    assert set(re.findall(r'class="army" data-region="([^"]+)"', svg)) == regions
    before = position.before
    may_attack = [general for general in before.generals if general.trained_on != before.turn - 1]
    assert position.order_count == len(may_attack) >= 2 * len(position.powers)  # every one attacks
    assert len(re.findall(r'class="battle"', svg)) >= len(position.powers)
    assert before.turn >= before.last_turn - 4
