"""Replies written in real mail programs, read by a real service run on Maildir.

England orders, gets pbem's answer, and answers it from each program of
tests/data/replies above the program's quote of that answer. The orders the
player wrote must stand, and no quoted line (the answer's "Your orders now"
above all) may be read, as an order or as anything else.
"""

import re
from pathlib import Path

import pytest

from tests.harness import Table, game, text_of
from tests.service.helpers import ALICE
from tests.service.helpers import MAIL_PROGRAM_PLAYERS as PLAYERS

REPLIES = Path(__file__).parent.parent / "data" / "replies"
CORPUS = sorted(REPLIES.glob("*.eml"))
CORPUS_TOKEN_ADDRESS = b"judge+58c1142ecab6b21a4a73@pbem.test"
FIRST = "F Lon - Eng\nF Edi - Nth\nA Lvp - Wal"
QUOTED_ORDERS = {"F LON - ENG", "F EDI - NTH", "A LVP - WAL"}
NEW_ORDERS = ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"]


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    # one player sends two mails a program: more than the answers an hour a player gets by default
    table = Table(
        tmp_path_factory.mktemp("replies"),
        [game("g1", "diplomacy", PLAYERS)],
        service_settings={"answers_per_hour": 0},
    )
    table.start("g1")
    table.take()
    return table


def orders_now(answer: str) -> list[str]:
    section = answer.split("Your orders now:\n", 1)[1]
    return [line.strip() for line in section.split("\n") if line.startswith("  ")]


def lines_read(answer: str) -> list[str]:
    """Every line of the player's mail the answer says it read, orders and commands."""
    read = re.findall(r"^  line \d+: (.*)$", answer, re.MULTILINE)
    return read + re.findall(r"^  > (.*)$", answer, re.MULTILINE)


@pytest.mark.parametrize("path", CORPUS, ids=lambda path: path.stem)
def test_a_reply_from_a_mail_program_is_read_without_its_quote(table, path):
    token_address = table.reply_token_address("England")
    table.send(ALICE, FIRST, to=token_address)
    table.run()
    [first] = table.take(ALICE)
    assert orders_now(text_of(first)) == sorted(QUOTED_ORDERS, key=FIRST.upper().index)

    table.deliver(path.read_bytes().replace(CORPUS_TOKEN_ADDRESS, token_address.encode()))
    table.run()
    [answer] = table.take(ALICE)
    body = text_of(answer)
    with table.store() as store:
        stored = store.order_set("g1", "S1901M", "England")
        assert stored is not None and stored.orders() == NEW_ORDERS
    assert orders_now(body) == NEW_ORDERS
    read = lines_read(body)
    assert read[:3] == ["F Lon - Nth", "F Edi - Nwg", "A Lvp - Yor"]
    # beyond the orders, only the player's own closing words and name
    assert all(
        line.rstrip(",") in {"Alice", "Grüße", "Gruß", "Saludos", "Ciao", "Groet", "Abraços"}
        for line in read[3:]
    ), read
