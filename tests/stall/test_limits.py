"""What a mail is read to (issue 29): lines of orders, commands, a line's length and words. Far
above what any player sends; past them the answer says in one sentence what was not read and
why, and the rest is read. And the issue's own mails, through a real run of a Diplomacy game."""

from __future__ import annotations

import pytest

from pbem.intake.commands import MAX_COMMANDS, MAX_LINE_CHARS, MAX_LINE_WORDS, MAX_ORDER_LINES, read_mail
from pbem.mail.message import MAX_TEXT_CHARS
from tests.harness import Table, game, plain_mail, text_of


def order_lines(text: str) -> list[str]:
    return [line for line in read_mail(text).order_text.split("\n") if line]


def test_a_mail_is_read_to_its_first_lines_of_orders_and_says_which_were_not():
    lines = [f"A Par - Bur {number}" for number in range(MAX_ORDER_LINES + 20)]
    mail = read_mail("SIGNON France g1 pw\n" + "\n".join(lines) + "\nREADY")
    assert [line for line in mail.order_text.split("\n") if line] == lines[:MAX_ORDER_LINES]
    first, last = MAX_ORDER_LINES + 2, MAX_ORDER_LINES + 21  # the sign-on is line 1
    assert mail.unread == [
        f"Lines {first} to {last} were not read as orders: a mail is read to its first "
        f"{MAX_ORDER_LINES} lines of orders."
    ]
    assert [command.name for command in mail.commands] == ["READY"]  # the rest is read


def test_a_mail_of_as_many_orders_as_it_may_hold_is_read_whole():
    mail = read_mail("\n".join(["A Par H"] * MAX_ORDER_LINES))
    assert mail.unread == [] and len(order_lines(mail.order_text)) == MAX_ORDER_LINES


@pytest.mark.parametrize(
    ("line", "read"),
    [
        ("A Par - Bur " + "x" * (MAX_LINE_CHARS - 12), True),
        ("A Par - Bur " + "x" * (MAX_LINE_CHARS - 11), False),
        (" ".join(["Bur"] * MAX_LINE_WORDS), True),
        (" ".join(["Bur"] * (MAX_LINE_WORDS + 1)), False),
        ("SIGNON " + "x" * MAX_LINE_CHARS, False),  # a command too
    ],
    ids=["longest", "one character more", "most words", "one word more", "a command"],
)
def test_a_line_too_long_for_any_order_is_not_read(line, read):
    mail = read_mail(f"F Bre - Mao\n{line}\nA Mar H")
    assert order_lines(mail.order_text) == (
        ["F Bre - Mao", line, "A Mar H"] if read else ["F Bre - Mao", "A Mar H"]
    )
    assert mail.signon is None and not mail.commands
    expected = (
        []
        if read
        else [
            f"1 line longer than {MAX_LINE_CHARS} characters or {MAX_LINE_WORDS} "
            "words was not read, as no order is so long (it is line 2)."
        ]
    )
    assert mail.unread == expected


def test_a_mail_is_acted_on_to_its_first_commands():
    mail = read_mail("SIGNON France g1 pw\n" + "LIST\n" * (MAX_COMMANDS + 5) + "A Par - Bur")
    assert len(mail.commands) == MAX_COMMANDS
    assert mail.unread == [
        f"Commands from line {MAX_COMMANDS + 2} on were not acted on: a mail is read "
        f"to its first {MAX_COMMANDS} commands."
    ]
    assert order_lines(mail.order_text) == ["A Par - Bur"]


POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
PLAYERS = {power: f"{power.lower()}@example.test" for power in POWERS}


def test_the_mails_of_the_issue_are_answered_with_what_was_read_and_what_was_not(tmp_path):
    """The three mails that took 73 s, 39 s and 49 s each: HTML of unbalanced tags, a 63 kB line
    of order words, 32,000 one-letter lines; each after a move, which is stored."""
    table = Table(tmp_path, [game("g1", "diplomacy", PLAYERS)])
    table.start("g1")
    table.take()
    tags = "<p>SIGNON Germany g1 pw</p><p>A Mun - Ruh</p>" + "<b>" * 50_000 + "</i>" * 50_000
    table.deliver(plain_mail(PLAYERS["Germany"], "", html=tags))
    words = " ".join(["army", "fleet", "paris", "burgundy", "support", "hold"] * 1_500)  # 60 kB
    table.send(PLAYERS["France"], f"SIGNON France g1 pw\nA Par - Bur\n{words}")
    letters = "SIGNON England g1 pw\nF Lon - Nth\n" + "a\n" * 32_000
    table.send(PLAYERS["England"], letters)
    tally = table.run()

    assert tally.errors == [] and tally.handled == 3
    with table.store() as store:
        orders = {power: store.order_set("g1", "S1901M", power) for power in ("Germany", "France", "England")}
    assert {power: found.orders() for power, found in orders.items() if found} == {
        "Germany": ["A MUN - RUH"],
        "France": ["A PAR - BUR"],
        "England": ["F LON - NTH"],
    }
    [france] = table.take(PLAYERS["France"])
    told = " ".join(text_of(france).split())
    assert (
        "1 line longer than 1000 characters or 100 words was not read, as no order is so long (it is line 3)."
    ) in told
    [england] = table.take(PLAYERS["England"])
    told = " ".join(text_of(england).split())
    last = letters[:MAX_TEXT_CHARS].rstrip("\n").count("\n") + 1  # the body is read to 64,000 characters
    assert f"only the first {MAX_TEXT_CHARS} characters were read" in told
    assert (
        f"Lines 502 to {last} were not read as orders: a mail is read to its first 500 lines of orders."
    ) in told
    assert len(table.take(PLAYERS["Germany"])) == 1
