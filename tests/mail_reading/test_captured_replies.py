"""Replies that real mail programs wrote, captured by other reply parsers' authors (see
tests/data/replies/captured/SOURCES.md): the reader keeps the writer's words and drops the rest."""

import re
from fnmatch import fnmatch
from pathlib import Path

import pytest
import yaml

from pbem.mail.quotes import strip_reply
from tests.mail_reading.replies import lines, own_text_of

CAPTURED = Path(__file__).parent.parent / "data" / "replies" / "captured"
EXPECTED: dict[str, dict[str, str]] = yaml.safe_load((CAPTURED / "expected.yaml").read_bytes())["replies"]


def read(path: Path) -> str:
    """The own text of a captured reply, read as intake reads a mail."""
    return own_text_of(path.read_text(encoding="utf-8"), html=path.suffix == ".html")


def test_every_captured_reply_has_an_expectation_and_a_source():
    files = {path.name for path in CAPTURED.iterdir() if path.suffix in {".txt", ".html"}}
    assert files == set(EXPECTED)
    # each file is named by a pattern of the table in SOURCES.md, which gives its corpus and licence
    patterns = re.findall(r"^\| `([^`]+)` \|", (CAPTURED / "SOURCES.md").read_text(encoding="utf-8"), re.M)
    assert patterns and all(any(fnmatch(name, pattern) for pattern in patterns) for name in files)


@pytest.mark.parametrize("name", sorted(EXPECTED), ids=lambda name: name.rsplit(".", 1)[0])
def test_a_captured_reply_gives_only_what_its_writer_wrote(name):
    assert lines(read(CAPTURED / name)) == lines(EXPECTED[name]["own"])


@pytest.mark.parametrize(
    "intro",
    [
        "Den 24. nov. 2025 kl. 10.00 skrev Peter Petersen <peter@example.com>:",
        "tir. 18. apr. 2017 kl. 13:09 skrev Judge <judge@pbem.test>:",
        "pe 20. lokakuuta 2017 klo 17.50 Judge <judge@pbem.test> kirjoitti:",
        "W dniu 2017-01-09 11:59:39 użytkownik Judge <judge@pbem.test> napisał:",
        "Dnia 27 grudnia 2016 12:08 Judge <judge@pbem.test> napisał(a):",
        "In data 11 ottobre 2017 21:11:31 Judge <judge@pbem.test> ha scritto:",
        "ср, 30 апр. 2025 г. в 15:19, Judge <judge@pbem.test>:",
        "2022年1月1日(金) 9:00 Judge <judge@pbem.test>:",
        "2017-11-24 16:32 GMT+01:00 Judge <judge@pbem.test>:",
        "On Wed, 14 Nov 2018 08:14:43 -0200 Judge <judge@pbem.test> wrote",
        "---- On Wed, 24 Feb 2021 14:02:50 +0530 judge@pbem.test wrote ----",
        "Vào 14:24 8 tháng 6, 2017, Judge <judge@pbem.test> đã viết:",
        "At 6/16/2016 08:32 PM, you wrote:",
        "Judge via pbem <judge@pbem.test> schrieb:",
        '23 mar 2017 21:25 "Judge" <judge@pbem.test> napisał(a):',
        '30 серп. 2016 р. 20:45 "Judge" <judge@pbem.test> пише:',
        "2016-03-03 17:21 GMT+01:00 Judge",
        "On Thu, 31 Mar 2016 at 11:16 Judge\n\n<\nmailto:Judge <judge@pbem.test>\n> wrote:",
        "El 19/03/2014 11:34, Judge <judge@pbem.test> ha escrit:",
        "W dniu 2015-01-07 14:23, judge@pbem.test pisze:",
        "在 2016年11月8日，下午2:23，Judge <judge@pbem.test> 写道：",
        "2016. 11. 8. 오후 12:39 Judge <judge@pbem.test> 작성:",
        "2016/11/08 14:26、Judge <judge@pbem.test> のメッセージ:",
        '2013.02.08. 7:31 keltezéssel, "Judge" írta:',
        "- Le 2021-04-09 23:25, Judge a écrit :",
    ],
)
def test_a_reply_intro_in_a_further_language_ends_the_mail(intro):
    assert lines(strip_reply(f"A PAR - BUR\n\n{intro}\nA MAR H\nF BRE H")) == ["A PAR - BUR"]
    assert lines(strip_reply(f"A PAR - BUR\n{intro}\nA MAR H")) == ["A PAR - BUR"]


