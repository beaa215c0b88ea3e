"""Signatures as people and their mail programs write them, read as no orders (issue 31): a
German partnership's Impressum under "Mit freundlichem Gruß", a department ("Vertrieb und
Service"), a signature set apart by a rule with a logo's name and a title in two languages, a
name with its degrees over a title and a firm, the writer's family name under a nickname, an
honorific ("Me Jeanne Tremblay"), and a mail address alone under initials that name a province.
An order standing where any of them stands is still read, and an order-like line answered."""

from __future__ import annotations

import email
import email.policy
import re
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest

from pbem.intake.closings import closing_of
from pbem.intake.commands import read_mail
from pbem.mail.closings import MAX_CLOSING_LINES, closing_blocks, closing_kind, name_words, signature_line
from pbem.mail.message import parse
from pbem.mail.quotes import own_text
from pbem.ruleset import get_ruleset
from tests.harness import Table, game, text_of

LETTERS = Path(__file__).parent.parent / "data" / "replies" / "letters"
POWERS = ["England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey"]
PLAYERS = {power: f"{power.lower()}@example.test" for power in POWERS}
DIPLOMACY = get_ruleset("diplomacy")
STATE = DIPLOMACY.start("standard", POWERS, {}, seed=1)
WORDS = DIPLOMACY.order_words(STATE)
ORDERS = "A LVP - YOR\nF LON - ENG\n\n"


def _orders_in(text: str) -> list[int]:
    return [line.line for line in DIPLOMACY.parse_orders(STATE, "England", text) if line.order is not None]


def _closing(text: str, *names: str) -> list[str]:
    """The lines of ``text`` read as its closing, the writer being ``names``."""
    mail = read_mail(text)
    lines = mail.order_text.split("\n")
    return [lines[at - 1] for at in closing_of(mail, [*names, "England"], _orders_in(mail.order_text), WORDS)]


IMPRESSUM = """Mit freundlichem Gruß

Klara Beispiel
Vertrieb und Service

Beispiel Werkzeuge GmbH & Co. KG
Lindenstr. 12
30159 Hannover
Tel.: +49 511 123 45 67
klara.beispiel@werkzeuge.example
www.werkzeuge.example

KG mit Sitz in Hannover, AG Hannover - HRA 12345
Persönlich haftende Gesellschafterin:
Beispiel Verwaltungs GmbH, Hannover
AG Hannover - HRB 67890
Geschäftsführer: Paul Beispiel, Eva Muster,
Jonas Probe, Lea Test
Vorstand: Marie Beispiel"""


def test_a_partnerships_impressum_under_the_closing_is_the_closing_whole():
    closing = _closing(ORDERS + IMPRESSUM, "Klara Beispiel")
    assert closing == [line for line in IMPRESSUM.split("\n") if line.strip()]


@pytest.mark.parametrize("at", ["Vertrieb und Service", "Lindenstr. 12", "Jonas Probe, Lea Test"])
def test_an_order_where_a_line_of_the_impressum_stands_is_read_and_ends_no_less(at):
    text = ORDERS + IMPRESSUM.replace(at, "F EDI - NTH")
    assert 3 in _orders_in(read_mail(text).order_text) or "F EDI - NTH" in text
    mail = read_mail(text)
    orders = _orders_in(mail.order_text)
    lines = mail.order_text.split("\n")
    assert lines.index("F EDI - NTH") + 1 in orders
    assert all(number > max(orders) for number in closing_of(mail, ["Klara Beispiel"], orders, WORDS))


@pytest.mark.parametrize(
    ("line", "department"),
    [
        ("Vertrieb und Service", True),
        ("Service und Support", True),  # "support" is Diplomacy's: one such word, joined so, is no order
        ("Research & Development", True),
        ("Ventes et Marketing", True),
        ("Hold and Paris", False),  # two words of the game's orders
        ("Support and", False),
        ("A Par and Bur", False),
    ],
)
def test_a_department_is_capitalised_words_joined_by_and_in_some_language(line, department):
    assert signature_line(line, frozenset(), WORDS) is department


