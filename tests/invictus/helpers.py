"""The scripted Invictus game (``script``) played through the real mail service, mail by mail, for
the English game (test_by_mail.py) and the French one (test_french.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pbem.ruleset import get_ruleset
from tests.bymail import archived_states, send_mails
from tests.harness import REFEREE_PASSWORD, game, text_of
from tests.invictus import script

#: what the players mail between the script's phases, beside their orders: every command the
#: service answers, press, a READY with a refused line, misspelt and refused commands
BETWEEN: dict[int, dict[str, str]] = {
    0: {
        "Alice": "LIST\nWHOGAME\nSUMMARY\nHISTORY\nPRESS TO Bruno\nBonjour Bruno, bonne partie.\nENDPRESS",
        "Bruno": "SET PASSWORD abc\nLSIT\nEXTEND 2d\nNOT READY\nSET ABSENCE 2020-01-01 TO 2020-01-02\n"
        "SET ABSENCE demain TO lundi\nHISTORY 99",
    },
    1: {
        "Alice": "Volerr le Roi\nPrêt",
        "Bruno": "DRAW\nNO DRAW\nCONCEDE Personne\nGET MAP\nRESIGN maintenant",
    },
    2: {"Alice": "AIDE\nPRESS TO Zorro\nSalut\nENDPRESS", "Bruno": "SET ADDRESS chez moi\nSIGNOFF\nLIST"},
    3: {"Bruno": "Bonjour tout le monde\nPasser mon tour"},
}


ADDRESSES = {power: f"{power.lower()}@example.test" for power in script.POWERS}


def play(
    make_table: Any,
    options: Mapping[str, Any],
    turns: Sequence[Mapping[str, str]],
    refused: Sequence[tuple[int, str, str, str]],
    welcome: Callable[[str], None],
    results: str = "results",
    between: Callable[[Any, int], None] | None = None,
    subject: str = "orders",
) -> tuple[Any, list[Any], list[Any]]:
    """Play the script by mail; ``welcome`` checks each welcome's text; ``results`` is the word
    a report's subject has; ``between(table, index)`` may mail more (commands, press) after each
    phase's orders are answered; ``subject`` is the players' subject line. The table, the
    states (before, then after each phase) and the archived turns."""
    seeds = iter(script.SEEDS)
    table = make_table(
        [game("g1", "invictus", ADDRESSES, variant=script.VARIANT, options=dict(options))],
        seed_source=lambda game_id, phase_id: next(seeds),
    )
    table.start("g1", seed=script.START_SEED)
    for address in ADDRESSES.values():
        [mail] = table.take(address)
        welcome(text_of(mail))
    for index, mails in enumerate(turns):
        send_mails(table, ADDRESSES, mails, subject=subject)
        table.run()
        for power in mails:
            [reply] = table.take(ADDRESSES[power])
            body = text_of(reply).replace("\u00a0", " ")  # French sets no-break spaces before ":"
            for _, _, line, gist in (r for r in refused if r[:2] == (index, power)):
                assert line in body and gist in body, (index, power, body)
        if between is not None:
            between(table, index)
        table.advance(hours=49)
        table.run()
        for address in ADDRESSES.values():
            reports = [m for m in table.take(address) if results in str(m["Subject"])]
            assert len(reports) == 1, (index, address)
    ruleset = get_ruleset("invictus")
    with table.store() as store:
        archived = store.turns("g1")
        current = store.game("g1")
    assert current is not None and current.status == "over"
    states = archived_states(ruleset, archived)
    script.check(states, [turn.events for turn in archived])
    return table, states, archived


def send_between(table: Any, index: int) -> None:
    """BETWEEN's mails of phase ``index``; after phase 3, a wrong password and the referee's
    PAUSE and RESUME."""
    referee = table.service.referee.address
    for power, text in BETWEEN.get(index, {}).items():
        table.send(ADDRESSES[power], f"SIGNON {power} g1 pw\n{text}", subject="ordres")
    if index == 3:
        table.send(ADDRESSES["Alice"], "SIGNON Alice g1 faux\nPasse", subject="mauvais mot de passe")
        table.send(referee, f"SIGNON REFEREE g1 {REFEREE_PASSWORD}\nPAUSE")
    table.run()
    if index == 3:
        table.send(referee, f"SIGNON REFEREE g1 {REFEREE_PASSWORD}\nRESUME")
        table.run()
    for power in BETWEEN.get(index, {}):  # play() takes only what the phases send
        table.take(ADDRESSES[power])


#: a guerre éclair in French where both armies are ten Valkyries (the one feminine card), so
#: that what happens to a unit is said of a feminine noun: Alice's Valkyrie captures Bruno's
#: (2 against 2 in one attack), stays tilted on the battlefield, and Bruno conscripts two more
VALKYRIES = {"Alice": "alice@example.test", "Bruno": "bruno@example.test"}
VALKYRIE_PHASES: list[dict[str, str]] = [
    {"Alice": "Armée Odin : 10 Valkyries", "Bruno": "Armée Odin : 10 Valkyries"},
    {"Alice": "Garder", "Bruno": "Garder"},
    {
        "Alice": "Front : Valkyrie en b2\nRéserve : Valkyrie\nRoyaume : Valkyrie",
        "Bruno": "Front : Valkyrie en a3\nRéserve : Valkyrie\nRoyaume : Valkyrie",
    },
    {"Alice": "Attaquer la Valkyrie a3 avec la Valkyrie b2"},
]


def play_valkyries(table: Any) -> None:
    """VALKYRIE_PHASES by mail in game g3 of ``table``, each phase run to its deadline."""
    table.start("g3")
    for mails in VALKYRIE_PHASES:
        for power, text in mails.items():
            table.send(VALKYRIES[power], f"SIGNON {power} g3 pw\n{text}", subject="ordres")
        table.run()
        table.advance(hours=49)
        table.run()
