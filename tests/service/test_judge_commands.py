"""The Judge's commands players expect, by mail through the service: WHOGAME, SUMMARY, GET MAP,
SET PASSWORD, SET ADDRESS (confirmed from the new address), RESIGN, and the referee's EXTEND
with any duration."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.harness import REFEREE_ADDRESS, REFEREE_PASSWORD, Table, game, text_of
from tests.service.helpers import DIPLOMACY_HOLDS

NORTH, SOUTH, EAST = "north@example.test", "south@example.test", "east@example.test"
PLAYERS = {"North": NORTH, "South": SOUTH, "East": EAST}
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
REF = f"SIGNON REFEREE g1 {REFEREE_PASSWORD}"


ADDRESSES = {power: f"{power.lower()}@example.test" for power in DIPLOMACY_HOLDS}


def make(tmp_path: Path, ruleset: str = "tally", **settings: object) -> Table:
    players = ADDRESSES if ruleset == "diplomacy" else PLAYERS
    table = Table(tmp_path, [game("g1", ruleset, players, **settings)], now=START)
    table.start("g1")
    table.take()
    return table


def north_asks(tmp_path: Path, command: str, **settings: object) -> str:
    """North's answer to a mail holding ``command``, in a fresh tally game."""
    table = make(tmp_path, **settings)
    table.send(NORTH, f"SIGNON North g1 pw\n{command}")
    table.run()
    return answer(table, NORTH)


def answer(table: Table, address: str) -> str:
    [reply] = [m for m in table.take(address) if str(m["Subject"]).startswith("Re:")]
    return text_of(reply)


def test_whogame_lists_who_plays_which_power(tmp_path):
    body = north_asks(tmp_path, "WHOGAME")
    assert "> WHOGAME" in body
    for power, address in PLAYERS.items():
        assert re.search(rf"{power}\s+{re.escape(address)}", body), power


def test_whogame_keeps_addresses_private_where_the_game_says_so(tmp_path):
    body = north_asks(tmp_path, "WHOGAME", players_public=False)
    assert "South" in body and "East" in body and "keeps its players' addresses private" in body
    assert SOUTH not in body and EAST not in body


def test_summary_gives_the_standing_after_each_phase(tmp_path):
    table = make(tmp_path, ruleset="diplomacy")
    for power, orders in DIPLOMACY_HOLDS.items():
        moves = "A Mun - Ruh\nA Ber - Kie\nF Kie - Den" if power == "Germany" else orders
        table.send(ADDRESSES[power], f"SIGNON {power} g1 pw\n{moves}\nREADY")
    table.run()
    table.take()
    table.send(ADDRESSES["Italy"], "SIGNON Italy g1 pw\nSUMMARY")
    table.run()
    body = answer(table, ADDRESSES["Italy"])
    assert "Spring 1901 movement (S1901M)" in body
    assert "Russia: 4 supply centres" in body and "Germany: 3 supply centres" in body
    assert "Now: Fall 1901 movement" in body


def test_summary_before_any_phase_says_so(tmp_path):
    assert "No phase has been adjudicated yet." in north_asks(tmp_path, "SUMMARY")


def test_get_map_mails_the_current_map(tmp_path):
    table = make(tmp_path, ruleset="diplomacy")
    table.send(ADDRESSES["France"], "SIGNON France g1 pw\nGET MAP")
    table.run()
    mails = table.take(ADDRESSES["France"])
    [map_mail] = [m for m in mails if "map: Spring 1901 movement" in str(m["Subject"])]
    html = map_mail.get_body(preferencelist=("html",))
    assert html is not None and "Spring 1901 movement" in html.get_content()
    pictures = [part for part in map_mail.walk() if part.get_content_type() == "image/png"]
    assert pictures and pictures[0].get_content()[:8] == b"\x89PNG\r\n\x1a\n"  # the map, attached
    assert "sent to you in a mail of its own" in text_of(next(m for m in mails if m is not map_mail))


def test_get_map_in_a_game_without_a_map_says_so(tmp_path):
    assert "tally has no map" in north_asks(tmp_path, "GET MAP")


