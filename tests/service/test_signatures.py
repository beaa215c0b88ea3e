"""A player's mail is read once by the game, and a refused order after a closing is answered.

The closing after the orders ("Thanks / Alice") is found in the game's one reading of the
mail, the reading whose orders are stored (pbem.turns.orders.read_orders). After a closing
phrase comes at most a short signature, which never holds a word of the game's orders: a
refused order there ("Thanks / Hold Paris") is answered, never taken for the player's name.
Real service runs, in Diplomacy and in Invincible!.
"""

from __future__ import annotations

from typing import Any

import pytest

from pbem.ruleset import get_ruleset
from tests.harness import Table, game, text_of

GAMES: dict[str, dict[str, Any]] = {
    "diplomacy": {
        "powers": ["England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey"],
        "options": {},
        "power": "England",
        "orders": "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor",
        "taken": ["A LVP - YOR", "F EDI - NWG", "F LON - NTH"],
        "phase": "S1901M",
        # Paris is France's: England's "Hold Paris" is a refused order
        "refused": ("Hold Paris", "belongs to France"),
    },
    "invincible": {
        "powers": ["North", "South", "East", "West"],
        "options": {"declarations": False},
        "power": "North",
        "orders": "Defend 3",
        "taken": ["DEFEND 3"],
        "phase": "T1-actions",
        "refused": ("Assist Jamukha", "ASSIST needs a number"),
    },
}


def address(power: str) -> str:
    return f"{power.lower()}@example.test"


@pytest.fixture(params=list(GAMES), scope="module")
def table(request, tmp_path_factory):
    name = request.param
    players = {power: address(power) for power in GAMES[name]["powers"]}
    table = Table(
        tmp_path_factory.mktemp(name),
        [game("g1", name, players, options=GAMES[name]["options"])],
        service_settings={"answers_per_hour": 0},
    )
    table.start("g1")
    table.take()
    table.game = name  # type: ignore[attr-defined]
    return table


def answer_to(table: Table, text: str) -> str:
    """The game's power sends ``text`` under its orders; pbem's answer."""
    setup = GAMES[table.game]  # type: ignore[attr-defined]
    power = setup["power"]
    table.send(f"Alice Martin <{address(power)}>", f"SIGNON {power} g1 pw\n{setup['orders']}\n\n{text}")
    table.run()
    [reply] = table.take(address(power))
    return text_of(reply)


def stored_orders(table: Table) -> list[str]:
    setup = GAMES[table.game]  # type: ignore[attr-defined]
    with table.store() as store:
        stored = store.order_set("g1", setup["phase"], setup["power"])
        return sorted(stored.orders()) if stored else []


@pytest.fixture
def readings(table, monkeypatch) -> list[str]:
    """The texts the game's ruleset is asked to read orders from, as the service runs."""
    ruleset = get_ruleset(table.game)
    texts: list[str] = []
    read = ruleset.parse_orders

    def counted(state: Any, power: str, text: str) -> Any:
        texts.append(text)
        return read(state, power, text)

    monkeypatch.setattr(ruleset, "parse_orders", counted)
    return texts


def test_a_mail_with_orders_and_a_closing_is_read_once(table, readings):
    body = answer_to(table, "Cheers,\nAlice")
    assert len(readings) == 1
    assert "read as your closing, not as orders" in body and "ERROR" not in body


def test_a_mail_with_a_refused_line_after_its_closing_is_read_once(table, readings):
    body = answer_to(table, "Thanks\nA Par H")
    assert len(readings) == 1 and "A Par H" in body and "1 line(s) had errors" in body


def test_a_mail_of_commands_alone_is_not_read_for_orders(table, readings):
    power = GAMES[table.game]["power"]  # type: ignore[attr-defined]
    table.send(address(power), f"SIGNON {power} g1 pw\nLIST")
    table.run()
    table.take()
    assert readings == []


def test_a_refused_order_after_a_closing_phrase_is_answered(table):
    body = answer_to(table, "Regards\nA Par H")
    lines = body.split("Your orders, line by line:")[1]
    assert "A Par H" in lines and "1 line(s) had errors" in body
    assert "read as your closing, not as orders" in body  # "Regards" is still the closing


def test_a_name_and_a_town_under_a_closing_are_read_as_the_game_says(table):
    # RULINGS.md (diplomacy) 27: Paris is a province in Diplomacy, a town in Invincible!
    body = answer_to(table, "Best regards\nJean-Pierre Dupont\nParis")
    if table.game == "diplomacy":  # type: ignore[attr-defined]
        assert "Paris" in body.split("Your orders, line by line:")[1] and "1 line(s) had errors" in body
    else:
        assert "ERROR" not in body and "Every line was understood." in body
    assert "read as your closing, not as orders" in body


def test_a_refused_order_after_thanks_is_answered_not_taken_for_a_name(table):
    # "Hold Paris" (Diplomacy) and "Assist Jamukha" (Invincible!) look like names, but hold the
    # game's words: the player is told the order was refused
    line, error = GAMES[table.game]["refused"]  # type: ignore[attr-defined]
    body = answer_to(table, f"Thanks\n{line}")
    assert line in body.split("Your orders, line by line:")[1]
    assert error in body and "1 line(s) had errors" in body
    assert stored_orders(table) == GAMES[table.game]["taken"]  # type: ignore[attr-defined]


def test_a_short_signature_after_a_closing_phrase_is_the_closing(table):
    for closing in ["Thanks\nAlice", "Cheers,\n\nBob Smith", "Un saludo,\nAlicia"]:
        body = answer_to(table, closing)
        assert "ERROR" not in body and "Every line was understood." in body, closing
        assert "read as your closing, not as orders" in body
        assert stored_orders(table) == GAMES[table.game]["taken"]  # type: ignore[attr-defined]
