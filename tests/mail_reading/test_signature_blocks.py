"""A signature block under the orders: the writer's own name, and the contact details under it.

After a closing phrase or the writer's name (From, address, power), a signature block is the
closing: the name even where it is a word of the game ("Clyde" in Diplomacy, "King" in
Invictus, a khan in Invincible!), and lines of contact details, which no order is written
like: "CEO @ Acme", "Senior Engineer | Acme Corp", "+44 20 7946 0958", "www.acme.example",
"221B Baker Street, London NW1 6XE" (pbem.mail.signatures). Order lines stay orders: a line
the game reads as an order is one, a refused one is answered, wherever it stands. Mails as
Outlook, Apple Mail, Gmail and phones write them, read by real service runs.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pbem.mail.closings import closing_block, closing_kind, name_words, signature_line
from pbem.mail.signatures import is_contact
from pbem.ruleset import get_ruleset
from tests.harness import Table, game, text_of

CONTACT_DETAILS = [
    "+44 20 7946 0958", "(555) 123-4567", "06 12 34 56 78", "T: +44 20 7946 0958", "M +44 7700 900123",
    "Mob. 07700 900123", "Tel. +49 30 901820 ext. 12", "clyde@acme.example", "E: clyde.barrow@acme.example",
    "clyde@acme.example<mailto:clyde@acme.example>", "www.acme.example", "https://acme.example/team",
    "acme.co.uk", "Web: acme.com", "@clydebarrow", "[cid:image001.png@01DA2B3C.4D5E6F70]",
    "[image: Acme logo]", "Acme<https://acme.example/>", "221B Baker Street, London NW1 6XE",
    "1600 Amphitheatre Parkway, Mountain View, CA 94043", "Mountain View, CA 94043", "75001 Paris, France",
    "12 rue de la Paix", "Hauptstraße 5", "D-10115 Berlin", "1012 AB Amsterdam", "P.O. Box 123",
    "skype: clyde.barrow", "t. 555-931-0702",
]  # fmt: skip
NOT_CONTACT_DETAILS = [
    "1234567", "3 4 5 6 7 8 9", "Defend 3", "Spring 1901", "London", "Paris", "A PAR - BUR", "Build 2",
    "F Lon -> Nth", "ASSIGN 2 LEADER TO ACCUSER", "St Petersburg", "A Par S A Mar - Bur", "Bob Smith",
    "ARMY King: 6 Warrior, 6 Crossbowman, 4 Guard, 4 Sorcerer", "Edric Rest", "hello there",
]  # fmt: skip


def test_contact_details_are_known_by_their_shape():
    for line in CONTACT_DETAILS:
        assert is_contact(line), line
    for line in NOT_CONTACT_DETAILS:
        assert not is_contact(line), line


DIPLOMACY = get_ruleset("diplomacy")
EUROPE = DIPLOMACY.start(
    "standard", ["England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey"], {}, seed=1
)
CLYDE = name_words("Clyde Barrow", "clyde@example.test", "France")


def test_a_signature_line_is_marked_and_names_nothing_of_the_game():
    words = DIPLOMACY.order_words(EUROPE)
    for line in [
        "CEO @ Acme",
        "Senior Engineer | Acme Corp",
        "Senior Software Engineer at Acme",
        "Acme GmbH & Co. KG",
        "Clyde Barrow | CEO",
        "T: +44 20 7946 0958 | M: +44 7700 900123",
        "10 Downing Street, London",
        "Head of Sales • EMEA",
        "-- www.acme.example",
        "Clyde Barrow, MBA",
        "Senior Engineer, Acme Corp",
        "Tel +44 (0)20 7946 0958",
        "LinkedIn: linkedin.com/in/clyde",
    ]:
        assert signature_line(line, CLYDE, words), line
    # a title or a company holding a province, a unit or an order word is answered as the game reads it
    for line in [
        "Army Officer | Royal Navy",
        "CEO @ Paris Consulting",
        "Senior Engineer",
        "Hold | Paris",
        "A Par H | A Mar H",
        "Bob Smith",
        "Paris",
        "Clyde B.",
        "A Par - Bur",
        "Lille, Nord",
        "Clyde, Paris",
        "Bob Smith, Acme",
    ]:
        assert not signature_line(line, CLYDE, words), line


def test_the_writers_own_name_signs_even_where_the_game_has_its_words():
    words = DIPLOMACY.order_words(EUROPE)
    for line in ["Clyde", "clyde", "CLYDE", "-- Clyde", "/Clyde", "Clyde Barrow", "Clyde B.", "CB", "C.B."]:
        assert closing_kind(line, CLYDE, order_words=words) == "name", line
    for line in ["Cheers /Clyde", "Thanks Clyde", "Thanks, Clyde"]:
        assert closing_kind(line, CLYDE, order_words=words) == "phrase", line
    # a unit letter before a name is an order, and a province after a closing phrase is no name
    for line in ["F Clyde", "A Clyde", "Love Paris", "Thanks Paris"]:
        assert closing_kind(line, CLYDE, order_words=words) == "", line
    # Outlook writes "Barrow, Clyde": the same names, and the initials in the order of the name
    assert name_words("Barrow, Clyde") == name_words("Clyde Barrow")


def test_contact_details_follow_a_closing_phrase_or_the_writers_name_only():
    words = DIPLOMACY.order_words(EUROPE)
    block = ["Clyde Barrow", "CEO @ Acme", "+44 20 7946 0958"]
    assert closing_block(["A PAR - BUR", "Best regards,", *block], CLYDE, words) == (1, 4)
    assert closing_block(["A PAR - BUR", *block], CLYDE, words) == (1, 3)
    # with neither, a title is answered; a phone number ending the mail is a way to reach its
    # writer and no order (issue 31: "adr@university.edu" under initials that name a province)
    assert closing_block(["A PAR - BUR", "CEO @ Acme", "+44 20 7946 0958"], CLYDE, words) == (2, 2)
    assert closing_block(["A PAR - BUR", "CEO @ Acme"], CLYDE, words) is None
    # an order under the block ends the closing: it is answered, not swallowed
    assert closing_block(["A PAR - BUR", *block, "A Mar - Spa"], CLYDE, words) == (1, 3)
    # contact details are not counted among the (at most two) name-shaped lines of a signature
    bob = ["Thanks", "Bob Smith", "CEO @ Acme", "Lille", "acme.co.uk"]
    assert closing_block(["A PAR - BUR", *bob], CLYDE, words) == (1, 5)
    assert closing_block(["A PAR - BUR", *bob, "Lens"], CLYDE, words) == (1, 5)


# the games' words, and the other things order lines are written with
GAMES = {
    "diplomacy": ("standard", ["England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey"], {}),
    "invincible": ("standard", ["North", "South", "East", "West"], {"declarations": False}),
    "invictus": ("standard", ["North", "South"], {}),
    "generals": ("standard", ["Aldmark", "Brenn", "Corvath", "Dunmere"], {}),
    "invoke": ("starter", ["Alice", "Bob", "Carol"], {}),
}
ORDER_MARKS = [
    "A",
    "F",
    "-",
    "->",
    "S",
    "H",
    "C",
    "to",
    "via",
    "nc",
    "1",
    "2",
    "3",
    "4",
    "12",
    "x2",
    ":",
    ",",
]


def order_words_of(name: str) -> frozenset[str]:
    variant, powers, options = GAMES[name]
    ruleset = get_ruleset(name)
    return ruleset.order_words(ruleset.start(variant, powers, options, seed=1))


WORDS = {name: sorted(order_words_of(name)) for name in GAMES}
NAMES = name_words("Bob Smith", "bob@example.test")
SIGNATURE = [
    "Best regards,",
    "Bob Smith",
    "Senior Engineer | Acme Corp",
    "+44 20 7946 0958",
    "www.acme.example",
]


@st.composite
def order_lines(draw: Any, game_name: str) -> str:
    """A line written with the game's words (in any case) among unit letters, arrows and numbers."""
    words = WORDS[game_name]
    tokens = draw(st.lists(st.sampled_from(words) | st.sampled_from(ORDER_MARKS), min_size=1, max_size=6))
    tokens.insert(draw(st.integers(0, len(tokens))), draw(st.sampled_from(words)))
    case = draw(st.sampled_from([str.upper, str.lower, str.title, str]))
    return " ".join(case(token) for token in tokens)


