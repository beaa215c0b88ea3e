"""The muster mail answered as mail programs answer it: the reply quotes the judge's own mail,
whose lines include ``CONFIRM`` and ``RESIGN``; only what the player wrote is acted on.
Real runs on Maildir; each mail program's reply is written here the way it writes one."""

from __future__ import annotations

from typing import Any

import pytest

from tests.harness import Table, text_of
from tests.judge.helpers import OPEN_JUDGE, latest, reply_address, say

DUEL = {"id": "duel", "ruleset": "invictus", "seats": 2, "deadlines": {"default": "48h"}}
WROTE = "pbem test judge <judge@pbem.test>"


def _quoted(muster: str, prefix: str = "> ") -> str:
    return "\n".join(f"{prefix}{line}".rstrip() for line in muster.splitlines())


def gmail(said: str, muster: str) -> dict[str, Any]:
    return {"text": f"{said}\n\nOn Mon, Mar 2, 2026 at 10:00 AM {WROTE} wrote:\n\n{_quoted(muster)}\n"}


def outlook(said: str, muster: str) -> dict[str, Any]:
    header = (
        f"________________________________\nFrom: {WROTE}\nSent: Monday, March 2, 2026 10:00 AM\n"
        "To: a@players.test\nSubject: [duel] game duel is full: confirm your seat\n"
    )
    html = (
        "<html><body><div class=WordSection1>"
        + "".join(f"<p class=MsoNormal>{line}</p>" for line in said.splitlines())
        + "</div><hr><div id=divRplyFwdMsg><b>From:</b> "
        + WROTE.replace("<", "&lt;")
        + "<br><b>Sent:</b> Monday, March 2, 2026 10:00 AM</div><div>"
        + "<br>".join(muster.splitlines())
        + "</div></body></html>"
    )
    return {"text": f"{said}\r\n\r\n{header}\r\n{muster}", "html": html}


def apple_mail(said: str, muster: str) -> dict[str, Any]:
    return {
        "text": f"{said}\n\nSent from my iPhone\n\n> On 2 Mar 2026, at 10:00, {WROTE} wrote:\n> \n"
        f"{_quoted(muster)}\n"
    }


def thunderbird_below(said: str, muster: str) -> dict[str, Any]:
    """Thunderbird, the reply written below the quote (bottom-posting)."""
    return {"text": f"On 02/03/2026 10:00, {WROTE} wrote:\n{_quoted(muster)}\n\n{said}\n"}


CLIENTS = [gmail, outlook, apple_mail, thunderbird_below]


def _mustered(tmp_path: Any) -> tuple[Table, str]:
    table = Table(tmp_path, [], service_settings=OPEN_JUDGE, game_templates=[DUEL])
    for sender, text in [
        ("opener@players.test", "CREATE ?duel hunter22 duel"),
        ("a@players.test", "SIGNON ?duel secret-1"),
        ("b@players.test", "SIGNON ?duel secret-2"),
    ]:
        table.send(sender, text)
        table.run()
    return table, "a@players.test"


@pytest.mark.parametrize("client", CLIENTS, ids=lambda client: client.__name__)
def test_a_confirmation_as_mail_programs_write_it_confirms_and_nothing_else(tmp_path, client):
    table, player = _mustered(tmp_path)
    muster = latest(table, player, "is full. You play")
    table.send(
        player,
        subject=f"Re: {muster['Subject']}",
        to=reply_address(muster),
        **client("CONFIRM\nLooking forward to it!\nAnn", text_of(muster)),
    )
    table.run()
    answer = text_of(table.mails_to(player)[-1])
    assert "CONFIRM: confirmed: you play" in answer
    assert answer.count("CONFIRM:") == 1 and "RESIGN:" not in answer.split("What you can send")[0]
    with table.store() as store:
        seat = store.seat("duel", player)
    assert seat is not None and seat.confirmed


@pytest.mark.parametrize("client", CLIENTS, ids=lambda client: client.__name__)
def test_a_withdrawal_under_a_quoted_confirm_withdraws(tmp_path, client):
    table, player = _mustered(tmp_path)
    muster = latest(table, player, "is full. You play")
    table.send(
        player,
        subject=f"Re: {muster['Subject']}",
        to=reply_address(muster),
        **client("Sorry, I cannot play after all.\nRESIGN", text_of(muster)),
    )
    table.run()
    answer = text_of(table.mails_to(player)[-1])
    assert "RESIGN: you left game duel" in answer and "CONFIRM:" not in answer
    with table.store() as store:
        assert store.seat("duel", player) is None
        opened = store.open_game("duel")
    assert opened is not None and opened.status == "forming"


@pytest.mark.parametrize("said", ["Confirmed!", "Confirm.", "I confirm, thanks"])
def test_a_confirmation_in_words_is_told_how_to_confirm(tmp_path, said):
    table, player = _mustered(tmp_path)
    muster = latest(table, player, "is full. You play")
    table.send(
        player, subject=f"Re: {muster['Subject']}", to=reply_address(muster), **gmail(said, text_of(muster))
    )
    table.run()
    answer = text_of(table.mails_to(player)[-1])
    assert "your seat is not confirmed yet: to confirm it, reply with the line CONFIRM alone" in answer


def test_a_confirmed_seat_stays_confirmed_when_another_player_withdraws(tmp_path):
    table, player = _mustered(tmp_path)
    say(table, player, "CONFIRM", to=reply_address(latest(table, player, "is full. You play")))
    other = latest(table, "b@players.test", "is full. You play")
    say(table, "b@players.test", "RESIGN", to=reply_address(other))
    told = text_of(latest(table, player, "waits for 1 more"))
    assert "Your seat, power and confirmation are kept" in told
    say(table, "c@players.test", "SIGNON ?duel secret-3")
    assert len([m for m in table.mails_to(player) if "confirm your seat" in str(m["Subject"])]) == 1
    confirmed = say(
        table,
        "c@players.test",
        "CONFIRM",
        to=reply_address(latest(table, "c@players.test", "is full. You play")),
    )
    assert "every seat is confirmed and game duel begins" in confirmed