def test_a_legal_form_that_is_a_word_of_the_game_still_makes_a_company():
    # "AG" is the Aegean's abbreviation in Diplomacy; "Example Service AG" is no order
    for line in [
        "Example Service AG",
        "Beispiel Verwaltungs GmbH, Hannover",
        "Muster OHG",
        "Beispiel Stiftung",
    ]:
        assert signature_line(line, frozenset(), WORDS), line
    assert not signature_line("Kiel AG", frozenset(), WORDS)  # a province before it


RULED = """----------------------
ACME_LOGO_RGB
Me Jeanne Tremblay
Avocate / Lawyer
Cabinet Tremblay du Québec
t. 514-555-0142
f. 514-555-0143
https://tremblay.example/"""


def test_a_signature_set_apart_by_a_rule_is_the_closing_whole():
    text = ORDERS + "Je te confirme mes ordres.\n\n" + RULED
    assert _closing(text, "Someone Else") == RULED.split("\n")


@pytest.mark.parametrize("line", ["Hold Paris", "A Par - Bur", "Build 2"])
def test_a_line_naming_the_games_words_under_a_rule_is_answered(line):
    text = ORDERS + RULED.replace("Avocate / Lawyer", line)
    assert line not in _closing(text, "Someone Else")


def test_a_name_with_degrees_over_a_title_a_firm_and_contact_details_is_a_signature():
    block = ["Marta Kowalska, Ph.D.", "President", "Kowalska Research", "marta@kowalska.example"]
    text = (
        ORDERS
        + "Thank you for your help with the\nalliance!\n\n"
        + "\n".join([*block, "www.kowalska.example"])
    )
    assert _closing(text, "Someone Else") == [*block, "www.kowalska.example"]
    # a name over one contact detail only is not enough to tell a signature
    assert _closing(ORDERS + "Marta Kowalska\nPresident\nmarta@kowalska.example", "Someone Else") == [
        "marta@kowalska.example"
    ]


def test_the_writers_family_name_under_another_first_name_or_after_an_honorific_is_their_name():
    names = name_words("Robert Smith <england@example.test>")
    assert closing_kind("Bob Smith", names, order_words=WORDS) == "name"
    assert closing_kind("Dr. Robert Smith", names, order_words=WORDS) == "name"
    assert closing_kind("Me Robert Smith", names, order_words=WORDS) == "name"
    assert closing_kind("Paris Smith", names, order_words=WORDS) == ""  # a province
    assert closing_kind("Bob Jones", names, order_words=WORDS) == ""


def test_a_mail_address_alone_at_the_end_is_a_closing_and_initials_naming_a_province_are_answered():
    text = ORDERS + "Thanks,\n\nADR\n\nadr@university.example\n"
    assert _closing(text, "Alice Rowe") == ["Thanks,", "adr@university.example"]
    # the writer's own initials sign, though they be a province's, as the writer's name does
    assert _closing(text, "Alice D. Rowe") == ["Thanks,", "ADR", "adr@university.example"]
    assert closing_blocks(["Thanks,", "", "ADR", "", "adr@university.example"], frozenset(), WORDS) == [
        (4, 4),
        (0, 0),
    ]


# -- through a real game -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Table:
    table = Table(
        tmp_path_factory.mktemp("letters"),
        [game("g1", "diplomacy", PLAYERS)],
        service_settings={"answers_per_hour": 0},
    )
    table.start("g1")
    table.take()
    return table


def _answered(table: Table, raw: bytes) -> tuple[str, list[str]]:
    """England's answer to ``raw``, sent to England's reply address, and the orders stored."""
    with table.store() as store:
        store.clear_orders("g1", "S1901M")
    raw = raw.replace(b"judge+58c1142ecab6b21a4a73@pbem.test", table.reply_token_address("England").encode())
    table.deliver(re.sub(rb"(?m)^Message-ID: [^\r\n]*", f"Message-ID: {make_msgid()}".encode(), raw, count=1))
    table.run()
    [answer] = table.take(PLAYERS["England"])
    with table.store() as store:
        stored = store.order_set("g1", "S1901M", "England")
    return text_of(answer), stored.orders() if stored else []


