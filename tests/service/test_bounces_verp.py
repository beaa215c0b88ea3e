"""Bounces by return address through a real run (issue 31): each mail leaves from its recipient's
own return address (pbem.mail.verp), so a bounce that quotes nothing of the mail, as many
servers write them, is still matched to the player; the referee hears of a run of bounces at its
first and its third, a mail that got through ends the run, and the player hears of it at an
address they moved from, never at the one that bounced."""

import re
from datetime import timedelta
from email.utils import make_msgid

import pytest

from pbem.turns.bounces import DELIVERED_AFTER
from tests.harness import REFEREE_ADDRESS, MailServerTable, Table, game, text_of
from tests.mail_reading.bounce_formats import WRITERS
from tests.service.helpers import HOLD

PLAYERS = {
    power: f"{power.lower()}@example.test"
    for power in ["England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey"]
}


@pytest.fixture(name="table")
def started_table(tmp_path):
    table = Table(tmp_path, [game("g1", "diplomacy", PLAYERS)], service_settings={"answers_per_hour": 0})
    table.start("g1")
    table.take()
    return table


def return_path(table: Table, address: str) -> str:
    """The envelope sender of the last mail pbem sent ``address``, as the Maildir recorded it."""
    [*_, last] = table.mails_to(address)
    return str(last["Return-Path"]).strip("<>")


def bounce(table: Table, address: str, server: str = "gmail") -> None:
    """``server``'s bounce of the last mail to ``address``, quoting no Message-ID, delivered to
    the return address that mail went out from."""
    raw = WRITERS[server](address, return_path(table, address), None)
    table.deliver(f"Message-ID: {make_msgid(domain='mx.example.test')}\n".encode() + raw)


def press_to_italy(table: Table) -> None:
    """One more mail to Italy, that Italy did not ask for: England's press."""
    table.send(
        PLAYERS["England"],
        "PRESS TO Italy\nShall we talk?\nENDPRESS",
        to=table.reply_token_address("England"),
    )
    table.run()
    table.take(PLAYERS["England"])


def subjects(table: Table, address: str) -> list[str]:
    return [str(mail["Subject"]) for mail in table.take(address)]


def test_each_recipients_mail_goes_out_from_a_return_address_of_its_own(tmp_path):
    players = {"North": "north@example.test", "South": "south@example.test"}
    table = Table(tmp_path, [game("g1", "tally", players)])
    table.start("g1")
    paths = {power: return_path(table, address) for power, address in players.items()}
    assert len({*paths.values(), return_path(table, REFEREE_ADDRESS)}) == 3
    for power, path in paths.items():
        assert re.fullmatch(r"judge\+bounce-[0-9a-f]{20}@pbem\.test", path), path
        assert power.lower() not in path
    table.send(players["North"], "SIGNON North g1 pw\nLIST")  # the same for every mail to one player
    table.run()
    assert len(table.mails_to(players["North"])) == 2
    assert return_path(table, players["North"]) == paths["North"]


@pytest.mark.parametrize("server", sorted(WRITERS))
def test_a_bounce_that_quotes_nothing_is_matched_by_where_it_came_back(table, server):
    bounce(table, PLAYERS["Italy"], server)
    table.run()
    [notice] = table.take(REFEREE_ADDRESS)
    assert notice["Subject"] == "[g1] mail to Italy's address bounced"
    assert "italy@example.test" in text_of(notice) and "550" in text_of(notice)
    assert table.take() == []  # never answered, and Italy has no other address to be told at
    with table.store() as store:
        [row] = [row for row in store._rows("SELECT status, power, outcome FROM messages")]
    assert (row["status"], row["power"]) == ("ignored", "Italy") and row["outcome"].startswith("bounce: ")


def test_a_bounce_to_a_return_address_of_nobody_is_dropped_quietly(table):
    raw = WRITERS["postfix"]("italy@example.test", "judge+bounce-0123456789abcdef0123@pbem.test", None)
    table.deliver(raw)
    table.run()
    assert table.take() == []
    with table.store() as store:
        [row] = store._rows("SELECT status, outcome FROM messages")
    assert row["status"] == "ignored" and row["outcome"].startswith("bounce (not a mail of ours)")


def test_the_third_bounce_in_a_row_is_told_and_a_mail_that_got_through_ends_the_run(table):
    for _ in range(3):  # the welcome, then two press mails, each bounced
        bounce(table, PLAYERS["Italy"])
        table.run()
        press_to_italy(table)
    assert subjects(table, REFEREE_ADDRESS) == [
        "[g1] mail to Italy's address bounced",
        "[g1] mail to Italy's address bounced, the 3rd bounce in a row",
    ]
    bounce(table, PLAYERS["Italy"])  # the fourth, and the same server's report of it again
    bounce(table, PLAYERS["Italy"])
    table.run()
    assert subjects(table, REFEREE_ADDRESS) == []
    with table.store() as store:
        italy = store.player("g1", "Italy")
        assert italy is not None
        assert len([row for row in store.sent_mail_to("g1", italy.address) if row["bounced_by"]]) == 4
    # a press mail goes out and no bounce of it comes: it got through; the next bounce is a first
    press_to_italy(table)
    table.advance(seconds=(DELIVERED_AFTER + timedelta(minutes=1)).total_seconds())
    press_to_italy(table)
    bounce(table, PLAYERS["Italy"])
    table.run()
    assert subjects(table, REFEREE_ADDRESS) == ["[g1] mail to Italy's address bounced"]


