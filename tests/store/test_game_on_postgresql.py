"""A Diplomacy game played by mail with PostgreSQL as the store: the same service, the same
mail, the turns and the queue kept in the server's database."""

from __future__ import annotations

import pytest

from pbem.store import Store
from tests.bymail import phase_id, send_mails, to_deadline
from tests.harness import Table, game, text_of

POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
ADDRESSES = {power: f"{power.lower()}@example.test" for power in POWERS}
SPRING = {
    "Austria": "A Vie - Gal\nA Bud - Ser\nF Tri - Alb",
    "England": "F Lon - NTH\nF Edi - Nwg\nA Lvp - Yor",
    "France": "F Brest -> Mid-Atlantic Ocean\nA Par - Bur\nA Mar - Spa",
    "Germany": "A Mun - Ruh\nA Ber - Kie\nF Kie - Hol",
    "Italy": "F Nap - Ion\nA Rom - Apu\nA Ven H",
    "Russia": "F StP/sc - Bot\nA Mos - Ukr\nA War - Gal\nF Sev - Rum",
    "Turkey": "F Ank - Con\nA Con - Bul\nA Smy - Arm",
}


@pytest.mark.slow
def test_a_diplomacy_phase_is_played_by_mail_on_postgresql(tmp_path, pg_url):
    table = Table(tmp_path, [game("g1", "diplomacy", ADDRESSES)], service_settings={"database": pg_url})
    table.start("g1")
    assert not (tmp_path / "var" / "pbem.sqlite3").exists()  # nothing kept in SQLite
    send_mails(table, ADDRESSES, SPRING)
    table.run()
    to_deadline(table)
    assert phase_id(table) == "F1901M"
    [results] = [m for m in table.take(ADDRESSES["France"]) if "results" in str(m["Subject"])]
    assert "Spring 1901" in str(results["Subject"]) and "A PAR - BUR" in text_of(results)
    store = Store(pg_url)
    try:
        [turn] = store.turns("g1")
        assert turn.phase_id == "S1901M" and turn.orders["Germany"]
        assert store.due_mail(table.now) == []  # every mail sent
        assert store.message_count("done") == len(POWERS)
    finally:
        store.close()
