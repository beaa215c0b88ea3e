from tests.harness import Table, game, text_of

PLAYERS = {
    "North": "north@example.test",
    "South": "south@example.test",
    "East": "east@example.test",
}


def test_a_signed_on_order_is_acknowledged_line_by_line(tmp_path):
    table = Table(tmp_path, [game("g1", "tally", PLAYERS)])
    table.start("g1")
    welcome = table.take("north@example.test")
    assert len(welcome) == 1 and "You play: North" in text_of(welcome[0])
    table.send("north@example.test", "SIGNON North g1 pw\nADD 3\nADD 12\n")
    table.run()
    [reply] = table.take("north@example.test")
    body = text_of(reply)
    print(body)
    assert "ok: ADD 3" in body
    assert "ERROR: not an order: 'ADD 12'" in body
    assert "hint: write ADD <n>" in body
