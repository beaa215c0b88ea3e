"""Hostile mail for the fuzz suite: hypothesis strategies for headers, charsets, MIME structure
and command arguments, and a mutation corpus of real-looking mails (tests/data/mail/).

``tests/reliability/test_fuzzed_mail.py`` draws from the strategies; ``fuzzrun`` pushes mails
through real runs and counts what became of each; ``benchmarks/fuzz_intake.py`` does the big run.
Every piece is bytes, as a mail arrives: a header value may hold raw 8-bit, CR, LF and NUL.
"""

from __future__ import annotations

import base64
import quopri
import random
import re
from pathlib import Path

from hypothesis import strategies as st

PLAYERS = {"North": "north@example.test", "South": "south@example.test"}
SERVICE = "judge@pbem.test"
#: the outsider every injection attempt tries to reach; no sender ever has this domain
VICTIM = "victim@injected.test"
INJECTIONS = [
    f"Bcc: {VICTIM}",
    f"To: {VICTIM}",
    f"Cc: {VICTIM}",
    "X-Injected: yes",
    "Content-Type: text/html",
    f"Reply-To: {VICTIM}",
]
CORPUS = Path(__file__).resolve().parent.parent / "data" / "mail"

# -- text, charsets and encodings ------------------------------------------------------------

text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=300)
junk = st.binary(max_size=400)
breaks = st.sampled_from(["\r", "\n", "\r\n", "\x00", "\x85", "\u2028", "\x0b", "\t", " "])
hostile_text = st.lists(
    st.one_of(
        breaks, st.sampled_from(INJECTIONS), st.text(max_size=8), st.sampled_from(["=?", "?=", "<", ">"])
    ),
    max_size=8,
).map("".join)

charsets = st.one_of(
    st.sampled_from(
        [
            "utf-8",
            "iso-8859-1",
            "windows-1252",
            "koi8-r",
            "utf-16",
            "utf-7",
            "shift_jis",
            "iso-2022-jp",
            "gb2312",
            "big5",
            "us-ascii",
            "",
            "x-unknown-8",
            "unknown-8bit",
            "idna",
            "punycode",
            "utf\x008",
            "base64",
            "rot13",
            "zlib",
            "hex",
            "utf-8*en",
            '"utf-8"',
            "utf-8 ",
            "UTF8",
            "cp65001",
            "x" * 300,
            "../../etc/passwd",
            "mbcs",
            "uu",
            "undefined",
        ]
    ),
    st.text(max_size=12),
)
encodings = st.sampled_from(
    [
        "7bit",
        "8bit",
        "base64",
        "quoted-printable",
        "x-uuencode",
        "binary",
        "BASE64",
        "x-unknown",
        "quoted-printable; x",
        "",
    ]
)


def encoded_word(value: str, charset: str, encoding: str) -> str:
    """``value`` as one RFC 2047 encoded word in ``charset`` (UTF-8 bytes if it cannot)."""
    try:
        data = value.encode(charset.strip().strip('"') or "utf-8")
    except Exception:  # noqa: BLE001 - the fuzz charsets include every kind of nonsense
        data = value.encode("utf-8")
    if encoding == "b":
        payload = base64.b64encode(data).decode()
    else:
        payload = quopri.encodestring(data, header=True).decode().replace("\n", "")
    return f"=?{charset}?{encoding}?{payload}?="


