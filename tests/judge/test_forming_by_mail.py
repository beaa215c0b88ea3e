"""A Diplomacy game formed, mustered, played, resigned from and taken over, all by mail, with no
game in the config: what players of the Judge do first, through real runs on Maildir."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from tests.harness import Table, text_of
from tests.judge.helpers import OPEN_JUDGE, latest, reply_address, say

POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
#: each player's first choice is a power of their own, so the best assignment gives it to them
WISHES = {
    f"p{n}@players.test": f"{power[0]}{''.join(p[0] for p in POWERS if p != power)}"
    for n, power in enumerate(POWERS)
}
PASSWORDS = {**{address: f"secret-{n}" for n, address in enumerate(WISHES)}, "sub@players.test": "standby-pw"}


@pytest.fixture(scope="module")
def formed(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """The whole story once (it is a game's worth of runs); each test reads a chapter of it."""
    table = Table(tmp_path_factory.mktemp("judge"), [], service_settings=OPEN_JUDGE)
    story: dict = {"table": table}
    story["stranger_list"] = say(table, "curious@players.test", "LIST")
    story["create"] = say(table, "master@players.test", "CREATE ?club hunter22")
    story["standby"] = say(table, "sub@players.test", "STANDBY ANY")
    story["observe"] = say(table, "watcher@players.test", "OBSERVE club")
    story["joins"] = [
        say(table, address, f"SIGNON ?club secret-{n}\nSET PREFERENCE {wish}")
        for n, (address, wish) in enumerate(WISHES.items())
    ]
    story["musters"] = {address: latest(table, address, "is full. You play") for address in WISHES}
    late = "p6@players.test"
    for address in WISHES:
        if address != late:
            story.setdefault("confirms", []).append(
                say(table, address, "CONFIRM", to=reply_address(story["musters"][address]))
            )
    story["list_mustering"] = say(table, "curious@players.test", "LIST club")
    table.advance(hours=49)
    table.run()
    story["late_told"] = latest(table, late, "went back")
    story["standby_told"] = latest(table, "sub@players.test", "needs 1 more")
    story["sub_join"] = say(table, "sub@players.test", "SIGNON ?club standby-pw")
    sub_muster = latest(table, "sub@players.test", "is full. You play")
    story["sub_confirm"] = say(table, "sub@players.test", "confirm", to=reply_address(sub_muster))
    story["welcomes"] = {
        address: latest(table, address, "Welcome to game club")
        for address in [*WISHES, "sub@players.test"]
        if address != late
    }
    story["referee_started"] = latest(table, "master@players.test", "has started")
    with table.store() as store:
        story["players"] = {p.address: p.power for p in store.players("club")}
    # two phases, every unit holding (as its welcome lists them), every player READY
    for _phase in range(2):
        for address, power in story["players"].items():
            units = re.search(r"Your units: (.*)\.", text_of(story["welcomes"][address]))
            holds = "\n".join(f"{unit} H" for unit in units[1].split(", ")) if units else ""
            table.send(address, f"SIGNON {power} club {PASSWORDS[address]}\n{holds}\nREADY")
        table.run()
        story.setdefault("phases", []).append(table.game_row("club").phase_id)
    austria = next(a for a, p in story["players"].items() if p == "Austria")
    table.send(
        austria,
        f"SIGNON Austria club {PASSWORDS[austria]}\nBROADCAST\nPeace in our time, all.\nENDPRESS\n"
        "PRESS TO England\nOur secret plan: Munich.\nENDPRESS",
    )
    table.run()
    story["observer_mail"] = table.mails_to("watcher@players.test")
    with table.store() as store:
        story["public_reports"] = [store.reports("club", seq)["PUBLIC"]["text"] for seq in (1, 2)]
    italy = next(a for a, p in story["players"].items() if p == "Italy")
    story["italy"] = italy
    story["resign"] = say(table, italy, f"SIGNON Italy club {PASSWORDS[italy]}\nRESIGN")
    story["standby_opening"] = [
        m for m in table.mails_to("sub@players.test") if "take over Italy" in text_of(m)
    ]
    story["list_opening"] = say(table, "curious@players.test", "LIST")
    story["deadline_before"] = table.game_row("club").deadline
    story["takeover"] = say(table, "newbie@players.test", "TAKEOVER Italy club newpass99")
    story["takeover_welcome"] = latest(table, "newbie@players.test", "Welcome to game club")
    story["old_told"] = latest(table, italy, "new player")
    with table.store() as store:
        story["italy_row"] = store.player("club", "Italy")
    story["deadline_after"] = table.game_row("club").deadline
    story["now"] = table.now
    return story


def test_a_stranger_lists_the_open_games_and_nothing_of_theirs_is_echoed(formed):
    assert "No game is forming" in formed["stranger_list"]
    assert "LIST: the games are below" in formed["stranger_list"]


def test_anyone_opens_a_game_by_mail_and_is_its_master(formed):
    assert "game club is open (diplomacy, 7 players)" in formed["create"]
    assert "you are its master" in formed["create"]
    assert "hunter22" not in formed["create"]  # the password is never echoed


def test_each_join_is_answered_with_the_seats_left_and_the_last_musters_the_game(formed):
    lefts = [next(line for line in text.splitlines() if line.startswith("JOIN:")) for text in formed["joins"]]
    assert "6 more players needed" in lefts[0]
    assert "1 more player needed" in lefts[5]
    assert "the game is full" in lefts[6]
    assert all("secret-" not in text for text in formed["joins"])


def test_powers_are_assigned_by_the_players_preferences(formed):
    for (address, wish), power in zip(WISHES.items(), POWERS, strict=True):
        assert f"You play {power}." in text_of(formed["musters"][address]), (address, wish)


def test_a_seat_not_confirmed_in_time_goes_back_and_the_standby_list_hears_of_it(formed):
    assert "did not CONFIRM" in text_of(formed["late_told"])
    assert "SIGNON ?club" in text_of(formed["standby_told"])
    assert "JOIN: you joined game club" in formed["sub_join"]
    assert "CONFIRM: confirmed: you play Turkey" in formed["sub_confirm"]
    assert "game club begins" in formed["sub_confirm"]


def test_the_game_begins_with_the_confirmed_seats_and_their_own_passwords(formed):
    assert set(formed["players"]) == {*list(WISHES)[:6], "sub@players.test"}
    for welcome in formed["welcomes"].values():
        assert "the one you chose when you joined" in text_of(welcome)
    assert "The players:" in text_of(formed["referee_started"])
    assert formed["phases"] == ["F1901M", "S1902M"]  # no unit moved: no winter adjustments


def test_an_observer_gets_the_public_results_and_nothing_private(formed):
    subjects = [str(m["Subject"]) for m in formed["observer_mail"]]
    assert any("results" in subject for subject in subjects)
    assert "you observe game club" in formed["observe"]
    results = [text_of(m) for m in formed["observer_mail"] if "results" in str(m["Subject"])]
    assert results == formed["public_reports"]  # exactly the public archive's report, phase by phase
    for mail in formed["observer_mail"]:
        assert "judge+" not in str(mail["Reply-To"] or "")  # no reply address signs an observer on


def test_a_resignation_mails_the_standbys_and_lists_the_opening(formed):
    assert "until someone takes it over" in formed["resign"]
    assert formed["standby_opening"]
    assert "TAKEOVER Italy club" in text_of(formed["standby_opening"][0])
    assert "Openings: Italy (A ROM, A VEN, F NAP - supply centres NAP ROM VEN)" in formed["list_opening"]


def test_a_takeover_seats_the_newcomer_tells_the_old_player_and_moves_the_deadline(formed):
    assert "you play Italy in game club" in formed["takeover"]
    assert "newpass99" not in formed["takeover"]
    welcome = text_of(formed["takeover_welcome"])
    assert "You take over Italy" in welcome and "Orders in effect for Italy" in welcome
    assert "taken over by a new player" in text_of(formed["old_told"])
    assert formed["italy_row"].address == "newbie@players.test" and not formed["italy_row"].civil_disorder
    assert formed["deadline_after"] >= formed["now"] + timedelta(hours=24)


def test_a_forming_game_is_listed_with_the_seats_it_needs(tmp_path):
    table = Table(tmp_path, [], service_settings=OPEN_JUDGE)
    say(table, "master@players.test", "CREATE ?duel hunter22")
    say(table, "a@players.test", "SIGNON ?duel pw-a-123")
    listed = say(table, "b@players.test", "LIST")
    assert "duel (diplomacy; deadlines: 48h a phase; language: en)" in listed
    assert "Forming: 6 more players needed. To join: SIGNON ?duel <password>" in listed


def test_an_observer_hears_the_broadcast_press_and_never_a_private_word(formed):
    texts = "\n".join(text_of(m) for m in formed["observer_mail"])
    assert "Peace in our time, all." in texts
    assert "secret plan" not in texts
