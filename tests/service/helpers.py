"""Helpers shared by this area's tests."""

from __future__ import annotations

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
