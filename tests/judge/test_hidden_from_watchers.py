"""Hidden stays hidden from those who only watch: a property over whole games formed by mail.

Two games are formed by mail once (a Diplomacy game with press, and Invictus for two, whose
hands are secret) with an observer of each and a standby on every game; each example copies
that judge and plays on it at random: private and broadcast press, orders, deadlines, a player
resigning and a newcomer (or the standby) taking the power over, LISTs, the observer leaving
and coming back. Then every mail the observer and the standby got (the standby's until it took
a seat) is searched for what the public may not know: each state's
``ruleset.hidden_facts(state, events, PUBLIC)`` and every private press message.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pbem.ruleset import PUBLIC, get_ruleset
from tests.bymail import bodies
from tests.harness import Table, game, text_of
from tests.invictus.script import TURNS as INVICTUS_TURNS
from tests.judge.helpers import latest

POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
DIPLOMATS = {power: f"{power.lower()}@players.test" for power in POWERS}
DUELLISTS = ["alice@players.test", "bruno@players.test"]
SETTINGS = {"judge": {"create": "anyone", "muster": "0", "joins_per_day": 0, "games_per_address": 0}}
TEMPLATES = [
    {"id": "press", "ruleset": "diplomacy", "deadlines": {"default": "48h"}, "press": {"broadcast": True}},
    {"id": "duel", "ruleset": "invictus", "seats": 2, "deadlines": {"default": "48h"}},
]
OBSERVER, STANDBY, NEWBIE = "watcher@players.test", "sub@players.test", "newbie@players.test"
#: the scripted Invictus mails, by the seat that plays each script player's camp
DUEL_TURNS = [
    {{"Alice": "North", "Bruno": "South"}[who]: text for who, text in turn.items()} for turn in INVICTUS_TURNS
]


def password(address: str) -> str:
    """The password a player chose when joining."""
    return f"pw-{address.partition('@')[0]}"


class Judge:
    """The judge formed once, and how its players write."""

    def __init__(self, folder: Path):
        self.folder = folder
        table = Table(folder, [], service_settings=SETTINGS, game_templates=TEMPLATES)
        table.send("master@players.test", "CREATE ?club master-pw press\nCREATE ?duel master-pw duel")
        table.run()
        with table.store() as store:  # the draws a game formed by mail makes, fixed: each run the same
            for game in ("club", "duel"):
                store.update_open_game(game, seed=2026)
        mails = [(OBSERVER, "OBSERVE club\nOBSERVE duel"), (STANDBY, "STANDBY ANY")]
        mails += [
            (address, f"SIGNON ?club {password(address)}\nSET PREFERENCE {power}")
            for power, address in DIPLOMATS.items()
        ]
        mails += [(address, f"SIGNON ?duel {password(address)}") for address in DUELLISTS]
        for sender, text in mails:
            table.send(sender, text)
            table.run()
        with table.store() as store:
            self.seats = {
                game: {p.power: p.address for p in store.players(game)} for game in ("club", "duel")
            }
        assert self.seats["club"] == DIPLOMATS, "each player got the power they asked for"
        #: each power's units, as its welcome lists them: every one holds, so they never change
        self.holds = {
            power: "\n".join(
                f"{unit} H"
                for unit in re.search(
                    r"Your units: (.*)\.", text_of(latest(table, address, "Welcome to game club"))
                )[1].split(", ")
            )  # type: ignore[index]
            for power, address in DIPLOMATS.items()
        }
        self.now = table.now

    def table(self, folder: Path) -> Table:
        """A copy of the judge as formed, to play on."""
        shutil.copytree(self.folder, folder)
        table = Table(folder, [], service_settings=SETTINGS, game_templates=TEMPLATES, now=self.now)
        table.take()  # what the forming sent is in the outbox too; the examples look at all of it
        return table


@cache
def _judge(folder: str) -> Judge:
    return Judge(Path(folder))


@pytest.fixture(scope="module")
def judge(tmp_path_factory: pytest.TempPathFactory) -> Judge:
    if os.environ.get("PBEM_TEST_DATABASE") == "postgresql":
        pytest.skip(
            "each example plays on a copy of the formed judge's folder: its database is SQLite's file"
        )
    return _judge(str(tmp_path_factory.mktemp("judge") / "formed"))


action = st.one_of(
    st.tuples(
        st.just("press"),
        st.sampled_from(POWERS),
        st.lists(st.sampled_from(POWERS), min_size=1, max_size=3, unique=True),
    ),
    st.tuples(st.just("broadcast"), st.sampled_from(POWERS), st.just(())),
    st.tuples(st.just("orders"), st.sampled_from(["club", "duel"]), st.just(())),
    st.tuples(st.just("deadline"), st.sampled_from(["club", "duel"]), st.just(())),
    st.tuples(st.just("resign"), st.sampled_from(["club", "duel"]), st.just(())),
    st.tuples(st.just("takeover"), st.sampled_from([NEWBIE, STANDBY]), st.just(())),
    st.tuples(st.just("list"), st.sampled_from([OBSERVER, STANDBY]), st.just(())),
    st.tuples(st.just("unobserve"), st.sampled_from(["club", "duel"]), st.just(())),
)


class Play:
    """One example's play on a copy of the judge; what the watchers may not be told."""

    def __init__(self, table: Table, seats: dict[str, dict[str, str]], holds: dict[str, str]):
        self.table = table
        self.holds = holds
        self.seats = {game: dict(players) for game, players in seats.items()}
        self.passwords = {
            (game, power): password(address)
            for game, players in seats.items()
            for power, address in players.items()
        }
        self.words = (f"whisper{n:03d}" for n in itertools.count())  # no word inside another
        self.private: set[str] = set()
        self.duel_phase = 0
        self.seated: dict[str, int] = {}  # a watcher who took a seat -> its mails before then

    def sign_on(self, game: str, power: str) -> str:
        return f"SIGNON {power} {game} {self.passwords[(game, power)]}"

    def playing(self, game: str) -> list[str]:
        with self.table.store() as store:
            return [p.power for p in store.players(game) if not p.civil_disorder]

    def act(self, kind: str, who: Any, detail: Any) -> None:
        table = self.table
        if kind in ("press", "broadcast") and who in self.playing("club"):
            word = next(self.words)
            header = "BROADCAST" if kind == "broadcast" else f"PRESS TO {' '.join(detail)}"
            table.send(
                self.seats["club"][who],
                f"{self.sign_on('club', who)}\n{header}\nsecret plan {word}\nENDPRESS",
            )
            if kind == "press":
                self.private.add(word)
        elif kind == "orders":
            self.orders(who)
        elif kind == "deadline":  # and the grace period's end, if someone was late
            for _ in range(2):
                row = table.game_row(who)
                when = row.grace_until or row.deadline
                table.now = max(table.now, when) if when else table.now
                table.run()
            self.duel_phase += who == "duel"
        elif kind == "resign":
            playing = self.playing(who)
            if len(playing) > 1:
                table.send(self.seats[who][playing[-1]], f"{self.sign_on(who, playing[-1])}\nRESIGN")
        elif kind == "takeover":
            self.takeover(who)
        elif kind == "list":
            table.send(who, "LIST\nLIST club\nLIST duel")
        else:
            table.send(OBSERVER, f"UNOBSERVE {who}")
            table.run()
            table.send(OBSERVER, f"OBSERVE {who}")
        table.run()

    def orders(self, game: str) -> None:
        if game == "club":  # every unit holds
            for power in self.playing("club"):
                self.table.send(
                    self.seats["club"][power], f"{self.sign_on('club', power)}\n{self.holds[power]}\nREADY"
                )
            return
        turn = DUEL_TURNS[min(self.duel_phase, len(DUEL_TURNS) - 1)]
        for seat, text in turn.items():
            if seat in self.playing("duel"):
                self.table.send(self.seats["duel"][seat], f"{self.sign_on('duel', seat)}\n{text}")

    def takeover(self, address: str) -> None:
        with self.table.store() as store:
            opening = next(
                (
                    (p.game_id, p.power)
                    for game in ("club", "duel")
                    for p in store.players(game)
                    if p.civil_disorder and p.address != address
                ),
                None,
            )
        if opening is None or address in self.seated:
            return
        game, power = opening
        self.seated.setdefault(address, len(self.table.mails_to(address)))
        self.table.send(address, f"TAKEOVER {power} {game} pw-new-{power}")
        self.passwords[(game, power)] = f"pw-new-{power}"
        self.seats[game][power] = address

    def hidden(self) -> set[str]:
        """Every fact of either game the public may not know, at any of its states."""
        facts: set[str] = set()
        with self.table.store() as store:
            for game in ("club", "duel"):
                row = store.game(game)
                assert row is not None
                ruleset = get_ruleset(row.ruleset)
                for turn in store.turns(game):
                    before = ruleset.hidden_facts(ruleset.load_state(turn.state_before), [], PUBLIC)
                    after = ruleset.hidden_facts(ruleset.load_state(turn.state_after), turn.events, PUBLIC)
                    facts.update([*before, *after])
                facts.update(ruleset.hidden_facts(ruleset.load_state(row.state), [], PUBLIC))
        return facts


