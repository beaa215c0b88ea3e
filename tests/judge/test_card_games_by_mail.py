"""A card game formed by mail, as a Diplomacy one is (test_forming_by_mail.py): Invictus for two
and Invincible! for three, each opened from a template of the config, watched, joined, confirmed,
begun, its first phase played by mail, a player resigning and a standby taking the seat over,
then its second phase played with the newcomer (who answers its welcome by its reply address,
as a player who stayed answers the results, the mail quoted below). Each game is played once a
module, on Maildir and on Dovecot (IMAP in, SMTP out); the players write as the by-mail tests of
each game do."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tests.harness import MailServerTable, Table
from tests.judge.helpers import (
    INVICTUS,
    INVINCIBLE,
    OPEN_JUDGE,
    CardGame,
    latest,
    play_card_game,
    reply_address,
    say,
)
from tests.mailserver import Mailboxes

ON_DOVECOT = [pytest.mark.mailserver, pytest.mark.slow]


@pytest.fixture(
    scope="module",
    params=[
        pytest.param((INVICTUS, "maildir"), id="invictus-2"),
        pytest.param((INVINCIBLE, "maildir"), id="invincible-3"),
        pytest.param((INVICTUS, "dovecot"), id="invictus-2-dovecot", marks=ON_DOVECOT),
        pytest.param((INVINCIBLE, "dovecot"), id="invincible-3-dovecot", marks=ON_DOVECOT),
    ],
)
def card_game(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[CardGame, dict]:
    """The whole story once per game and transport (a game's worth of runs); each test reads a
    chapter of it."""
    kind, transport = request.param
    folder = tmp_path_factory.mktemp(f"{kind.template['id']}-{transport}")
    table: Table
    address: Callable[[str], str]
    if transport == "maildir":
        table = Table(folder, [], service_settings=OPEN_JUDGE, game_templates=[kind.template])
        address = "{}@players.test".format
    else:
        mailboxes = Mailboxes(request.getfixturevalue("mail_server"))
        made: dict[str, str] = {}

        def address(name: str) -> str:
            if name not in made:
                made[name] = mailboxes.user(name).address
            return made[name]

        table = MailServerTable(
            folder,
            [],
            mailboxes.server,
            mailboxes.user("judge"),
            mailboxes.user("referee"),
            service_settings=OPEN_JUDGE,
            game_templates=[kind.template],
        )
    return kind, play_card_game(table, kind, address)


def test_a_card_game_is_opened_from_the_referees_template(card_game):
    kind, story = card_game
    ruleset = kind.template["ruleset"]
    assert f"game {story['game']} is open ({ruleset}, {len(kind.seats)} players)" in story["create"]
    assert f"you observe game {story['game']}" in story["observe"]


def test_the_seats_are_the_templates_count_and_the_last_join_fills_the_game(card_game):
    kind, story = card_game
    assert {1: "1 more player needed", 2: "2 more players needed"}[len(kind.seats) - 1] in story["joins"][0]
    assert "the game is full" in story["joins"][-1]
    assert sorted(story["players"].values()) == sorted(kind.seats)


def test_the_game_begins_when_the_last_seat_is_confirmed(card_game):
    kind, story = card_game
    assert all("confirmed: you play" in answer for answer in story["confirms"])
    assert f"game {story['game']} begins" in story["confirms"][-1]
    assert "it begins when every seat is confirmed" in story["confirms"][0]
    for address, welcome in story["welcomes"].items():
        assert f"You play: {story['players'][address]}" in welcome
        assert f"The game is in {kind.phases[0]}" in welcome
        assert "the one you chose when you joined" in welcome


def test_two_phases_are_played_by_mail_every_line_taken(card_game):
    kind, story = card_game
    for answers in story["answers"]:
        assert len(answers) == len(kind.seats)
        for answer in answers.values():
            assert "ERROR" not in answer and "Every line was understood." in answer, answer
    first, second, third = story["phase_ids"]
    assert first != second != third != first  # each deadline ended its phase


def test_the_results_of_both_phases_reach_the_players_and_the_observer(card_game):
    kind, story = card_game
    first, second = (f"[{story['game']}] {label} results" for label in kind.phases)
    stayed = [address for address in story["addresses"] if address != story["leaver"]]
    for reader in [*stayed, story["watcher"]]:
        assert story["results"][reader] == [first, second], reader
    assert story["results"][story["leaver"]] == [first]  # gone before the second
    assert story["results"][story["sub"]] == [second]  # came in for it
    assert story["observed"] == story["public_reports"]  # the public archive's reports, as they are


def test_a_resigned_seat_is_offered_to_the_standby_and_taken_over_mid_game(card_game):
    kind, story = card_game
    power, name = story["leaver_power"], story["game"]
    assert "until someone takes it over" in story["resign"]
    [opening] = story["opening"]
    assert f"TAKEOVER {power} {name}" in opening and f"It is in {kind.phases[1]}" in opening
    assert f"Openings: {power}" in story["list"]
    assert f"you play {power} in game {name}" in story["takeover"]
    assert "standby-pw" not in story["takeover"]
    assert f"You take over {power}" in story["sub_welcome"]
    assert "Your password: the one you gave with your TAKEOVER." in story["sub_welcome"]
    assert re.search(kind.position.format(power=power), story["sub_welcome"]), story["sub_welcome"]
    assert "taken over by a new player" in story["leaver_told"]
    assert story["seat"].address == story["sub"] and not story["seat"].civil_disorder
    assert f"Game {name} ({name}), {power}." in story["answers"][1][story["sub"]]  # the newcomer's orders


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
