"""The closing of a mail, read apart from its orders (pbem.mail.closings, pbem.intake.closings).

The property that matters most: no line the game reads as an order is ever left out, wherever
closings, names and commands fall around it; and a closing at the end leaves no refused line.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.intake.closings import without_closing
from pbem.intake.commands import read_mail
from pbem.mail.closings import CLOSINGS, MAX_CLOSING_LINES, closing_kind, closing_start, name_words
from pbem.ruleset import get_ruleset

DIPLOMACY = get_ruleset("diplomacy")
STATE = DIPLOMACY.start(
    "standard", ["England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey"], {}, seed=1
)
NAMES = ["Alice Martin", "alice@example.test", "England"]
ORDERS = [
    "F Lon - Nth",
    "F Edi - Nwg",
    "A Lvp - Yor",
    "A Lvp H",
    "F Lon - Eng",
    "F Edi S F Lon - Nth",
    "A Lvp - Edi",
    "f lon-nth",
    "A LVP -> WAL",
]
CLOSING_LINES = [
    "Cheers,",
    "Alice",
    "Best regards",
    "Grüße",
    "Merci, à bientôt",
    "Saludos",
    "Grazie!",
    "Groetjes",
    "England",
    "Thanks, Bob",
    "Sent from my iPhone",
    "Bob",
    "Hold",
    "A Par - Bur",
]
OTHER = ["", "LIST", "READY", "what do you think?", "A Mar - Pie", "PRESS TO France\nhi\nENDPRESS"]


def orders_in(text: str) -> list[int]:
    return [line.line for line in DIPLOMACY.parse_orders(STATE, "England", text) if line.order is not None]


def read(text: str) -> tuple[list[int], str, list[int]]:
    """The order lines before, the order text after leaving the closing out, the lines left out."""
    mail = read_mail(text)
    after, dropped = without_closing(mail, NAMES, orders_in)
    return orders_in(mail.order_text), after.order_text, dropped


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(ORDERS + CLOSING_LINES + OTHER), max_size=14))
def test_no_order_line_is_ever_left_out_as_a_closing(lines):
    text = "\n".join(lines)
    orders, kept, dropped = read(text)
    assert orders_in(kept) == orders  # every order stands, at its own line
    assert all(number > max(orders, default=0) for number in dropped)  # only after the last order


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(ORDERS), min_size=1, max_size=6),
    st.lists(st.sampled_from([c for c in CLOSINGS if c != "a+"]), min_size=1, max_size=2),
    st.sampled_from(["", "Alice", "Alice Martin", "England", "Bob"]),
    st.sampled_from([",", "", "!", "."]),
)
def test_a_closing_from_the_table_after_the_orders_leaves_no_refused_line(orders, phrases, name, mark):
    text = "\n".join(orders) + "\n\n" + "\n".join(f"{phrase.capitalize()}{mark}" for phrase in phrases)
    text += f"\n{name}" if name else ""
    before, kept, dropped = read(text)
    refused = [line for line in DIPLOMACY.parse_orders(STATE, "England", kept) if line.error]
    assert refused == [] and orders_in(kept) == before == list(range(1, len(orders) + 1))


def test_closings_in_several_languages_are_known():
    names = name_words(*NAMES)
    for line in [
        "Cheers,",
        "Kind regards",
        "Grüße",
        "Gruesse",
        "Mit freundlichen Grüßen",
        "Cordialement",
        "Merci, à bientôt",
        "Un saludo",
        "Atentamente",
        "Cordiali saluti",
        "Un saluto",
        "Met vriendelijke groet",
        "Groetjes",
        "Thanks and regards!",
        "Cheers :)",
        # as the captured replies of tests/data/replies/captured end
        "Med venlig hilsen",
        "Mvh,",
        "Med vennlig hilsen",
        "Med vänlig hälsning",
        "Pozdrawiam,",
        "Z poważaniem",
        "Ystävällisin terveisin",
        "S pozdravem",
        "С уважением,",
        "Спасибо!",
    ]:
        assert closing_kind(line, names) == "phrase", line


def test_a_name_is_a_closing_only_if_it_is_the_writers_or_follows_a_closing_phrase():
    names = name_words(*NAMES)
    assert closing_kind("Alice", names) == "name" and closing_kind("England", names) == "name"
    assert closing_kind("Bob", names) == ""
    assert closing_kind("Bob", names, after_closing=True) == "name"
    assert closing_start(["A PAR - BUR", "Bob"], names) is None
    assert closing_start(["A PAR - BUR", "Cheers,", "Bob"], names) == 1
    assert closing_start(["A PAR - BUR", "Thanks", "/Bob"], names) == 1  # a slash before a name
    assert closing_kind("/Alice", names) == "name" and closing_kind("A PAR/BUR", names) == ""


def test_an_order_never_looks_like_a_name_after_a_closing():
    names = name_words(*NAMES)
    for line in ["A PAR - BUR", "F Lon -> Nth", "Build A Par", "A Par-Bur H", "ADD 5", "F LON"]:
        assert closing_kind(line, names, after_closing=True) == "", line


def test_a_closing_is_only_at_the_end_and_short():
    names = name_words(*NAMES)
    assert closing_start(["Cheers", "A PAR - BUR"], names) is None
    lines = MAX_CLOSING_LINES + 4
    assert closing_start(["Thanks"] * lines, names) == lines - MAX_CLOSING_LINES  # the last lines at most
