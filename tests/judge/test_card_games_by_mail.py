"""A card game formed by mail, as a Diplomacy one is (test_forming_by_mail.py): Invictus for two
and Invincible! for three, each opened from a template of the config, joined, confirmed, begun,
its first phase played by mail, then a player resigns and a standby takes the seat over. Real
runs on Maildir; the players write as the by-mail tests of each game do."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from tests.harness import Table, text_of
from tests.judge.helpers import OPEN_JUDGE, latest, reply_address, say


@dataclass(frozen=True)
class CardGame:
    """A template of the config and what its players mail in the first phase."""

    template: dict[str, Any]
    seats: list[str]
    first_phase: str  # the phase's label, as the welcome names it
    orders: dict[str, str]  # seat -> the lines of its first mail
    accepted: str  # a word of the answer to an accepted line


INVICTUS = CardGame(
    template={"id": "duel", "ruleset": "invictus", "seats": 2, "deadlines": {"default": "48h"}},
    seats=["North", "South"],
    first_phase="Army building",
    orders={
        "North": "ARMY Shogun: 8 Samurai, 4 Musha, 4 Druide, 4 Anubis",
        "South": "Armée Roi : 6 Guerrier, 6 Arbalétrier, 4 Garde, 4 Sorcier",
    },
    accepted="ARMY",
)
INVINCIBLE = CardGame(
    template={"id": "horde", "ruleset": "invincible", "seats": 3, "deadlines": {"default": "48h"}},
    seats=["North", "South", "East"],
    first_phase="Turn 1 declarations",
    orders={"North": "Feast", "South": "Defend 3", "East": "Pass"},
    accepted="OK",
)


def _story(folder: Any, kind: CardGame) -> dict[str, Any]:
    """One game formed and refilled by mail; what each step answered."""
    name = str(kind.template["id"])
    table = Table(folder, [], service_settings=OPEN_JUDGE, game_templates=[kind.template])
    addresses = [f"{seat.lower()}-player@players.test" for seat in kind.seats]
    story: dict[str, Any] = {"table": table, "game": name}
    story["create"] = say(table, "master@players.test", f"CREATE ?{name} master-pw {name}")
    story["standby"] = say(table, "sub@players.test", f"STANDBY {name}")
    story["joins"] = [
        say(table, address, f"SIGNON ?{name} secret-{n}") for n, address in enumerate(addresses)
    ]
    musters = {address: latest(table, address, "is full. You play") for address in addresses}
    story["confirms"] = [
        say(table, address, "CONFIRM", to=reply_address(musters[address])) for address in addresses
    ]
    story["welcomes"] = {
        address: text_of(latest(table, address, f"Welcome to game {name}")) for address in addresses
    }
    with table.store() as store:
        story["players"] = {p.address: p.power for p in store.players(name)}
    story["phase_before"] = table.game_row(name).phase_id
    story["answers"] = {
        address: say(
            table, address, f"SIGNON {power} {name} secret-{addresses.index(address)}\n{kind.orders[power]}"
        )
        for address, power in story["players"].items()
    }
    table.now = table.game_row(name).deadline or table.now
    table.run()
    story["phase_after"] = table.game_row(name).phase_id
    story["results"] = {
        address: [m for m in table.mails_to(address) if "results" in str(m["Subject"])]
        for address in addresses
    }
    leaver = addresses[0]
    story["leaver"], story["leaver_power"] = leaver, story["players"][leaver]
    story["resign"] = say(table, leaver, f"SIGNON {story['leaver_power']} {name} secret-0\nRESIGN")
    story["opening"] = [
        text_of(m)
        for m in table.mails_to("sub@players.test")
        if f"take over {story['leaver_power']}" in str(m["Subject"])
    ]
    story["list"] = say(table, "curious@players.test", "LIST")
    story["takeover"] = say(table, "sub@players.test", f"TAKEOVER {story['leaver_power']} {name} standby-pw")
    story["sub_welcome"] = text_of(latest(table, "sub@players.test", f"Welcome to game {name}"))
    story["leaver_told"] = text_of(latest(table, leaver, "new player"))
    with table.store() as store:
        story["seat"] = store.player(name, story["leaver_power"])
    story["sub_orders"] = say(
        table, "sub@players.test", f"SIGNON {story['leaver_power']} {name} standby-pw\nLIST"
    )
    return story


@pytest.fixture(scope="module", params=[INVICTUS, INVINCIBLE], ids=["invictus-2", "invincible-3"])
def card_game(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[CardGame, dict]:
    kind: CardGame = request.param
    return kind, _story(tmp_path_factory.mktemp(str(kind.template["id"])), kind)


def test_a_card_game_is_opened_from_the_referees_template(card_game):
    kind, story = card_game
    ruleset = kind.template["ruleset"]
    assert f"game {story['game']} is open ({ruleset}, {len(kind.seats)} players)" in story["create"]


def test_the_seats_are_the_templates_count_and_the_last_join_fills_the_game(card_game):
    kind, story = card_game
    assert f"{len(kind.seats) - 1} more player(s) needed" in story["joins"][0]
    assert "the game is full" in story["joins"][-1]
    assert sorted(story["players"].values()) == sorted(kind.seats)


def test_the_game_begins_when_the_last_seat_is_confirmed(card_game):
    kind, story = card_game
    assert all("confirmed: you play" in answer for answer in story["confirms"])
    assert f"game {story['game']} begins" in story["confirms"][-1]
    assert "it begins when every seat is confirmed" in story["confirms"][0]
    for address, welcome in story["welcomes"].items():
        assert f"You play: {story['players'][address]}" in welcome
        assert f"The game is in {kind.first_phase}" in welcome
        assert "the one you chose when you joined" in welcome


def test_the_first_phase_is_played_by_mail(card_game):
    kind, story = card_game
    for address, answer in story["answers"].items():
        assert "ERROR" not in answer and kind.orders[story["players"][address]].split()[0] in answer, answer
    assert story["phase_after"] != story["phase_before"]
    assert all(len(reports) == 1 for reports in story["results"].values())


def test_a_resigned_seat_is_offered_to_the_standby_and_taken_over(card_game):
    kind, story = card_game
    power, name = story["leaver_power"], story["game"]
    assert "until someone takes it over" in story["resign"]
    [opening] = story["opening"]
    assert f"TAKEOVER {power} {name}" in opening
    assert f"Openings: {power}" in story["list"]
    assert f"you play {power} in game {name}" in story["takeover"]
    assert "standby-pw" not in story["takeover"]
    assert f"You take over {power}" in story["sub_welcome"]
    assert "taken over by a new player" in story["leaver_told"]
    assert story["seat"].address == "sub@players.test" and not story["seat"].civil_disorder
    assert "ERROR" not in story["sub_orders"] and "refused" not in story["sub_orders"]


def test_a_sign_on_from_another_address_to_a_french_game_opened_by_mail_gets_its_receipt_in_french(tmp_path):
    """The receipt speaks the language of the game's own entry, kept in the store for a game
    opened by mail (the config has none for it)."""
    template = {**INVICTUS.template, "id": "duel", "options": {"language": "fr"}}
    table = Table(tmp_path, [], service_settings=OPEN_JUDGE, game_templates=[template])
    say(table, "master@players.test", "CREATE ?duel master-pw duel")
    addresses = {seat: f"{seat.lower()}-player@players.test" for seat in INVICTUS.seats}
    for n, (seat, address) in enumerate(addresses.items()):
        say(table, address, f"SIGNON ?duel secret-{n}\nSET PREFERENCE {seat}")
    for address in addresses.values():
        say(table, address, "CONFIRM", to=reply_address(latest(table, address, "is full. You play")))
    table.send("elsewhere@players.test", "SIGNON North duel secret-0\nPasse")
    table.run()
    [receipt] = table.mails_to("elsewhere@players.test")
    assert str(receipt["Subject"]).startswith("[duel] votre courriel a été reçu / your mail was received")