header_values = st.one_of(
    hostile_text.map(lambda value: value.encode("utf-8", "surrogatepass")),
    st.builds(encoded_word, hostile_text, charsets, st.sampled_from("bqBQ")).map(
        lambda value: value.encode("utf-8", "surrogatepass")
    ),
    junk,
    st.builds(
        lambda word, rest: word.encode("utf-8", "surrogatepass") + b" " + rest,
        st.builds(encoded_word, hostile_text, charsets, st.sampled_from("bq")),
        junk,
    ),
)
#: ``drawn`` numbers each mail's UNIQUE (hypothesis repeats its favourite values often)
UNIQUE = b"<fuzz.UNIQUE@player.test>"
unique_ids = st.just(UNIQUE)
message_ids = st.one_of(  # mostly unique: the same sender and Message-ID twice is one mail (a copy)
    unique_ids,
    unique_ids,
    unique_ids,
    st.sampled_from(
        [
            b"",
            b"garbage",
            b"<caf\xc3\xa9@x.test>",
            b"<a b@c>",
            b"<>",
            b"<@>",
            b"<x@[1.2.3.4]>",
            b"<one@x> <two@y>",
            b"<" + b"a" * 2000 + b"@x>",
            b"=?utf-8?q?<x@player.test>=0D=0ABcc:_victim@injected.test?=",
            b"=?utf-8?b?PHhAcGxheWVyLnRlc3Q+DQpCY2M6IHZpY3RpbUBpbmplY3RlZC50ZXN0?=",
        ]
    ),
    header_values,
)
dates = st.one_of(
    st.sampled_from(
        [
            b"",
            b"Mon, 2 Mar 2026 09:00:00 +0100",
            b"Fri, 31 Dec 9999 23:00:00 -0500",
            b"Fri, 31 Dec 9999 23:59:59 -2359",
            b"Mon, 1 Jan 0001 00:00:00 +2359",
            b"yesterday",
            b"Mon, 99 Foo 2026 99:99:99 +9999",
            b"0",
            b"Tue, 2 Mar 2026 09:00:00 GMT\x00",
        ]
    ),
    header_values,
)
senders = st.one_of(
    st.sampled_from(
        [
            *(address.encode() for address in PLAYERS.values()),
            b"North <north@example.test>",
            b"stranger@example.test",
            b"",
            b"not an address",
            b"=?utf-8?b?broken",
            b"MAILER-DAEMON@mx.example.test",
            b"postmaster@example.test",
            SERVICE.encode(),
            b"judge+abc@pbem.test",
            b"=?utf-8?q?Bcc=3A_victim=40injected=2Etest?= <stranger@example.test>",
            b'"north@example.test" <>',
            b"<north@example.test>, <south@example.test>",
            b"a@b@c",
            b"caf\xc3\xa9@example.test",
            b"north@example.test\x00",
            b"undisclosed-recipients:;",
        ]
    ),
    header_values,
)
# mail that must never be answered (RFC 3834 and common practice), and mail that merely looks odd
loop_headers = st.sampled_from(
    [
        b"",
        b"",
        b"",
        b"",
        f"X-Loop: {SERVICE}\n".encode(),
        b"Auto-Submitted: auto-replied\n",
        b"Auto-Submitted: auto-generated\n",
        b"Auto-Submitted: no\n",
        b"Precedence: bulk\n",
        b"Precedence: list\n",
        b"Precedence: junk\n",
        b"List-Id: <players.list.test>\n",
        b"List-Unsubscribe: <mailto:x@list.test>\n",
        b"Return-Path: <>\n",
        b"Return-Path: <MAILER-DAEMON@mx.test>\n",
        b"X-Autoreply: yes\n",
        b"X-Auto-Response-Suppress: All\n",
        b"X-Pbem: pbem 0.1\n",
        b"X-Loop: someone@else.test\n",
    ]
)

# -- command arguments --------------------------------------------------------------------------

numbers = st.one_of(
    st.integers(-10, 100).map(str),
    st.sampled_from(
        [
            "\u00b2",
            "\u0663",
            "\uff11",
            "1e400",
            "99999999999999999999999",
            "0x10",
            "1.5",
            "-0",
            "NaN",
            "inf",
            "",
        ]
    ),
)
date_words = st.one_of(
    st.dates().map(str),
    st.sampled_from(
        [
            "9999-12-30",
            "9999-12-31",
            "0001-01-01",
            "2026-02-30",
            "2026-03-03",
            "2026-03-05 25:00",
            "2026-13-01",
            "tomorrow",
            "2026-03-03T10:00",
            "\u0662\u0660\u0662\u0666-03-03",
        ]
    ),
)
command_lines = st.one_of(
    st.builds("HISTORY {}".format, numbers),
    st.builds("SET ABSENCE {} TO {}".format, date_words, date_words),
    st.builds("SET ABSENCE {}".format, date_words),
    st.builds("EXTEND {}".format, numbers),
    st.builds("CONCEDE {}".format, hostile_text),
    st.builds(
        "PRESS TO {}\n{}\nENDPRESS".format,
        st.sampled_from(["ALL", "South", "Nobody", "", "South GREY"]),
        hostile_text,
    ),
    st.builds("BROADCAST\n{}".format, hostile_text),
    st.builds("ADD {}".format, numbers),
    st.builds("REPLACE {} {}".format, hostile_text, hostile_text),
    st.builds("ROLLBACK {}".format, hostile_text),
    st.builds("OPTION {} {}".format, hostile_text, hostile_text),
    st.sampled_from(
        [
            "LIST",
            "LIST everything",
            "READY",
            "NOT READY",
            "DRAW",
            "NO DRAW",
            "NO CONCEDE",
            "HELP",
            "SIGNOFF",
            "SIGNON",
            "SIGN ON North",
            "GAME g1 POWER North",
            "PROCESS",
            "PAUSE",
            "RESUME",
        ]
    ),
)
signons = st.sampled_from(
    [
        "SIGNON North g1 pw\n",
        "SIGNON South g1 pw\n",
        "SIGNON North g1 bad\n",
        "SIGNON REFEREE g1 referee-secret\n",
        "SIGNON North nosuch pw\n",
        "",
    ]
)
body_texts = st.builds(
    lambda signon, lines, tail: signon + "\n".join(lines) + tail,
    signons,
    st.lists(command_lines, max_size=6),
    st.one_of(st.just(""), text),
)

