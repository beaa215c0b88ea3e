"""One rule for ending a phase early, for every ruleset, by mail through the service.

Before its deadline a phase ends only when every power that must act has orders the ruleset
considers complete, none of them with a refused line left uncorrected, and (``early: ready``)
all have said READY. A mail with no accepted line does not make its sender "ordered".
"""

from __future__ import annotations

from typing import Any

import pytest

from pbem.cli import main
from pbem.frozen import Frozen
from tests.harness import Table, game, text_of
from tests.invoke import script as invoke_script
from tests.service.helpers import DIPLOMACY_HOLDS


class Case(Frozen):
    """A game at its first phase: every acting power's complete orders, and for ``target`` a
    line its ruleset refuses (a player's real slip where the scripts have one)."""

    ruleset: str
    variant: str
    options: dict[str, Any]
    orders: dict[str, str]
    target: str
    refused: str
    #: every line refused
    garbage: str
    seed: int = 1


CASES = [
    Case("diplomacy", "standard", {}, DIPLOMACY_HOLDS, "Italy", "A Ven - Tyrol Pass", "A XYZ - ABC"),
    Case(
        "diplomacy",
        "mandate_of_heaven",
        {},
        {"Hsiung-Nu": "Build A Tung Turfan\nBuild A Hsi Hsienpi\nBuild A Nan Hsienpi"},
        "Hsiung-Nu",
        "Build A Wuyuan",
        "Build A Nowhere",
    ),
    Case(
        "generals",
        "standard",
        {"turns": 5},
        {
            "Aldmark": "Edric: recruit 30 spearmen\nAldwick: Fortify",
            "Brenn": "Hilde: recruit 20 Crossbowmen",
            "Corvath": "Malus: move army 100 Spearmen, all Crossbowmen, all Trolls to Blackwater",
            "Dunmere": "Dunmoor: convert 3 income to hire limit\nRowan: R and R",
        },
        "Aldmark",
        "Edrik: R and R",
        "Frobnicate the gizmo",
    ),
    Case(
        "invincible",
        "standard",
        {"declarations": False, "turn_limit": 12},
        {"North": "Feast", "East": "Attack Khan Jamukha", "South": "Defend 3", "West": "Defend 2"},
        "North",
        "Greetings, khans of the Horde.",
        "Atack Khan Kublai",
    ),
    Case(
        "invictus",
        "standard",
        {},
        {
            "Alice": "ARMY Shogun: 8 Samurai, 4 Musha, 4 Druide, 4 Anubis",
            "Bruno": "Armée Roi : 6 Guerrier, 6 Arbalétrier, 4 Garde, 4 Sorcier",
        },
        "Alice",
        "Frobnicate the gizmo",
        "ARMY Nobody: 20 Samurai",
    ),
    Case(
        "invoke",
        "starter",
        {
            "rounds": 2,
            "draw": {
                "Alice": "3 Thaumaturgy, 3 Manifest, 1 Focus",
                "Bob": "3 Focus, 2 Thaumaturgy, 2 Manifest",
                "Carol": "3 Manifest, 2 Thaumaturgy, 2 Focus",
            },
        },
        {"Alice": "Move Right & Water & +2"},
        "Alice",
        "Move Rihgt & Earth",
        "Frobnicate the gizmo",
        seed=invoke_script.START_SEED,  # the hand that holds these cards
    ),
]
POWERS = {
    "diplomacy": list(DIPLOMACY_HOLDS),
    "mandate_of_heaven": ["Ch'in", "Ch'u", "Ch'i", "Yen", "Chao", "Wei", "Han", "Hsiung-Nu"],
    "generals": ["Aldmark", "Brenn", "Corvath", "Dunmere"],
    "invincible": ["North", "East", "South", "West"],
    "invictus": ["Alice", "Bruno"],
    "invoke": ["Alice", "Bob", "Carol"],
}


#: how each game's results name a power that sent nothing
SILENT = {
    "diplomacy": "{power}: no orders received; its units hold.",
    "mandate_of_heaven": "{power}: no orders received; its builds go unused, and removals it owes are "
    "chosen by the rules.",
    "generals": "{power}: no orders received; its generals rest and its regions keep their defences.",
    "invincible": "{power}: no orders received; the khan passes.",
    "invictus": "{power}: no orders received; the rules' default was played for it.",
    "invoke": "{power}: no invocations received; the mage casts nothing and discards two.",
}


def game_of(case: Case) -> str:
    return case.variant if case.variant == "mandate_of_heaven" else case.ruleset


def address(power: str) -> str:
    return f"{''.join(c for c in power.lower() if c.isalnum())}@example.test"


