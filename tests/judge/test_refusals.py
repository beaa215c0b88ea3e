"""What the front door refuses, each with one clear sentence: who may open games, banned
addresses, the per-address limits, one seat per address, full and moderated games, a forced
beginning, passwords too short. Real runs on Maildir, each test a small judge of its own."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.harness import REFEREE_ADDRESS, REFEREE_PASSWORD, Table, game, text_of
from tests.judge.helpers import OPEN_JUDGE, latest, reply_address

DUEL = {"id": "duel", "ruleset": "invictus", "seats": 2, "deadlines": {"default": "48h"}}
MODERATED = {**DUEL, "id": "club", "approval": True}


def _table(tmp_path: Any, games: list[dict] | None = None, **judge: Any) -> Table:
    return Table(
        tmp_path,
        games or [],
        service_settings={"judge": {**OPEN_JUDGE["judge"], **judge}},
        game_templates=[DUEL, MODERATED],
    )


def say(table: Table, sender: str, text: str, **kwargs: Any) -> str:
    """``sender`` mails the judge ``text``; a run; the text of the answer (to a newcomer, a seat
    or a game's master; the address as the judge writes it, in lower case)."""
    address = sender.lower()
    before = len(table.mails_to(address))
    table.send(sender, text, **kwargs)
    table.run()
    answers = [
        m
        for m in table.mails_to(address)[before:]
        if str(m["Subject"]).startswith(("Your mail to", "Re:")) or "your commands" in str(m["Subject"])
    ]
    assert answers, f"{sender} got no answer to {text!r}"
    return text_of(answers[0])


def answer_to(text: str, name: str) -> str:
    """The answer to command ``name`` in a front-door answer: one line; a refusal one sentence."""
    [line] = [line for line in text.splitlines() if line.startswith(f"{name}: ")]
    answer = line.removeprefix(f"{name}: ")
    assert "Traceback" not in text and "could not be read" not in text
    if answer.startswith("refused"):
        assert ". " not in answer and not answer.endswith("."), answer  # one sentence
    return answer


# -- who may open a game -----------------------------------------------------------------------


def test_a_referee_only_judge_refuses_a_strangers_create(tmp_path):
    table = _table(tmp_path, create="referee")
    answer = answer_to(say(table, "stranger@players.test", "CREATE ?club hunter22"), "CREATE")
    assert answer.startswith("refused: on this judge only the referee opens games")
    with table.store() as store:
        assert store.open_game("club") is None


def test_a_referee_only_judge_refuses_the_referees_password_from_another_address(tmp_path):
    table = _table(tmp_path, create="referee")
    answer = answer_to(say(table, "stranger@players.test", f"CREATE ?club {REFEREE_PASSWORD}"), "CREATE")
    assert answer.startswith("refused: on this judge only the referee opens games")


def test_a_referee_only_judge_refuses_the_referees_address_with_a_wrong_password(tmp_path):
    table = _table(tmp_path, create="referee")
    answer = answer_to(say(table, REFEREE_ADDRESS, "CREATE ?club not-the-password"), "CREATE")
    assert answer.startswith("refused: on this judge only the referee opens games")


def test_a_referee_only_judge_takes_the_referees_create(tmp_path):
    table = _table(tmp_path, create="referee")
    answer = answer_to(say(table, REFEREE_ADDRESS, f"CREATE ?club {REFEREE_PASSWORD} duel"), "CREATE")
    assert answer.startswith("game club is open (invictus, 2 players); the referee is its master")
    assert REFEREE_PASSWORD not in say(table, "a@players.test", "LIST")


def test_a_registered_only_judge_takes_a_player_of_a_game_here_not_a_stranger(tmp_path):
    tally = game("g1", "tally", {"North": "north@players.test", "South": "s@players.test"})
    table = _table(tmp_path, [tally], create="registered")
    table.start("g1")
    refused = answer_to(say(table, "stranger@players.test", "CREATE ?club hunter22"), "CREATE")
    assert refused.startswith("refused: on this judge only those who play or played here open games")
    opened = answer_to(say(table, "north@players.test", "CREATE ?club hunter22"), "CREATE")
    assert opened.startswith("game club is open")


def test_a_game_name_taken_or_malformed_is_refused(tmp_path):
    table = _table(tmp_path)
    say(table, "a@players.test", "CREATE ?club hunter22")
    assert answer_to(say(table, "b@players.test", "CREATE ?Club hunter22"), "CREATE") == (
        "refused: there is already a game called club; choose another name"
    )
    assert answer_to(say(table, "b@players.test", "CREATE ?-x- hunter22"), "CREATE").startswith(
        "refused: a game's name is 1-31 letters"
    )
    assert answer_to(say(table, "b@players.test", "CREATE ?other hunter22 chess"), "CREATE") == (
        "refused: no game template by that name; the templates are: duel, club"
    )


# -- banned addresses and the limits of one address ------------------------------------------------


@pytest.mark.parametrize("banned", ["spammer@bad.test", "@bad.test", "@BAD.TEST"])
def test_a_banned_address_or_domain_may_not_open_join_watch_or_stand_by(tmp_path, banned):
    table = _table(tmp_path, banned=[banned])
    say(table, "master@players.test", "CREATE ?club hunter22 duel")
    text = say(
        table, "Spammer@Bad.test", "CREATE ?mine hunter22\nSIGNON ?club secret-1\nOBSERVE club\nSTANDBY ANY"
    )
    assert answer_to(text, "CREATE") == "refused: this address may not join games on this judge"
    assert answer_to(text, "JOIN") == "refused: this address may not join games on this judge"
    assert answer_to(text, "OBSERVE") == "refused: this address may not watch games on this judge"
    assert answer_to(text, "STANDBY") == "refused: this address may not join games on this judge"
    with table.store() as store:
        assert store.seats("club") == [] and store.open_game("mine") is None
    assert "you joined" in say(table, "friend@good.test", "SIGNON ?club secret-2")


def test_joins_per_day_counts_an_addresss_joins_and_opens_a_day(tmp_path):
    table = _table(tmp_path, joins_per_day=2)
    for name in ("one", "two", "three"):
        say(table, "master@players.test", f"CREATE ?{name} hunter22 duel") if name != "one" else None
    say(table, "opener@players.test", "CREATE ?one hunter22 duel")
    assert "you joined" in say(table, "eager@players.test", "SIGNON ?one secret-1")
    assert "you joined" in say(table, "eager@players.test", "SIGNON ?two secret-1")
    refused = answer_to(say(table, "eager@players.test", "SIGNON ?three secret-1"), "JOIN")
    assert refused == "refused: an address joins at most 2 games a day here; try again tomorrow"
    table.advance(hours=25)
    assert "you joined" in say(table, "eager@players.test", "SIGNON ?three secret-1")


def test_games_per_address_counts_the_games_an_address_is_in(tmp_path):
    table = _table(tmp_path, games_per_address=2)
    for name in ("one", "two", "three"):
        say(table, "opener@players.test", f"CREATE ?{name} hunter22 duel")
    say(table, "busy@players.test", "SIGNON ?one secret-1")
    say(table, "busy@players.test", "SIGNON ?two secret-1")
    refused = answer_to(say(table, "busy@players.test", "SIGNON ?three secret-1"), "JOIN")
    assert refused == "refused: an address may be in at most 2 games at once here"
    say(table, "busy@players.test", "SIGNON ?one secret-1\nRESIGN")
    assert "you joined" in say(table, "busy@players.test", "SIGNON ?three secret-1")


def test_games_per_address_counts_games_not_powers_and_not_a_masters_empty_powers(tmp_path):
    table = _table(tmp_path, games_per_address=2)
    say(table, "master@players.test", "CREATE ?club hunter22")
    say(table, "a@players.test", "SIGNON ?club secret-1")
    say(table, "master@players.test", "SIGNON REFEREE club hunter22\nFORCE BEGIN")  # six empty powers
    say(table, "opener@players.test", "CREATE ?one hunter22 duel")
    say(table, "opener@players.test", "CREATE ?two hunter22 duel")
    assert "you joined game one" in say(table, "master@players.test", "SIGNON ?one secret-9")
    assert "you joined game two" in say(table, "master@players.test", "SIGNON ?two secret-9")


@pytest.mark.parametrize("again", ["busy@players.test", "Busy@Players.TEST"], ids=["same", "other case"])
def test_one_seat_per_address_per_game(tmp_path, again):
    table = _table(tmp_path)
    say(table, "opener@players.test", "CREATE ?duel hunter22 duel")
    say(table, "busy@players.test", "SIGNON ?duel secret-1")
    wrong = answer_to(say(table, again, "SIGNON ?duel other-pw"), "JOIN")
    assert wrong == "refused: you have a seat in this game, and that is not its password"
    signed_on = answer_to(say(table, again, "SIGNON ?duel secret-1"), "JOIN")
    assert signed_on == "signed on to your seat in game duel"
    with table.store() as store:
        assert len(store.seats("duel")) == 1


def test_the_next_forming_game_is_one_the_address_has_no_seat_in(tmp_path):
    table = _table(tmp_path)
    say(table, "opener@players.test", "CREATE ?first hunter22 duel")
    say(table, "opener@players.test", "CREATE ?second hunter22 duel")
    assert "you joined game first" in say(table, "a@players.test", "SIGNON ? secret-1")
    assert "you joined game second" in say(table, "a@players.test", "SIGNON ? secret-1")


@pytest.mark.parametrize("kind", ["duel", "invictus", "DUEL"])
def test_signon_question_mark_with_a_kind_joins_the_next_forming_game_of_that_kind(tmp_path, kind):
    table = _table(tmp_path)
    say(table, "opener@players.test", "CREATE ?club hunter22")  # the older game: Diplomacy
    say(table, "opener@players.test", "CREATE ?duel hunter22 duel")
    answer = say(table, "a@players.test", f"SIGNON ? secret-1 {kind}")
    assert "you joined game duel" in answer and "secret-1" not in answer
    assert "you joined game club" in say(table, "b@players.test", "SIGNON ? secret-2")


def test_signon_question_mark_with_a_kind_no_game_is_forming_of_is_refused(tmp_path):
    table = _table(tmp_path)
    say(table, "opener@players.test", "CREATE ?club hunter22")
    answer = answer_to(say(table, "a@players.test", "SIGNON ? secret-1 gunboat"), "JOIN")
    assert answer.startswith("refused: no game of the kind 'gunboat' is forming just now")
    with table.store() as store:
        assert store.seats("club") == []


# -- full and moderated games ---------------------------------------------------------------------


def test_a_full_game_suggests_its_standby_list(tmp_path):
    table = _table(tmp_path)
    say(table, "opener@players.test", "CREATE ?duel hunter22 duel")
    say(table, "a@players.test", "SIGNON ?duel secret-1")
    say(table, "b@players.test", "SIGNON ?duel secret-2")
    refused = answer_to(say(table, "c@players.test", "SIGNON ?duel secret-3"), "JOIN")
    assert refused == "refused: game duel is full; STANDBY duel puts you on its standby list"
    assert answer_to(say(table, "c@players.test", "STANDBY duel"), "STANDBY").startswith(
        "you are on the standby list of game duel"
    )


def test_a_begun_game_suggests_a_takeover(tmp_path):
    table = _table(tmp_path, muster="0")
    say(table, "opener@players.test", "CREATE ?duel hunter22 duel")
    say(table, "a@players.test", "SIGNON ?duel secret-1")
    say(table, "b@players.test", "SIGNON ?duel secret-2")
    refused = answer_to(say(table, "c@players.test", "SIGNON ?duel secret-3"), "JOIN")
    assert refused.startswith("refused: game duel has begun; to take over an open power send TAKEOVER")
    taken = answer_to(say(table, "c@players.test", "TAKEOVER North duel secret-3"), "TAKEOVER")
    assert taken == "refused: that power is not open in game duel; open powers: none"


def _moderated(tmp_path: Any) -> Table:
    table = _table(tmp_path)
    say(table, "master@players.test", "CREATE ?club hunter22 club")
    return table


def test_a_moderated_game_holds_a_joiner_for_the_masters_approval(tmp_path):
    table = _moderated(tmp_path)
    answer = answer_to(say(table, "a@players.test", "SIGNON ?club secret-1"), "JOIN")
    assert answer == "your seat in game club waits for its master's approval; you will be told"
    asked = text_of(latest(table, "master@players.test", "asks to join"))
    assert "APPROVE a@players.test" in asked and "DENY a@players.test" in asked
    assert "Forming: 2 more players needed" in say(table, "b@players.test", "LIST")
    approved = say(table, "master@players.test", "SIGNON REFEREE club hunter22\nAPPROVE a@players.test")
    assert "APPROVE: a@players.test approved; 1 seat left" in approved
    assert "approved your seat" in text_of(latest(table, "a@players.test", "you joined game club"))
    with table.store() as store:
        seat = store.seat("club", "a@players.test")
    assert seat is not None and seat.approved


def test_a_moderated_games_master_denies_a_joiner_who_is_told(tmp_path):
    table = _moderated(tmp_path)
    say(table, "a@players.test", "SIGNON ?club secret-1")
    denied = say(table, "master@players.test", "SIGNON REFEREE club hunter22\nDENY a@players.test")
    assert "DENY: a@players.test denied; told" in denied
    assert "did not take your request" in text_of(latest(table, "a@players.test", "not this time"))
    with table.store() as store:
        assert store.seat("club", "a@players.test") is None
    again = say(table, "master@players.test", "SIGNON REFEREE club hunter22\nAPPROVE a@players.test")
    assert "APPROVE: a@players.test does not wait for approval in game club" in again


def test_only_the_master_approves(tmp_path):
    table = _moderated(tmp_path)
    say(table, "a@players.test", "SIGNON ?club secret-1")
    text = say(table, "a@players.test", "SIGNON REFEREE club secret-1\nAPPROVE a@players.test")
    assert "the referee sign-on for game club was refused" in text
    with table.store() as store:
        seat = store.seat("club", "a@players.test")
    assert seat is not None and not seat.approved


def test_a_moderated_game_fills_only_with_approved_seats(tmp_path):
    table = _moderated(tmp_path)
    for n, address in enumerate(["a@players.test", "b@players.test", "c@players.test"]):
        say(table, address, f"SIGNON ?club secret-{n}")
    master = "SIGNON REFEREE club hunter22\n"
    say(table, "master@players.test", master + "APPROVE a@players.test\nAPPROVE b@players.test")
    late = say(table, "master@players.test", master + "APPROVE c@players.test")
    assert "APPROVE: game club is full" in late
    assert latest(table, "a@players.test", "is full. You play")


# -- FORCE BEGIN -------------------------------------------------------------------------------------


def test_force_begin_of_a_forming_diplomacy_game_leaves_the_empty_powers_in_civil_disorder(tmp_path):
    table = _table(tmp_path)
    say(table, "master@players.test", "CREATE ?club hunter22")
    say(table, "a@players.test", "SIGNON ?club secret-1\nSET PREFERENCE England")
    say(table, "b@players.test", "SIGNON ?club secret-2\nSET PREFERENCE France")
    say(table, "s@players.test", "STANDBY ANY")
    forced = say(table, "master@players.test", "SIGNON REFEREE club hunter22\nFORCE BEGIN")
    assert "FORCE BEGIN: game club begins" in forced
    with table.store() as store:
        players = {p.power: p for p in store.players("club")}
    assert players["England"].address == "a@players.test" and not players["England"].civil_disorder
    assert players["France"].address == "b@players.test" and not players["France"].civil_disorder
    empty = sorted(power for power, player in players.items() if player.civil_disorder)
    assert empty == ["Austria", "Germany", "Italy", "Russia", "Turkey"]
    listed = say(table, "c@players.test", "LIST")
    openings = re.search(r"Openings: (.*)\. To take", listed)
    assert openings and [name.split(" (")[0] for name in openings[1].split("; ")] == empty
    assert "Welcome to game club" in text_of(latest(table, "a@players.test", "welcome"))
    assert not [m for m in table.mails_to("a@players.test") if "confirm your seat" in str(m["Subject"])]
    # the empty powers' reply addresses go to nobody: no welcome to the master, who may play too
    assert not [m for m in table.mails_to("master@players.test") if "welcome" in str(m["Subject"])]
    assert "Austria      (no player)" in text_of(latest(table, "master@players.test", "game started"))
    assert not [m for m in table.mails_to("master@players.test") if "waits for" in str(m["Subject"])]
    told = [str(m["Subject"]) for m in table.mails_to("s@players.test") if "take over" in str(m["Subject"])]
    assert told == [f"[club] waiting for someone to take over {power}" for power in empty]
    taken = say(table, "c@players.test", "TAKEOVER Austria club secret-3")
    assert "you play Austria in game club" in taken
    assert not [m for m in table.mails_to("master@players.test") if "has a new player" in str(m["Subject"])]
    assert "c@players.test took over Austria" in text_of(latest(table, "master@players.test", "taken over"))


def test_force_begin_of_a_forming_card_game_is_refused(tmp_path):
    table = _table(tmp_path)
    say(table, "master@players.test", "CREATE ?duel hunter22 duel")
    say(table, "a@players.test", "SIGNON ?duel secret-1")
    forced = say(table, "master@players.test", "SIGNON REFEREE duel hunter22\nFORCE BEGIN")
    assert "FORCE BEGIN: refused: only a Diplomacy game begins with powers in civil disorder" in forced
    with table.store() as store:
        assert store.game("duel") is None


def test_force_begin_of_an_empty_game_is_refused(tmp_path):
    table = _table(tmp_path)
    say(table, "master@players.test", "CREATE ?club hunter22")
    forced = say(table, "master@players.test", "SIGNON REFEREE club hunter22\nFORCE BEGIN")
    assert "FORCE BEGIN: refused: nobody has joined" in forced


# -- passwords -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line, name",
    [
        ("CREATE ?club abc", "CREATE"),
        ("SIGNON ?duel abc", "JOIN"),
        ("JOIN duel 12345", "JOIN"),
        ("TAKEOVER Italy forced abc", "TAKEOVER"),
    ],
)
def test_a_password_too_short_is_refused(tmp_path, line, name):
    table = _table(tmp_path)
    say(table, "master@players.test", "CREATE ?duel hunter22 duel")
    say(table, "master@players.test", "CREATE ?forced hunter22")
    say(table, "a@players.test", "SIGNON ?forced secret-1\nSET PREFERENCE England")  # Italy stays open
    say(table, "master@players.test", "SIGNON REFEREE forced hunter22\nFORCE BEGIN")
    answer = answer_to(say(table, "short@players.test", line), name)
    assert answer.startswith("refused:") and "at least 6 characters" in answer
    assert "abc" not in answer and "12345" not in answer


