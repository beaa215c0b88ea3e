"""Who sent a mail: the address part of its From header, never a display name that looks like
an address (issue 29, "Who sent it"); valid but unusual addresses are read; and a mail is a
duplicate only of one with the same Message-ID *and* sender."""

from __future__ import annotations

import base64
import secrets
import time
from email.headerregistry import Address
from email.utils import formataddr

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.mail.addresses import normal
from pbem.mail.message import parse
from tests.harness import REFEREE_PASSWORD, MailServerTable, Table, game, text_of
from tests.mail.helpers import raw_mail

MALLORY = "mallory@evil.example"
PLAYERS = {"North": "north@example.test", "South": "south@example.test"}


def q_encoded(text: str) -> str:
    return (
        "=?utf-8?q?"
        + "".join(f"={byte:02X}" if chr(byte) in "@,<>=?_ " else chr(byte) for byte in text.encode())
        + "?="
    )


DISGUISES = [
    "=?utf-8?q?referee=40test.invalid?= <mallory@evil.example>",
    "referee@test.invalid <mallory@evil.example>",
    '"referee@test.invalid" <mallory@evil.example>',
    f"=?utf-8?b?{base64.b64encode(b'referee@test.invalid').decode()}?= <mallory@evil.example>",
    f"{q_encoded('referee@test.invalid, <referee@test.invalid>')} <mallory@evil.example>",
    "(referee@test.invalid) mallory@evil.example",
    "mallory@evil.example (referee@test.invalid)",
    "referee@test.invalid\n <mallory@evil.example>",  # folded
]


@pytest.mark.parametrize("header", DISGUISES)
def test_the_sender_is_the_address_never_a_display_name_that_looks_like_one(header):
    assert parse(raw_mail(header)).sender == MALLORY


def test_a_from_with_several_addresses_is_from_the_first_and_a_sender_header_changes_nothing():
    several = parse(raw_mail("Mallory <mallory@evil.example>, referee@test.invalid"))
    assert several.sender == MALLORY
    with_sender = parse(raw_mail("mallory@evil.example", headers="Sender: referee@test.invalid\n"))
    assert with_sender.sender == MALLORY
    group = parse(raw_mail("Friends: mallory@evil.example, referee@test.invalid;"))
    assert group.sender == MALLORY


def test_two_angle_addresses_in_one_mailbox_are_no_sender():
    incoming = parse(raw_mail("<referee@test.invalid> <mallory@evil.example>"))
    assert incoming.sender == "" and incoming.automatic == "no From address"


@pytest.mark.parametrize(
    "header, sender",
    [
        ('"jean dupont"@example.org', '"jean dupont"@example.org'),
        ('Jean <"Jean Dupont"@Example.ORG>', '"jean dupont"@example.org'),
        ("anna@bücher.example".encode(), "anna@xn--bcher-kva.example"),
        ("Anna Müller <Anna@BÜCHER.example>".encode(), "anna@xn--bcher-kva.example"),
        ("ANNA@XN--BCHER-KVA.EXAMPLE", "anna@xn--bcher-kva.example"),
        ("=?utf-8?q?broken <north@example.test>", "north@example.test"),
        ("=?utf-8?q?a=2C_b?= <north@example.test>", "north@example.test"),  # an encoded comma
        ("=?x-no-such-charset?q?North?= <north@example.test>", "north@example.test"),
        ('Nort "h <north@example.test>', "north@example.test"),  # a quote never closed
        ("north@example.test (North (the power))", "north@example.test"),
        (f'"{"N" * 9000}" <north@example.test>', "north@example.test"),
        ("N" * 9000 + " <north@example.test>", "north@example.test"),
    ],
)
def test_valid_but_unusual_from_addresses_are_read(header, sender):
    incoming = parse(raw_mail(header))
    assert incoming.sender == sender
    assert incoming.automatic == ""


def test_a_long_display_name_is_cut_but_its_address_kept():
    incoming = parse(raw_mail(f'"{"N" * 9000}" <north@example.test>'))
    assert incoming.sender == "north@example.test" and 0 < len(incoming.sender_name) <= 2000


@pytest.mark.parametrize(
    "hostile, sender",
    [
        ('\\"' * 50_000, ""),  # a quote opened again and again, never closed: no mailbox
        ("(" * 100_000, ""),  # comments never closed
        ("<" * 100_000, ""),  # a hundred thousand <...>: no mailbox
        ('"' + "N" * 99_000, "north@example.test"),  # one quote never closed: read as a character
    ],
)
def test_reading_a_hostile_from_header_of_100_000_characters_takes_well_under_a_second(hostile, sender):
    """The scan is linear: an unclosed quote or comment is read again at most three times."""
    started = time.perf_counter()
    incoming = parse(raw_mail(hostile + " <north@example.test>"))
    assert time.perf_counter() - started < 0.5
    assert incoming.sender == sender


@pytest.mark.parametrize(
    "address",
    [
        "a@b@example.org",
        "caf\u00e9@example.org",
        "x@xn--zz.example",
        "x@-bad.example",
        "x@example",
        "<>",
        "not an address",
        "",
    ],
)
def test_what_is_no_answerable_address_is_no_sender(address):
    assert parse(raw_mail(address)).sender == ""


names = st.one_of(
    st.text(max_size=40),
    st.emails(),
    st.sampled_from(["referee@test.invalid", "a, b", '"', "<x@y.z>", "=?utf-8?q?x=40y.z?="]),
)


