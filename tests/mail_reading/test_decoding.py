"""The decoding layer cannot raise: any charset, header, date or MIME structure gives text or a
clear problem, and nothing read from a header can hold a line break."""

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pbem.mail.message import (
    MAX_DEPTH,
    MSG_ID,
    decode_text,
    header_date,
    header_text,
    msg_id,
    parse,
    received_at,
    shortened,
    shortened_from,
)

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def mail(headers: str, body: bytes = b"ADD 1\n", content_type: str = "text/plain; charset=utf-8") -> bytes:
    head = f"From: Ann <ann@example.test>\nTo: judge@pbem.test\nContent-Type: {content_type}\n{headers}"
    return head.encode("utf-8", "surrogateescape") + b"\n" + body


@pytest.mark.parametrize(
    "charset, body, text",
    [
        ("idna", b"ADD 1 caf\xc3\xa9\n", "ADD 1 café"),  # idna refuses errors="replace"
        ('"utf\x008"', b"ADD 1\n", "ADD 1"),  # a NUL in the name
        ("x-no-such-charset", b"ADD 1 \xe9t\xe9\n", "ADD 1 été"),  # unknown: UTF-8, then Windows-1252
        ("base64", b"ADD 1\n", "ADD 1"),  # a codec, but not a text encoding
        ("rot13", b"ADD 1\n", "ADD 1"),
        ("us-ascii", b"ADD 1 \xc3\xa9\n", "ADD 1 é"),  # mislabelled UTF-8
        ("utf-8*en", b"ADD 1 \xc3\xa9\n", "ADD 1 é"),  # an RFC 2231 language tail
        ("unknown-8bit", b"ADD 1 \x80\n", "ADD 1 €"),
    ],
)
def test_any_charset_name_gives_readable_text(charset, body, text):
    incoming = parse(mail("", body, f"text/plain; charset={charset}"))
    assert incoming.text.strip() == text and incoming.problem == ""


@given(data=st.binary(max_size=200), charset=st.one_of(st.none(), st.text(max_size=30)))
def test_decode_text_never_raises(data, charset):
    assert isinstance(decode_text(data, charset), str)


@given(st.text(max_size=300))
def test_a_header_is_always_one_line_without_control_characters(value):
    text = header_text(value)
    assert not any(ord(char) < 32 or char in "\x7f\x85\u2028\u2029" for char in text)
    assert text == text.strip()


@given(st.text(max_size=200))
def test_msg_id_is_empty_or_one_valid_msg_id(value):
    found = msg_id(value)
    assert found == "" or (MSG_ID.fullmatch(found) and found.isascii() and " " not in found)


@pytest.mark.parametrize(
    "header, expected",
    [
        ("Message-ID: <caf\xe9@example.test>", ""),  # non-ASCII: not a msg-id
        ("Message-ID: =?utf-8?q?<a@b.test>=0D=0ABcc:_outsider@evil.test?=", "<a@b.test>"),
        ("Message-ID: <a b@c>", ""),
        ("Message-ID: garbage", ""),
        ("Message-ID: <ok.1@[127.0.0.1]>", "<ok.1@[127.0.0.1]>"),
        ("Message-ID:\n <folded@example.test>", "<folded@example.test>"),
    ],
)
def test_only_rfc_5322_message_ids_are_kept(header, expected):
    assert parse(mail(header + "\n")).message_id == expected


@pytest.mark.parametrize(
    "header",
    [
        "Subject: =?utf-8?b?aGkNCkJjYzogb3V0c2lkZXJAZXZpbC50ZXN0?=",  # "hi\r\nBcc: ..." encoded
        "Subject: raw \udce9\udcff 8-bit",
        "Subject: a\x00NUL",
        "Subject: =?x-nope?q?=FF?= =?idna?b?////?= =?utf-8?q?=ZZ?=",
        "Subject: =?utf-8?b?broken",
    ],
)
def test_hostile_subjects_are_read_as_one_line(header):
    subject = parse(mail(header + "\n")).subject
    assert "\n" not in subject and "\r" not in subject and "\x00" not in subject


def test_raw_utf8_in_a_header_is_read_as_utf8():
    assert parse(mail("Subject: ordres pour l'\udcc3\udca9t\udcc3\udca9\n")).subject == "ordres pour l'été"


