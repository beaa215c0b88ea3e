"""Helpers shared by this area's tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]


def seated(powers: list[str], domain: str = "pbem.test") -> list[dict[str, str]]:
    """A game entry's players: each power at its own address, password "pw"."""
    return [{"power": p, "address": f"{p.lower()}@{domain}", "password": "pw"} for p in powers]


def diplomacy_entry(game_id: str, **keys: Any) -> dict[str, Any]:
    """A Diplomacy game's config entry, seven players seated, 48 h deadlines; ``keys`` added."""
    return {
        "id": game_id,
        "ruleset": "diplomacy",
        "deadlines": {"default": "48h"},
        "players": seated(POWERS),
        **keys,
    }


def cli_config(folder: Path, *games: dict[str, Any]) -> Path:
    """A referee's config as the CLI's tests run it (Maildir, the referee ref@pbem.test with
    password "refpw"), holding ``games``: written to folder/pbem.yaml, its path returned."""
    data = {
        "service": {
            "address": "judge@pbem.test",
            "data_dir": "var",
            "archive_dir": "turns",
            "referee": {"address": "ref@pbem.test", "password": "refpw"},
        },
        "games": list(games),
    }
    path = folder / "pbem.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


DIPLOMACY_HOLDS = {
    "Austria": "A VIE H\nA BUD H\nF TRI H",
    "England": "F LON H\nF EDI H\nA LVP H",
    "France": "F BRE H\nA PAR H\nA MAR H",
    "Germany": "F KIE H\nA BER H\nA MUN H",
    "Italy": "F NAP H\nA ROM H\nA VEN H",
    "Russia": "A MOS H\nA WAR H\nF SEV H\nF STP/SC H",
    "Turkey": "F ANK H\nA CON H\nA SMY H",
}


PLAYERS = {
    power: f"{power.lower()}@example.test"
    for power in ["England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey"]
}


HOLD = {
    "England": "F LON H",
    "France": "F BRE H",
    "Germany": "F KIE H",
    "Italy": "F NAP H",
    "Austria": "F TRI H",
    "Russia": "F SEV H",
    "Turkey": "F ANK H",
}


#: the players of tests/service/test_replies_from_mail_programs.py: England is alice@example.test
ALICE = "alice@example.test"
MAIL_PROGRAM_PLAYERS = {
    "England": ALICE,
    "France": "bob@example.test",
    "Germany": "carol@example.test",
    "Italy": "dan@example.test",
    "Austria": "eve@example.test",
    "Russia": "fay@example.test",
    "Turkey": "gus@example.test",
}