def drawn_order_line(game_name: str, data: Any) -> tuple[str, list[str]]:
    """An order line of the game, and the game's words; not a closing phrase ("Cheers" and the
    like are closings anywhere)."""
    line = data.draw(order_lines(game_name))
    words = WORDS[game_name]
    assume(not closing_kind(line, NAMES, order_words=words))
    return line, words


@pytest.mark.parametrize("game_name", GAMES)
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_no_order_line_is_ever_taken_for_a_signature(game_name, data):
    line, words = drawn_order_line(game_name, data)
    assert not signature_line(line, NAMES, words)
    for after in range(1, len(SIGNATURE) + 1):  # under a closing phrase, a name, or contact details
        lines = ["A PAR - BUR", "", *SIGNATURE[:after], line]
        assert closing_block(lines, NAMES, words) in [None, (2, 1 + after)], lines


# Real service runs: one table a game, the player's display name from GAMES_BY_MAIL
GAMES_BY_MAIL: dict[str, dict[str, Any]] = {
    "diplomacy": {
        "power": "France",
        "sender": "Clyde Barrow",
        "orders": "A Par - Bur\nA Mar - Spa",
        "name": "Clyde",
        "refused": "Hold Kiel",
    },
    "invincible": {
        "power": "North",
        "sender": "Ogadai Jones",
        "orders": "Defend 3",
        "name": "Ogadai",
        "refused": "Assist Jamukha",
    },
    "invictus": {
        "power": "North",
        "sender": "John King",
        "orders": "ARMY King: 6 Warrior, 6 Crossbowman, 4 Guard, 4 Sorcerer",
        "name": "John King",
        "refused": "Attack Knight",
    },
}


