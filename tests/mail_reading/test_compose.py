"""Outgoing mail parses back to what was meant, whatever the text holds."""

from datetime import UTC, datetime
from itertools import takewhile

from hypothesis import given
from hypothesis import strategies as st

from pbem.mail.compose import Outgoing, compose
from pbem.mail.message import as_email_message, parse

WHEN = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
characters = st.characters(codec="utf-8", exclude_categories=("Cs",), exclude_characters="\r")
text = st.text(characters, max_size=2000)


def build(outgoing: Outgoing) -> bytes:
    return compose(
        outgoing, sender="judge@pbem.test", sender_name="pbem judge", message_id="<m@pbem.test>", date=WHEN
    )


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
    raw = build(
        Outgoing(
            to="ann@example.test",
            subject="x",
            text="y",
            automatic="auto-replied",
            in_reply_to="<theirs@x>",
            reply_to="judge+tok@pbem.test",
        )
    )
    message = as_email_message(raw)
    assert message["Auto-Submitted"] == "auto-replied" and message["In-Reply-To"] == "<theirs@x>"
    assert message["Reply-To"] == "judge+tok@pbem.test" and message["Message-ID"] == "<m@pbem.test>"
    assert parse(raw).automatic  # pbem never answers pbem


def test_a_line_break_in_a_subject_cannot_add_a_header():
    raw = build(Outgoing(to="ann@example.test", subject="hi\nBcc: victim@example.test", text="y"))
    assert as_email_message(raw)["Bcc"] is None


# -- no incoming header value can add a header to an outgoing mail ------------------------------

INJECTED = "Bcc: outsider@evil.test"
PIECES = ["\r", "\n", "\r\n", "\x00", " ", "\t", "a", "é", "<", ">", "@", INJECTED]
hostile_text = st.lists(st.sampled_from(PIECES), max_size=12).map("".join)


def encoded(text: str, encoding: str) -> str:
    import base64
    import quopri

    data = text.encode("utf-8")
    if encoding == "b":
        return f"=?utf-8?b?{base64.b64encode(data).decode()}?="
    return f"=?utf-8?q?{quopri.encodestring(data, header=True).decode()}?="


hostile_value = st.one_of(
    hostile_text,
    st.builds(lambda text, enc: encoded(text, enc), hostile_text, st.sampled_from("bq")),
    st.builds(lambda text: f"<{text}@example.test>", hostile_text),
    st.builds(lambda text, enc: f"<a@b.test> {encoded(text, enc)}", hostile_text, st.sampled_from("bq")),
)
ANSWER_HEADERS = {
    "From",
    "To",
    "Subject",
    "Date",
    "Message-ID",
    "In-Reply-To",
    "References",
    "Auto-Submitted",
    "Precedence",
    "X-Loop",
    "X-Pbem",
    "MIME-Version",
    "Content-Type",
    "Content-Transfer-Encoding",
}


@given(subject=hostile_value, message_id=hostile_value, sender=hostile_value)
def test_no_incoming_header_value_can_add_a_header_to_our_answer(subject, message_id, sender):
    raw = (
        f"From: {sender} <ann@example.test>\nTo: judge@pbem.test\nSubject: {subject}\n"
        f"Message-ID: {message_id}\n\nADD 1\n"
    ).encode()
    incoming = parse(raw)
    answer = build(
        Outgoing(
            to=incoming.sender or "ann@example.test",
            subject=f"Re: {incoming.subject}",
            text="ok",
            in_reply_to=incoming.message_id or None,
            automatic="auto-replied",
        )
    )
    message = as_email_message(answer)
    assert set(message.keys()) <= ANSWER_HEADERS
    assert all(len(message.get_all(name, [])) == 1 for name in message)
    assert "outsider" not in str(message["In-Reply-To"]) + str(message["References"])
    head = answer.split(b"\n\n", 1)[0]
    assert not any(line.lower().startswith(b"bcc") for line in head.split(b"\n"))


def test_a_long_echoed_subject_is_folded_and_reads_back_whole():
    subject = "Re: " + " ".join(f"word{n}" for n in range(60)) + " \r\nBcc: victim@injected.test"
    raw = build(Outgoing(to="ann@example.test", subject=subject, text="y"))
    head = raw.split(b"\n\n", 1)[0].decode()
    subject_lines = head.split("Subject: ", 1)[1].split("\n")
    folded = [subject_lines[0], *takewhile(lambda line: line.startswith(" "), subject_lines[1:])]
    assert len(folded) > 2 and all(len(line) <= 78 for line in folded)
    assert as_email_message(raw)["Subject"] == " ".join(subject.split())
    assert as_email_message(raw)["Bcc"] is None