@pytest.mark.parametrize(
    "block",
    [
        "Fra: Judge <judge@pbem.test>\nSendt: 24. november 2025 09:30\nTil: Ann\nEmne: orders",
        "Från: Judge <judge@pbem.test>\nSkickat: den 26 augusti 2015 14:45\nTill: Ann\nÄmne: RE: orders",
        "Od: Judge <judge@pbem.test>\nWysłano: środa, 1 marca 2023 12:00\nDo: Ann\nTemat: orders",
        "От: Judge\nОтправлено: 26 июня 2014 г. 15:05\nКому: Ann",
        "Date: Wed, 16 May 2012 00:15:02 -0600\nTo: ann@example.test",
        "-----Oprindelig meddelelse-----",
        "-------- Ursprungligt meddelande --------",
        "*-------- Original Message --------*",
        "发件人: Judge <judge@pbem.test>\n发送时间: 2017年8月2日 15:37\n收件人: Ann\n主题: orders",
        "差出人： Judge\n送信日時： 2017年8月2日 15:37\n宛先： Ann\n件名： orders",
    ],
)
def test_a_header_block_or_separator_in_a_further_language_ends_the_mail(block):
    assert lines(strip_reply(f"A PAR - BUR\n\n{block}\n\nA MAR H\nF BRE H")) == ["A PAR - BUR"]


def test_a_rule_above_the_quote_goes_with_it_and_a_rule_between_orders_stays():
    text = "A PAR - BUR\n\n------------------------------\n\n*From:* Judge\n*Sent:* Monday\n\nA MAR H"
    assert lines(strip_reply(text)) == ["A PAR - BUR"]
    assert lines(strip_reply("A PAR - BUR\n-----\nF BRE - MAO")) == ["A PAR - BUR", "-----", "F BRE - MAO"]


def test_a_wrapped_quoted_line_is_quote_but_an_order_under_a_short_quoted_line_is_the_players():
    long_line = "> Deadline for orders is Monday; retreats and builds follow in the spring turn as usual"
    wrapped = f"On Mon, Judge <judge@pbem.test> wrote:\n{long_line}\nwithout any break\n> F LON - ENG\n"
    assert lines(strip_reply(wrapped)) == []
    answered = (
        "On Mon, Judge <judge@pbem.test> wrote:\n> F LON - ENG\nF LON - NTH\n> F EDI - NTH\nF EDI - NWG\n"
    )
    assert lines(strip_reply(answered)) == ["F LON - NTH", "F EDI - NWG"]


def test_sent_from_in_a_sentence_is_kept_and_a_short_apology_after_it_is_still_a_signature():
    kept = "A PAR - BUR\nSent from my desk, is much easier than my mobile phone.\nA MAR H"
    assert lines(strip_reply(kept)) == lines(kept)
    assert lines(strip_reply("A PAR - BUR\nSent from my iPhone, sorry for typos\nA MAR H")) == ["A PAR - BUR"]


def test_an_order_line_above_a_wrapped_intro_stays():
    text = "A PAR - BUR\nDen 24. nov. 2025 kl. 10.00 skrev Peter Petersen <\npeter@example.com>:\n> F BRE H"
    assert lines(strip_reply(text)) == ["A PAR - BUR"]


def test_lines_that_only_start_like_polymails_intro_are_the_players():
    text = "On second thought\n\nA PAR - BUR\n\nas I wrote:\nF BRE - MAO"
    assert lines(strip_reply(text)) == lines(text)