def address(power: str) -> str:
    return f"{power.lower()}@example.test"


@pytest.fixture(params=list(GAMES_BY_MAIL), scope="module")
def table(request, tmp_path_factory):
    name = request.param
    _variant, powers, options = GAMES[name]
    players = {power: address(power) for power in powers}
    table = Table(
        tmp_path_factory.mktemp(name),
        [game("g1", name, players, options=options)],
        service_settings={"answers_per_hour": 0},
    )
    table.start("g1")
    table.take()
    table.game = name  # type: ignore[attr-defined]
    return table


def answer_to(
    table: Table, closing: str, html: str | None = None, sender: str = ""
) -> tuple[list[str], list[str]]:
    """The game's player sends its orders and ``closing`` under them; the lines pbem's answer
    reads as the closing, and the lines it answers as refused."""
    setup = GAMES_BY_MAIL[table.game]  # type: ignore[attr-defined]
    power = setup["power"]
    text = f"SIGNON {power} g1 pw\n{setup['orders']}\n\n{closing}\n"
    table.send(f"{sender or setup['sender']} <{address(power)}>", text, html=html)
    table.run()
    [reply] = table.take(address(power))
    body = text_of(reply)
    lines = text.split("\n")
    found = re.search(r"Lines? (\d+)(?:-(\d+))?: read as your closing", body)
    read: list[str] = []
    if found:
        first, last = int(found.group(1)), int(found.group(2) or found.group(1))
        read = [line for line in lines[first - 1 : last] if line.strip()]
    return read, re.findall(r"line \d+: (.*)\n\s+ERROR", body)


