"""Mail for a game set aside by a broken config entry is held, not answered as for an unknown game.

A referee's typo in one game's entry sets that game aside while the others run. A player's mail
to it is kept (``held``), the player told once that the game is held up by the referee, the
referee told; the first run after the entry is mended acts on it, once.
"""

from __future__ import annotations

import yaml

from pbem import config as configuration
from tests.harness import REFEREE_ADDRESS, Table, game, run_pbem, text_of

NORTH, SOUTH = "north@example.test", "south@example.test"
OTHERS = {"North": "n2@example.test", "South": "s2@example.test"}


def break_entry(table: Table, game_id: str, broken: bool) -> None:
    """Give ``game_id``'s config entry a problem (an unknown key), or take it out again."""
    data = yaml.safe_load(table.config_path.read_text())
    for entry in data["games"]:
        if entry["id"] == game_id:
            if broken:
                entry["players"][0]["adress"] = "typo@example.test"
            else:
                entry["players"][0].pop("adress", None)
    table.config_path.write_text(yaml.safe_dump(data, sort_keys=False))
    table.service = configuration.load(table.config_path)
    assert (game_id in table.service.broken) == broken


def make(tmp_path) -> Table:
    table = Table(
        tmp_path, [game("g1", "tally", {"North": NORTH, "South": SOUTH}), game("g2", "tally", OTHERS)]
    )
    table.start("g1")
    table.start("g2")
    table.take()
    return table


def orders_of(table: Table, game_id: str, power: str) -> list[str]:
    with table.store() as store:
        stored = store.order_set(game_id, "R1", power)
        return stored.orders() if stored else []


def test_mail_for_a_set_aside_game_is_held_then_acted_on_once_mended(tmp_path):
    table = make(tmp_path)
    break_entry(table, "g1", broken=True)
    table.send(NORTH, "SIGNON North g1 pw\nADD 3")
    table.send(SOUTH, "ADD 2", to=table.reply_token_address("South"))
    table.send(OTHERS["North"], "SIGNON North g2 pw\nADD 4")  # the other game runs meanwhile
    table.run()
    for address in (NORTH, SOUTH):
        [held] = table.take(address)
        body = text_of(held)
        assert "game g1 is held up by the referee" in body and "need not send it again" in body
        assert "no running game" not in body and "not one of its players" not in body
    assert "ok: ADD 4" in text_of(table.take(OTHERS["North"])[0])
    told = [text_of(m) for m in table.take(REFEREE_ADDRESS) if "is held" in str(m["Subject"])]
    assert len(told) == 2 and all("kept" in text for text in told)
    assert orders_of(table, "g1", "North") == [] and orders_of(table, "g1", "South") == []
    with table.store() as store:
        assert store.message_count("held") == 2
    status = run_pbem("--config", str(table.config_path), "status")
    assert "2 held for a game set aside" in status.stdout, status.stdout + status.stderr

    table.advance(hours=1)
    table.run()  # still broken: nobody is told again, nothing is acted on
    assert table.take(NORTH) == [] and table.take(SOUTH) == []
    assert [m for m in table.take(REFEREE_ADDRESS) if "is held" in str(m["Subject"])] == []

    break_entry(table, "g1", broken=False)
    table.advance(hours=1)
    table.run()
    assert "ok: ADD 3" in text_of(table.take(NORTH)[0])
    assert "ok: ADD 2" in text_of(table.take(SOUTH)[0])
    assert orders_of(table, "g1", "North") == ["ADD 3"] and orders_of(table, "g1", "South") == ["ADD 2"]

    table.advance(hours=1)
    table.run()  # acted on once: no second answer, no order twice
    assert table.take(NORTH) == [] and table.take(SOUTH) == []
    assert orders_of(table, "g1", "North") == ["ADD 3"]
    with table.store() as store:
        assert store.message_count("held") == 0 and store.message_count("done") == 3


def test_an_unknown_game_is_still_answered_as_unknown(tmp_path):
    table = make(tmp_path)
    break_entry(table, "g1", broken=True)
    table.send(NORTH, "SIGNON North g9 pw\nADD 3")
    table.run()
    assert "no running game called 'g9'" in text_of(table.take(NORTH)[0])


def test_an_automatic_reply_for_a_set_aside_game_is_not_answered(tmp_path):
    table = make(tmp_path)
    break_entry(table, "g1", broken=True)
    table.send(
        SOUTH, "I am away", to=table.reply_token_address("South"), headers={"Auto-Submitted": "auto-replied"}
    )
    table.run()
    assert table.take(SOUTH) == []
