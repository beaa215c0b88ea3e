"""Reading incoming mail: text extraction, quotes, signatures, and what never gets an answer."""

from email.message import EmailMessage

import pytest

from pbem.mail.message import parse
from pbem.mail.quotes import strip_reply
from tests.harness import plain_mail


def build(body: str = "A PAR - BUR", **headers: str) -> bytes:
    message = EmailMessage()
    message["From"] = headers.pop("From", "Ann <ann@example.test>")
    message["To"] = "judge@pbem.test"
    message["Subject"] = headers.pop("Subject", "orders")
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    message.set_content(body)
    return message.as_bytes()


def test_plain_text_mail_gives_its_text_and_sender():
    incoming = parse(build("A PAR - BUR\nF BRE - MAO"))
    assert incoming.sender == "ann@example.test"
    assert incoming.sender_name == "Ann"
    assert incoming.text.split("\n")[:2] == ["A PAR - BUR", "F BRE - MAO"]
    assert incoming.automatic == ""


def test_mail_from_localhost_is_answered_as_the_config_may_seat_players_there():
    """config/pbem.yaml seats its players at austria@localhost and so on (the config accepts
    such addresses); their mail was taken for an automatic one, with "no From address"."""
    incoming = parse(plain_mail("Anna <austria@localhost>", "A VIE H", to="judge@localhost"))
    assert incoming.sender == "austria@localhost" and incoming.automatic == ""
    assert incoming.recipients == ("judge@localhost",)
    assert parse(plain_mail("nobody@nowhere", "A VIE H")).sender == ""  # no domain, no localhost


def test_html_only_mail_is_made_text_line_by_line():
    raw = plain_mail("ann@example.test", "", html="<div>A Par&nbsp;- Bur</div><div>F Bre<br>x</div>")
    assert parse(raw).text.split("\n") == ["A Par - Bur", "F Bre", "x"]


def test_multipart_mail_prefers_the_plain_part():
    raw = plain_mail("ann@example.test", "A PAR H", html="<p>something else</p>")
    assert parse(raw).text.strip() == "A PAR H"


def test_latin1_body_and_utf8_subject_are_decoded():
    message = EmailMessage()
    message["From"] = "ann@example.test"
    message["Subject"] = "ordres pour l'été ☀"
    message.set_content("A Mün - Böh", charset="iso-8859-1")
    incoming = parse(message.as_bytes())
    assert incoming.subject == "ordres pour l'été ☀"
    assert "A Mün - Böh" in incoming.text


def test_a_byte_order_mark_is_dropped():
    raw = (
        b"From: ann@example.test\nSubject: x\nContent-Type: text/plain; charset=utf-8\n\n"
        b"\xef\xbb\xbfA PAR H\n"
    )
    assert parse(raw).text.startswith("A PAR H")


def test_a_mail_without_text_says_so():
    message = EmailMessage()
    message["From"] = "ann@example.test"
    message.set_content(b"\x00\x01", maintype="application", subtype="octet-stream")
    incoming = parse(message.as_bytes())
    assert incoming.text == "" and "no text part" in incoming.problem


def test_quoted_reply_and_signature_are_dropped_but_lines_keep_their_numbers():
    text = "A PAR - BUR\n> F BRE H\nF BRE - MAO\n-- \nAnn\nA MAR H\n"
    assert strip_reply(text).split("\n") == ["A PAR - BUR", "", "F BRE - MAO"]


@pytest.mark.parametrize(
    "intro",
    [
        "On Mon, 2 Mar 2026 at 10:00, Judge <judge@pbem.test> wrote:",
        "Le lun. 2 mars 2026 à 10:00, Judge <judge@pbem.test> a écrit :",
        "-----Original Message-----",
    ],
)
def test_the_quoted_part_of_a_reply_ends_the_mail(intro):
    text = f"A PAR - BUR\n\n{intro}\nA MAR H\nF BRE H"
    assert [line for line in strip_reply(text).split("\n") if line] == ["A PAR - BUR"]


def test_an_on_wrote_line_split_over_two_lines_ends_the_mail():
    text = "A PAR - BUR\nOn Mon, 2 Mar 2026 at 10:00, Judge\n<judge@pbem.test> wrote:\nA MAR H"
    assert [line for line in strip_reply(text).split("\n") if line] == ["A PAR - BUR"]


@pytest.mark.parametrize(
    "headers, reason",
    [
        ({"Auto_Submitted": "auto-replied"}, "Auto-Submitted"),
        ({"Precedence": "bulk"}, "Precedence"),
        ({"Precedence": "junk"}, "Precedence"),
        ({"Precedence": "list"}, "Precedence"),
        ({"List_Id": "<players.example.test>"}, "List-Id"),
        ({"Return_Path": "<>"}, "Return-Path"),
        ({"X_Autoreply": "yes"}, "X-Autoreply"),
        ({"X_Pbem": "pbem 0.1"}, "X-Pbem"),
        ({"From": "MAILER-DAEMON@mx.example.test"}, "mailer-daemon"),
        ({"From": "postmaster@example.test"}, "postmaster"),
    ],
)
def test_bounces_and_auto_replies_are_recognised(headers, reason):
    assert reason.lower() in parse(build(**headers)).automatic.lower()


def test_auto_submitted_no_is_a_person():
    assert parse(build(Auto_Submitted="no")).automatic == ""


def test_a_delivery_report_is_a_bounce():
    message = EmailMessage()
    message["From"] = "mx@example.test"
    message.set_content("Delivery failed")
    message.add_attachment("Action: failed", subtype="delivery-status")
    message.replace_header("Content-Type", 'multipart/report; report-type=delivery-status; boundary="b"')
    raw = message.as_bytes()
    assert parse(raw).automatic


def test_broken_headers_never_raise():
    raw = (
        b"From: =?utf-8?q?broken\nSubject: =?x-unknown?b?!!!?=\n"
        b"Content-Type: text/plain; charset=x-nope\n\nA PAR H\n"
    )
    incoming = parse(raw)
    assert "A PAR H" in incoming.text
