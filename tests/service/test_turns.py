"""The turn lifecycle with a fake clock: deadlines, grace, reminders, NMRs, guards, votes."""

import json
from datetime import UTC, datetime, timedelta

import pytest

from pbem.store.games import GameRow
from tests.bymail import phase_id, send_mails
from tests.harness import REFEREE_ADDRESS, Table, game, text_of

NORTH, SOUTH, EAST = "north@example.test", "south@example.test", "east@example.test"
PLAYERS = {"North": NORTH, "South": SOUTH, "East": EAST}
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # Monday 10:00 in Paris; deadline Wednesday 10:00
DEADLINE = START + timedelta(hours=48)


def make(tmp_path, **settings) -> Table:
    table = Table(tmp_path, [game("g1", "tally", PLAYERS, **settings)], now=START)
    table.start("g1")
    table.take()
    return table


def order(table: Table, power: str, text: str) -> None:
    send_mails(table, PLAYERS, {power: text})


def reports(table: Table, address: str) -> list[str]:
    return [text_of(m) for m in table.take(address) if "results" in str(m["Subject"])]


def test_everyone_ordered_and_ready_ends_the_phase_early(tmp_path):
    table = make(tmp_path)
    order(table, "North", "ADD 3\nREADY")
    order(table, "South", "ADD 4\nREADY")
    table.run()
    assert phase_id(table) == "R1"  # East has not ordered
    order(table, "East", "ADD 5\nREADY")
    table.run()
    assert phase_id(table) == "R2"
    for address in PLAYERS.values():
        [report] = reports(table, address)
        assert "North 3, South 4, East 5" in report


def test_orders_without_ready_wait_for_the_deadline_when_the_game_wants_ready(tmp_path):
    table = make(tmp_path)
    for power in PLAYERS:
        order(table, power, "ADD 2")
    table.run()
    assert phase_id(table) == "R1"
    table.now = DEADLINE
    table.run()
    assert phase_id(table) == "R2"


def test_early_orders_setting_needs_no_ready(tmp_path):
    table = make(tmp_path, early="orders")
    for power in PLAYERS:
        order(table, power, "ADD 2")
    table.run()
    assert phase_id(table) == "R2"


def test_a_late_player_gets_a_notice_then_the_grace_period_then_default_orders(tmp_path):
    table = make(tmp_path, grace="12h")
    order(table, "North", "ADD 3")
    order(table, "South", "ADD 4")
    table.run()
    table.take()
    table.now = DEADLINE + timedelta(minutes=5)
    table.run()
    assert phase_id(table) == "R1"
    [notice] = table.take(EAST)
    assert "late" in str(notice["Subject"]) and "Wed 04 Mar 2026 22:00 CET" in text_of(notice)
    assert table.take(NORTH) == []  # late_notice_to_others is off by default
    table.now = DEADLINE + timedelta(hours=12)
    table.run()
    assert phase_id(table) == "R2"
    [report] = reports(table, EAST)
    assert "East: ADD 1" in report  # the default order
    with table.store() as store:
        east = store.player("g1", "East")
        assert east is not None and east.nmr_streak == 1 and east.nmr_total == 1
        assert store.turns("g1")[0].nmr == ["East"]


def test_orders_in_the_grace_period_are_taken_and_called_late(tmp_path):
    table = make(tmp_path, grace="12h", late_notice_to_others=True)
    order(table, "North", "ADD 3")
    order(table, "South", "ADD 4")
    table.now = DEADLINE + timedelta(hours=1)
    table.run()
    [notice] = [m for m in table.take(NORTH) if "late" in str(m["Subject"])]
    assert "waiting for East" in text_of(notice)
    order(table, "East", "ADD 6")
    table.now = DEADLINE + timedelta(hours=2)
    table.run()
    [ack] = [m for m in table.take(EAST) if "Re:" in str(m["Subject"])]
    assert "came after the deadline" in text_of(ack)
    table.now = DEADLINE + timedelta(hours=12)
    table.run()
    assert "East: ADD 6" in reports(table, NORTH)[0]


def test_reminders_go_once_to_those_who_have_not_ordered(tmp_path):
    table = make(tmp_path, reminder="12h")
    order(table, "North", "ADD 3")
    table.now = DEADLINE - timedelta(hours=13)
    table.run()
    table.take()
    table.now = DEADLINE - timedelta(hours=11)
    table.run()
    assert table.take(NORTH) == []
    assert ["reminder" in str(m["Subject"]) for m in table.take(SOUTH)] == [True]
    assert len(table.take(EAST)) == 1
    table.now = DEADLINE - timedelta(hours=10)
    table.run()
    assert table.take() == []


