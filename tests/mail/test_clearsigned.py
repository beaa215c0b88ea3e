"""Inline PGP clear-signed mail (RFC 4880 section 7): the signed text is read, the armour is not
(issue 29, "Mail that is not orders")."""

from __future__ import annotations

import quopri

from pbem.mail.armour import without_armour
from pbem.mail.message import parse
from pbem.mail.quotes import own_text
from pbem.turns.orders import unsettled
from tests.harness import MailServerTable, game, plain_mail, text_of
from tests.mail.helpers import raw_mail

PLAYERS = {"North": "north@example.test", "South": "south@example.test"}

SIGNATURE = """\
-----BEGIN PGP SIGNATURE-----

iQEzBAEBCAAdFiEEq3PFdGd3kMfSQhMzy9a5JiB0o0gFAmXjB3kACgkQy9a5JiB0
o0gR8Af/Z3x1Vv4aYb2QKQy3dN0bX4Ol3aJm8sTYQy2bU8zN9WnB3lK0e7mJr5Kp
=AbCd
-----END PGP SIGNATURE-----
"""


def clear_signed(text: str, hash_header: str = "Hash: SHA256\n") -> str:
    """``text`` as GnuPG's --clearsign writes it: every line that begins with a dash escaped."""
    escaped = "".join(f"- {line}" if line.startswith("-") else line for line in text.splitlines(True))
    return f"-----BEGIN PGP SIGNED MESSAGE-----\n{hash_header}\n{escaped}{SIGNATURE}"


def test_the_armour_goes_and_the_signed_lines_keep_their_numbers():
    signed = clear_signed("SIGNON North g1 pw\nADD 3\n--- a dashed line\n-- \nNorth\n")
    lines = without_armour(signed).split("\n")
    assert [line for line in lines if line] == [
        "SIGNON North g1 pw",
        "ADD 3",
        "--- a dashed line",
        "-- ",
        "North",
    ]
    assert lines[3] == "SIGNON North g1 pw" and len(lines) == len(signed.split("\n"))


def test_text_around_a_signed_block_is_kept_and_a_quoted_block_untouched():
    text = (
        "Orders below.\n" + clear_signed("ADD 3\n") + "-- \nlist footer\n"
        "> -----BEGIN PGP SIGNED MESSAGE-----\n> Hash: SHA1\n"
    )
    kept = [line for line in without_armour(text).split("\n") if line]
    assert kept == [
        "Orders below.",
        "ADD 3",
        "-- ",
        "list footer",
        "> -----BEGIN PGP SIGNED MESSAGE-----",
        "> Hash: SHA1",
    ]


def test_several_hash_headers_and_a_missing_empty_line_are_armour_too():
    text = "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA1\nHash: SHA256\nADD 3\n" + SIGNATURE
    assert [line for line in without_armour(text).split("\n") if line] == ["ADD 3"]


def test_a_clear_signed_mail_in_quoted_printable_with_crlf_is_read_as_its_signed_text():
    body = clear_signed("SIGNON North g1 pw\nADD 3\n-- \nNorth\n").replace("\n", "\r\n")
    encoded = quopri.encodestring(body.encode()).decode()
    raw = raw_mail("North <north@example.test>", encoded).replace(
        b"Content-Transfer-Encoding: 8bit", b"Content-Transfer-Encoding: quoted-printable"
    )
    text = parse(raw).text
    assert "PGP" not in text and "Hash:" not in text and "=AbCd" not in text
    assert "SIGNON North g1 pw\nADD 3\n-- \nNorth" in text


def test_a_clear_signed_html_reply_above_its_quote_is_read_as_its_signed_text():
    """Gmail's HTML, whose quote is marked in the mark-up, is read from the HTML: without armour too."""
    signed = clear_signed("ADD 3\n").replace("\n", "<br>\n")
    html = (
        f'<div dir="ltr">{signed}</div><br><div class="gmail_quote"><div class="gmail_attr">'
        "On Mon, 2 Mar 2026 at 10:00, Judge &lt;judge@pbem.test&gt; wrote:<br></div>"
        '<blockquote class="gmail_quote">ADD 9</blockquote></div>'
    )
    incoming = parse(plain_mail("north@example.test", "", html=html))
    assert [line for line in own_text(incoming.text, incoming.html).split("\n") if line.strip()] == ["ADD 3"]


def test_clear_signed_orders_are_read_and_no_line_of_armour_is_refused(make_table):
    table = make_table([game("g1", "tally", PLAYERS)])
    table.start("g1")
    north = table._box(PLAYERS["North"]) if isinstance(table, MailServerTable) else PLAYERS["North"]
    table.take()
    table.send(north, clear_signed("SIGNON North g1 pw\nADD 3\n-- \nNorth Player\n"), subject="orders")
    table.run()
    with table.store() as store:
        stored = store.order_sets("g1", "R1")["North"]
    assert stored.orders() == ["ADD 3"] and not unsettled(stored)
    [answer] = [mail for mail in table.take(north) if mail["In-Reply-To"]]
    assert "PGP" not in text_of(answer) and "SHA256" not in text_of(answer)
