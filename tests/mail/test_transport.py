"""The small pure pieces of the transports: references, answers, envelopes."""

from __future__ import annotations

import pytest
from aioimaplib import Response
from hypothesis import given
from hypothesis import strategies as st

from pbem.mail.imap import _messages, _uids, parse_ref
from pbem.mail.transport import PermanentFailure, check_envelope, with_lf_line_endings


@given(
    folder=st.text(st.characters(min_codepoint=32, max_codepoint=126), min_size=1),
    validity=st.integers(min_value=1, max_value=2**32 - 1),
    uid=st.integers(min_value=1, max_value=2**32 - 1),
)
def test_an_imap_ref_reads_back_even_with_colons_in_the_folder(
    folder: str, validity: int, uid: int
) -> None:
    assert parse_ref(f"imap:{folder}:{validity}:{uid}") == (folder, validity, uid)


@pytest.mark.parametrize("ref", ["imap:INBOX:1", "imap::1:2", "imap:INBOX:x:2", "maildir:1:2:3"])
def test_a_malformed_imap_ref_is_a_permanent_failure(ref: str) -> None:
    with pytest.raises(PermanentFailure, match="not a reference"):
        parse_ref(ref)


def test_fetch_answers_are_read_whichever_side_of_the_body_the_uid_is() -> None:
    lines: list[bytes | bytearray] = [
        b"1 FETCH (UID 7 BODY[] {5}", bytearray(b"first"), b")",
        b"2 FETCH (BODY[] {6}", bytearray(b"second"), b" UID 9)",
        b"3 FETCH (FLAGS (\\Seen) UID 11)",  # a flag change the server told of unasked
        b"Fetch completed (0.001 + 0.000 secs).",
    ]
    assert _messages(lines) == {7: b"first", 9: b"second"}


def test_a_body_that_looks_like_a_fetch_line_is_still_a_body() -> None:
    lines: list[bytes | bytearray] = [
        b"1 FETCH (UID 3 BODY[] {17}", bytearray(b"2 FETCH (UID 99 x"), b")",
        b"Fetch completed.",
    ]
    assert _messages(lines) == {3: b"2 FETCH (UID 99 x"}


def test_search_answers_give_uids_in_ascending_order() -> None:
    # aioimaplib strips "* SEARCH"; with no match it leaves an empty line.
    found = Response("OK", [b"12 3 7", b"Search completed (0.001 + 0.000 secs)."])
    assert _uids(found) == [3, 7, 12]
    assert _uids(Response("OK", [b"", b"Search completed (0.001 + 0.000 secs)."])) == []


def test_line_endings_become_lf() -> None:
    assert with_lf_line_endings(b"a\r\nb\nc\r\n") == b"a\nb\nc\n"


def test_a_bounce_may_have_an_empty_sender() -> None:
    check_envelope("", ["gm@example.test"])