def test_mass_nmr_extends_the_deadline_and_tells_the_referee(tmp_path):
    table = make(tmp_path, grace="6h")
    order(table, "North", "ADD 3")
    table.now = DEADLINE + timedelta(minutes=1)
    table.run()
    assert phase_id(table) == "R1"
    [alarm] = table.take(REFEREE_ADDRESS)
    assert "2 of 3 players sent nothing" in str(alarm["Subject"])
    row = table.game_row()
    assert row.deadline == DEADLINE + timedelta(minutes=1, hours=6)


def test_a_stale_cron_job_extends_open_deadlines_by_the_gap_first(tmp_path):
    table = Table(tmp_path, [game("g1", "tally", PLAYERS)], now=START, service_settings={"stale_after": "6h"})
    table.start("g1")
    table.run()  # records the last run at START
    table.take()
    table.now = DEADLINE + timedelta(hours=20)  # cron was down for 68 hours
    table.run()
    assert phase_id(table) == "R1"  # not adjudicated in players' absence of mail
    row = table.game_row()
    assert row.deadline == DEADLINE + timedelta(hours=68)
    assert any("cron job" in str(m["Subject"]) for m in table.take(REFEREE_ADDRESS))


def test_civil_disorder_after_the_configured_number_of_missed_phases(tmp_path):
    table = make(tmp_path, grace="0h", nmr_limit=2, options={"rounds": 5})
    for _ in range(2):
        order(table, "North", "ADD 1")
        order(table, "South", "ADD 1")
        table.now += timedelta(hours=49)
        table.run()
    with table.store() as store:
        east = store.player("g1", "East")
        assert east is not None and east.civil_disorder
    assert any("East is in civil disorder" in str(m["Subject"]) for m in table.take(REFEREE_ADDRESS))
    # a power in civil disorder no longer holds up early adjudication
    order(table, "North", "ADD 1\nREADY")
    order(table, "South", "ADD 1\nREADY")
    table.run()
    assert phase_id(table) == "R4"


def test_an_absence_moves_a_deadline_that_falls_inside_it(tmp_path):
    table = make(tmp_path)
    order(table, "East", "SET ABSENCE 2026-03-03 TO 2026-03-06")
    table.run()
    [ack] = [m for m in table.take(EAST) if "Re:" in str(m["Subject"])]
    assert "the current deadline moved to Sat 07 Mar 2026 00:00 CET" in text_of(ack)
    assert "deadline moved" in str(table.take(NORTH)[0]["Subject"])


@pytest.mark.parametrize(
    "text, refusal",
    [
        ("SET ABSENCE 2026-03-03 TO 2026-03-30", "at most 14 days"),
        ("SET ABSENCE 2026-03-06 TO 2026-03-03", "ends before it starts"),
        ("SET ABSENCE 2026-02-01 TO 2026-02-03", "already over"),
    ],
)
def test_absences_outside_the_limits_are_refused(tmp_path, text, refusal):
    table = make(tmp_path)
    order(table, "East", text)
    table.run()
    assert refusal in text_of(table.take(EAST)[0])


def test_at_most_so_many_absences(tmp_path):
    table = make(tmp_path, absence={"max_count": 1})
    order(table, "East", "SET ABSENCE 2026-04-01 TO 2026-04-02\nSET ABSENCE 2026-05-01 TO 2026-05-02")
    table.run()
    assert "at most 1 absences" in text_of(table.take(EAST)[0])


def test_a_draw_passes_when_every_survivor_votes_for_it(tmp_path):
    table = make(tmp_path)
    order(table, "North", "DRAW")
    order(table, "South", "DRAW")
    table.run()
    ack = text_of(table.take(NORTH)[0])
    assert "votes are secret" in ack
    row = table.game_row()
    assert row.status == "running"
    order(table, "East", "DRAW")
    table.run()
    row = table.game_row()
    assert row.status == "over" and "draw among North, South, East" in str(row.result)
    for address in PLAYERS.values():
        assert any("game over" in str(m["Subject"]) for m in table.take(address))


def after_votes(tmp_path, votes: list[tuple[str, str]]) -> GameRow:
    """The game as it stands once one run has read each (power, vote) mail, in that order."""
    table = make(tmp_path)
    for power, vote in votes:
        order(table, power, vote)
    table.run()
    return table.game_row()


def test_a_withdrawn_draw_vote_blocks_the_draw(tmp_path):
    votes = [("North", "DRAW"), ("South", "DRAW"), ("North", "NO DRAW"), ("East", "DRAW")]
    assert after_votes(tmp_path, votes).status == "running"


def test_the_others_conceding_to_one_power_ends_the_game(tmp_path):
    votes = [("North", "CONCEDE South"), ("East", "CONCEDE south")]
    assert after_votes(tmp_path, votes).result == "South wins by concession"


