"""A one-part mail's body is not read line by line by the email parser (issue 29: a mail of a
million short lines took a second there alone): it becomes the payload as the parser would make
it. Every mail the fuzz suite draws and every captured one parse to the same headers and body."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

import pytest
from hypothesis import given, settings

from pbem.mail.message import _parsed
from tests.reliability.fuzzmail import message

DATA = Path(__file__).parent.parent / "data"
CAPTURED = sorted(DATA.glob("**/*.eml"))


def assert_parsed_as_the_email_parser_does(raw: bytes) -> None:
    head = _parsed(raw, headers_only=True)
    assert head is not None
    if head.get_content_maintype() in {"multipart", "message"}:
        return  # parsed by the email parser itself, line by line
    ours = _parsed(raw, headers_only=False)
    theirs = email.message_from_bytes(raw, policy=email.policy.compat32)
    assert ours is not None
    assert ours.items() == theirs.items()
    assert ours.is_multipart() == theirs.is_multipart()
    if not theirs.is_multipart():
        assert ours.get_payload() == theirs.get_payload()
        assert ours.get_payload(decode=True) == theirs.get_payload(decode=True)


@settings(max_examples=150)
@given(message(huge=3_000))
def test_a_drawn_mail_parses_as_the_email_parser_parses_it(raw):
    assert_parsed_as_the_email_parser_does(raw)


@pytest.mark.parametrize("path", CAPTURED, ids=lambda path: path.stem)
def test_a_captured_mail_parses_as_the_email_parser_parses_it(path):
    assert_parsed_as_the_email_parser_does(path.read_bytes())


ODD = [
    b"\nFrom: a@example.test\n\nbody\n",
    b"From: a@example.test\nnot a header\n\nx\n",
    b"From: a@example.test\r\n\r\nA Par H\r\n",
    b"From: a@example.test\rA Par H\r",
    b"From: a@example.test",
]


@pytest.mark.parametrize("head", ODD)
def test_odd_header_blocks_parse_as_the_email_parser_parses_them(head):
    assert_parsed_as_the_email_parser_does(head)
