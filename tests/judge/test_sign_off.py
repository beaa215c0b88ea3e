"""SIGNOFF by mail, as the Judge's players write it (issue 28, point 5): with a game's name it
ends an observer's observation exactly as UNOBSERVE does; alone it still ends the mail's reading;
from a player of that game it resigns nothing and says that RESIGN is how a player leaves.
Real runs on Maildir (the harness's Table) of a small configured game."""

from __future__ import annotations

import pytest

from pbem.intake.commands import read_mail
from tests.harness import Table, game, text_of
from tests.judge.helpers import OPEN_JUDGE, say

PLAYERS = {"North": "north@players.test", "South": "south@players.test"}
WATCHER = "watcher@players.test"


@pytest.fixture
def table(tmp_path) -> Table:
    table = Table(tmp_path, [game("club", "tally", PLAYERS)], service_settings=OPEN_JUDGE)
    table.start("club")
    table.take()  # the welcomes
    return table


def _said(answer: str, name: str) -> str:
    """What the front door's answer says to command ``name`` (its line 'NAME: ...')."""
    return next(line for line in answer.splitlines() if line.startswith(f"{name}: ")).split(": ", 1)[1]


def _observers(table: Table) -> list[str]:
    with table.store() as store:
        return store.watchers("club", "observer")


def _results(table: Table, address: str) -> int:
    return len([m for m in table.mails_to(address) if "results" in str(m["Subject"])])


def _play_a_round(table: Table) -> None:
    for power, address in PLAYERS.items():
        table.send(address, f"SIGNON {power} club pw\nADD 2")
    table.run()
    table.advance(hours=49)
    table.run()


@pytest.mark.parametrize("written", ["SIGNOFF club", "SIGN OFF club", "SIGNOFF ?club", "signoff Club."])
def test_an_observers_signoff_with_the_game_ends_it_with_unobserves_answer(table, written):
    say(table, WATCHER, "OBSERVE club")
    assert _observers(table) == [WATCHER]
    answer = say(table, WATCHER, written)
    assert _said(answer, "SIGNOFF") == "you no longer observe game club"
    assert _observers(table) == []
    say(table, WATCHER, "OBSERVE club")
    assert _said(say(table, WATCHER, "UNOBSERVE club"), "UNOBSERVE") == _said(answer, "SIGNOFF")


def test_after_the_signoff_no_result_reaches_the_former_observer(table):
    say(table, WATCHER, "OBSERVE club")
    _play_a_round(table)
    assert _results(table, WATCHER) == 1
    say(table, WATCHER, "Thanks for the game!\nSIGNOFF club")
    _play_a_round(table)
    assert _results(table, WATCHER) == 1 and _results(table, PLAYERS["North"]) == 2


def test_a_signoff_of_a_game_not_observed_is_answered_as_unobserve_is(table):
    answer = say(table, "stranger@players.test", "SIGNOFF club")
    assert _said(answer, "SIGNOFF") == "you did not observe game club"
    assert "there is no game by that name" in _said(say(table, WATCHER, "SIGNOFF nosuch"), "SIGNOFF")


def test_a_bare_signoff_still_ends_the_mail(table):
    answer = say(table, WATCHER, "OBSERVE club\nSIGNOFF\nUNOBSERVE club")
    assert "you observe game club" in _said(answer, "OBSERVE") and "UNOBSERVE:" not in answer
    assert _observers(table) == [WATCHER]  # the line after SIGNOFF was not read
    table.send(WATCHER, "SIGN OFF\nUNOBSERVE club")  # a mail that ends at once: nothing to answer
    table.run()
    assert _observers(table) == [WATCHER]


@pytest.mark.parametrize("written", ["SIGNOFF", "SIGN OFF"])
def test_a_players_bare_signoff_ends_their_mail_and_keeps_the_orders_above_it(table, written):
    answer = say(table, PLAYERS["North"], f"SIGNON North club pw\nADD 3\n{written}\nADD 4")
    assert "SIGNOFF on line 3: the rest of your mail was not read." in answer
    with table.store() as store:
        assert store.order_set("club", table.game_row("club").phase_id, "North").orders() == ["ADD 3"]


@pytest.mark.parametrize("signed_on", [True, False], ids=["signed-on", "front-door"])
def test_a_players_signoff_of_their_own_game_does_not_resign_them(table, signed_on):
    north = PLAYERS["North"]
    sign_on = "SIGNON North club pw\n" if signed_on else ""
    answer = say(table, north, f"{sign_on}SIGNOFF club")
    assert "SIGNOFF does not take you out of it" in answer and "a player leaves a game with RESIGN" in answer
    with table.store() as store:
        player = store.player("club", "North")
    assert player.address == north and not player.civil_disorder


@pytest.mark.parametrize(
    ("text", "game"),
    [
        ("SIGNOFF", None),
        ("Sign off", None),
        ("SIGNOFF club", "club"),
        ("sign off ?club", "club"),
        ("SIGNOFF, see you all", None),
        ("Sign off, Bob", None),
        ("Signoff.", None),
    ],
)
def test_signoff_ends_the_mail_and_names_a_game_only_as_its_one_word(text, game):
    mail = read_mail(f"LIST\n{text}\nUNOBSERVE club")
    assert mail.signoff_line == 2
    assert [c.args for c in mail.commands if c.name == "SIGNOFF"] == ([(game,)] if game else [])
    assert not mail.named("UNOBSERVE")


def test_a_player_signed_on_to_their_game_ends_the_observation_of_another(tmp_path):
    other = game("other", "tally", {"North": "n2@players.test", "South": "s2@players.test"})
    table = Table(tmp_path, [game("club", "tally", PLAYERS), other], service_settings=OPEN_JUDGE)
    table.start("club")
    table.start("other")
    north = PLAYERS["North"]
    table.send(north, "SIGNON North club pw\nOBSERVE other")
    table.run()
    with table.store() as store:
        assert store.watchers("other", "observer") == [north]
    table.send(north, "SIGNON North club pw\nADD 1\nSIGNOFF other")
    table.run()
    [answer] = [m for m in table.mails_to(north) if str(m["Subject"]).startswith("Re:")][-1:]
    assert "you no longer observe game other" in text_of(answer)
    with table.store() as store:
        assert store.watchers("other", "observer") == []
        assert store.order_set("club", table.game_row("club").phase_id, "North").orders() == ["ADD 1"]
