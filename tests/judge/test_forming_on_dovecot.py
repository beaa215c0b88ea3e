"""The front door on a real mailbox: a Diplomacy game formed, confirmed, played, resigned from and
taken over by mail through Dovecot (IMAP in) and SMTP (out), with no game in the config."""

from __future__ import annotations

import re

from tests.harness import MailServerTable, text_of
from tests.judge.helpers import OPEN_JUDGE, latest, reply_address, say

POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]


def test_a_game_formed_played_and_refilled_by_mail_on_dovecot(tmp_path, mail_server, mailboxes):
    judge, referee = mailboxes.user("judge"), mailboxes.user("referee")
    table = MailServerTable(tmp_path, [], mail_server, judge, referee, service_settings=OPEN_JUDGE)
    address = {
        name: mailboxes.user(name).address
        for name in ["master", "watcher", "sub", *(f"p{n}" for n in range(7))]
    }
    assert "game imapclub is open" in say(table, address["master"], "CREATE ?imapclub hunter22")
    assert "standby list of any game" in say(table, address["sub"], "STANDBY ANY")
    assert "you observe game imapclub" in say(table, address["watcher"], "OBSERVE imapclub")
    for n, power in enumerate(POWERS):  # each wants a power of their own, first
        answer = say(table, address[f"p{n}"], f"SIGNON ?imapclub secret-{n}\nSET PREFERENCE {power[0]}")
        assert "secret-" not in answer
    for n, power in enumerate(POWERS):
        muster = latest(table, address[f"p{n}"], "is full. You play")
        assert f"You play {power}." in text_of(muster)
        say(table, address[f"p{n}"], "CONFIRM", to=reply_address(muster))
    welcomes = {n: text_of(latest(table, address[f"p{n}"], "Welcome to game imapclub")) for n in range(7)}
    for phase in ("F1901M", "S1902M"):  # two phases: every unit holds, every player READY
        for n, power in enumerate(POWERS):
            units = re.search(r"Your units: (.*)\.", welcomes[n])
            assert units, welcomes[n]
            holds = "\n".join(f"{unit} H" for unit in units[1].split(", "))
            table.send(address[f"p{n}"], f"SIGNON {power} imapclub secret-{n}\n{holds}\nREADY")
        table.run()
        assert table.game_row("imapclub").phase_id == phase  # no unit moved: no winter
    assert len([m for m in table.mails_to(address["watcher"]) if "results" in str(m["Subject"])]) == 2
    assert "until someone takes it over" in say(
        table, address["p4"], "SIGNON Italy imapclub secret-4\nRESIGN"
    )
    assert "TAKEOVER Italy imapclub" in text_of(latest(table, address["sub"], "take over Italy"))
    assert "you play Italy in game imapclub" in say(
        table, address["sub"], "TAKEOVER Italy imapclub subs-pw-1"
    )
    welcome = text_of(latest(table, address["sub"], "Welcome to game imapclub"))
    assert "You take over Italy" in welcome
    assert "taken over by a new player" in text_of(latest(table, address["p4"], "new player"))


def test_a_stranger_on_dovecot_gets_one_answer_that_echoes_nothing_of_theirs(
    tmp_path, mail_server, mailboxes
):
    judge, referee = mailboxes.user("judge"), mailboxes.user("referee")
    table = MailServerTable(tmp_path, [], mail_server, judge, referee, service_settings=OPEN_JUDGE)
    stranger = mailboxes.user("stranger").address
    table.send(stranger, "Visit cheap-watches.example today!", subject="CHEAP WATCHES 90% OFF")
    table.run()
    table.send(stranger, "Still cheap-watches.example", subject="CHEAP WATCHES again")
    table.run()
    [answer] = table.mails_to(stranger)  # one a day, whatever they send
    said = str(answer["Subject"]) + text_of(answer)
    assert "WATCHES" not in said.upper() and "cheap-watches" not in said
    assert "No game is forming" in text_of(answer)  # the fixed text names the open games
