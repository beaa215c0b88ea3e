"""A closing after the orders ("Cheers, / Bob", "Grüße / Alice") is the player's sign-off:
read by a real service run, it is neither an order nor a refused line, and no order is lost.

Mails are written as clients write them: plain text, HTML only (as Gmail's and Outlook's
compose windows send it), multipart, with and without a "-- " signature, in the languages
the players of our games write in. One test goes through the real SMTP and IMAP servers.
"""

from __future__ import annotations

import pytest

from tests.harness import MailServerTable, Table, game, text_of
from tests.service.helpers import MAIL_PROGRAM_PLAYERS as PLAYERS  # England is alice@example.test

ALICE = "Alice Martin <alice@example.test>"
ORDERS = "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor"
TAKEN = ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"]


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    table = Table(
        tmp_path_factory.mktemp("closings"),
        [game("g1", "diplomacy", PLAYERS)],
        service_settings={"answers_per_hour": 0},
    )
    table.start("g1")
    table.take()
    return table


def answer_to(table: Table, text: str = "", sender: str = ALICE, **kwargs: object) -> str:
    """Send England's mail to its secret address, run, and return pbem's answer."""
    table.send(sender, text, to=table.reply_token_address("England"), **kwargs)
    table.run()
    [reply] = table.take("alice@example.test")
    return text_of(reply)


def stored_orders(table: Table) -> list[str]:
    with table.store() as store:
        stored = store.order_set("g1", "S1901M", "England")
        return sorted(stored.orders()) if stored else []


CLOSINGS = {
    "english": "Cheers,\nAlice",
    "english-no-name-in-from": "Best regards\nCarol",
    "english-thanks-name-one-line": "Thanks, Alice!",
    "german": "Grüße\nAlice",
    "german-formal": "Mit freundlichen Grüßen\nAlice Martin",
    "german-phone": "Viele Grüße\n\nVon meinem iPhone gesendet",
    "french": "Merci, à bientôt\nDenis",
    "french-formal": "Cordialement,\nAlice Martin",
    "spanish": "Un saludo,\nAlicia",
    "italian": "Cordiali saluti\nAlice",
    "dutch": "Met vriendelijke groet,\nAlice",
    "power-name": "England",
    "own-name-alone": "Alice",
    "phone": "Sent from my iPhone",
    "signature": "Thanks\n-- \nAlice Martin\nExample Corp, +44 20 7946 0000",
}


@pytest.mark.parametrize("closing", CLOSINGS.values(), ids=CLOSINGS.keys())
def test_a_closing_after_the_orders_is_not_answered_as_refused_lines(table, closing):
    body = answer_to(table, f"{ORDERS}\n\n{closing}\n")
    assert "ERROR" not in body and "Every line was understood." in body
    assert stored_orders(table) == sorted(TAKEN)
    for line in closing.split("\n"):
        assert f": {line}\n" not in body.split("Your orders, line by line:")[1].split("Your orders now")[0]


def test_the_answer_says_which_lines_were_read_as_the_closing(table):
    body = answer_to(table, f"{ORDERS}\n\nCheers,\nAlice\n")
    assert "Lines 5-6: read as your closing, not as orders." in body


def test_a_closing_in_an_html_only_mail_is_left_out(table):
    html = (
        "<html><body><div>F Lon - Nth</div><div>F Edi - Nwg</div><div>A Lvp - Yor</div>"
        "<div><br></div><div>Liebe Grüße,</div><div>Alice</div></body></html>"
    )
    body = answer_to(table, "", html=html)
    assert "ERROR" not in body and stored_orders(table) == sorted(TAKEN)


def test_a_closing_in_a_multipart_mail_with_a_gmail_signature_is_left_out(table):
    text = f"{ORDERS}\n\nSaluti,\n\n-- \nAlice Martin\n"
    html = (
        f"<div dir='ltr'>{'<br>'.join(ORDERS.split(chr(10)))}<br><br>Saluti,<br></div>"
        "<div class='gmail_signature'>Alice Martin</div>"
    )
    body = answer_to(table, text, html=html)
    assert "ERROR" not in body and stored_orders(table) == sorted(TAKEN)


def test_a_line_that_reads_as_an_order_is_an_order_even_among_closings(table):
    # "Cheers" before the last order is not at the end: it stays a refused line, and every order stands
    body = answer_to(table, "F Lon - Nth\nCheers,\nF Edi - Nwg\nA Lvp - Yor\nThanks\nAlice")
    assert stored_orders(table) == sorted(TAKEN)
    assert "line 2: Cheers," in body and "1 line(s) had errors" in body
    assert "Lines 5-6: read as your closing" in body


def test_a_mistyped_order_after_the_orders_is_still_refused(table):
    body = answer_to(table, f"{ORDERS}\nA Par - Bur\n\nCheers,\nAlice")
    assert "line 4: A Par - Bur" in body and "1 line(s) had errors" in body


def test_a_mail_of_commands_and_a_closing_holds_no_orders(table):
    body = answer_to(table, "LIST\n\nBest,\nAlice")
    assert "ERROR" not in body and "Your orders, line by line:" not in body


def test_a_closing_with_commands_and_a_press_is_left_out(table):
    body = answer_to(table, f"{ORDERS}\nPRESS TO France\nShall we talk?\nENDPRESS\nCiao\nAlice")
    assert "ERROR" not in body and stored_orders(table) == sorted(TAKEN)


def test_a_closing_through_the_real_mail_servers(tmp_path, mail_server, mailboxes):
    table = MailServerTable.for_games(tmp_path, [game("g1", "diplomacy", PLAYERS)], mail_server, mailboxes)
    table.start("g1")
    table.take()
    sender = table.renamed["alice@example.test"]
    table.send(f"Alice Martin <{sender}>", f"SIGNON England g1 pw\r\n{ORDERS}\r\n\r\nGrüße\r\nAlice\r\n")
    table.run()
    [reply] = table.take("alice@example.test")
    assert "ERROR" not in text_of(reply) and "Every line was understood." in text_of(reply)
    assert stored_orders(table) == sorted(TAKEN)
