"""Bounces as Postfix, Exim, Exchange Online, Gmail and qmail write them (issue 31): each read as
a failure of the address, with the return address it came back to, with or without the bounced
mail's Message-ID; and the return addresses themselves (pbem.mail.verp)."""

import pytest

from pbem.mail import verp
from pbem.mail.bounces import read_bounce
from pbem.mail.message import parse
from tests.mail_reading.bounce_formats import WRITERS

KEY = "0123456789abcdef" * 4
SERVICE = "judge@pbem.test"
RETURN = verp.return_path(SERVICE, KEY, "g1", "anna@example.org")


@pytest.mark.parametrize("server", sorted(WRITERS))
@pytest.mark.parametrize("message_id", ["<pbem.3f2a@pbem.test>", None])
def test_each_servers_bounce_names_the_address_the_reason_and_where_it_came_back(server, message_id):
    raw = WRITERS[server]("anna@example.org", RETURN, message_id)
    assert parse(raw).automatic  # never read as a person's mail, never answered
    bounce = read_bounce(raw)
    assert bounce is not None
    assert bounce.recipient == "anna@example.org"
    assert bounce.status.startswith("5.1.1")
    assert "550" in bounce.reason and "\n" not in bounce.reason
    assert bounce.original_message_id == (message_id or "")
    assert verp.token_in(bounce.returned_to, SERVICE) == verp.token(KEY, "g1", "anna@example.org")


def test_exims_reason_is_the_servers_answer_not_the_host_line():
    bounce = read_bounce(WRITERS["exim"]("anna@example.org", RETURN, None))
    assert bounce is not None and bounce.reason == "550 5.1.1 No such user here"


def test_a_return_address_keeps_the_service_address_and_hides_the_recipient():
    assert RETURN.startswith("judge+bounce-") and RETURN.endswith("@pbem.test")
    assert "anna" not in RETURN and "example" not in RETURN


def test_a_return_address_is_one_per_recipient_and_game_and_the_same_for_each_of_its_mails():
    assert verp.return_path(SERVICE, KEY, "g1", "Anna@Example.org") == RETURN
    others = {
        verp.return_path(SERVICE, KEY, "g2", "anna@example.org"),
        verp.return_path(SERVICE, KEY, "g1", "bob@example.org"),
        verp.return_path(SERVICE, "another key", "g1", "anna@example.org"),
    }
    assert RETURN not in others and len(others) == 3


def test_a_tag_matches_only_its_own_recipient():
    tag = verp.token_in([RETURN], SERVICE)
    assert tag is not None
    assert verp.matches(KEY, tag, "g1", "anna@example.org")
    assert not verp.matches(KEY, tag, "g1", "bob@example.org")
    assert not verp.matches(KEY, tag, "g2", "anna@example.org")


@pytest.mark.parametrize(
    "address",
    [
        "judge@pbem.test",  # no tag
        "judge+abc123@pbem.test",  # a player's reply token, no bounce tag
        "judge+bounce-xyz@pbem.test",  # no token's shape
        "other+bounce-0123456789abcdef0123@pbem.test",  # not our local part
        "judge+bounce-0123456789abcdef0123@elsewhere.test",  # not our domain
    ],
)
def test_an_address_that_is_none_of_our_return_addresses_gives_no_tag(address):
    assert verp.token_in([address], SERVICE) is None


def test_the_tag_is_found_among_other_addresses_in_any_case():
    tag = verp.token_in(["referee@pbem.test", f"<{RETURN.upper()}>"], SERVICE)
    assert tag == verp.token(KEY, "g1", "anna@example.org")


@pytest.mark.parametrize("server", sorted(set(WRITERS) - {"gmail"}))  # Gmail's copy has no Return-Path
def test_a_bounce_that_lost_its_delivery_headers_is_known_by_the_copys_return_path(server):
    raw = WRITERS[server]("anna@example.org", RETURN, "<pbem.3f2a@pbem.test>")
    head, _, body = raw.partition(b"\n\n")
    kept = [line for line in head.split(b"\n") if not line.lower().startswith((b"delivered-to:", b"to:"))]
    kept = [line for line in kept if not line.lower().startswith((b"x-original-to:", b"envelope-to:"))]
    bounce = read_bounce(b"\n".join(kept) + b"\n\n" + body)
    assert bounce is not None
    assert verp.token_in(bounce.returned_to, SERVICE) == verp.token(KEY, "g1", "anna@example.org")