def test_a_seat_signed_on_by_its_reply_address_confirms_without_a_password(tmp_path):
    table = _table(tmp_path)
    say(table, "opener@players.test", "CREATE ?duel hunter22 duel")
    say(table, "a@players.test", "SIGNON ?duel secret-1")
    say(table, "b@players.test", "SIGNON ?duel secret-2")
    muster = latest(table, "a@players.test", "is full. You play")
    assert "confirmed: you play" in say(table, "a@players.test", "CONFIRM", to=reply_address(muster))
    refused = answer_to(say(table, "b@players.test", "CONFIRM"), "CONFIRM")
    assert refused.startswith("refused: it needs your seat signed on")


def test_a_moderated_games_takeover_waits_for_the_masters_approval(tmp_path):
    table = _table(tmp_path, muster="0")
    say(table, "master@players.test", "CREATE ?club hunter22 club")
    master = "SIGNON REFEREE club hunter22\n"
    for n, address in enumerate(["a@players.test", "b@players.test"]):
        say(table, address, f"SIGNON ?club secret-{n}")
        say(table, "master@players.test", f"{master}APPROVE {address}")
    with table.store() as store:
        leaver = store.players("club")[0]
    say(
        table,
        leaver.address,
        f"SIGNON {leaver.power} club secret-{0 if leaver.address[0] == 'a' else 1}\nRESIGN",
    )
    held = answer_to(say(table, "c@players.test", f"TAKEOVER {leaver.power} club secret-3"), "TAKEOVER")
    assert held == f"your takeover of {leaver.power} waits for the referee's approval; you will be told"
    assert "APPROVE c@players.test" in text_of(latest(table, "master@players.test", "asks to take over"))
    with table.store() as store:
        player = store.player("club", leaver.power)
    assert player is not None and player.civil_disorder
    approved = say(table, "master@players.test", f"{master}APPROVE c@players.test")
    assert f"c@players.test approved: they play {leaver.power} now" in approved  # not "you play"
    with table.store() as store:
        player = store.player("club", leaver.power)
    assert player is not None and player.address == "c@players.test" and not player.civil_disorder
    assert f"You take over {leaver.power}" in text_of(latest(table, "c@players.test", "Welcome to game club"))
