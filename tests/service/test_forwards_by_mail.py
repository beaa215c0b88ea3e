"""A forward in another language, through a real run (issue 31): the player's orders stand, the
forwarded orders are not taken, and no line of the forward's header is answered as an order."""

from tests.harness import Table, game, text_of
from tests.mail_reading.test_forwards import FORWARDS

PLAYERS = {power: f"{power.lower()}@example.test" for power in
           ["England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey"]}


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