#: what each letter rightly has answered (its writer's prose, and initials that name a province),
#: and what its answer says it read as a greeting and as a closing
LETTERS_READ = {
    "gmail-fr-ruled-signature.eml": (["Je te confirme mes ordres pour le printemps."], True, True),
    "iphone-es-thanks-above-orders.eml": ([], True, True),  # "¡Gracias, Ana!" opens it
    "outlook-mac-en-initials.eml": (["I will write about the alliance tonight.", "ADR"], True, True),
    "outlook-plain-de-company-block.eml": ([], True, True),
    "outlook-web-en-vocative-and-degrees.eml": (
        ["Thank you for keeping the Channel free this spring."],
        True,
        True,
    ),
    "yahoo-en-greeting-in-blocks.eml": ([], True, True),  # "Hi" / "there" / "Bob,"
    "thunderbird-it-letter-under-orders.eml": (  # "Ciao a tutti," opens a letter under the orders
        ["propongo alla Francia di lasciare libera la Manica per questo turno."],
        True,
        True,
    ),
}


def _refused(answer: str) -> list[str]:
    return re.findall(r"^  line \d+: (.*)\n\s+ERROR", answer, re.MULTILINE)


@pytest.mark.parametrize("name", sorted(LETTERS_READ))
def test_a_letters_greeting_and_signature_are_not_answered_as_orders(table, name):
    answer, orders = _answered(table, (LETTERS / name).read_bytes())
    refused, greeting, closing = LETTERS_READ[name]
    assert orders == ["A LVP - YOR", "F LON - ENG"]
    assert _refused(answer) == refused
    assert ("read as your greeting" in answer) is greeting and ("read as your closing" in answer) is closing
    assert ("does not end early" in answer) is bool(refused)


def test_every_letter_is_tried():
    assert sorted(path.name for path in LETTERS.glob("*.eml")) == sorted(LETTERS_READ)


@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("outlook-plain-de-company-block.eml", "Vertrieb und Service"),
        ("gmail-fr-ruled-signature.eml", "Avocate / Lawyer"),
        ("thunderbird-it-letter-under-orders.eml", "Ciao a tutti,"),
        ("iphone-es-thanks-above-orders.eml", "¡Gracias, Ana!"),
        ("outlook-web-en-vocative-and-degrees.eml", "Simone,"),
        ("outlook-web-en-vocative-and-degrees.eml", "President"),
        ("yahoo-en-greeting-in-blocks.eml", "there"),
    ],
)
def test_an_order_where_a_signature_line_stands_is_stored(table, name, line):
    answer, orders = _answered(table, _with_line((LETTERS / name).read_bytes(), line, "F EDI - NTH"))
    assert sorted(orders) == ["A LVP - YOR", "F EDI - NTH", "F LON - ENG"]


def _with_line(raw: bytes, old: str, new: str) -> bytes:
    """``raw`` with the line ``old`` of each text part written ``new``, its encoding kept."""
    message = email.message_from_bytes(raw, policy=email.policy.default)
    for part in message.walk():
        if isinstance(part, EmailMessage) and part.get_content_maintype() == "text":
            content = part.get_content()
            assert old in content
            part.set_content(
                content.replace(old, new),
                subtype=part.get_content_subtype(),
                charset=part.get_content_charset() or "utf-8",
                cte=part["Content-Transfer-Encoding"] or "8bit",
            )
    return message.as_bytes()


def test_closings_are_looked_for_in_the_last_lines_only():
    lines = ["Thanks,", "Hold Pars"] * 40  # a closing, then a refused order, forty times
    blocks = closing_blocks(lines, frozenset(), WORDS)
    assert blocks and all(start >= len(lines) - MAX_CLOSING_LINES for start, _ in blocks)
    assert all(lines[start] == "Thanks," and start == end for start, end in blocks)


def test_a_russian_mail_naming_no_charset_is_read_as_utf8_and_its_closing_as_one():
    body = "Добрый день.\n\nA LVP - YOR\nF LON - ENG\n\nС уважением,\nСергей Обухов\n"
    raw = b"From: england@example.test\nTo: judge@pbem.test\nSubject: Re: [g1]\n\n" + body.encode("utf-8")
    incoming = parse(raw)  # no Content-Type: US-ASCII by RFC 2045, but the bytes are UTF-8
    assert incoming.text == body and incoming.problem == ""
    assert _closing(own_text(incoming.text), "Someone Else") == ["С уважением,", "Сергей Обухов"]
