"""The small pure pieces of the transports: references, answers, envelopes."""

from __future__ import annotations

import itertools

import pytest
from aioimaplib import Response
from hypothesis import given
from hypothesis import strategies as st

from pbem.mail.imap import _messages, _sizes, _uids, batches, parse_ref, uid_set
from pbem.mail.transport import PermanentFailure, check_envelope, with_lf_line_endings


@given(
    folder=st.text(st.characters(min_codepoint=32, max_codepoint=126), min_size=1),
    validity=st.integers(min_value=1, max_value=2**32 - 1),
    uid=st.integers(min_value=1, max_value=2**32 - 1),
)
def test_an_imap_ref_reads_back_even_with_colons_in_the_folder(folder: str, validity: int, uid: int) -> None:
    assert parse_ref(f"imap:{folder}:{validity}:{uid}") == (folder, validity, uid)


@pytest.mark.parametrize("ref", ["imap:INBOX:1", "imap::1:2", "imap:INBOX:x:2", "maildir:1:2:3"])
def test_a_malformed_imap_ref_is_a_permanent_failure(ref: str) -> None:
    with pytest.raises(PermanentFailure, match="not a reference"):
        parse_ref(ref)


def test_fetch_answers_are_read_whichever_side_of_the_body_the_uid_is() -> None:
    lines: list[bytes | bytearray] = [
        b"1 FETCH (UID 7 BODY[] {5}",
        bytearray(b"first"),
        b")",
        b"2 FETCH (BODY[] {6}",
        bytearray(b"second"),
        b" UID 9)",
        b"3 FETCH (FLAGS (\\Seen) UID 11)",  # a flag change the server told of unasked
        b"Fetch completed (0.001 + 0.000 secs).",
    ]
    assert _messages(lines) == {7: b"first", 9: b"second"}


def test_a_body_that_looks_like_a_fetch_line_is_still_a_body() -> None:
    lines: list[bytes | bytearray] = [
        b"1 FETCH (UID 3 BODY[] {17}",
        bytearray(b"2 FETCH (UID 99 x"),
        b")",
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


def test_size_answers_are_read_in_either_order() -> None:
    lines = [b"1 FETCH (UID 4 RFC822.SIZE 2200)", b"2 FETCH (RFC822.SIZE 31 UID 5)", b"Fetch completed."]
    assert _sizes(lines) == {4: 2200, 5: 31}


@given(
    sizes=st.lists(st.integers(min_value=1, max_value=5000), max_size=60),
    most=st.integers(min_value=1, max_value=12),
    most_bytes=st.integers(min_value=1, max_value=20000),
)
def test_batches_keep_order_and_stay_within_both_limits(sizes: list[int], most: int, most_bytes: int) -> None:
    pairs = list(enumerate(sizes, start=1))
    size_of = dict(pairs)
    cut = list(batches(pairs, most, most_bytes))
    assert [uid for batch in cut for uid in batch] == [uid for uid, _ in pairs]
    for batch in cut:
        assert 1 <= len(batch) <= most
        assert len(batch) == 1 or sum(size_of[uid] for uid in batch) <= most_bytes


def expand(sequence_set: str) -> list[int]:
    uids: list[int] = []
    for part in sequence_set.split(","):
        first, _, last = part.partition(":")
        uids.extend(range(int(first), int(last or first) + 1))
    return uids


@given(st.sets(st.integers(min_value=1, max_value=300), min_size=1))
def test_a_uid_set_names_exactly_the_uids_with_runs_shortened(uids: set[int]) -> None:
    ordered = sorted(uids)
    written = uid_set(ordered)
    assert expand(written) == ordered
    gaps = sum(1 for a, b in itertools.pairwise(ordered) if b != a + 1)
    assert written.count(",") == gaps


def test_a_uid_set_example() -> None:
    assert uid_set([1, 2, 3, 7, 9, 10]) == "1:3,7,9:10"