# -- MIME structure ----------------------------------------------------------------------------


@st.composite
def leaf(draw) -> bytes:
    """One part: a content type, charset and transfer encoding that may not fit its body."""
    maintype = draw(
        st.sampled_from(
            [
                "text/plain",
                "text/html",
                "application/octet-stream",
                "image/png",
                "text/x-garbage",
                "message/rfc822",
                "message/delivery-status",
                "multipart/mixed",
                "text/plain; format=flowed; delsp=yes",
            ]
        )
    )
    charset = draw(charsets)
    encoding = draw(encodings)
    body = draw(st.one_of(body_texts.map(lambda t: t.encode("utf-8", "surrogatepass")), junk))
    if encoding.lower() == "base64" and draw(st.booleans()):
        body = base64.b64encode(body)
    elif encoding == "quoted-printable" and draw(st.booleans()):
        body = quopri.encodestring(body)
    disposition = draw(
        st.sampled_from(
            ["", "attachment; filename=x.bin", "inline", "attachment", "attachment; filename*=idna''x"]
        )
    )
    head = f"Content-Type: {maintype}" + (f'; charset="{charset}"' if charset else "") + "\n"
    if encoding:
        head += f"Content-Transfer-Encoding: {encoding}\n"
    if disposition:
        head += f"Content-Disposition: {disposition}\n"
    return head.encode("utf-8", "surrogatepass") + b"\n" + body


@st.composite
def mime_tree(draw, depth: int = 0) -> bytes:
    """A multipart tree up to three deep, with broken boundaries and missing closings."""
    if depth >= 3 or draw(st.booleans()):
        return draw(leaf())
    subtype = draw(st.sampled_from(["mixed", "alternative", "related", "report", "signed", "digest"]))
    boundary = f"b{depth}x{draw(st.integers(0, 9999))}"
    parts = draw(st.lists(mime_tree(depth + 1), max_size=3))
    closing = draw(st.booleans())
    body = b"".join(b"--" + boundary.encode() + b"\n" + part + b"\n" for part in parts)
    if closing:
        body += b"--" + boundary.encode() + b"--\n"
    if draw(st.integers(0, 5)) == 0:  # a boundary the body never uses
        boundary = boundary + "-other"
    return f'Content-Type: multipart/{subtype}; boundary="{boundary}"\n'.encode() + b"\n" + body


def deep_chain(
    depth: int, inner: bytes = b"Content-Type: text/plain\n\nSIGNON North g1 pw\nADD 1\n"
) -> bytes:
    """``inner`` wrapped in ``depth`` multiparts (the email package recurses once a level)."""
    head = b"".join(
        b'Content-Type: multipart/mixed; boundary="d%d"\n\n--d%d\n' % (n, n) for n in range(depth)
    )
    tail = b"".join(b"\n--d%d--\n" % n for n in reversed(range(depth)))
    return head + inner + tail


structures = st.one_of(
    st.builds(
        lambda body: b"Content-Type: text/plain; charset=utf-8\n\n" + body.encode("utf-8", "surrogatepass"),
        body_texts,
    ),
    mime_tree(),
    st.builds(deep_chain, st.sampled_from([20, 60, 400, 3000])),
)


