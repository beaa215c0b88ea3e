"""Nothing a stranger wrote is echoed back, and strangers cannot make the judge a reflector.

A spammer forges a victim's address as the sender and puts their advertisement in the Subject
and the body, hoping the judge's answer carries it to the victim. Every answer to a stranger
here is searched for the advertisement's words; a sender the receiving server marked as failing
SPF or DMARC gets no answer; a stranger gets one no-command answer a day, and all strangers
together at most ``stranger_answers_per_hour``. Real runs on Maildir.
"""

from __future__ import annotations

import pytest

from tests.harness import Table, game, plain_mail, text_of

SPAM_SUBJECT = "CHEAP PILLS at pillshop.example - 90% OFF"
SPAM_BODY = (
    "Buy cheap pills at http://pillshop.example/buy now!!! Viagrix 90% off,\n"
    "only today: call +1 555 0100 or write to deals@pillshop.example\n"
)
#: what no answer may hold: the advertisement's own words
SPAM_WORDS = ["pill", "viagrix", "90%", "555 0100", "deals@"]
#: Outlook's HTML for the same advertisement, with its text part (as Outlook sends both)
OUTLOOK_HTML = (
    '<html><head><meta name="Generator" content="Microsoft Word 15 (filtered medium)">'
    '</head><body lang="EN-US"><div class="WordSection1"><p class="MsoNormal">{lines}'
    "<o:p></o:p></p></div></body></html>"
)


def _judge(tmp_path, **judge) -> Table:
    return Table(tmp_path, [], service_settings={"judge": {"create": "anyone", **judge}})


def _spam_free(text: str) -> None:
    lowered = text.lower()
    assert not [word for word in SPAM_WORDS if word in lowered], text


def _answers(table: Table, address: str) -> list[str]:
    return [text_of(m) + str(m["Subject"]) for m in table.mails_to(address)]


@pytest.mark.parametrize(
    "lines",
    [
        "LIST",  # a front-door command
        "",  # no command at all
        "STANDBY ANY\nOBSERVE nosuchgame",
        "OBSERVE pillshop.example",
        "STANDBY pillshop",
        "SIGNON ?pillshop secret-99",
        "JOIN cheap-pills secret-99",
        "SIGNON ? secret-99",
        "TAKEOVER Pills club secret-99",
        "CREATE ?pillshop.example secret-99",
        "CREATE ?cheap secret-99 pillshop",
        "SET PREFERENCE Viagrix",
        "RESIGN pillshop",
        "APPROVE deals@pillshop.example",
        "SIGNON England pillshop secret-99",
        "SIGNON Pillshop club secret-99",
    ],
    ids=lambda lines: lines.split("\n")[0] or "no command",
)
def test_a_strangers_answer_holds_nothing_of_the_advertisement(tmp_path, lines):
    table = _judge(tmp_path)
    table.send("master@players.test", "CREATE ?club hunter22")
    table.run()
    table.send("victim@players.test", f"{lines}\n\n{SPAM_BODY}", subject=SPAM_SUBJECT)
    table.run()
    [answer] = _answers(table, "victim@players.test")
    _spam_free(answer)


def test_a_strangers_sign_on_to_a_running_game_quotes_no_word_of_it(tmp_path):
    players = {"North": "north@players.test", "South": "south@players.test"}
    table = Table(tmp_path, [game("g1", "tally", players)], service_settings={"judge": {"create": "anyone"}})
    table.start("g1")
    table.send(
        "victim@players.test", f"SIGNON Pillshop.example g1 secret-99\n{SPAM_BODY}", subject=SPAM_SUBJECT
    )
    table.send("north@players.test", "SIGNON Pillshop g1 pw")
    table.run()
    [answer] = _answers(table, "victim@players.test")
    _spam_free(answer)
    assert "game g1 has no power by the name in your SIGNON line; its powers are North, South" in answer
    own = _answers(table, "north@players.test")[-1]
    assert "no power called 'Pillshop'" in own  # a player of the judge is shown what they wrote


def test_outlooks_html_advertisement_is_not_echoed_either(tmp_path):
    table = _judge(tmp_path)
    html = OUTLOOK_HTML.format(lines="LIST<br>" + SPAM_BODY.replace("\n", "<br>"))
    table.send("victim@players.test", "LIST\r\n\r\n" + SPAM_BODY, subject=SPAM_SUBJECT, html=html)
    table.send("other@players.test", "", subject=SPAM_SUBJECT, html=OUTLOOK_HTML.format(lines=SPAM_BODY))
    table.run()
    for address in ("victim@players.test", "other@players.test"):
        [answer] = _answers(table, address)
        _spam_free(answer)


