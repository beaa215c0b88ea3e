"""Closings, signatures, banners and notices of real mail (issue 31): company blocks with their
registers, a name signed with a dash, closings in Korean, Japanese, Chinese and Cyrillic, "via
mobile", and a gateway's banner. Each read as no order; order lines beside them still are."""

import pytest

from pbem.mail.closings import closing_block, closing_kind, name_words, signature_line
from pbem.mail.quotes import is_banner, is_sent_from, strip_reply
from pbem.mail.signatures import is_contact, opens_disclaimer
from tests.mail_reading.replies import lines

NAMES = name_words("Anna Berger <anna@example.test>", "England")
WORDS = frozenset({"hold", "paris", "london", "a", "f", "lvp", "yor", "lon", "eng", "north sea", "via"})


@pytest.mark.parametrize(
    "line",
    [
        "HRB 98765 Amtsgericht Hannover",
        "Amtsgericht Köln, HRB 1234",
        "USt-IdNr. DE 123456789",
        "St.-Nr.: 21/200/12345",
        "Geschäftsführer: Paul Beispiel, Eva Muster",
        "Vorstand: Eva Muster",
        "Sitz der Gesellschaft: Hannover",
        "SIRET 123 456 789 00012",
        "RCS Lyon B 123 456 789",
        "KvK 12345678",
        "BTW NL123456789B01",
        "VAT No. GB 123 4567 89",
        "Registered in England No. 01234567",
        "_ __ ___ ______________ ___ __ _",
        "=-=-=-=-=-=",
    ],
)
def test_a_companys_register_officers_and_rules_are_contact_details(line):
    assert is_contact(line)


@pytest.mark.parametrize("line", ["A LVP - YOR", "Hold Paris", "F LON S A LVP - YOR", "Sitzung morgen"])
def test_an_order_is_no_register_line(line):
    assert not is_contact(line)


def test_a_german_company_block_under_a_closing_is_the_closing_whole():
    mail = [
        "A LVP - YOR",
        "F LON - ENG",
        "",
        "Mit freundlichen Grüßen",
        "Anna Berger",
        "",
        "Beispiel Handels GmbH",
        "Musterweg 12",
        "30159 Hannover",
        "T: +49 511 123 45 67",
        "F: +49 511 123 45 68",
        "www.beispiel-handel.example",
        "_ __ ___ ________ ___ __ _",
        "Geschäftsführer: Paul Beispiel",
        "Amtsgericht Hannover HRB 98765",
        "USt-IdNr. DE 123456789",
    ]
    assert closing_block(mail, ["Anna Berger", "anna@example.test", "England"], WORDS) == (3, len(mail) - 1)


def test_a_name_signed_with_a_dash_opens_a_closing_and_its_company_follows():
    assert closing_kind("--Geoff Maciolek", NAMES, order_words=WORDS) == "phrase"
    assert closing_kind("-Abhishek Kona", NAMES, order_words=WORDS) == "phrase"
    assert signature_line("MYCOMPANYNAME, LLC", NAMES, WORDS)
    mail = ["A LVP - YOR", "", "--Geoff Maciolek", "MYCOMPANYNAME, LLC"]
    assert closing_block(mail, [], WORDS) == (2, 3)


def test_a_dash_before_an_order_does_not_make_it_a_name():
    assert closing_kind("- Hold Paris", NAMES, order_words=WORDS) == ""
    assert closing_kind("-- A LVP - YOR", NAMES, order_words=WORDS) == ""


@pytest.mark.parametrize(
    "line",
    [
        "고맙습니다.",
        "감사합니다",
        "よろしくお願いします。",
        "谢谢！",
        "此致敬礼",
        "З повагою,",
        "С наилучшими пожеланиями",
    ],
)
def test_closings_in_korean_japanese_chinese_and_cyrillic(line):
    assert closing_kind(line, NAMES) == "phrase"


@pytest.mark.parametrize(
    "line", ["via mobile", "Sent via mobile", "from my phone", "Via iPhone", "sent from my smartphone"]
)
def test_sent_via_mobile_in_any_form_signs_a_mail(line):
    assert is_sent_from(line)


def test_via_as_an_order_word_is_no_sent_from():
    assert not is_sent_from("A LON - BEL VIA CONVOY")


@pytest.mark.parametrize(
    "line",
    [
        "[External Email]",
        "[EXT]",
        "EXTERNAL EMAIL",
        "[EXTERNAL]",
        "CAUTION: This email originated from outside of the organization. Do not click links.",
        "**WARNING:** This message came from outside your organisation",
        "ACHTUNG: Diese E-Mail stammt von außerhalb der Organisation.",
    ],
)
def test_a_gateways_banner_is_recognised(line):
    assert is_banner(line)


def test_a_banner_is_blanked_and_the_orders_around_it_read():
    mail = "[External Email]\n\nA LVP - YOR\nCAUTION: This email originated from outside.\nF LON - ENG\n"
    assert lines(strip_reply(mail)) == ["A LVP - YOR", "F LON - ENG"]


@pytest.mark.parametrize("line", ["External", "Caution: F LON - ENG", "This email is for Bob", "EXT"])
def test_a_line_that_only_looks_like_a_banner_is_kept(line):
    assert not is_banner(line)


def test_a_german_legal_notice_opening_with_diese_information_is_a_disclaimer():
    assert opens_disclaimer(
        "Diese Information ist ausschließlich für den Adressaten bestimmt und kann "
        "vertrauliche Informationen enthalten.\n"
    )


def test_a_name_with_contact_details_under_it_is_a_signature_without_a_closing_phrase():
    mail = ["A LVP - YOR", "", "Gina Berger", "gina@example.com", "(555) 346-9947", "www.example.com"]
    assert closing_block(mail, [], WORDS) == (2, 5)


@pytest.mark.parametrize(
    ("mail", "line"),
    [
        (
            ["A LVP - YOR", "", "Gina Berger", "gina@example.com"],
            2,
        ),  # one contact line: maybe an order cut short
        (["A LVP - YOR", "Hold Paris", "gina@example.com", "(555) 346-9947"], 1),  # an order is never a name
    ],
)
def test_a_name_needs_two_contact_lines_under_it_and_an_order_is_none(mail, line):
    block = closing_block(mail, [], WORDS)
    assert block is None or block[0] > line


def test_a_company_its_slogan_and_its_certification_do_not_use_up_the_names_of_a_signature():
    mail = [
        "A LVP - YOR",
        "",
        "Mit freundlichen Grüßen",
        "Jan Keller",
        "www.beispiel-handel.de - Ihr Partner im Norden",
        "Beispiel Handels GmbH",
        "Abteilung Einkauf",
        "Tel.: +49 511 123 45 67",
        "ISO 9001:2015 zertifiziert",
    ]
    assert closing_block(mail, [], WORDS) == (2, len(mail) - 1)


def test_an_order_after_a_web_address_is_no_slogan():
    assert not signature_line("www.example.de - Hold Paris", NAMES, WORDS)
