"""Short games played by mail on the test table (tests/harness.py), for the archive site's tests.

``diplomacy_game`` plays the first game year of standard Diplomacy (after the service's
two-year script, tests/service/test_diplomacy_by_mail.py): moves, a bounce, a convoy, a
dislodgement and its retreat, builds and an NMR, with press to everyone and private press.
It stops with Spring 1902 open: Germany has sent orders and private press that nobody
else may see yet. ``SECRETS`` lists those, for the leak checks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.harness import Table, game

POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
ADDRESSES = {power: f"{power.lower()}@players.test" for power in POWERS}

BROADCAST = "England wants peace in the north."
PRIVATE_1901 = "The Black Sea stays empty this year?"  # Russia to Turkey, in Spring 1901
#: Germany's orders and private press in Spring 1902, the phase still open
PENDING_ORDER = "A MUN - TYR"
PRIVATE_OPEN = "Secret plan: Munich marches on Tyrolia."
OPEN_BROADCAST = "Italy proposes a draw."
SECRETS = [PENDING_ORDER, PRIVATE_OPEN, PRIVATE_1901]

PHASES: list[tuple[str, dict[str, str]]] = [
    (
        "S1901M",
        {
            "Austria": "A Vie - Gal\nA Bud - Ser\nF Tri - Alb",
            "England": f"F Lon - NTH\nF Edi - Nwg\nA Lvp - Yor\nBROADCAST\n{BROADCAST}\nENDPRESS",
            "France": "F Brest -> Mid-Atlantic Ocean\nA Par - Bur\nA Mar - Spa",
            "Germany": "A Mun - Ruh\nA Ber - Mun\nF Kie - Hol",
            "Italy": "F Nap - Ion\nA Rom - Apu\nA Ven H",
            "Russia": f"F StP/sc - Bot\nA Mos - Ukr\nA War - Gal\nF Sev - Rum\n"
            f"PRESS TO Turkey\n{PRIVATE_1901}\nENDPRESS",
            "Turkey": "F Ank - Con\nA Con - Bul\nA Smy - Arm",
        },
    ),
    (
        "F1901M",
        {
            "Austria": "A Ser - Gre\nF Alb S A Ser - Gre\nA Vie H",
            "England": "F Nth C A Yor - Nwy\nA Yor - Nwy\nF Nwg S A Yor - Nwy",
            "France": "F Mao - Por\nA Bur H\nA Spa H",
            "Germany": "A Ruh - Bur\nA Mun S A Ruh - Bur\nF Hol H",
            "Italy": "F Ion C A Apu - Tun\nA Apu - Tun\nA Ven H",
            "Russia": "F Bot - Swe\nA Ukr H\nF Rum H\nA War H",
            "Turkey": "F Con - Bla\nA Bul H\nA Arm H",
        },
    ),
    ("F1901R", {"France": "A Bur R Par"}),
    (
        "W1901A",
        {  # Turkey sends nothing: its build is waived
            "Austria": "Build F Tri",
            "England": "Build F Edi",
            "France": "Build F Bre\nBuild A Mar",
            "Germany": "Build A Ber",
            "Italy": "Build F Nap",
            "Russia": "Build A Mos\nBuild F Sev",
        },
    ),
]


def send(table: Table, game_id: str, power: str, text: str, addresses: dict[str, str]) -> None:
    """A player's mail to their own reply address (it signs them on without a password, which
    keeps the tests fast: checking a password is slow on purpose)."""
    table.send(addresses[power], text, to=table.reply_token_address(power, game_id))


def play_phase(table: Table, game_id: str, mails: dict[str, str], addresses: dict[str, str]) -> None:
    """Everyone's mail for the open phase, then the clock to its deadline (and grace)."""
    for power, text in mails.items():
        send(table, game_id, power, text, addresses)
    table.run()
    with table.store() as store:
        row = store.game(game_id)
        assert row is not None and row.deadline is not None
        phase, table.now = row.phase_id, row.deadline
    table.run()
    with table.store() as store:
        row = store.game(game_id)
        assert row is not None
        if row.phase_id == phase and row.grace_until is not None:
            table.now = row.grace_until
            table.run()


def diplomacy_game(folder: Path, game_id: str = "dip") -> Table:
    """The table after Winter 1901, with Spring 1902 open and Germany's secrets sent."""
    table = Table(folder, [game(game_id, "diplomacy", ADDRESSES, name="Site test game", grace="12h")])
    table.start(game_id)
    for phase_id, mails in PHASES:
        with table.store() as store:
            row = store.game(game_id)
            assert row is not None and row.phase_id == phase_id, (row and row.phase_id, phase_id)
        play_phase(table, game_id, mails, ADDRESSES)
    send(table, game_id, "Germany", f"{PENDING_ORDER}\nPRESS TO Austria\n{PRIVATE_OPEN}\nENDPRESS", ADDRESSES)
    send(table, game_id, "Italy", f"BROADCAST\n{OPEN_BROADCAST}\nENDPRESS", ADDRESSES)
    table.run()
    with table.store() as store:
        row = store.game(game_id)
        assert row is not None and row.phase_id == "S1902M" and row.status == "running"
    return table


TALLY_PLAYERS = {"North": "north@players.test", "South": "south@players.test", "East": "east@players.test"}


def tally_game(folder: Path, game_id: str = "tally", *, rounds: int = 2, play: int = 2) -> Table:
    """A game of the service's test ruleset (tests/service/tally.py), whose ``secret`` numbers
    are hidden facts: ``play`` of its ``rounds`` rounds are played (all of them: it is over)."""
    table = Table(folder, [game(game_id, "tally", TALLY_PLAYERS, options={"rounds": rounds})])
    table.start(game_id)
    for number in range(play):
        mails = {power: f"ADD {number + 2}" for power in TALLY_PLAYERS}
        play_phase(table, game_id, mails, TALLY_PLAYERS)
    return table


def scripted_game(folder: Path, ruleset_name: str, script: Any, game_id: str = "cards") -> ScriptedTable:
    """A card game's scripted game (tests/<game>/script.py: POWERS, VARIANT, OPTIONS, START_SEED,
    TURNS, SEEDS) set up on the table; ``play(n)`` plays its next ``n`` phases by mail."""
    addresses = {power: f"{power.lower()}@players.test" for power in script.POWERS}
    seeds = iter(script.SEEDS)  # one seed per adjudication, in the script's order
    table = ScriptedTable(
        folder,
        [game(game_id, ruleset_name, addresses, variant=script.VARIANT, options=script.OPTIONS)],
        seed_source=lambda _game, _phase: next(seeds),
    )
    table.game_id, table.addresses, table.turns = game_id, addresses, list(script.TURNS)
    table.start(game_id, seed=script.START_SEED)
    return table


class ScriptedTable(Table):
    game_id: str
    addresses: dict[str, str]
    turns: list[dict[str, str]]
    played: int = 0

    def play(self, phases: int) -> None:
        for mails in self.turns[self.played : self.played + phases]:
            play_phase(self, self.game_id, mails, self.addresses)
            self.played += 1
