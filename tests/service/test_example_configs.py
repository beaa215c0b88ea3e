"""Every example config in config/ starts a game that plays by mail (issue 30).

For each file: its service part, if it has one, is loaded as written by the config loader;
its games are put into a service on Maildir (tests.harness.Table, which loads them with the
same loader), started by ``new-game``, and two phases (one where the game mails a map) are
played by mail: every player who may order signs on with the password the file gives and
mails what a random player of that game writes (the games' own property-test players), then
the cron job runs at the deadline. Every player must get each phase's report and no mail may
fail. Players seated at @localhost, as most examples seat them, must be answered too.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from pbem import config as configuration
from pbem import maps
from pbem.ruleset import PUBLIC, REFEREE, get_ruleset
from pbem.rulesets.diplomacy.randomplay import random_orders
from pbem.rulesets.diplomacy.variant import load_variant
from tests.generals.randomplay import random_lines
from tests.harness import Table, text_of
from tests.invictus import players as invictus_players
from tests.invincible.random_khans import random_mail
from tests.invoke import players as invoke_players

CONFIG = Path(__file__).resolve().parents[2] / "config"
EXAMPLES = sorted(CONFIG.glob("*.yaml"))
#: what the IMAP/SMTP example leaves for its reader to fill in: a secret file on their machine,
#: and "one line per power"
LEFT_TO_FILL = (r"cannot read the secret file /etc/pbem/smtp-password", r"missing England, France")


def diplomacy_mail(state: Any, power: str, rng: random.Random) -> str:
    rules = load_variant(state.variant).for_game(state)
    return "\n".join(random_orders(rules, state.board, state.turn.kind, rng).get(power, []))


MAILS: dict[str, Callable[[Any, str, random.Random], str]] = {
    "diplomacy": diplomacy_mail,
    "generals": lambda state, power, rng: "\n".join(random_lines(state, power, rng)),
    "invincible": lambda state, power, rng: random_mail(rng, state, power),
    "invictus": lambda state, power, rng: invictus_players.mail(state, power, rng)[0],
    "invoke": lambda state, power, rng: invoke_players.mail(state, power, rng),
}


def entries(data: Any, name: str) -> list[dict[str, Any]]:
    """The game entries of an example file: under ``games:``, a list of them, or one entry (then
    without an id, which the referee gives it in their own config)."""
    if isinstance(data, dict) and "games" in data:
        games = list(data["games"])
    else:
        games = list(data) if isinstance(data, list) else [data]
    return [{"id": game.get("id") or name.split(".")[0], **game} for game in games]


def with_every_power(entry: dict[str, Any]) -> dict[str, Any]:
    """An entry that lists one player and says "one line per power", with the other powers."""
    powers = load_variant(entry["variant"]).player_powers()
    listed = {player["power"] for player in entry["players"]}
    more = [
        {"power": p, "address": f"{p.lower()}@example.net", "password": f"pw-{p}"}
        for p in powers
        if p not in listed
    ]
    return {**entry, "players": [*entry["players"], *more]}


def secret(value: Any) -> str:
    """A password as the file gives it, or as the test's environment gives an {env: NAME}."""
    return f"env-{value['env']}" if isinstance(value, dict) else str(value)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.name)
def test_an_example_config_starts_a_game_that_plays_by_mail(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = path.read_text(encoding="utf-8")
    for name in set(re.findall(r"\{env: (\w+)\}", text)):
        monkeypatch.setenv(name, f"env-{name}")
    data = yaml.safe_load(text)
    games = entries(data, path.name)
    if isinstance(data, dict) and "service" in data:
        try:
            configuration.load(path)
        except configuration.ConfigError as error:
            problems = str(error).splitlines()
            assert all(any(re.search(left, p) for left in LEFT_TO_FILL) for p in problems), problems
            games = [with_every_power(game) for game in games]
    table = Table(tmp_path, games)  # the service's own loader checks every entry
    for game in games:
        play(table, game)


def play(table: Table, game: dict[str, Any]) -> None:
    game_id = game["id"]
    ruleset = get_ruleset(game["ruleset"])
    addresses = {player["power"]: player["address"] for player in game["players"]}
    passwords = {player["power"]: secret(player["password"]) for player in game["players"]}
    table.start(game_id)
    welcomes = [m for m in table.take() if "welcome" in str(m["Subject"])]
    assert {str(m["To"]) for m in welcomes} == set(addresses.values())
    rng = random.Random(1)
    for _ in range(1 if maps.has_picture(game["ruleset"]) else 2):  # a map costs a PNG per reader
        row = table.game_row(game_id)
        state = ruleset.load_state(row.state)
        phase = ruleset.phase(state)
        for power in phase.may_order:
            mail = MAILS[game["ruleset"]](state, power, rng)
            table.send(addresses[power], f"SIGNON {power} {game_id} {passwords[power]}\n{mail}")
        table.run()
        for power in phase.may_order:
            [answer] = table.take(addresses[power])
            assert "could not be read" not in text_of(answer) and "signed on" not in text_of(answer).lower()
        to_game_deadline(table, game_id, row.seq)
        assert table.game_row(game_id).seq > row.seq, f"{game_id}: {phase.id} was not adjudicated"
        with table.store() as store:
            assert not store.failed_messages()
            reports = store.reports(game_id, row.seq + 1)
        assert set(reports) == {*addresses, PUBLIC, REFEREE}
        for address in addresses.values():
            [report] = [m for m in table.take(address) if str(m["Subject"]).endswith(" results")]
            assert phase.label in str(report["Subject"]) and text_of(report).strip()


def to_game_deadline(table: Table, game_id: str, seq: int) -> None:
    """The cron job at the game's deadline, and at the end of its grace if someone was late,
    unless turn ``seq`` was already followed by the next (the phase ended early)."""
    row = table.game_row(game_id)
    if row.seq > seq:
        return
    assert row.deadline is not None
    table.now = max(table.now, row.deadline)
    table.run()
    row = table.game_row(game_id)
    if row.seq == seq and row.grace_until is not None:
        table.now = row.grace_until
        table.run()