def test_set_password_changes_the_sign_on_and_is_not_echoed(tmp_path):
    table = make(tmp_path)
    table.send(NORTH, "SIGNON North g1 pw\nSET PASSWORD hunter22")
    table.run()
    body = answer(table, NORTH)
    assert "your password is changed" in body and "hunter22" not in body
    table.send(NORTH, "SIGNON North g1 pw\nADD 3")
    table.run()
    assert "wrong password" in text_of(table.take(NORTH)[0])
    table.send(NORTH, "SIGNON North g1 hunter22\nADD 3")
    table.run()
    assert "ok: ADD 3" in answer(table, NORTH)


def test_set_address_waits_for_confirmation_from_the_new_address(tmp_path):
    table = make(tmp_path)
    new = "north.new@example.test"
    table.send(NORTH, f"SIGNON North g1 pw\nSET ADDRESS {new}")
    table.run()
    assert f"a confirmation was sent to {new}" in answer(table, NORTH)
    [confirmation] = table.take(new)
    code = re.search(r"CONFIRM ADDRESS (\w+)", text_of(confirmation))
    assert code is not None
    with table.store() as store:
        assert store.player("g1", "North").address == NORTH  # nothing changes yet
    # the mail to a (maybe mistyped) address carries nothing that acts for the player
    assert confirmation["Reply-To"] is None
    assert table.reply_token_address("North") not in text_of(confirmation)
    # the code alone confirms nothing; nor a made-up code signed on, nor the old address with the right one
    table.send(new, f"CONFIRM ADDRESS {code[1]}", subject=f"Re: {confirmation['Subject']}")
    table.send(new, "SIGNON North g1 pw\nCONFIRM ADDRESS 0000000000")
    table.send(NORTH, f"SIGNON North g1 pw\nCONFIRM ADDRESS {code[1]}")
    table.run()
    with table.store() as store:
        assert store.player("g1", "North").address == NORTH
    table.take()
    table.send(new, f"SIGNON North g1 pw\nCONFIRM ADDRESS {code[1]}")
    table.run()
    with table.store() as store:
        assert store.player("g1", "North").address == new
    assert "now goes to north.new@example.test" in answer(table, new)
    assert any("has changed" in str(m["Subject"]) for m in table.take(NORTH))
    assert any("new address" in str(m["Subject"]) for m in table.take(REFEREE_ADDRESS))


def test_resign_puts_the_power_in_civil_disorder_and_tells_the_referee(tmp_path):
    table = make(tmp_path)
    table.send(NORTH, "SIGNON North g1 pw\nADD 2\nREADY")
    table.send(SOUTH, "SIGNON South g1 pw\nADD 2\nREADY")
    table.send(EAST, "SIGNON East g1 pw\nRESIGN")
    table.run()
    assert "you have resigned" in answer(table, EAST)
    [notice] = [m for m in table.take(REFEREE_ADDRESS) if "East waits for someone" in str(m["Subject"])]
    assert "resigned" in text_of(notice) and "REPLACE East <address>" in text_of(notice)
    with table.store() as store:
        assert store.player("g1", "East").civil_disorder
        assert len(store.turns("g1")) == 1  # nobody else to wait for: the phase ended early


@pytest.mark.parametrize(
    ("duration", "deadline"),
    [
        ("2d", "Fri 06 Mar 2026 10:00 CET"),
        ("36h", "Thu 05 Mar 2026 22:00 CET"),
        ("1d 12h", "Thu 05 Mar 2026 22:00 CET"),
        ("24", "Thu 05 Mar 2026 10:00 CET"),
    ],
)
def test_referee_extend_takes_any_duration(tmp_path, duration, deadline):
    table = make(tmp_path)
    table.send(REFEREE_ADDRESS, f"{REF}\nEXTEND {duration}")
    table.run()
    assert f"deadline now {deadline}" in answer(table, REFEREE_ADDRESS)
    assert "deadline extended" in str(table.take(SOUTH)[0]["Subject"])


def test_referee_extend_without_a_duration_says_how_to_write_it(tmp_path):
    table = make(tmp_path)
    table.send(REFEREE_ADDRESS, f"{REF}\nEXTEND soon")
    table.run()
    assert "write it as: EXTEND <duration> (36h, 2d, 1d 12h)" in answer(table, REFEREE_ADDRESS)
