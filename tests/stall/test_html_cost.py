"""Reading HTML costs time in proportion to its length (issue 29): the shapes that were
quadratic, in our reader (end tags that match no open element) and in the standard library's
parser (a "<" that nothing after it closes), and that the text read is the same as before."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.mail.html import MAX_HTML_CHARS, _closable, html_text
from pbem.mail.message import parse
from pbem.mail.quotes import own_text
from tests.harness import plain_mail
from tests.stall.timing import FACTOR, LINEAR, growth

#: the shapes that were quadratic: in our reader, and in the standard library's parser
SHAPES = {
    "end tags that match nothing": lambda n: "<p>A Par - Bur</p>" + "<b>" * n + "</i>" * n,
    "unclosed start tags": lambda n: "A Par - Bur" + "<a" * n,
    "unclosed comments": lambda n: "A Par - Bur" + "<!-- >" * n,
}


def read_afresh(page: str) -> None:
    html_text.cache_clear()  # the page read last is kept: read it again
    html_text(page)


@pytest.mark.parametrize("shape", SHAPES)
def test_four_times_the_html_costs_about_four_times_the_time(shape):
    page = SHAPES[shape]
    size = 30_000 // (len(page(2)) - len(page(1)))  # four times the page: some 120,000 characters
    assert len(page(FACTOR * size)) < MAX_HTML_CHARS
    assert growth(lambda n: read_afresh(page(n)), size) < LINEAR


def test_a_page_is_read_once_for_parsing_the_mail_and_taking_its_own_words():
    page = "<p>A Par - Bur</p>" + "<b>" * 5_000
    first = html_text(page)
    assert html_text(page[:10] + page[10:]) is first  # an equal page, not the same object


# pieces of mark-up, closed and not; their order is drawn
PIECES = [
    "<b>",
    "</b>",
    "<p>",
    "</div>",
    "<br>",
    "<a",
    "</",
    "<?",
    ">",
    "<!--",
    "-->",
    "<![CDATA[",
    "]]>",
    "<![if x]>",
    "]>",
    "x",
    "A Par - Bur",
    " ",
    "\n",
    "&amp;",
    "=",
    "<blockquote>",
    "<a x='y'>",
]


def _stdlib_text(page: str) -> str:
    """What the standard library's parser makes text of ``page``, fed as it is."""

    class Text(HTMLParser):
        def __init__(self) -> None:
            super().__init__(convert_charrefs=True)
            self.parts: list[str] = []

        def handle_data(self, data: str) -> None:
            self.parts.append(data)

    parser = Text()
    parser.feed(page)
    parser.close()
    return "".join(parser.parts)


@settings(max_examples=300)
@given(st.lists(st.sampled_from(PIECES), max_size=30).map("".join))
def test_a_page_made_closable_reads_as_the_parser_read_it(page):
    """Writing as ``&lt;`` the "<" that nothing closes changes no text the parser reads. (Not
    drawn: a start tag that no ">" closes whose name a quote or a NUL ends, ``<a'``, which the
    parser reads as a tag without its ">" but ``_closable`` as text.)"""
    assert _stdlib_text(_closable(page)) == _stdlib_text(page)


def test_a_page_whose_mark_up_is_closed_is_left_as_it_is():
    page = (
        "<html><!-- x --><body><![if !supportLists]>1.<![endif]><p class='a>b'>A Par - Bur</p></body></html>"
    )
    assert _closable(page) == page


def test_html_past_the_limit_is_not_read_and_the_answer_says_so():
    page = "<p>A Par - Bur</p>" + "<p>F Bre H</p>" * (MAX_HTML_CHARS // 14)
    incoming = parse(plain_mail("ann@example.test", "", html=page))
    assert incoming.text.startswith("A Par - Bur\nF Bre H")
    assert f"only the first {MAX_HTML_CHARS} characters of the HTML were read" in incoming.problem


def test_a_long_html_reply_whose_quote_begins_in_what_is_read_is_no_problem():
    page = '<div>A Par - Bur</div><hr><div id="divRplyFwdMsg">From: Judge</div>' + "<p>quoted report</p>" * (
        MAX_HTML_CHARS // 10
    )
    incoming = parse(plain_mail("ann@example.test", "", html=page))
    assert incoming.text == "A Par - Bur" and incoming.problem == ""


def test_an_answer_below_a_quote_that_runs_past_the_limit_is_read_from_the_plain_text():
    quote = "".join(f"<p>quoted line {n}</p>" for n in range(MAX_HTML_CHARS // 20))
    page = f'<div dir="ltr"><div class="gmail_quote">{quote}</div><div>F Bre - Mao</div></div>'
    plain = "".join(f"> quoted line {n}\n" for n in range(20)) + "\nF Bre - Mao\n"
    incoming = parse(plain_mail("ann@example.test", plain, html=page))
    assert html_text(incoming.html).cut and "F Bre - Mao" not in html_text(incoming.html).text
    assert [line for line in own_text(incoming.text, incoming.html).split("\n") if line] == ["F Bre - Mao"]
