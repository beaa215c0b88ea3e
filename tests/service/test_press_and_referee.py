"""Press between players, and the referee's commands by mail."""

from datetime import UTC, datetime, timedelta

from tests.harness import REFEREE_ADDRESS, REFEREE_PASSWORD, Table, game, text_of

NORTH, SOUTH, EAST = "north@example.test", "south@example.test", "east@example.test"
PLAYERS = {"North": NORTH, "South": SOUTH, "East": EAST}
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
REF = f"SIGNON REFEREE g1 {REFEREE_PASSWORD}"


def make(tmp_path, **settings) -> Table:
    table = Table(tmp_path, [game("g1", "tally", PLAYERS, **settings)], now=START)
    table.start("g1")
    table.take()
    return table


def press_to(table: Table, address: str) -> list[str]:
    return [text_of(m) for m in table.take(address) if "press" in str(m["Subject"])]


def test_private_press_reaches_only_its_recipients(tmp_path):
    table = make(tmp_path)
    table.send(NORTH, "SIGNON North g1 pw\nPRESS TO South\nShall we share the spoils?\nENDPRESS")
    table.run()
    [press] = press_to(table, SOUTH)
    assert "press from North to South" in press and "Shall we share the spoils?" in press
    assert press_to(table, EAST) == []
    assert "sent to South" in text_of(table.take(NORTH)[0])


def test_broadcast_reaches_everyone_else(tmp_path):
    table = make(tmp_path)
    table.send(NORTH, "SIGNON North g1 pw\nBROADCAST\nPeace in our time.\nENDPRESS")
    table.run()
    assert len(press_to(table, SOUTH)) == 1 and len(press_to(table, EAST)) == 1
    assert press_to(table, NORTH) == []


def test_grey_press_hides_the_sender_when_the_game_allows_it(tmp_path):
    table = make(tmp_path, press={"grey": True})
    table.send(NORTH, "SIGNON North g1 pw\nPRESS TO East GREY\nBeware of South.\nENDPRESS")
    table.run()
    [press] = press_to(table, EAST)
    assert "North" not in press and "anonymous" in press


def test_grey_press_is_refused_when_the_game_does_not_allow_it(tmp_path):
    table = make(tmp_path)
    table.send(NORTH, "SIGNON North g1 pw\nPRESS TO East GREY\nBeware.\nENDPRESS")
    table.run()
    assert "does not allow grey" in text_of(table.take(NORTH)[0])
    assert press_to(table, EAST) == []


def test_postal_press_is_held_until_the_results(tmp_path):
    table = make(tmp_path, press={"postal": True}, early="orders")
    table.send(NORTH, "SIGNON North g1 pw\nPRESS TO South\nSee you after the turn.\nENDPRESS")
    table.run()
    assert press_to(table, SOUTH) == []
    for power, address in PLAYERS.items():
        table.send(address, f"SIGNON {power} g1 pw\nADD 1")
    table.run()
    assert len(press_to(table, SOUTH)) == 1


def test_press_to_an_unknown_power_is_refused_with_the_powers(tmp_path):
    table = make(tmp_path)
    table.send(NORTH, "SIGNON North g1 pw\nPRESS TO Westeros\nhello\nENDPRESS")
    table.run()
    assert "unknown recipient(s) Westeros; the powers are North, South, East" in text_of(table.take(NORTH)[0])


def test_no_press_games_refuse_press(tmp_path):
    table = make(tmp_path, press={"allowed": False})
    table.send(NORTH, "SIGNON North g1 pw\nBROADCAST\nhello\nENDPRESS")
    table.run()
    assert "allows no press" in text_of(table.take(NORTH)[0])


def test_referee_process_adjudicates_at_once(tmp_path):
    table = make(tmp_path)
    table.send(NORTH, "SIGNON North g1 pw\nADD 4")
    table.send(REFEREE_ADDRESS, f"{REF}\nPROCESS")
    table.run()
    replies = [m for m in table.take(REFEREE_ADDRESS) if str(m["Subject"]).startswith("Re:")]
    assert "Round 1 adjudicated" in text_of(replies[0])
    report = [text_of(m) for m in table.take(NORTH) if "results" in str(m["Subject"])][0]
    assert "North 4, South 1, East 1" in report


