"""A forward in another language, through a real run (issue 31): the player's orders stand, the
forwarded orders are not taken, and no line of the forward's header is answered as an order."""

from tests.harness import Table, game, text_of
from tests.mail_reading.helpers import FORWARDS

PLAYERS = {
    power: f"{power.lower()}@example.test"
    for power in ["England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey"]
}


def test_a_thunderbird_forward_in_turkish_keeps_the_players_orders_and_answers_no_header(tmp_path):
    table = Table(tmp_path, [game("g1", "diplomacy", PLAYERS)])
    table.start("g1")
    table.take()
    body = "A LVP - YOR\nF LON - ENG\n\n" + FORWARDS["thunderbird-tr"] + "F EDI - NTH\nA LVP - WAL\n"
    table.send(PLAYERS["England"], body, to=table.reply_token_address("England"), subject="Fwd: Emirler")
    table.run()
    [answer] = table.take(PLAYERS["England"])
    with table.store() as store:
        stored = store.order_set("g1", "S1901M", "England")
    assert stored is not None and stored.orders() == ["A LVP - YOR", "F LON - ENG"]
    assert "ERROR" not in text_of(answer) and "Konu" not in text_of(answer)


def test_a_greeting_above_the_orders_is_read_as_one_and_one_below_the_first_order_is_refused(tmp_path):
    table = Table(tmp_path, [game("g1", "diplomacy", PLAYERS)], service_settings={"answers_per_hour": 0})
    table.start("g1")
    table.take()
    to = table.reply_token_address("England")
    table.send(PLAYERS["England"], "Hi Christine,\n\nA LVP - YOR\nF LON - ENG\n", to=to)
    table.run()
    [answer] = table.take(PLAYERS["England"])
    assert "Line 1: read as your greeting" in text_of(answer) and "ERROR" not in text_of(answer)
    assert "does not end early" not in text_of(answer)

    table.send(PLAYERS["England"], "A LVP - YOR\nHi Christine,\nF LON - ENG\n", to=to)
    table.run()
    [answer] = table.take(PLAYERS["England"])
    assert "greeting" not in text_of(answer)
    assert "line 2: Hi Christine,\n      ERROR" in text_of(answer)


def test_the_players_name_from_the_config_is_their_closing_though_the_display_name_differs(tmp_path):
    entry = game("g1", "diplomacy", PLAYERS)
    entry["players"][0]["name"] = "Anna Berger"  # England's player
    table = Table(tmp_path / "named", [entry], service_settings={"answers_per_hour": 0})
    unnamed = Table(
        tmp_path / "unnamed", [game("g1", "diplomacy", PLAYERS)], service_settings={"answers_per_hour": 0}
    )
    answers = []
    for each in (table, unnamed):
        each.start("g1")
        each.take()
        each.send(
            f"Player One <{PLAYERS['England']}>",
            "A LVP - YOR\nF LON - ENG\n\nAnna\n",
            to=each.reply_token_address("England"),
        )
        each.run()
        [answer] = each.take(PLAYERS["England"])
        answers.append(text_of(answer))
    assert "Line 4: read as your closing" in answers[0] and "ERROR" not in answers[0]
    assert "line 4: Anna\n      ERROR" in answers[1]