def table_for(tmp_path: Any, case: Case, early: str = "ready") -> Table:
    players = {power: address(power) for power in POWERS[game_of(case)]}
    entry = game("g1", case.ruleset, players, variant=case.variant, options=case.options, early=early)
    table = Table(tmp_path, [entry])
    table.start("g1", seed=case.seed)
    table.take()
    return table


def send(table: Table, power: str, text: str) -> None:
    table.send(address(power), f"SIGNON {power} g1 pw\n{text}")


def adjudicated(table: Table) -> int:
    with table.store() as store:
        return len(store.turns("g1"))


def reply_to(table: Table, power: str) -> str:
    [reply] = [m for m in table.take(address(power)) if "results" not in str(m["Subject"])]
    return text_of(reply)


IDS = [f"{case.ruleset}-{case.variant}" for case in CASES]


def ready_with_a_refused_line(tmp_path: Any, case: Case) -> Table:
    """Every acting power sends complete orders and READY; the target adds a refused line."""
    table = table_for(tmp_path, case)
    for power, orders in case.orders.items():
        extra = f"\n{case.refused}" if power == case.target else ""
        send(table, power, f"{orders}{extra}\nREADY")
    table.run()
    return table


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_ready_beside_a_refused_line_is_recorded_but_the_phase_waits(tmp_path, case):
    table = ready_with_a_refused_line(tmp_path, case)
    assert adjudicated(table) == 0
    body = reply_to(table, case.target)
    assert "ERROR" in body and "You are marked READY." in body
    assert "You said READY, but a line of your orders was refused" in body
    assert "the phase waits for your corrected orders (or the deadline)" in body
    with table.store() as store:
        stored = store.order_set("g1", store.game("g1").phase_id, case.target)
        assert stored is not None and stored.ready
    send(table, case.target, case.orders[case.target])  # the corrected mail, every line taken
    table.run()
    assert adjudicated(table) == 1


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_ready_alone_after_a_refused_line_keeps_the_orders_as_they_stand(tmp_path, case):
    table = ready_with_a_refused_line(tmp_path, case)
    assert adjudicated(table) == 0
    send(table, case.target, "READY")
    table.run()
    assert adjudicated(table) == 1


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_mail_whose_every_line_is_refused_does_not_make_its_sender_ordered(tmp_path, case, capsys):
    table = table_for(tmp_path, case)
    others = [power for power in case.orders if power != case.target]
    for power in others:
        send(table, power, f"{case.orders[power]}\nREADY")
    send(table, case.target, f"{case.garbage}\nREADY")
    table.run()
    assert adjudicated(table) == 0
    body = reply_to(table, case.target)
    assert "You said READY, but no order of yours was accepted" in body
    assert "Your orders now:\n  (none)" in body
    waiting = body.split("Waiting for: ", 1)[1].split("\n", 1)[0]
    assert case.target in waiting.split(", ")
    send(table, case.target, "LIST")
    table.run()
    assert "Your orders now:\n  (none)" in reply_to(table, case.target)
    assert main(["--config", str(table.config_path), "status", "g1"]) == 0
    status = capsys.readouterr().out.split("waiting for: ", 1)[1].split("\n", 1)[0]
    assert case.target in status.split(", ")
    with table.store() as store:
        row = store.game("g1")
        assert row is not None and row.deadline is not None
        table.now = row.deadline
    table.run()  # the deadline: a grace period for the late target
    with table.store() as store:
        row = store.game("g1")
        assert row is not None
        if row.grace_until is not None:
            table.now = row.grace_until
    table.run()
    with table.store() as store:
        [turn] = store.turns("g1")
        reports = store.reports("g1", turn.seq)
    assert turn.nmr == [case.target]
    silent = SILENT[game_of(case)].format(power=case.target)
    if case.ruleset == "generals":  # a power's silence is its own affair there (generals ruling 81)
        assert silent in reports[case.target]["text"]
        others = [viewer for viewer in [*case.orders, "PUBLIC"] if viewer != case.target]
        assert [viewer for viewer in others if silent in reports[viewer]["text"]] == []
        return
    for viewer in [*case.orders, "PUBLIC"]:  # everyone's results name the power that sent nothing
        assert silent in reports[viewer]["text"], viewer


def test_a_refill_alone_does_not_end_an_invoke_turn_with_early_orders(tmp_path):
    case = next(case for case in CASES if case.ruleset == "invoke")
    table = table_for(tmp_path, case, early="orders")
    send(table, "Alice", "REFILL 3 Focus, 2 Manifest, 2 Thaumaturgy")
    table.run()
    assert adjudicated(table) == 0
    body = reply_to(table, "Alice")
    assert "ok: REFILL" in body and "Still without orders: your invocations for this turn" in body
    send(table, "Alice", "Move Right & Water & +2")
    table.run()
    assert adjudicated(table) == 1