@pytest.mark.parametrize(
    "value",
    ["Fri, 31 Dec 9999 23:00:00 -0500", "Fri, 31 Dec 9999 23:59:59 -2359", "yesterday", "", "Mon, 99 Foo"],
)
def test_dates_out_of_range_or_malformed_are_none(value):
    assert header_date(value) is None


def test_a_received_header_in_year_9999_counts_as_received_now():
    raw = b"Received: from mx by us; Fri, 31 Dec 9999 23:00:00 -0500\nFrom: a@b.test\n\nhi\n"
    assert received_at(raw, NOW) == NOW
    assert received_at(b"Received: by us; Mon, 2 Mar 2026 08:00:00 +0000\n\nx", NOW).hour == 8


def nested(depth: int) -> bytes:
    body = b""
    for level in range(depth):
        body += b'Content-Type: multipart/mixed; boundary="b%d"\n\n--b%d\n' % (level, level)
    body += b"Content-Type: text/plain\n\nADD 1\n"
    for level in reversed(range(depth)):
        body += b"--b%d--\n" % level
    return b"From: ann@example.test\nSubject: deep\n" + body


def test_mime_nested_past_the_limit_is_answered_with_a_problem_not_a_traceback():
    shallow = parse(nested(3))
    assert shallow.text.strip() == "ADD 1" and shallow.problem == ""
    deep = parse(nested(MAX_DEPTH + 5))
    assert deep.text == "" and f"nested more than {MAX_DEPTH}" in deep.problem
    abysmal = parse(nested(3000))  # deeper than Python's parser can recurse
    assert abysmal.sender == "ann@example.test" and abysmal.subject == "deep" and abysmal.problem


@pytest.mark.parametrize(
    "body, content_type, text",
    [
        (b"", "multipart/mixed; boundary=x", ""),
        (b"--x\n\n--x--\n", "multipart/mixed; boundary=x", ""),
        (b"ADD 1\n", "multipart/alternative", "ADD 1"),  # no boundary: read as text
        (b"--x\nContent-Type: text/plain; charset=\n\nADD 1\n", 'multipart/mixed; boundary="x"', "ADD 1"),
        (b"ADD 1=ZZ=\n", "text/plain\nContent-Transfer-Encoding: quoted-printable", "ADD 1=ZZ"),
        (b"!!!not base64", "text/plain\nContent-Transfer-Encoding: base64", ""),
        (b"begin 644 x\nnonsense\n", "text/plain\nContent-Transfer-Encoding: x-uuencode", ""),
        (b"junk", "message/rfc822", ""),
        (b"ADD 1\n", "text/plain; charset*=idna''x", "ADD 1"),
        (b"ADD 1\n", "text/plain; charset*=utf\x008''x", "ADD 1"),
    ],
)
def test_empty_or_broken_parts_give_what_text_there_is(body, content_type, text):
    incoming = parse(mail("", body, content_type))
    assert incoming.sender == "ann@example.test"
    assert (text in incoming.text) if text else isinstance(incoming.text, str)


def test_a_mail_over_the_limit_keeps_its_headers_and_first_part():
    boundary = "cut-here"
    raw = (
        (
            f'From: ann@example.test\nSubject: big\nContent-Type: multipart/mixed; boundary="{boundary}"\n\n'
            f"--{boundary}\nContent-Type: text/plain\n\nADD 1\n"
            f"--{boundary}\nContent-Type: application/octet-stream\nContent-Transfer-Encoding: base64\n\n"
        ).encode()
        + b"QUFB\n" * 2_000_000
        + f"--{boundary}--\n".encode()
    )
    kept = shortened(raw, 2_000_000)
    assert len(kept) < 3_000 and shortened_from(kept) == len(raw)
    incoming = parse(kept)
    assert incoming.subject == "big" and incoming.text.strip() == "ADD 1"
    assert shortened_from(raw) == 0


def test_a_single_part_mail_over_the_limit_is_cut_to_the_limit():
    raw = b"From: ann@example.test\nSubject: big\n\n" + b"A" * 5_000_000
    kept = shortened(raw, 1_000_000)
    assert 1_000_000 <= len(kept) < 1_000_100 and shortened_from(kept) == len(raw)
    assert parse(kept).sender == "ann@example.test"
