"""Fuzzed mail: whatever arrives, no traceback, and a known player always gets an answer.

Hypothesis builds messages with odd MIME trees, charsets that exist and ones that do not,
broken transfer encodings, broken headers, attachments, empty and huge bodies and binary
junk, and feeds them to a real run on Maildir. Separately, every ruleset's order parser reads
arbitrary text without raising and gives each line an order or an error.
"""

import base64

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.intake.commands import normalise, read_mail
from pbem.mail.message import parse
from pbem.mail.quotes import strip_reply
from pbem.ruleset import REGISTRY, get_ruleset
from tests.harness import Table, game

PLAYERS = {"North": "north@example.test", "South": "south@example.test"}

text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=300)
charsets = st.sampled_from(
    [
        "utf-8",
        "iso-8859-1",
        "windows-1252",
        "koi8-r",
        "utf-16",
        "x-unknown-8",
        "us-ascii",
        "shift_jis",
        "",
    ]
)
encodings = st.sampled_from(["7bit", "8bit", "base64", "quoted-printable", "x-uuencode", "binary"])
junk = st.binary(max_size=400)


@st.composite
def leaf(draw) -> bytes:
    maintype = draw(
        st.sampled_from(
            [
                "text/plain",
                "text/html",
                "application/octet-stream",
                "image/png",
                "text/x-garbage",
                "message/rfc822",
            ]
        )
    )
    charset = draw(charsets)
    encoding = draw(encodings)
    body = draw(st.one_of(text.map(lambda t: t.encode("utf-8", "replace")), junk))
    if encoding == "base64" and draw(st.booleans()):
        body = base64.b64encode(body)
    disposition = draw(st.sampled_from(["", "attachment; filename=x.bin", "inline", "attachment"]))
    head = f"Content-Type: {maintype}" + (f"; charset={charset}" if charset else "") + "\n"
    head += f"Content-Transfer-Encoding: {encoding}\n"
    if disposition:
        head += f"Content-Disposition: {disposition}\n"
    return head.encode() + b"\n" + body


@st.composite
def mime_tree(draw, depth: int = 0) -> bytes:
    if depth >= 3 or draw(st.booleans()):
        return draw(leaf())
    subtype = draw(st.sampled_from(["mixed", "alternative", "related", "report", "signed"]))
    boundary = f"b{depth}x{draw(st.integers(0, 9999))}"
    parts = draw(st.lists(mime_tree(depth + 1), max_size=3))
    closing = draw(st.booleans())
    body = b"".join(b"--" + boundary.encode() + b"\n" + part + b"\n" for part in parts)
    if closing:
        body += b"--" + boundary.encode() + b"--\n"
    return f'Content-Type: multipart/{subtype}; boundary="{boundary}"\n'.encode() + b"\n" + body


@st.composite
def message(draw) -> tuple[str, bytes]:
    sender = draw(
        st.sampled_from(
            [
                *PLAYERS.values(),
                "stranger@example.test",
                "",
                "not an address",
                "=?utf-8?b?broken",
                "MAILER-DAEMON@x.test",
            ]
        )
    )
    subject = draw(st.one_of(text, st.just("=?utf-8?q?=ZZ=?="), st.just("=?x-none?b?@@@?=")))
    signon = draw(
        st.sampled_from(["SIGNON North g1 pw\n", "SIGNON South g1 pw\n", "SIGNON North g1 bad\n", ""])
    )
    head = f"From: {sender}\nTo: judge@pbem.test\nSubject: {subject}\n"
    head += draw(
        st.sampled_from(
            [
                "",
                "Message-ID: <fuzz@x>\n",
                "Message-ID: garbage\n",
                "Auto-Submitted: auto-replied\n",
                "Date: yesterday\n",
                "Content-Transfer-Encoding: base64\n",
                "MIME-Version: 9.9\n",
            ]
        )
    )
    if draw(st.booleans()):
        body = (signon + draw(text)).encode("utf-8", "replace")
        raw = head.encode("utf-8", "replace") + b"Content-Type: text/plain; charset=utf-8\n\n" + body
    else:
        tree = draw(mime_tree())
        raw = head.encode("utf-8", "replace") + tree.replace(b"\n\n", b"\n\n" + signon.encode(), 1)
    if draw(st.integers(0, 20)) == 0:
        raw += b"\n" + b"A" * 3_000_000  # larger than the service reads
    return sender, raw


@given(st.lists(message(), min_size=1, max_size=6))
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
def test_no_mail_ever_causes_a_traceback_and_known_players_get_an_answer(tmp_path_factory, messages):
    table = Table(tmp_path_factory.mktemp("fuzz"), [game("g1", "tally", PLAYERS)])
    table.start("g1")
    table.take()
    for _, raw in messages:
        table.deliver(raw)
    tally = table.run()
    assert tally.errors == []
    with table.store() as store:
        assert store.message_count("failed") == 0
        rows = store._rows("SELECT id, raw, status FROM messages ORDER BY id")
    answered = {m["In-Reply-To"] for m in table.take() if m["In-Reply-To"]}
    for row in rows:
        incoming = parse(row["raw"], headers_only=len(row["raw"]) > table.service.max_message_bytes)
        if incoming.sender in PLAYERS.values() and not incoming.automatic:
            # every mail from a player's address is answered, whatever it was (a wrong password
            # is answered to the registered address of the power it claimed)
            assert row["status"] == "done"
            if incoming.message_id:
                assert incoming.message_id in answered


@given(text)
def test_reading_any_text_never_raises(body):
    read_mail(strip_reply(body))


def started_rulesets():
    """Every registered ruleset that is installed, with a started game of it."""
    cases = []
    for name in sorted(REGISTRY):
        try:
            ruleset = get_ruleset(name)
        except ImportError:
            continue
        for variant in ruleset.variants()[:1]:
            for powers in (
                ["North", "South", "East", "West"],
                ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"],
                ["A", "B"],
            ):
                try:
                    state = ruleset.start(variant, powers, {}, 7)
                except Exception:  # noqa: BLE001 - this ruleset wants other seats; try the next
                    continue
                cases.append(pytest.param(ruleset, state, id=f"{name}-{variant}"))
                break
    return cases


@pytest.mark.parametrize("ruleset, state", started_rulesets())
@given(
    body=st.one_of(
        text,
        st.lists(
            st.sampled_from(
                [
                    "A PAR - BUR",
                    "F LON - NTH S",
                    "build",
                    "B A",
                    "-",
                    "->",
                    "::",
                    "1",
                    "X",
                    "hold",
                    "ATTACK",
                    "play",
                    "via convoy",
                    "(nc)",
                    "/sc",
                    "Move Left & +1 & Earth",
                    "recruit",
                    "feast",
                    "R",
                    "D",
                    "waive",
                ]
            ),
            max_size=8,
        ).map(" ".join),
    )
)
@settings(max_examples=60, deadline=None)
def test_every_ruleset_reads_any_order_text_without_raising(ruleset, state, body):
    body = normalise(body)  # as intake gives it: "\n" is the only line break
    phase = ruleset.phase(state)
    power = (phase.may_order or phase.acting or ("North",))[0]
    lines = ruleset.parse_orders(state, power, body)
    nonblank = [number for number, line in enumerate(body.split("\n"), 1) if line.strip()]
    assert sorted(line.line for line in lines) == nonblank
    for line in lines:
        assert (line.order is None) != (line.error is None)
