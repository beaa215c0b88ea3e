"""Telling the player's words from the quote, the intro and the signature a mail program adds."""

from pathlib import Path

import pytest

from pbem.mail.html import html_text
from pbem.mail.message import parse
from pbem.mail.quotes import own_text, strip_reply

REPLIES = Path(__file__).parent.parent / "data" / "replies"
CORPUS = sorted(REPLIES.glob("*.eml"))
NEW_ORDERS = ["F Lon - Nth", "F Edi - Nwg", "A Lvp - Yor"]
#: lines of the quoted pbem answer that would be read as orders or commands
QUOTED = ["F LON - ENG", "F EDI - NTH", "A LVP - WAL", "Your orders now:", "Deadline:", "line 1:"]


def lines(text: str) -> list[str]:
    return [line.strip() for line in text.split("\n") if line.strip()]


def test_the_corpus_has_every_program_and_language_the_issue_names():
    names = {path.stem for path in CORPUS}
    for name in [
        "outlook-desktop-html-en",
        "outlook-desktop-plain-en",
        "outlook-desktop-plain-en-no-separator",
        "outlook-web-en",
        "new-outlook-pt",
        "gmail-en",
        "apple-mail-en",
        "apple-mail-forward-en",
        "thunderbird-de",
        "iphone-en",
        "iphone-fr",
        "samsung-email-it",
    ]:
        assert name in names
    languages = {path.stem.rsplit("-", 1)[-1] for path in CORPUS}
    assert {"en", "fr", "de", "es", "it", "nl", "pt"} <= languages


@pytest.mark.parametrize("path", CORPUS, ids=lambda path: path.stem)
def test_a_reply_from_a_mail_program_keeps_the_players_lines_and_none_of_the_quote(path):
    raw = path.read_bytes()
    incoming = parse(raw)
    own = lines(own_text(incoming.text, incoming.html))
    assert own[:3] == NEW_ORDERS
    # after the orders, at most the player's closing words and name
    assert len(own) <= 5 and own[3:] == [
        line
        for line in own[3:]
        if line.rstrip(",") in {"Alice", "Grüße", "Gruß", "Saludos", "Ciao", "Groet", "Abraços"}
    ]
    assert not [line for line in own for quoted in QUOTED if quoted.lower() in line.lower()]


@pytest.mark.parametrize("path", CORPUS, ids=lambda path: path.stem)
def test_the_plain_part_read_by_its_words_agrees_with_the_html_read_by_its_marks(path):
    raw = path.read_bytes()
    incoming = parse(raw)
    assert lines(strip_reply(incoming.text)) == lines(own_text(incoming.text, incoming.html))