def test_the_game_ends_by_its_rules_with_a_final_report(tmp_path):
    table = make(tmp_path, early="orders", options={"rounds": 1})
    for power in PLAYERS:
        order(table, power, "ADD 2")
    table.run()
    row = table.game_row()
    assert row.status == "over"
    [report] = reports(table, NORTH)
    assert "Game over: highest score 2" in report


def test_every_turn_is_archived_and_replays_exactly(tmp_path):
    from pbem.replay import replay

    table = make(tmp_path, early="orders")
    for power in PLAYERS:
        order(table, power, "ADD 2")
    table.run()
    folder = table.service.archive_dir / "g1" / "R1"
    turn = json.loads((folder / "turn.json").read_text())
    assert turn["orders"] == {"East": ["ADD 2"], "North": ["ADD 2"], "South": ["ADD 2"]}
    assert isinstance(turn["seed"], int)
    assert json.loads((folder / "state_after.json").read_text())["scores"]["North"] == 2
    assert (folder / "reports" / "North.txt").read_text() == text_of(
        [m for m in table.mails_to(NORTH) if "results" in str(m["Subject"])][0]
    )
    with table.store() as store:
        assert replay(store, "g1", "R1")["matches"]
        store.db.execute(
            "UPDATE turns SET state_after = replace(state_after, '\"North\": 2', '\"North\": 3')"
        )
        assert not replay(store, "g1", "R1")["matches"]


def test_the_archive_shows_a_player_only_their_own_report_while_the_game_runs(tmp_path):
    from pbem import archive

    table = make(tmp_path, early="orders")
    for power in PLAYERS:
        order(table, power, "ADD 2")
    table.run()
    with table.store() as store:
        north = archive.show(store, "g1", "R1", "North")
        public = archive.show(store, "g1", "R1", None)
        referee = archive.show(store, "g1", "R1", "REFEREE")
        secrets = store.game("g1").state["secrets"]  # type: ignore[union-attr]
    assert secrets["North"] in north and secrets["South"] not in north
    assert not any(secret in public for secret in secrets.values())
    assert all(secret in referee for secret in secrets.values()) and "seed" in referee


def test_public_votes_are_told_to_everyone(tmp_path):
    table = make(tmp_path, votes_public=True)
    order(table, "North", "DRAW")
    table.run()
    assert any("North votes: DRAW" in str(m["Subject"]) for m in table.take(SOUTH))


def test_history_sends_back_the_last_reports(tmp_path):
    table = make(tmp_path, early="orders", options={"rounds": 5})
    for number in (1, 2):
        for power in PLAYERS:
            order(table, power, f"ADD {number}")
        table.run()
    table.take()
    order(table, "North", "HISTORY 5")
    table.run()
    body = text_of(table.take(NORTH)[0])
    assert "==== [g1] Round 1 results ====" in body and "==== [g1] Round 2 results ====" in body
    assert "the last 2 report(s)" in body


def test_the_referee_archive_view_includes_all_press(tmp_path):
    from pbem import archive

    table = make(tmp_path, early="orders")
    order(table, "North", "PRESS TO South\nmeet at noon\nENDPRESS")
    for power in PLAYERS:
        order(table, power, "ADD 1")
    table.run()
    with table.store() as store:
        assert "North to South: meet at noon" in archive.show(store, "g1", "R1", "REFEREE")
        assert "meet at noon" not in archive.show(store, "g1", "R1", "East")


def test_a_phase_opened_before_a_clock_change_ends_at_the_same_local_hour(tmp_path):
    # Paris springs forward on Sunday 29 March 2026; a phase opened Friday 20:00 CET with a
    # 48-hour deadline ends Sunday 20:00 CEST, 47 hours later, and mail says so.
    friday = datetime(2026, 3, 27, 19, 0, tzinfo=UTC)
    table = Table(tmp_path, [game("g1", "tally", PLAYERS, early="orders", grace="0h")], now=friday)
    table.start("g1")
    [welcome] = table.take(NORTH)
    assert "Sun 29 Mar 2026 20:00 CEST (18:00 UTC)" in text_of(welcome)
    for power in PLAYERS:
        order(table, power, "ADD 1")
    table.advance(hours=1)
    table.run()  # round 1 ends early at Friday 21:00 CET; round 2 ends Sunday 21:00 CEST
    row = table.game_row()
    assert row.deadline == datetime(2026, 3, 29, 19, 0, tzinfo=UTC)
    order(table, "North", "ADD 1")
    order(table, "South", "ADD 1")
    table.now = datetime(2026, 3, 29, 18, 59, tzinfo=UTC)
    table.run()
    assert phase_id(table) == "R2"
    table.now = datetime(2026, 3, 29, 19, 0, tzinfo=UTC)
    table.run()
    assert phase_id(table) == "R3"
