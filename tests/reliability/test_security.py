"""Security: secrets stay secret, passwords are hashed and checked in constant time,
reply tokens cannot be guessed, HTML is escaped, and no one acts for someone else."""

import hmac
import logging

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pbem import passwords
from pbem.reports import Templates
from tests.harness import REFEREE_ADDRESS, REFEREE_PASSWORD, Table, game, text_of

PLAYERS = {"North": "north@example.test", "South": "south@example.test"}
SECRETS = {"North": "north-Secret-1", "South": "south-Secret-2"}


@pytest.fixture
def table(tmp_path):
    table = Table(tmp_path, [game("g1", "tally", PLAYERS, passwords=SECRETS)])
    table.start("g1")
    return table


def test_passwords_are_stored_only_as_scrypt_hashes(table):
    with table.store() as store:
        dump = "\n".join(table_dump for table_dump in store.db.iterdump())
        players = store.players("g1")
    for secret in SECRETS.values():
        assert secret not in dump
    for player in players:
        assert player.password_hash.startswith("scrypt$")
        assert passwords.check_password(SECRETS[player.power], player.password_hash)


def test_passwords_are_compared_in_constant_time(monkeypatch):
    calls = []
    real = hmac.compare_digest

    def spy(a, b):
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr(hmac, "compare_digest", spy)
    stored = passwords.hash_password("open sesame")
    assert passwords.check_password("open sesame", stored) and not passwords.check_password("open", stored)
    assert len(calls) == 2


@pytest.mark.parametrize(
    ("password", "weakness"),
    [
        ("seven77", "short"),
        ("zzzzzzzz", "repeated"),
        ("87654321", "sequence"),
        ("abcdefgh", "sequence"),
        ("ENGLAND-1901", "name"),
        ("g1-game!!", None),
        ("passw0rd1", None),
        ("Password!!", "name"),
        ("Great Game", "name"),
        ("tr0ub4dor&3", None),
    ],
)
def test_a_password_guessed_at_once_is_named_for_what_it_is(password, weakness):
    assert passwords.weakness(password, ["g1", "Great Game", "England", "France"]) == weakness


@settings(max_examples=80)
@given(st.text(min_size=passwords.MIN_LENGTH, max_size=40).filter(lambda text: len(set(text.lower())) > 1))
def test_a_password_is_never_refused_for_a_name_it_only_contains_among_other_letters(text):
    """Only the name alone (with digits and signs around it) is refused, never a password that
    holds other letters besides: 'england' refuses 'England1', not 'newenglandclam'."""
    password = f"x{text}England"
    assume(passwords._core(password) != "england")
    assert passwords.weakness(password, ["England"]) in (None, "sequence")


def test_reply_tokens_are_long_random_and_distinct():
    tokens = {passwords.new_token() for _ in range(2000)}
    assert len(tokens) == 2000
    assert all(len(token) == 20 and int(token, 16) >= 0 for token in tokens)  # 80 bits of hex


def test_a_made_up_token_address_signs_no_one_on(table):
    table.send("mallory@evil.test", "ADD 9", to="judge+00000000000000000000@pbem.test")
    table.send("mallory@evil.test", "ADD 9", to="judge+g1@pbem.test")
    table.run()
    with table.store() as store:
        assert store.order_sets("g1", "R1") == {}


def test_nothing_secret_reaches_the_log(table, caplog):
    with caplog.at_level(logging.DEBUG):
        table.send(PLAYERS["North"], f"SIGNON North g1 {SECRETS['North']}\nADD 2")
        table.send("mallory@evil.test", "SIGNON South g1 guess-Secret\nADD 9")
        table.send(REFEREE_ADDRESS, f"SIGNON REFEREE g1 {REFEREE_PASSWORD}\nLIST")
        table.advance(hours=60)
        table.run()
    with table.store() as store:
        tokens = [player.token for player in store.players("g1")]
    for secret in [*SECRETS.values(), REFEREE_PASSWORD, "guess-Secret", *tokens]:
        assert secret not in caplog.text


def test_html_templates_escape_what_players_wrote(tmp_path):
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "report.html.j2").write_text("<p>{{ view.name }}</p>")
    html = Templates(tmp_path).html("x/report.html.j2", view={"name": "<script>alert(1)</script>"})
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_a_referee_command_from_a_player_with_the_referee_password_is_refused(table):
    table.send(PLAYERS["North"], f"SIGNON REFEREE g1 {REFEREE_PASSWORD}\nPROCESS")
    table.run()
    [reply] = [
        m for m in table.take(PLAYERS["North"]) if "Re:" in str(m["Subject"]) or "refused" in text_of(m)
    ]
    assert "refused" in text_of(reply)
    with table.store() as store:
        assert store.turns("g1") == []