#: one story that does every kind of thing: press either way, a resignation in each game taken over
#: (once by the standby), the observer leaving and coming back, LISTs, orders and deadlines
STORY = [
    ("press", "England", ["France", "Germany"]),
    ("broadcast", "Italy", ()),
    ("resign", "club", ()),
    ("list", STANDBY, ()),
    ("takeover", NEWBIE, ()),
    ("orders", "club", ()),
    ("orders", "duel", ()),
    ("press", "Turkey", ["Russia"]),
    ("deadline", "club", ()),
    ("unobserve", "duel", ()),
    ("resign", "duel", ()),
    ("list", OBSERVER, ()),
    ("takeover", STANDBY, ()),
    ("orders", "duel", ()),
    ("deadline", "duel", ()),
]


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=st.lists(action, min_size=6, max_size=14))
@example(actions=STORY)
def test_no_observer_or_standby_mail_holds_anything_hidden(judge, tmp_path_factory, actions):
    play = Play(judge.table(tmp_path_factory.mktemp("example") / "judge"), judge.seats, judge.holds)
    for step in [("orders", "duel", ()), ("deadline", "duel", ()), *actions, ("deadline", "club", ())]:
        play.act(*step)
    hidden = play.hidden()
    assert any(fact.startswith("hand of ") for fact in hidden), "Invictus keeps its hands from the public"
    forbidden = hidden | play.private
    for address in (OBSERVER, STANDBY):
        mails = play.table.mails_to(address)[: play.seated.get(address)]
        assert mails
        for mail in mails:
            shown = "\n".join([*bodies([mail]), str(mail["Subject"])])
            leaked = sorted(fact for fact in forbidden if fact in shown)
            assert not leaked, (address, mail["Subject"], leaked)


