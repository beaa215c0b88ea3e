"""Bounces through a real run (issue 31): a delivery-status report for a mail pbem sent a player
is matched to the player by the bounced mail's Message-ID, stored, and the referee told once per
run of bounces, and again at the third in a row; a bounce is never answered."""

from email.utils import make_msgid

import pytest

from tests.harness import REFEREE_ADDRESS, Table, game, text_of
from tests.mail_reading.helpers import dsn
from tests.service.helpers import HOLD

PLAYERS = {
    power: f"{power.lower()}@example.test"
    for power in ["England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey"]
}


def bounce_of(table: Table, power: str) -> bytes:
    """A report that the last mail pbem sent to ``power`` bounced, as Postfix writes it."""
    [*_, sent] = table.mails_to(PLAYERS[power])
    raw = dsn().replace(b"<report.S1901M.italy@pbem.test>", sent["Message-ID"].encode())
    own_id = f"Message-ID: {make_msgid(domain='mx.example.test')}\n".encode()  # each bounce is a new mail
    return own_id + raw.replace(b"dan@example.test", PLAYERS[power].encode())


def test_a_bounce_is_matched_to_the_player_told_to_the_referee_once_and_again_at_three(tmp_path):
    table = Table(tmp_path, [game("g1", "diplomacy", PLAYERS)], service_settings={"answers_per_hour": 0})
    table.start("g1")
    table.take()
    for _ in range(3):  # the welcome and two press mails from England, each bounced
        table.deliver(bounce_of(table, "Italy"))
        table.run()
        table.send(
            PLAYERS["England"], "PRESS TO Italy\nhello\nENDPRESS", to=table.reply_token_address("England")
        )
        table.run()
    notices = table.take(REFEREE_ADDRESS)
    assert [notice["Subject"] for notice in notices] == [
        "[g1] mail to Italy's address bounced",
        "[g1] mail to Italy's address bounced, the 3rd bounce in a row",
    ]
    assert "italy@example.test" in text_of(notices[0]) and "550 5.1.1" in text_of(notices[0])
    assert all(
        "bounce" not in str(mail["Subject"]) for mail in table.take(PLAYERS["Italy"])
    )  # never answered

    # Italy writes again (a while later): the next bounce starts a new run, told once more
    table.advance(minutes=5)
    table.send(PLAYERS["Italy"], "A VEN H", to=table.reply_token_address("Italy"))
    table.run()
    table.deliver(bounce_of(table, "Italy"))
    table.run()
    assert [n["Subject"] for n in table.take(REFEREE_ADDRESS)] == ["[g1] mail to Italy's address bounced"]


def test_a_bounce_of_a_mail_that_is_not_ours_is_left_alone(tmp_path):
    table = Table(tmp_path, [game("g1", "diplomacy", PLAYERS)])
    table.start("g1")
    table.take()
    table.deliver(dsn().replace(b"dan@example.test", PLAYERS["Italy"].encode()))
    table.run()
    assert table.take() == []


@pytest.mark.parametrize("bounced_nmr", ["referee", "count"])
def test_a_silent_power_whose_mail_bounces_misses_a_phase_only_as_the_game_says(tmp_path, bounced_nmr):
    table = Table(
        tmp_path,
        [game("g1", "diplomacy", PLAYERS, bounced_nmr=bounced_nmr)],
        service_settings={"answers_per_hour": 0},
    )
    table.start("g1")
    table.take()
    table.deliver(bounce_of(table, "Italy"))
    for power in PLAYERS:
        if power != "Italy":
            table.send(PLAYERS[power], HOLD[power], to=table.reply_token_address(power))
    table.run()
    table.take()
    table.now = table.game_row().deadline
    table.run()  # Italy is late: told so, and that mail bounces too, as every mail to a dead address
    table.deliver(bounce_of(table, "Italy"))
    table.now = table.game_row().grace_until
    table.run()
    with table.store() as store:
        italy = store.player("g1", "Italy")
    assert italy is not None and italy.nmr_streak == (0 if bounced_nmr == "referee" else 1)
    told = [str(mail["Subject"]) for mail in table.take(REFEREE_ADDRESS)]
    assert ("[g1] Italy sent no orders, and their mail bounces" in told) == (bounced_nmr == "referee")