def test_a_second_mail_with_no_command_the_same_day_gets_no_answer(tmp_path):
    table = _judge(tmp_path)
    table.send("victim@players.test", SPAM_BODY, subject=SPAM_SUBJECT)
    table.run()
    table.advance(hours=3)
    table.send("victim@players.test", SPAM_BODY, subject=SPAM_SUBJECT)
    table.run()
    assert len(table.mails_to("victim@players.test")) == 1
    table.advance(hours=22)  # a day after the first answer
    table.send("victim@players.test", SPAM_BODY, subject=SPAM_SUBJECT)
    table.run()
    assert len(table.mails_to("victim@players.test")) == 2


def test_a_command_after_a_no_command_mail_is_still_answered(tmp_path):
    table = _judge(tmp_path)
    table.send("newbie@players.test", "hello, how do I play?")
    table.run()
    table.send("newbie@players.test", "LIST")
    table.run()
    assert "LIST: the games are below" in text_of(table.mails_to("newbie@players.test")[-1])


@pytest.mark.parametrize("lines", ["", "LIST", "OBSERVE club"], ids=["no command", "LIST", "OBSERVE"])
def test_sixty_one_strangers_in_an_hour_get_at_most_the_cap(tmp_path, lines):
    table = _judge(tmp_path)
    strangers = [f"victim{n}@players.test" for n in range(61)]
    for n, address in enumerate(strangers):
        table.send(address, f"{lines}\n{SPAM_BODY}", subject=SPAM_SUBJECT)
        if n % 20 == 19:
            table.advance(minutes=10)
            table.run()
    table.run()
    answered = [address for address in strangers if table.mails_to(address)]
    assert len(answered) == 60 == table.service.judge.stranger_answers_per_hour
    table.advance(hours=1)
    table.send("late@players.test", f"{lines}\n{SPAM_BODY}", subject=SPAM_SUBJECT)
    table.run()
    assert table.mails_to("late@players.test"), "the cap is an hour's, not for ever"


def test_a_smaller_cap_is_the_referees_choice(tmp_path):
    table = _judge(tmp_path, stranger_answers_per_hour=3)
    for n in range(5):
        table.send(f"victim{n}@players.test", SPAM_BODY if n % 2 else "LIST")
    table.run()
    assert sum(bool(table.mails_to(f"victim{n}@players.test")) for n in range(5)) == 3


FAILED_AUTH = [
    "mx.example; spf=fail (mx.example: domain of victim@players.test does not designate 203.0.113.9 "
    "as permitted sender) smtp.mailfrom=victim@players.test; dkim=none; dmarc=fail (p=NONE sp=NONE "
    "dis=NONE) header.from=players.test",
    "mx.example; spf=pass smtp.mailfrom=bounce.example; dkim=none; dmarc=fail header.from=players.test",
    "mx.google.com;\r\n       spf=softfail (google.com: domain of transitioning victim@players.test "
    "does not designate 203.0.113.9 as permitted sender) smtp.mailfrom=victim@players.test",
]


@pytest.mark.parametrize("lines", ["", "LIST", "SIGNON ?club secret-99"], ids=["no command", "LIST", "join"])
@pytest.mark.parametrize("results", FAILED_AUTH, ids=["spf+dmarc", "dmarc", "gmail softfail"])
def test_a_stranger_who_failed_spf_or_dmarc_gets_no_answer(tmp_path, lines, results):
    table = _judge(tmp_path)
    table.send("master@players.test", "CREATE ?club hunter22")
    table.run()
    raw = plain_mail("victim@players.test", f"{lines}\n{SPAM_BODY}", subject=SPAM_SUBJECT)
    table.deliver(f"Authentication-Results: {results}\r\n".encode() + raw)  # as the receiving server adds it
    table.run()
    assert table.mails_to("victim@players.test") == []
    with table.store() as store:
        assert store.seat("club", "victim@players.test") is None  # nor acted on


def test_a_stranger_who_passed_spf_and_dmarc_is_answered(tmp_path):
    table = _judge(tmp_path)
    table.send(
        "newbie@players.test",
        "LIST",
        headers={
            "Authentication-Results": "mx.example; spf=pass smtp.mailfrom=players.test; dkim=pass "
            "header.d=players.test; dmarc=pass header.from=players.test"
        },
    )
    table.run()
    assert "LIST: the games are below" in text_of(table.mails_to("newbie@players.test")[0])


def test_the_cap_on_strangers_leaves_a_seat_holders_answers_alone(tmp_path):
    table = _judge(tmp_path, stranger_answers_per_hour=2)
    table.send("master@players.test", "CREATE ?club hunter22")
    table.send("joiner@players.test", "SIGNON ?club secret-1")
    table.run()  # two strangers answered: the cap is reached
    table.send("third@players.test", "LIST")
    table.send("joiner@players.test", "SIGNON ?club secret-1\nSET PREFERENCE England")
    table.run()
    assert table.mails_to("third@players.test") == []
    [_, answer] = table.mails_to("joiner@players.test")
    assert "SET PREFERENCE: your preference in game club: England" in text_of(answer)