def mail_programs(setup: dict[str, Any]) -> dict[str, str]:
    """The signature blocks of the common mail programs, signed with the player's names."""
    full, short = setup["sender"], setup["name"]
    return {
        # Outlook (desktop) writes its HTML signature into the text part as plain lines
        "outlook": f"Best regards,\n\n{full}\nSenior Engineer | Acme Corp\nT: +44 20 7946 0958 | "
        "M: +44 7700 900123\nclyde.barrow@acme.example<mailto:clyde.barrow@acme.example>\n"
        "www.acme.example<http://www.acme.example/>\n[cid:image001.png@01DA2B3C.4D5E6F70]",
        # Apple Mail: the signature set in its preferences, under what the player typed
        "apple-mail": f"Cheers,\n{short}\n\n{full}\nCEO @ Acme\n+33 1 23 45 67 89\n"
        "12 rue de la Paix, 75002 Paris",
        # the name alone, as people sign a short mail, and a phone's line under it
        "name-alone": short,
        "name-and-phone": f"{short}\n\nSent from my iPhone",
        # Gmail's text part: "-- " above the signature
        "gmail": f"Thanks\n\n-- \n{full}\nAcme Corp | www.acme.example",
        # a title and company, no closing phrase: the writer's name opens the block
        "name-and-title": f"{full}\nHead of Sales • Acme Ltd\n"
        "1600 Amphitheatre Parkway, Mountain View, CA 94043",
        # a phrase and the name on one line, without a comma
        "phrase-slash-name": f"Cheers /{short.split()[0]}",
    }


CLIENTS = [
    "outlook",
    "apple-mail",
    "name-alone",
    "name-and-phone",
    "gmail",
    "name-and-title",
    "phrase-slash-name",
]


@pytest.mark.parametrize("client", CLIENTS)
def test_a_signature_block_as_mail_programs_write_it_is_the_closing(table, client):
    setup = GAMES_BY_MAIL[table.game]  # type: ignore[attr-defined]
    closing = mail_programs(setup)[client]
    read, refused = answer_to(table, closing)
    assert refused == []
    # "-- " and "Sent from my iPhone" end the mail before the closing is looked for
    written = re.split(r"\n-- \n|\nSent from my iPhone", closing)[0]
    assert read == [line for line in written.split("\n") if line.strip()]


def test_a_signature_block_in_an_outlook_mail_with_html(table):
    setup = GAMES_BY_MAIL[table.game]  # type: ignore[attr-defined]
    closing = mail_programs(setup)["outlook"]
    html = "<html><body>" + "".join(
        f"<p class=MsoNormal>{line}</p>" for line in [*setup["orders"].split("\n"), "", *closing.split("\n")]
    )
    read, refused = answer_to(table, closing, html=html + "</body></html>")
    assert refused == [] and "Senior Engineer | Acme Corp" in read


def test_a_refused_order_under_a_signature_block_is_answered(table):
    setup = GAMES_BY_MAIL[table.game]  # type: ignore[attr-defined]
    read, refused = answer_to(table, f"Thanks\n{setup['sender']}\nCEO @ Acme\n{setup['refused']}")
    assert refused == [setup["refused"]]
    assert read == ["Thanks", setup["sender"], "CEO @ Acme"]


@pytest.mark.parametrize("table", ["diplomacy"], indirect=True)
def test_a_name_that_is_a_complete_order_is_an_order(table):
    # Paris Hilton signs "Paris H", which France's game reads as A PAR H: an order, not her name
    read, refused = answer_to(table, "Cheers,\nParis H", sender="Paris Hilton")
    assert read == [] and refused == ["Cheers,"]  # a closing phrase before an order is answered
    with table.store() as store:
        stored = store.order_set("g1", "S1901M", "France")
        assert stored is not None and "A PAR H" in stored.orders()
    # "Paris" alone is no order (what should A PAR do?): under a closing phrase it is her name
    read, refused = answer_to(table, "Thanks\nParis", sender="Paris Hilton")
    assert refused == [] and read == ["Thanks", "Paris"]


