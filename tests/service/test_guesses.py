"""Password guesses by mail are limited, and a stranger learns nothing from the answers
(pbem.intake.guesses): through real runs on Maildir, and one on the real mail server."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from pbem import passwords
from pbem.intake.locks import PER_POWER, PER_SENDER
from tests.harness import REFEREE_ADDRESS, REFEREE_PASSWORD, Table, game, text_of

NORTH, SOUTH, EAST = "north@example.test", "south@example.test", "east@example.test"
PLAYERS = {"North": NORTH, "South": SOUTH, "East": EAST}
PASSWORDS = {"North": "n-secret", "South": "s-secret", "East": "e-secret"}
MALLORY = "mallory@evil.test"
#: the issue's attack was 150 wrong passwords, then the right one; 30 show the same, for less
GUESSES = 30


@pytest.fixture
def table(tmp_path):
    table = Table(
        tmp_path,
        [game("g1", "tally", PLAYERS, passwords=PASSWORDS)],
        service_settings={"answers_per_hour": 0},
    )
    table.start("g1")
    table.take()
    return table


def orders_of(table: Table, power: str) -> list[str]:
    with table.store() as store:
        stored = store.order_set("g1", "R1", power)
        return stored.orders() if stored else []


def guess(table: Table, sender: str, power: str, passwords: list[str], order: str = "ADD 9") -> None:
    for password in passwords:
        table.send(sender, f"SIGNON {power} g1 {password}\n{order}", subject="hello")
    table.run()


def body(mail: EmailMessage) -> tuple[str, str]:
    return str(mail["Subject"]), text_of(mail)


def test_a_stranger_gets_the_same_receipt_for_a_right_a_wrong_and_a_locked_password(table):
    guess(table, MALLORY, "North", ["wrong-one"])
    [wrong] = table.take(MALLORY)
    guess(table, MALLORY, "North", [PASSWORDS["North"]], order="ADD 1")
    [right] = table.take(MALLORY)
    guess(table, MALLORY, "North", ["w2", "w3", "w4", "w5", PASSWORDS["North"]])
    *_, locked = table.take(MALLORY)
    assert body(wrong) == body(right) == body(locked)
    assert "not the address\nregistered for North" in text_of(right)
    assert orders_of(table, "North") == ["ADD 1"]  # the right one acted; its answer went to North
    assert any("ok: ADD 1" in text_of(mail) for mail in table.take(NORTH))


def test_wrong_passwords_lock_the_power_even_for_the_right_one_and_tell_player_and_referee_once(
    table, monkeypatch
):
    checked = []
    check = passwords.check_password
    monkeypatch.setattr(passwords, "check_password", lambda *args: checked.append(args[0]) or check(*args))
    guess(table, MALLORY, "North", [f"guess{n}" for n in range(GUESSES)] + [PASSWORDS["North"]])
    assert orders_of(table, "North") == []
    tried = [word for word in checked if word.startswith("guess")]  # (the config check tries n-secret)
    assert tried == [f"guess{n}" for n in range(PER_POWER)]  # a locked sign-on costs no password check
    to_north = table.take(NORTH)
    locks = [mail for mail in to_north if "locked" in str(mail["Subject"])]
    refusals = [mail for mail in to_north if "not accepted" in str(mail["Subject"])]
    assert len(locks) == 1 and len(refusals) == PER_POWER  # each wrong one checked, then none
    assert "locked until 2026-03-02 10:00 UTC" in text_of(locks[0]) and MALLORY in text_of(locks[0])
    assert locks[0]["Reply-To"] == table.reply_token_address("North")
    locked = [str(m["Subject"]) for m in table.take(REFEREE_ADDRESS) if "locked" in str(m["Subject"])]
    assert sorted(locked) == [
        "[g1] password sign-ons as North locked",
        f"password sign-ons from {MALLORY} locked",
    ]  # one each
    with table.store() as store:
        assert len(store.signon_failures_of("g1", "North", table.now.replace(hour=0))) == GUESSES + 1
    # the player is not shut out: the reply address still signs on
    table.send(NORTH, "ADD 2", to=table.reply_token_address("North"))
    table.run()
    assert orders_of(table, "North") == ["ADD 2"]


def test_the_player_writing_from_their_own_address_is_told_the_truth(table):
    guess(table, NORTH, "North", ["typo"])
    [refused] = table.take(NORTH)
    assert "wrong password" in text_of(refused)
    guess(table, NORTH, "North", ["t2", "t3", "t4", "t5", PASSWORDS["North"]])
    [told] = [
        mail
        for mail in table.take(NORTH)
        if "locked until" in text_of(mail) and "not accepted" in str(mail["Subject"])
    ]
    assert "reply address" in text_of(told)
    assert orders_of(table, "North") == []


def test_the_lock_lifts_an_hour_after_the_wrong_passwords(table):
    guess(table, MALLORY, "North", [f"guess{n}" for n in range(PER_POWER)])
    table.advance(minutes=59)
    guess(table, NORTH, "North", [PASSWORDS["North"]], order="ADD 3")
    assert orders_of(table, "North") == []
    table.advance(minutes=2)  # the five wrong ones are over an hour old; the refused right one is not
    guess(table, NORTH, "North", [PASSWORDS["North"]], order="ADD 4")
    assert orders_of(table, "North") == ["ADD 4"]


def test_a_sender_guessing_across_powers_is_locked_before_any_power_is(table):
    tries = {"North": PER_POWER - 1, "South": PER_POWER - 1, "East": PER_SENDER - 2 * (PER_POWER - 1)}
    for power, count in tries.items():
        guess(table, MALLORY, power, [f"guess{n}" for n in range(count)])
    guess(table, MALLORY, "East", [PASSWORDS["East"]], order="ADD 5")
    assert orders_of(table, "East") == []
    [referee] = [m for m in table.take(REFEREE_ADDRESS) if "sign-ons from" in str(m["Subject"])]
    assert MALLORY in str(referee["Subject"])
    # another sender with the right password is not locked out by mallory's guesses
    guess(table, EAST, "East", [PASSWORDS["East"]], order="ADD 6")
    assert orders_of(table, "East") == ["ADD 6"]


def test_referee_sign_ons_are_limited_the_same_way(table):
    for n in range(PER_POWER):
        table.send(REFEREE_ADDRESS, f"SIGNON REFEREE g1 guess{n}\nPAUSE")
    table.send(REFEREE_ADDRESS, f"SIGNON REFEREE g1 {REFEREE_PASSWORD}\nPAUSE")
    table.run()
    assert table.game_row().status == "running"
    to_referee = table.take(REFEREE_ADDRESS)
    assert sum("locked" in str(mail["Subject"]) for mail in to_referee) == 1
    assert "referee sign-ons for game g1 are locked until 2026-03-02 10:00 UTC" in text_of(to_referee[-1])


def test_referee_sign_ons_from_other_addresses_cannot_lock_the_referee_out(table):
    for n in range(PER_POWER + 1):
        table.send(MALLORY, f"SIGNON REFEREE g1 guess{n}\nPAUSE")
    table.run()
    table.send(REFEREE_ADDRESS, f"SIGNON REFEREE g1 {REFEREE_PASSWORD}\nPAUSE")
    table.run()
    assert table.game_row().status == "paused"


def test_a_refused_sign_on_is_counted_once_though_the_run_is_done_again(table):
    guess(table, MALLORY, "North", ["guess"])
    table.run()
    with table.store() as store:
        assert len(store.signon_failures_from(MALLORY, table.now.replace(hour=0))) == 1


@pytest.mark.mailserver
def test_guesses_on_the_real_mail_server_get_receipts_and_lock(tmp_path, mail_server, mailboxes):
    from tests.harness import MailServerTable

    table = MailServerTable.for_games(
        tmp_path,
        [game("g1", "tally", {**PLAYERS, "Mallory": MALLORY}, passwords=PASSWORDS)],
        mail_server,
        mailboxes,
        service_settings={"answers_per_hour": 0},
    )
    table.start("g1")
    table.take()
    guess(table, MALLORY, "North", [f"guess{n}" for n in range(PER_POWER)] + [PASSWORDS["North"]])
    receipts = table.take(MALLORY)
    assert len(receipts) == PER_POWER + 1 and len({body(mail) for mail in receipts}) == 1
    assert orders_of(table, "North") == []
    assert sum("locked" in str(mail["Subject"]) for mail in table.take(NORTH)) == 1