@settings(max_examples=200)
@given(names, st.emails())
def test_any_from_python_writes_is_read_as_its_address_never_its_name(name, address):
    """What the email package writes for (name, address), encoded words and all, or the same
    name left unquoted as a careless client writes it, is from ``address``."""
    written = formataddr((name, address), "utf-8")
    assert parse(raw_mail(written)).sender == normal(address) != ""
    modern = str(Address(display_name=name.replace("\n", " ").replace("\r", " "), addr_spec=address))
    assert parse(raw_mail(modern.encode())).sender == normal(address)
    if name.isprintable() and not set(name) & set('"()<>,;:\\'):
        assert parse(raw_mail(f"{name} <{address}>".encode())).sender == normal(address)


# -- by mail, through a real run ---------------------------------------------------------------


def mallory_of(table: Table) -> str:
    """An address the attacker answers at: a mailbox of its own on the mail server."""
    if isinstance(table, MailServerTable):
        domain = table.address.rpartition("@")[2]
        return table.server.add_user(f"mallory-{secrets.token_hex(3)}@{domain}", "mallory-pw").address
    return MALLORY


def deliver(table: Table, raw: bytes, envelope_sender: str) -> None:
    if isinstance(table, MailServerTable):
        table.server.deliver(raw, to=table.address, sender=envelope_sender)
    else:
        table.deliver(raw)


@pytest.mark.parametrize("disguise", ["{referee} <{mallory}>", "{encoded} <{mallory}>"])
def test_a_display_name_naming_the_referee_cannot_pause_the_game(make_table, disguise):
    table = make_table([game("g1", "tally", PLAYERS)])
    table.start("g1")
    referee, mallory = table.service.referee.address, mallory_of(table)
    header = disguise.format(referee=referee, mallory=mallory, encoded=q_encoded(referee))
    deliver(table, raw_mail(header, f"SIGNON REFEREE g1 {REFEREE_PASSWORD}\nPAUSE"), mallory)
    table.run()
    assert table.game_row().status == "running"
    with table.store() as store:
        [row] = store._rows("SELECT sender, outcome FROM messages")
    assert row["sender"] == mallory, row
    [refusal] = table.take(mallory)
    assert "referee sign-on for game g1 was refused" in text_of(refusal)
    assert not any("paused" in text_of(mail).lower() for mail in table.take(referee))


def test_a_player_whose_password_is_used_behind_their_own_name_is_still_told(tmp_path):
    table = Table(tmp_path, [game("g1", "tally", PLAYERS)])
    table.start("g1")
    table.take()
    table.deliver(raw_mail(f"{PLAYERS['North']} <{MALLORY}>", "SIGNON North g1 pw\nADD 9"))
    table.run()
    with table.store() as store:
        assert store.order_sets("g1", "R1")["North"].orders() == ["ADD 9"]
    [notice] = [m for m in table.take(PLAYERS["North"]) if MALLORY in text_of(m)]
    assert "signed on with your password from mallory@evil.example" in " ".join(text_of(notice).split())
    assert table.take(MALLORY), "the sender is answered at the address the mail came from"


def test_a_forged_mail_reusing_a_players_message_id_first_does_not_make_theirs_a_duplicate(make_table):
    table = make_table([game("g1", "tally", PLAYERS)])
    table.start("g1")
    north = table._box(PLAYERS["North"]) if isinstance(table, MailServerTable) else PLAYERS["North"]
    mallory = mallory_of(table)
    message_id = "<CAF=real.orders.1@mail.gmail.com>"
    forged = raw_mail(f"{north} <{mallory}>", "SIGNON North g1 guess\nADD 9", message_id=message_id)
    real = raw_mail(f"North <{north}>", "SIGNON North g1 pw\nADD 2", message_id=message_id)
    deliver(table, forged, mallory)
    table.run()
    deliver(table, real, north)
    deliver(table, real, north)  # the same mail fetched twice is stored once
    tally = table.run()
    assert tally.duplicates == 1
    with table.store() as store:
        senders = [row["sender"] for row in store._rows("SELECT sender FROM messages ORDER BY id")]
        assert store.order_sets("g1", "R1")["North"].orders() == ["ADD 2"]
    assert senders == [mallory, north]


def test_unusual_but_valid_senders_are_answered_by_mail(tmp_path):
    """A player registered at an IDN domain (in the config in UTF-8) is known by mail from it
    in UTF-8 or in punycode; a quoted local part and a broken encoded name are read, and a
    From header over 8,000 characters is answered, not dropped."""
    players = {"North": PLAYERS["North"], "South": "anna@bücher.example"}
    table = Table(tmp_path, [game("g1", "tally", players)])
    table.start("g1")
    idn = "anna@xn--bcher-kva.example"
    assert table.take(idn), "the welcome goes to the domain's ASCII form"
    table.deliver(raw_mail("Anna Müller <anna@BÜCHER.example>".encode(), "SIGNON South g1 pw\nADD 3"))
    table.deliver(raw_mail('"jean dupont"@example.org', "SIGNON North g1 pw\nADD 4"))
    table.run()
    assert not [m for m in table.take(idn) if "signed on with your password" in text_of(m)]
    assert table.take('"jean dupont"@example.org'), "the quoted address is answered"
    table.deliver(raw_mail(f'"{"N" * 9000}" <{PLAYERS["North"]}>', "SIGNON North g1 pw\nADD 5"))
    table.deliver(raw_mail(f"=?x-no-such-charset?q?Anna?= <{idn.upper()}>", "SIGNON South g1 pw\nADD 6"))
    table.run()
    with table.store() as store:
        orders = {power: s.orders() for power, s in store.order_sets("g1", "R1").items()}
    assert orders == {"North": ["ADD 5"], "South": ["ADD 6"]}
    assert table.take(PLAYERS["North"]) and table.take(idn)