@st.composite
def message(draw, huge: int = 300_000) -> bytes:
    """A whole hostile mail: odd headers, loop marks, a structure, now and then one ``huge``."""
    head = b"From: " + draw(senders) + b"\n"
    head += (
        b"To: "
        + draw(
            st.sampled_from(
                [SERVICE.encode(), b"", b"judge+nosuchtoken@pbem.test", b"undisclosed-recipients:;"]
            )
        )
        + b"\n"
    )
    head += b"Subject: " + draw(st.one_of(text.map(str.encode), header_values)) + b"\n"
    head += b"Message-ID: " + draw(message_ids) + b"\n"
    head += b"Date: " + draw(dates) + b"\n"
    head += draw(loop_headers)
    for _ in range(draw(st.integers(0, 2))):
        head += (
            draw(
                st.sampled_from(
                    [
                        b"In-Reply-To",
                        b"References",
                        b"Received",
                        b"X-Junk",
                        b"MIME-Version",
                        b"Content-Transfer-Encoding",
                    ]
                )
            )
            + b": "
            + draw(header_values)
            + b"\n"
        )
    raw = head + draw(structures)
    if draw(st.integers(0, 60)) == 0:
        raw += b"\n" + b"A" * huge  # larger than the service reads
    return raw


# -- the mutation corpus --------------------------------------------------------------------


def corpus() -> list[tuple[str, bytes]]:
    """The real-looking mails of tests/data/mail/, by file name."""
    return [(path.name, path.read_bytes()) for path in sorted(CORPUS.glob("*.eml"))]


def _head_and_body(raw: bytes) -> tuple[bytes, bytes]:
    end = raw.find(b"\n\n")
    return (raw, b"") if end < 0 else (raw[: end + 1], raw[end + 1 :])


def _set_header(raw: bytes, name: bytes, value: bytes) -> bytes:
    head, body = _head_and_body(raw)
    pattern = re.compile(rb"^" + re.escape(name) + rb":.*(\n[ \t].*)*\n", re.IGNORECASE | re.MULTILINE)
    head = pattern.sub(b"", head)
    return name + b": " + value + b"\n" + head + body


def _flip_bytes(raw: bytes, rng: random.Random) -> bytes:
    data = bytearray(raw)
    for _ in range(rng.randint(1, 20)):
        data[rng.randrange(len(data))] = rng.randrange(256)
    return bytes(data)


def _drop_line(raw: bytes, rng: random.Random) -> bytes:
    lines = raw.split(b"\n")
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def _duplicate_header(raw: bytes, rng: random.Random) -> bytes:
    head, body = _head_and_body(raw)
    lines = [line for line in head.split(b"\n") if line and not line[:1].isspace()]
    return rng.choice(lines) + b"\n" + raw if lines else raw


def _charset(raw: bytes, rng: random.Random) -> bytes:
    name = rng.choice(["idna", "utf\x008", "x-nope", "base64", "utf-16", "utf-7", "punycode", "", "zlib"])
    replacement = b'charset="' + name.encode() + b'"'
    return re.sub(rb"charset=\"?[^\";\s]*\"?", replacement, raw, count=rng.randint(1, 3))


def _message_id(raw: bytes, rng: random.Random) -> bytes:
    return _set_header(
        raw,
        b"Message-ID",
        rng.choice(
            [
                b"<caf\xc3\xa9@x.test>",
                b"=?utf-8?q?<x@y.test>=0D=0ABcc:_victim@injected.test?=",
                b"",
                b"<a b@c>",
                b"<" + b"x" * 5000 + b"@y>",
                b"<ok-%d@mutant.test>" % rng.randrange(10**9),
            ]
        ),
    )


def _break_header(raw: bytes, rng: random.Random) -> bytes:
    name = rng.choice([b"Subject", b"From", b"In-Reply-To", b"References", b"Date", b"Content-Type"])
    value = rng.choice(
        [
            b"x\rBcc: victim@injected.test",
            b"x\x00y",
            b"\xff\xfe\xfd",
            b"=?utf-8?b?====?=",
            b"=?utf-8?q?a=0D=0ABcc:_victim@injected.test?=",
            b"Fri, 31 Dec 9999 23:00:00 -0500",
            b"multipart/mixed; boundary=",
            b"text/plain; charset*=idna''x",
            b"",
        ]
    )
    return _set_header(raw, name, value)


