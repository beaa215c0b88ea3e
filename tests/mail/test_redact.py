"""Taking secrets out of a stored mail (pbem.mail.redact): every text part, decoded, and the
headers; the whole body where a secret would otherwise stay."""

from __future__ import annotations

from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default

from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.mail.redact import MARK, pattern, redacted, redacted_text


def mail(text: str, *, html: str | None = None, cte: str | None = None) -> EmailMessage:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "jo@example.test", "judge@pbem.test", "orders"
    message["Message-ID"] = "<1@example.test>"
    message.set_content(text, cte=cte) if cte else message.set_content(text)
    if html is not None:
        message.add_alternative(html, subtype="html")
    return message


def texts(raw: bytes) -> list[str]:
    message = message_from_bytes(raw, policy=default)
    return [part.get_content() for part in message.walk() if part.get_content_maintype() == "text"]


def test_a_password_is_taken_out_as_a_word_of_its_own_not_inside_other_words():
    assert redacted_text("SIGNON North g1 pw\nI pwned them: pw.", ["pw"]) == (
        f"SIGNON North g1 {MARK}\nI pwned them: {MARK}."
    )


def test_every_text_part_is_redacted_decoded_and_the_rest_kept():
    raw = mail(
        "SIGNON North g1 s3cr=t\nADD 2", html="<p>SIGNON North g1 s3cr=t<br>ADD 2</p>", cte="quoted-printable"
    ).as_bytes()
    out = redacted(raw, ["s3cr=t"])
    assert all("s3cr=t" not in text and MARK in text and "ADD 2" in text for text in texts(out))
    kept = message_from_bytes(out, policy=default)
    assert kept["Message-ID"] == "<1@example.test>" and kept["From"] == "jo@example.test"


def test_a_base64_part_in_another_charset_is_redacted():
    message = EmailMessage()
    message.set_content("SIGNON Fr g1 mötdepasse\nA Par H\n", charset="iso-8859-1", cte="base64")
    out = redacted(message.as_bytes(), ["mötdepasse"])
    [text] = texts(out)
    assert "mötdepasse" not in text and "A Par H" in text


def test_a_secret_in_a_header_is_redacted():
    message = mail("hello")
    message.replace_header("Subject", "SIGNON North g1 hunter22")
    out = redacted(message.as_bytes(), ["hunter22"])
    assert message_from_bytes(out, policy=default)["Subject"] == f"SIGNON North g1 {MARK}"


def test_a_secret_in_an_attachment_that_is_not_text_leaves_only_the_headers():
    message = mail("SIGNON North g1 hunter22")
    message.add_attachment(
        b"\x00\x01hunter22\x00", maintype="application", subtype="octet-stream", filename="orders.bin"
    )
    out = redacted(message.as_bytes(), ["hunter22"])
    assert b"hunter22" not in out and b"taken out" in out
    assert message_from_bytes(out, policy=default)["Message-ID"] == "<1@example.test>"


def test_a_mail_without_the_secret_is_kept_byte_for_byte():
    raw = mail("ADD 2").as_bytes()
    assert redacted(raw, ["hunter22"]) == raw and redacted(raw, []) == raw


def test_mail_that_is_not_mime_is_still_redacted():
    raw = b"From: jo@example.test\nSubject: x\nContent-Type: multipart/mixed\n\nSIGNON A g1 hunter22\n"
    out = redacted(raw, ["hunter22"])
    assert b"hunter22" not in out


@settings(max_examples=60, deadline=None)
@given(
    secret=st.text(
        st.characters(codec="utf-8", exclude_categories=["Cs", "Cc", "Zs", "Zl", "Zp"]),
        min_size=2,
        max_size=20,
    ),
    before=st.text(max_size=30),
    after=st.text(max_size=30),
)
def test_no_secret_survives_in_any_text_part(secret, before, after):
    text = f"{before}\nSIGNON North g1 {secret}\n{after}"
    raw = mail(text, html=f"<p>SIGNON North g1 {secret}</p>").as_bytes()
    out = redacted(raw, [secret])
    found = pattern([secret])
    assert found is not None
    assert not any(found.search(text) for text in texts(out))