def test_referee_extend_moves_the_deadline_and_tells_everyone(tmp_path):
    table = make(tmp_path)
    table.send(REFEREE_ADDRESS, f"{REF}\nEXTEND 24")
    table.run()
    assert "Thu 05 Mar 2026 10:00 CET" in text_of(table.take(REFEREE_ADDRESS)[0])
    assert "deadline extended" in str(table.take(SOUTH)[0]["Subject"])


def test_referee_pause_stops_the_clock_and_resume_restarts_it(tmp_path):
    table = make(tmp_path)
    table.send(REFEREE_ADDRESS, f"{REF}\nPAUSE")
    table.run()
    table.now = START + timedelta(days=10)
    table.run()
    with table.store() as store:
        row = store.game("g1")
        assert row is not None and row.status == "paused" and row.seq == 0
    table.send(REFEREE_ADDRESS, f"{REF}\nRESUME")
    table.run()
    with table.store() as store:
        row = store.game("g1")
        assert row is not None and row.status == "running"
        assert row.deadline == START + timedelta(days=12)  # the 48 hours that were left


def test_referee_replace_gives_the_power_to_a_new_player(tmp_path):
    table = make(tmp_path)
    table.send(REFEREE_ADDRESS, f"{REF}\nREPLACE East newcomer@example.test")
    table.run()
    [welcome] = table.take("newcomer@example.test")
    body = text_of(welcome)
    assert "You take over East" in body and "Your password:" in body
    assert "replaced" in str(table.take(EAST)[0]["Subject"])
    password = body.split("Your password: ")[1].split()[0]
    table.send("newcomer@example.test", f"SIGNON East g1 {password}\nADD 2")
    table.send(EAST, "SIGNON East g1 pw\nADD 9")  # the old password no longer works
    table.run()
    with table.store() as store:
        orders = store.order_set("g1", "R1", "East")
        assert orders is not None and orders.orders() == ["ADD 2"]


def test_referee_rollback_restores_an_earlier_phase(tmp_path):
    table = make(tmp_path, early="orders")
    for power, address in PLAYERS.items():
        table.send(address, f"SIGNON {power} g1 pw\nADD 5")
    table.run()
    for power, address in PLAYERS.items():
        table.send(address, f"SIGNON {power} g1 pw\nADD 1")
    table.run()
    table.send(NORTH, "SIGNON North g1 pw\nADD 9")  # for R3, the phase open: undone with it
    table.run()
    table.take()
    table.send(REFEREE_ADDRESS, f"{REF}\nROLLBACK R2")
    table.run()
    with table.store() as store:
        row = store.game("g1")
        assert row is not None and row.phase_id == "R2" and row.state["scores"]["North"] == 5
        assert [t.phase_id for t in store.turns("g1")] == ["R1"]
        assert store.order_sets("g1", "R3") == {}
    [notice] = table.take(NORTH)
    assert "rolled back to Round 2" in str(notice["Subject"])
    assert "send your orders again" in text_of(notice) and "ADD 1" in text_of(notice)
    with table.store() as store:
        assert store.order_sets("g1", "R2") == {}
    for power, address in PLAYERS.items():
        table.send(address, f"SIGNON {power} g1 pw\nADD 2")
    table.run()
    with table.store() as store:
        assert [(t.phase_id, t.rolled_back) for t in store.turns("g1", include_rolled_back=True)] == [
            ("R1", False),
            ("R2", True),
            ("R2", False),
        ]
        assert store.game("g1").state["scores"]["North"] == 7  # type: ignore[union-attr]
    assert (table.service.archive_dir / "g1" / "R2.rolled-back-2" / "turn.json").exists()
    table.send(REFEREE_ADDRESS, f"{REF}\nROLLBACK R9")
    table.run()
    assert "no adjudicated phase 'R9'" in text_of(table.take(REFEREE_ADDRESS)[-1])


def test_an_option_the_game_cannot_change_during_play_is_refused(tmp_path):
    table = make(tmp_path)
    table.send(REFEREE_ADDRESS, f"{REF}\nOPTION rounds 9")
    table.run()
    [answer] = [m for m in table.take(REFEREE_ADDRESS) if str(m["Subject"]).startswith("Re:")]
    assert "refused: tally has no options a referee can change during play" in text_of(answer)
    assert not table.take(NORTH)