def _truncate(raw: bytes, rng: random.Random) -> bytes:
    return raw[: rng.randrange(1, len(raw))]


def _boundary(raw: bytes, rng: random.Random) -> bytes:
    return re.sub(rb'boundary="?([^";\s]+)"?', lambda m: b'boundary="' + m[1][:-1] + b'Z"', raw, count=1)


def _encoding(raw: bytes, rng: random.Random) -> bytes:
    name = rng.choice([b"base64", b"quoted-printable", b"x-uuencode", b"8bit", b"x-gzip"])
    replacement = b"Content-Transfer-Encoding: " + name
    return re.sub(rb"(?i)Content-Transfer-Encoding:[^\n]*", replacement, raw, count=2)


def _nest(raw: bytes, rng: random.Random) -> bytes:
    head, body = _head_and_body(raw)
    inner = re.findall(rb"(?im)^Content-Type:.*(?:\n[ \t].*)*\n", head)
    kept = re.sub(rb"(?im)^Content-Type:.*(?:\n[ \t].*)*\n", b"", head)
    return kept + deep_chain(rng.choice([15, 80, 2500]), (inner[0] if inner else b"") + body)


def _pad(raw: bytes, rng: random.Random) -> bytes:
    return raw + b"\n" + b"B" * 300_000


def _loop_mark(raw: bytes, rng: random.Random) -> bytes:
    return (
        rng.choice(
            [
                b"X-Loop: " + SERVICE.encode() + b"\n",
                b"Auto-Submitted: auto-replied\n",
                b"Precedence: bulk\n",
                b"Return-Path: <>\n",
            ]
        )
        + raw
    )


def _sender(raw: bytes, rng: random.Random) -> bytes:
    return _set_header(
        raw,
        b"From",
        rng.choice(
            [b"south@example.test", b"stranger@example.test", b"", b"MAILER-DAEMON@mx.test", SERVICE.encode()]
        ),
    )


def _command(raw: bytes, rng: random.Random) -> bytes:
    line = rng.choice(
        [
            "HISTORY \u00b2",
            "HISTORY 99999999999",
            "SET ABSENCE 9999-12-30 TO 9999-12-31",
            "SET ABSENCE 2026-03-03 TO 2027-03-03",
            "EXTEND 1e400",
            "CONCEDE \x00",
            "PRESS TO ALL\nBcc: victim@injected.test\nENDPRESS",
            "ADD 99999999999999999999",
        ]
    )
    return raw.replace(b"SIGNON North g1 pw\n", b"SIGNON North g1 pw\n" + line.encode() + b"\n", 1)


MUTATIONS = [
    _flip_bytes,
    _drop_line,
    _duplicate_header,
    _charset,
    _message_id,
    _break_header,
    _truncate,
    _boundary,
    _encoding,
    _nest,
    _loop_mark,
    _sender,
    _command,
    _command,
]


def mutants(count: int, seed: int, *, pad_every: int = 60) -> list[bytes]:
    """``count`` mails made from the corpus by one to three mutations each, reproducibly."""
    rng = random.Random(seed)
    originals = [raw for _, raw in corpus()]
    made = []
    for index in range(count):
        # a Message-ID of its own, so that mutants of one original are not copies of each other
        own_id = b"<mutant.%d.%d@example.test>" % (seed, index)
        raw = _set_header(rng.choice(originals), b"Message-ID", own_id)
        for _ in range(rng.randint(1, 3)):
            raw = rng.choice(MUTATIONS)(raw, rng) or raw
        if pad_every and index % pad_every == pad_every - 1:
            raw = _pad(raw, rng)
        made.append(raw)
    return made


def drawn(strategy: st.SearchStrategy[bytes], count: int, seed: int) -> list[bytes]:
    """``count`` examples of ``strategy``, the same ones for the same ``seed`` (for the big run
    and the suite's slice, which need many mails at once rather than one test per mail)."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as fixed_seed

    mails: list[bytes] = []

    @fixed_seed(seed)
    @settings(
        max_examples=count,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def collect(raw: bytes) -> None:
        mails.append(raw)

    collect()
    return [
        raw.replace(UNIQUE, b"<fuzz.%d.%d@player.test>" % (seed, index), 1)
        for index, raw in enumerate(mails[:count])
    ]