def test_the_player_is_told_at_the_address_they_moved_from_once_a_run(table):
    old, new = PLAYERS["Italy"], "italy.new@example.test"
    table.send(old, f"SIGNON Italy g1 pw\nSET ADDRESS {new}")
    table.run()
    [confirmation] = table.take(new)
    code = re.search(r"CONFIRM ADDRESS (\w+)", text_of(confirmation))
    assert code is not None
    table.send(new, f"SIGNON Italy g1 pw\nCONFIRM ADDRESS {code[1]}")
    table.run()
    table.take()
    for _ in range(2):  # two bounces in a row: the player is told once
        press_to_italy(table)
        table.take(new)
        bounce(table, new, "exchange")
        table.run()
    [told] = table.take(old)
    assert told["Subject"] == "[g1] your mail for Italy bounces"
    assert f"Mail to {new}" in text_of(told) and "SET ADDRESS" in text_of(told)
    assert "RecipientNotFound" in text_of(told)
    assert table.take(new) == []  # never at the address that bounced
    assert subjects(table, REFEREE_ADDRESS) == ["[g1] mail to Italy's address bounced"]


def test_on_a_real_smtp_server_the_envelope_sender_is_the_return_address_and_its_bounce_comes_home(
    tmp_path, mail_server, mailboxes
):
    players = {"North": "north@example.test", "South": "south@example.test"}
    table = MailServerTable.for_games(tmp_path, [game("g1", "tally", players)], mail_server, mailboxes)
    table.start("g1")
    north = table.renamed[players["North"]]
    [welcome] = table.take(players["North"])
    table.take(players["South"])
    path = str(welcome["Return-Path"]).strip("<>")  # as Dovecot recorded the envelope sender
    assert re.fullmatch(r"judge[^+@]*\+bounce-[0-9a-f]{20}@example\.test", path), path
    [accepted] = [mail for mail in mail_server.accepted if mail.recipients == (north,)]
    assert accepted.sender == path
    # North's server bounces it later, quoting nothing; the bounce comes back to that address
    raw = WRITERS["exim"](north, path, None).split(b"\n", 2)[2]  # Dovecot writes its own envelope lines
    mail_server.deliver(raw, to=path, sender="")
    table.run()
    assert table.service.referee is not None
    [notice] = [
        mail for mail in table.take(table.service.referee.address) if "bounced" in str(mail["Subject"])
    ]
    assert notice["Subject"] == "[g1] mail to North's address bounced"
    assert "550 5.1.1 No such user here" in text_of(notice)
    assert table.take(players["North"]) == [] and table.take(players["South"]) == []


@pytest.mark.parametrize(
    "setting, form",
    [("plain", r"judge@pbem\.test"), ("bounces@pbem.test", r"bounces\+bounce-[0-9a-f]{20}@pbem\.test")],
)
def test_the_return_path_key_sends_from_the_address_itself_or_tags_another(tmp_path, setting, form):
    players = {"North": "north@example.test", "South": "south@example.test"}
    table = Table(tmp_path, [game("g1", "tally", players)], service_settings={"return_path": setting})
    table.start("g1")
    path = return_path(table, players["North"])
    assert re.fullmatch(form, path), path
    table.deliver(WRITERS["postfix"](players["North"], path, None))
    table.run()
    told = [str(mail["Subject"]) for mail in table.take(REFEREE_ADDRESS) if "bounced" in str(mail["Subject"])]
    assert told == ([] if setting == "plain" else ["[g1] mail to North's address bounced"])


@pytest.mark.slow  # a phase to its deadline and grace period
def test_a_power_whose_later_mail_got_through_misses_the_phase_even_when_the_referee_decides_bounces(
    tmp_path,
):
    table = Table(
        tmp_path,
        [game("g1", "diplomacy", PLAYERS, bounced_nmr="referee")],
        service_settings={"answers_per_hour": 0},
    )
    table.start("g1")
    table.take()
    bounce(table, PLAYERS["Italy"])  # the welcome bounced...
    for power in PLAYERS:
        if power != "Italy":
            table.send(PLAYERS[power], HOLD[power], to=table.reply_token_address(power))
    table.run()
    table.now = table.game_row().deadline
    table.run()  # ...but the notice that Italy is late, at the deadline, bounces not
    table.now = table.game_row().grace_until
    table.run()
    with table.store() as store:
        italy = store.player("g1", "Italy")
    assert italy is not None and italy.nmr_streak == 1
    assert not any("their mail bounces" in subject for subject in subjects(table, REFEREE_ADDRESS))
