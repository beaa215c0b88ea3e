"""Only orders in effect are shown: a unit ordered twice in one mail has the later order, in the
player's answer, in everyone's results and in the archive; the replaced one is shown to nobody."""

from __future__ import annotations

from pathlib import Path

from tests.harness import Table, game, text_of
from tests.service.helpers import DIPLOMACY_HOLDS

ADDRESSES = {power: f"{power.lower()}@example.test" for power in DIPLOMACY_HOLDS}


def test_a_unit_ordered_twice_in_one_mail_shows_only_its_last_order(tmp_path: Path) -> None:
    table = Table(tmp_path, [game("g1", "diplomacy", ADDRESSES, mass_nmr_share=1.0, grace="0h")])
    table.start("g1")
    table.take()
    table.send(ADDRESSES["Italy"], "SIGNON Italy g1 pw\nA Ven - Tyr\nA Ven - Pie\nF Nap H\nA Rom H")
    table.send(ADDRESSES["France"], f"SIGNON France g1 pw\n{DIPLOMACY_HOLDS['France']}")
    table.run()
    [reply] = table.take(ADDRESSES["Italy"])
    now = text_of(reply).split("Your orders now:", 1)[1].split("\n\n", 1)[0]
    assert now.count("A VEN - PIE") == 1 and "TYR" not in now
    with table.store() as store:
        stored = store.order_set("g1", "S1901M", "Italy")
        assert stored is not None and stored.orders() == ["A VEN - PIE", "F NAP H", "A ROM H"]
        row = store.game("g1")
        assert row is not None and row.deadline is not None
    table.now = row.deadline
    table.run()
    with table.store() as store:
        [turn] = store.turns("g1")
        reports = store.reports("g1", turn.seq)
    assert turn.orders["Italy"] == ["A VEN - PIE", "F NAP H", "A ROM H"]
    for viewer, report in reports.items():
        shown = report["text"] + (report["html"] or "")
        assert "A VEN - PIE" in shown and "A VEN - TYR" not in shown and "replaced" not in shown, viewer
    archived = "".join(path.read_text() for path in (tmp_path / "turns").rglob("*") if path.is_file())
    assert "A VEN - PIE" in archived and "A VEN - TYR" not in archived
    for address in ADDRESSES.values():
        for message in table.take(address):
            assert "A VEN - TYR" not in text_of(message)


def test_results_name_every_power_that_sent_nothing(tmp_path: Path) -> None:
    table = Table(tmp_path, [game("g1", "diplomacy", ADDRESSES, mass_nmr_share=1.0, grace="0h")])
    table.start("g1")
    table.take()
    for power in ("Italy", "France", "Austria"):
        table.send(ADDRESSES[power], f"SIGNON {power} g1 pw\n{DIPLOMACY_HOLDS[power]}")
    table.run()
    table.advance(hours=49)
    table.run()
    [results] = [m for m in table.take(ADDRESSES["Italy"]) if "results" in str(m["Subject"])]
    body = text_of(results)
    for power in ("England", "Germany", "Russia", "Turkey"):
        assert f"{power}: no orders received; its units hold." in body
    for power in ("Italy", "France", "Austria"):
        assert f"{power}: no orders received" not in body