@pytest.mark.parametrize(
    "intro",
    [
        "On Mon, Mar 2, 2026 at 10:00 AM Judge <judge@pbem.test> wrote:",
        "On 2 Mar 2026, at 10:00, Judge <judge@pbem.test> wrote:",
        "judge@pbem.test wrote:",
        "Le lun. 2 mars 2026 à 10:00, Judge <judge@pbem.test> a écrit :",
        "Le 2 mars 2026 à 10:00, Judge <judge@pbem.test> a écrit\u00a0:",
        "Am Mo., 2. März 2026 um 10:00 Uhr schrieb Judge <judge@pbem.test>:",
        "Judge <judge@pbem.test> schrieb am Mo., 2. März 2026, 10:00:",
        "El lun, 2 mar 2026 a las 10:00, Judge (<judge@pbem.test>) escribió:",
        "Il giorno lun 2 mar 2026 alle ore 10:00 Judge <judge@pbem.test> ha scritto:",
        "Op ma 2 mrt 2026 om 10:00 schreef Judge <judge@pbem.test>:",
        "Op 2 mrt 2026 om 10:00 heeft Judge <judge@pbem.test> het volgende geschreven:",
        "Em seg., 2 de mar. de 2026 às 10:00, Judge <judge@pbem.test> escreveu:",
    ],
)
def test_a_reply_intro_in_each_language_ends_the_mail_or_its_quote(intro):
    ended = f"A PAR - BUR\n\n{intro}\nA MAR H\nF BRE H"
    assert lines(strip_reply(ended)) == ["A PAR - BUR"]
    spaces = [index for index, char in enumerate(intro) if char == " "]
    middle = min(spaces, key=lambda index: abs(index - len(intro) // 2))
    wrapped = intro[:middle] + "\n" + intro[middle + 1 :]  # a mail program's wrap
    assert lines(strip_reply(f"A PAR - BUR\n{wrapped}\nA MAR H")) == ["A PAR - BUR"]
    quoted = f"{intro}\n> A MAR H\n> Your orders now:\n\nA PAR - BUR"
    assert strip_reply(quoted).split("\n")[-1] == "A PAR - BUR"  # answered below the quote


@pytest.mark.parametrize(
    "block",
    [
        "From: Judge <judge@pbem.test>\nSent: Monday, March 2, 2026 10:00 AM\nTo: Ann\nSubject: Re: orders",
        "*From:* Judge <judge@pbem.test>\n*Sent:* Monday, March 2, 2026 10:00 AM",
        "Von: Judge <judge@pbem.test>\nGesendet: Montag, 2. März 2026 10:00\nAn: Ann\nBetreff: AW: orders",
        "De : Judge <judge@pbem.test>\nEnvoyé : lundi 2 mars 2026 10:00\nÀ : Ann\nObjet : RE: orders",
        "De: Judge <judge@pbem.test>\nEnviado el: lunes, 2 de marzo de 2026 10:00\nPara: Ann",
        "De: Judge <judge@pbem.test>\nEnviado el: lunes, 2 de marzo de 2026 10:00",
        "Da: Judge <judge@pbem.test>\nInviato: lunedì 2 marzo 2026 10:00\nA: Ann\nOggetto: R: orders",
        "Van: Judge <judge@pbem.test>\nVerzonden: maandag 2 maart 2026 10:00\nAan: Ann",
        "De: Judge <judge@pbem.test>\nEnviada em: segunda-feira, 2 de março de 2026 10:00\nPara: Ann",
        "De: Judge <judge@pbem.test>\nEnviada em: segunda-feira, 2 de março de 2026 10:00",
        "-----Ursprüngliche Nachricht-----",
        "-------- Messaggio originale --------",
        "________________________________",
        "Begin forwarded message:",
        "Début du message réexpédié :",
    ],
)
def test_an_outlook_header_block_or_a_separator_ends_the_mail(block):
    text = f"A PAR - BUR\n\n{block}\n\nA MAR H\nF BRE H\nYour orders now:"
    assert lines(strip_reply(text)) == ["A PAR - BUR"]


@pytest.mark.parametrize(
    "signature",
    [
        "Sent from my iPhone",
        "Envoyé de mon iPhone",
        "Von meinem iPhone gesendet",
        "Enviado desde mi iPhone",
        "Inviato da iPhone",
        "Verstuurd vanaf mijn iPhone",
        "Enviado do meu iPhone",
        "Sent from my Galaxy",
        "Get Outlook for Android",
        "Get Outlook for iOS<https://aka.ms/o0ukef>",
        "Sent from Outlook for Android",
        "Sent via mobile",
        "Sent using Yahoo Mail on Android",
        "Sent via the Samsung Galaxy S21 5G, an AT&T 5G smartphone",
        "Gesendet mit der GMX Mail App",
        "Holen Sie sich Outlook für iOS<https://aka.ms/o0ukef>",
        "Outlook für Android herunterladen<https://aka.ms/ghei36>",
        "Envoyé avec Proton Mail",
        "Obtener Outlook para Android",
        "-- ",
    ],
)
def test_a_phones_signature_ends_the_mail(signature):
    assert lines(strip_reply(f"A PAR - BUR\n\n{signature}\n\nA MAR H")) == ["A PAR - BUR"]


@pytest.mark.parametrize(
    "text",
    [
        "A PAR - BUR\nOn second thought, hold:\nA MAR H",
        "PRESS TO France\nAs you wrote:\nlet us share Belgium\nENDPRESS",
        "From: Paris with love\nA MAR H",
        "A PAR - BUR\nSent: nothing yet\nA MAR H",
        "A PAR - BUR\n> quoted\nF BRE - MAO",
    ],
)
def test_a_players_own_lines_that_only_look_like_a_mail_programs_are_kept(text):
    kept = lines(strip_reply(text))
    assert kept == [line for line in lines(text) if not line.startswith(">")]


def test_outlook_on_the_web_ends_at_its_reply_header_after_the_hr():
    html = (
        '<div class="elementToProof">A PAR - BUR</div><div id="appendonsend"></div><hr tabindex="-1">'
        '<div id="divRplyFwdMsg"><b>From:</b> Judge<br><b>Sent:</b> Monday</div>'
        '<div class="PlainText">F BRE H<br>Your orders now:</div>'
    )
    found = html_text(html)
    assert found.quote_found and lines(found.text) == ["A PAR - BUR"]


def test_a_blockquote_is_skipped_and_a_reply_below_it_is_read():
    html = (
        '<div class="moz-cite-prefix">On Monday, Judge wrote:</div>'
        '<blockquote type="cite">F BRE H</blockquote>A PAR - BUR'
    )
    found = html_text(html)
    assert found.quote_found and lines(found.text) == ["A PAR - BUR"]


def test_html_without_a_quote_is_read_from_the_plain_part():
    from tests.harness import plain_mail

    raw = plain_mail("ann@example.test", "A PAR H", html="<p>something else</p>")
    assert lines(own_text(parse(raw).text, parse(raw).html)) == ["A PAR H"]
    assert not html_text("<p>A PAR H</p>").quote_found
