"""A WAIVE by mail ends its winter like any build: the phase is adjudicated (early, once the
power says READY, or at the deadline) and every report is mailed, its map too; in standard
Diplomacy, and in Mandate of Heaven's opening winter, where the nomads place their armies.

Issue 30: the map drew every order from the place its unit stands, and a WAIVE stands nowhere,
so a winter with a WAIVE could not be adjudicated and the game stayed in it.
"""

from __future__ import annotations

from pbem.ruleset import get_ruleset
from tests.bymail import archived_states, phase_id, send_mails, to_deadline
from tests.diplomacy.helpers import ADDRESSES, results, winter_1901_with_a_build_for_germany
from tests.harness import Table, game, text_of
from tests.mandate.games import PLAYERS as MANDATE_PLAYERS

ruleset = get_ruleset("diplomacy")


def test_a_waive_and_ready_ends_the_winter_early_and_every_report_is_mailed(tmp_path) -> None:
    table = Table(tmp_path, [game("g1", "diplomacy", ADDRESSES)])
    winter_1901_with_a_build_for_germany(table)
    send_mails(table, ADDRESSES, {"Germany": "WAIVE\nREADY"})
    table.run()
    assert phase_id(table) == "S1902M"
    report = results(table.take(ADDRESSES["Germany"]))
    assert "Winter 1901" in str(report["Subject"]) and "WAIVE" in text_of(report)
    with table.store() as store:
        turns = store.turns("g1")
    after = archived_states(ruleset, turns)[-1]
    assert sorted(str(u) for u in after.board.units_of("Germany")) == ["A BER", "A MUN", "F HOL"]


def test_the_nomads_waive_placements_in_the_opening_winter_adjudicated_at_its_deadline(tmp_path) -> None:
    addresses = {power: f"player{n}@example.test" for n, power in enumerate(MANDATE_PLAYERS)}
    table = Table(tmp_path, [game("g1", "diplomacy", addresses, variant="mandate_of_heaven")])
    table.start("g1")
    table.take()
    send_mails(table, addresses, {"Hsiung-Nu": "Build A HHS\nWAIVE\nWAIVE"})
    table.run()
    assert phase_id(table) == "W369BCA"  # no READY: it waits for the deadline
    to_deadline(table)
    assert phase_id(table) == "S368BCM"
    with table.store() as store:
        turns = store.turns("g1")
    after = archived_states(ruleset, turns)[-1]
    assert [str(u) for u in after.board.units_of("Hsiung-Nu")] == ["A HHS"]
    report = results(table.take(addresses["Hsiung-Nu"]))
    assert text_of(report).count("WAIVE") == 2