def test_a_street_never_holds_a_word_of_the_games_orders():
    # the property above found these: orders of Invincible! and Invictus shaped as a street
    assert not signature_line("ACCEPT VIA 1", NAMES, WORDS["invincible"])
    assert not signature_line("PLACE 1", NAMES, WORDS["invictus"])
    assert signature_line("12 Place Vendôme", NAMES, WORDS["diplomacy"])
    assert not signature_line("12 Place Vendôme", NAMES, WORDS["invictus"])


# A disclaimer under a corporate signature: a paragraph of prose that ends the mail, as long as
# lawyers write it (no part of MAX_CLOSING_LINES), in the languages offices write it in
DISCLAIMERS = {
    "english": "This e-mail and any attachments are confidential and may be privileged. If you are\n"
    "not the intended recipient, please notify the sender immediately and delete it; you\n"
    "must not copy, forward or disclose its contents to any other person.\n"
    "Acme Ltd is registered in England and Wales, No. 01234567.",
    "notice": "CONFIDENTIALITY NOTICE: The contents of this email message and any attachments are\n"
    "intended solely for the addressee(s) and may contain confidential and/or privileged\n"
    "information.\n\nIf you have received it in error, please delete it.",
    "content": "The content of this email is confidential and intended for the recipient specified in\n"
    "message only. If you received this message by mistake, please reply to this message and\n"
    "follow with its deletion.",
    "environment": "P Please consider the environment before printing this e-mail",
    "french": "Ce message et ses pièces jointes sont confidentiels et établis à l'attention exclusive\n"
    "de leurs destinataires. Si vous avez reçu ce message par erreur, merci de le détruire\n"
    "et d'en avertir immédiatement l'expéditeur.\n"
    "Pensez à l'environnement avant d'imprimer ce message.",
    "german": "Diese E-Mail enthält vertrauliche und/oder rechtlich geschützte Informationen. Wenn Sie\n"
    "nicht der richtige Adressat sind, informieren Sie bitte sofort den Absender und\n"
    "vernichten Sie diese Mail.",
    "spanish": "AVISO LEGAL: Este mensaje y sus anexos son confidenciales y están dirigidos\n"
    "exclusivamente a su destinatario. Si lo ha recibido por error, le rogamos que lo\n"
    "comunique al remitente y lo elimine.",
}


@pytest.mark.parametrize("game_name", GAMES)
def test_a_disclaimer_under_a_signature_is_the_end_of_the_closing(game_name):
    words = WORDS[game_name]
    for language, disclaimer in DISCLAIMERS.items():
        paragraph = disclaimer.split("\n")
        lines = ["A PAR - BUR", "", *SIGNATURE, "", *paragraph]
        assert closing_block(lines, NAMES, words) == (2, len(lines) - 1), language
        # with no closing above it, the disclaimer alone is the end of the mail
        alone = ["A PAR - BUR", "", *paragraph]
        assert closing_block(alone, NAMES, words) == (2, len(alone) - 1), language
        # a line under it that is no prose is answered: "Hold Kiel" is a refused order
        assert closing_block([*lines, "Hold Kiel"], NAMES, words) == (2, len(lines) - 1), language
    # a sentence that only speaks of a mail opens no disclaimer, nor a heading with a move after it
    assert closing_block(["A PAR - BUR", "Confidential: F Bre - Mao"], NAMES, words) is None
    assert closing_block(["A PAR - BUR", "This message is my last, sorry"], NAMES, words) is None


