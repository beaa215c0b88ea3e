"""Forwards and quotes told by their structure, in any language (issue 31): a separator with a
header line after it, a block of header lines with an address and a date, an intro that names the
writer's address and a date. Our own mails, written in the formats the programs write."""

import pytest

from pbem.mail.quotes import strip_reply
from tests.mail_reading.helpers import FORWARDS
from tests.mail_reading.replies import lines, own_text_of

OWN = "A LVP - YOR\nF LON - ENG\n\n"
QUOTED_ORDER = "F EDI - NTH"


@pytest.mark.parametrize("name", sorted(FORWARDS))
def test_a_forward_in_any_language_is_cut_where_its_header_begins(name):
    mail = OWN + FORWARDS[name] + QUOTED_ORDER + "\nA LVP - WAL\n"
    assert lines(strip_reply(mail)) == ["A LVP - YOR", "F LON - ENG"]


def test_a_players_own_heading_between_dashes_is_read_with_the_orders_below_it():
    mail = "--- Spring 1901 ---\nA LVP - YOR\nF LON - ENG\n"
    assert lines(strip_reply(mail)) == ["--- Spring 1901 ---", "A LVP - YOR", "F LON - ENG"]


def test_lines_with_colons_but_no_address_or_date_are_not_a_header_block():
    mail = "Note: moving north\nPlan: hold Wales\nIdea: bounce in ENG\nA LVP - YOR\n"
    assert lines(strip_reply(mail)) == lines(mail)


def test_two_header_lines_alone_are_not_a_header_block():
    mail = "A LVP - YOR\nTo: anna@example.test\nDate: 2 Mar 2026\nF LON - ENG\n"
    assert lines(strip_reply(mail)) == lines(mail)


def test_a_line_naming_an_address_and_a_date_without_a_closing_colon_is_kept():
    mail = "A LVP - YOR\nI wrote to <anna@example.test> on 2 March about it\nF LON - ENG\n"
    assert lines(strip_reply(mail)) == lines(mail)


GMAIL_FORWARD_WITH_COMMENT = (
    '<div dir="ltr"><div class="gmail_quote gmail_quote_container"><div dir="ltr">A LVP - YOR<br>'
    'F LON - ENG</div><br><div dir="ltr" class="gmail_attr">---------- Forwarded message ---------<br>'
    'From: <strong class="gmail_sendername" dir="auto">Judge</strong> <span dir="auto">&lt;'
    '<a href="mailto:judge@pbem.test">judge@pbem.test</a>&gt;</span><br>Date: Mon, 2 Mar 2026 at 10:00<br>'
    "Subject: [g1] orders<br>To: &lt;anna@example.test&gt;<br></div><br><br>"
    '<div dir="ltr">Your orders now:<br>F EDI - NTH<br>A LVP - WAL</div></div></div>'
)
GMAIL_REPLY_ANSWERED_BELOW = (
    '<div dir="ltr">A LVP - YOR</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">'
    "On Mon, 2 Mar 2026 at 10:00, Judge &lt;judge@pbem.test&gt; wrote:<br></div>"
    '<blockquote class="gmail_quote">F EDI - NTH<br>A LVP - WAL</blockquote></div><div>F LON - ENG</div>'
)


@pytest.mark.parametrize(
    "page",
    [GMAIL_FORWARD_WITH_COMMENT, GMAIL_REPLY_ANSWERED_BELOW],
    ids=["forward-with-comment", "reply-answered-below"],
)
def test_gmails_quote_container_keeps_what_the_writer_typed_around_the_quote(page):
    assert sorted(lines(own_text_of(page, html=True))) == ["A LVP - YOR", "F LON - ENG"]


@pytest.mark.parametrize(
    "page",
    [
        '<div>A LVP - YOR</div><div class="gmail_quote">F EDI - NTH</div>',
        '<div>A LVP - YOR</div><div class="gmail_quote">F EDI - NTH',
    ],
)
def test_a_gmail_container_with_no_intro_and_no_quote_in_it_is_the_quote_whole(page):
    assert lines(own_text_of(page, html=True)) == ["A LVP - YOR"]
