"""Outgoing mail parses back to what was meant, whatever the text holds."""

from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from pbem.mail.compose import Outgoing, compose
from pbem.mail.message import as_email_message, parse

WHEN = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
characters = st.characters(codec="utf-8", exclude_categories=("Cs",), exclude_characters="\r")
text = st.text(characters, max_size=2000)


def build(outgoing: Outgoing) -> bytes:
    return compose(outgoing, sender="judge@pbem.test", sender_name="pbem judge", message_id="<m@pbem.test>",
                   date=WHEN)


@given(body=text, html=st.one_of(st.none(), text), subject=text)
def test_every_mail_parses_back_to_its_text_html_and_subject(body, html, subject):
    raw = build(Outgoing(to="ann@example.test", subject=subject, text=body, html=html or None))
    assert raw.isascii()
    assert all(len(line) <= 998 for line in raw.split(b"\n"))
    message = as_email_message(raw)
    # control characters are not allowed in a header (RFC 5322 section 2.2): they become spaces
    one_line = "".join(" " if ord(char) < 32 or ord(char) == 127 else char for char in subject)
    assert message["Subject"] == " ".join(one_line.split())[:900]
    plain = message.get_body(preferencelist=("plain",))
    assert plain is not None and plain.get_content().rstrip("\n") == body.rstrip("\n")
    if html:
        part = message.get_body(preferencelist=("html",))
        assert part is not None and part.get_content().rstrip("\n") == html.rstrip("\n")


def test_our_mail_marks_itself_automatic_and_ours():
    raw = build(Outgoing(to="ann@example.test", subject="x", text="y", automatic="auto-replied",
                         in_reply_to="<theirs@x>", reply_to="judge+tok@pbem.test"))
    message = as_email_message(raw)
    assert message["Auto-Submitted"] == "auto-replied" and message["In-Reply-To"] == "<theirs@x>"
    assert message["Reply-To"] == "judge+tok@pbem.test" and message["Message-ID"] == "<m@pbem.test>"
    assert parse(raw).automatic  # pbem never answers pbem


def test_a_line_break_in_a_subject_cannot_add_a_header():
    raw = build(Outgoing(to="ann@example.test", subject="hi\nBcc: victim@example.test", text="y"))
    assert as_email_message(raw)["Bcc"] is None