@pytest.mark.parametrize("game_name", GAMES)
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_no_order_line_is_ever_taken_for_a_disclaimer(game_name, data):
    line, words = drawn_order_line(game_name, data)
    paragraph = DISCLAIMERS[data.draw(st.sampled_from(sorted(DISCLAIMERS)))].split("\n")
    lines = ["A PAR - BUR", "", *SIGNATURE, "", *paragraph]
    # an order under a disclaimer, or in its place, is never read as part of it
    assert closing_block([*lines, line], NAMES, words) == (2, len(lines) - 1)
    block = closing_block(["A PAR - BUR", "", line, *paragraph[1:]], NAMES, words)
    assert block is None or block[0] > 2


def test_titles_and_degrees_beside_the_writers_name():
    words = DIPLOMACY.order_words(EUROPE)
    doe = name_words("John Doe", "john.doe@example.test")
    assert closing_kind("John E. Doe, Ph.D.", doe, order_words=words) == "name"
    assert closing_kind("John Doe, MBA, CPA", doe, order_words=words) == "name"
    for line in ["VP of Engineering", "CTO", "CTO | Acme", "Dr.-Ing., Head of R&D"]:
        assert signature_line(line, doe, words), line
    assert closing_block(["A PAR - BUR", "John E. Doe, Ph.D.", "VP of Engineering"], doe, words) == (1, 2)
    # a degree beside a name that is not the writer's, or a game word after the name, is no closing
    assert closing_kind("Bob Smith, Ph.D.", doe, order_words=words) == ""
    assert closing_kind("John Doe, Hold", doe, order_words=words) == ""
    assert not signature_line("VP of Paris", doe, words)


def corporate(setup: dict[str, Any], disclaimer: str) -> str:
    """An Outlook corporate signature with a title and degrees beside the name, and a disclaimer."""
    first, *rest = setup["sender"].split()
    return (
        f"Kind regards,\n\n{first} Q. {' '.join(rest)}, Ph.D.\nVP of Engineering\nCTO | Acme Corp\n"
        f"T: +44 20 7946 0958\nwww.acme.example<http://www.acme.example/>\n\n{disclaimer}"
    )


@pytest.mark.parametrize("language", ["english", "french", "german", "spanish"])
def test_a_corporate_signature_with_a_disclaimer_is_the_closing(table, language):
    setup = GAMES_BY_MAIL[table.game]  # type: ignore[attr-defined]
    closing = corporate(setup, DISCLAIMERS[language])
    read, refused = answer_to(table, closing)
    assert refused == []
    assert read == [line for line in closing.split("\n") if line.strip()]


def test_an_order_right_above_a_disclaimer_is_read_and_one_under_it_answered(table):
    setup = GAMES_BY_MAIL[table.game]  # type: ignore[attr-defined]
    # no closing at all: the last order, then the disclaimer a mail server appended
    read, refused = answer_to(table, DISCLAIMERS["notice"])
    assert refused == [] and read == [line for line in DISCLAIMERS["notice"].split("\n") if line.strip()]
    read, refused = answer_to(table, f"{DISCLAIMERS['environment']}\n{setup['refused']}")
    assert refused == [setup["refused"]] and read == [DISCLAIMERS["environment"]]


@pytest.mark.parametrize("table", ["diplomacy"], indirect=True)
def test_a_diplomacy_order_above_a_disclaimer_is_stored(table):
    read, refused = answer_to(table, f"F Bre - Mao\n{DISCLAIMERS['english']}")
    assert refused == [] and read[0].startswith("This e-mail")
    with table.store() as store:
        stored = store.order_set("g1", "S1901M", "France")
        assert stored is not None and "F BRE - MAO" in stored.orders()


def test_a_phones_line_under_the_orders_is_no_refused_line(table):
    setup = GAMES_BY_MAIL[table.game]  # type: ignore[attr-defined]
    for line in [
        "Sent via mobile",
        "Get Outlook for iOS<https://aka.ms/o0ukef>",
        "Envoyé de mon iPhone",
        "Von meinem iPhone gesendet",
    ]:
        read, refused = answer_to(table, f"{setup['name']}\n\n{line}")
        assert refused == [] and read == [setup["name"]], line