def test_the_observer_gets_each_games_public_reports(judge, tmp_path):
    """The property's observer is sent something to search: each game's public results."""
    play = Play(judge.table(tmp_path / "judge"), judge.seats, judge.holds)
    for step in [
        ("orders", "duel", ()),
        ("deadline", "duel", ()),
        ("orders", "club", ()),
        ("deadline", "club", ()),
    ]:
        play.act(*step)
    subjects = [str(m["Subject"]) for m in play.table.mails_to(OBSERVER)]
    assert any(re.match(r"\[club\] .*results", s) for s in subjects), subjects
    assert any(re.match(r"\[duel\] .*results", s) for s in subjects), subjects
    with play.table.store() as store:
        public = store.reports("duel", 1)["PUBLIC"]["text"]
    assert public in [text_of(m) for m in play.table.mails_to(OBSERVER)]


@pytest.mark.parametrize("public", [True, False], ids=["public", "anonymous"])
def test_a_resignation_names_its_player_to_the_standbys_only_where_the_game_names_its_players(
    tmp_path, public
):
    players = {"North": "north@players.test", "South": "south@players.test"}
    entry = game("g1", "tally", players, players_public=public)
    table = Table(tmp_path, [entry], service_settings=SETTINGS)
    table.start("g1")
    table.send(STANDBY, "STANDBY g1")
    table.run()
    table.send(players["North"], "SIGNON North g1 pw\nRESIGN")
    table.run()
    told = text_of(latest(table, STANDBY, "take over North"))
    assert ("north@players.test resigned" in told) is public
    assert "resigned" in told
