"""Secrets at rest: no clear password stays in the database once a mail is acted on or sent,
SET PASSWORD asks for a password worth having and gives a new reply address, and every file
pbem writes is its user's alone, whatever the umask. Through real runs on Maildir."""

from __future__ import annotations

import os
import stat
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest

from tests.harness import Table, game, plain_mail, run_pbem, text_of

NORTH, SOUTH = "north@example.test", "south@example.test"
PLAYERS = {"North": NORTH, "South": SOUTH}
PASSWORDS = {"North": "n-secret", "South": "s-secret"}


@pytest.fixture
def table(tmp_path):
    table = Table(tmp_path, [game("g1", "tally", PLAYERS, passwords=PASSWORDS)])
    table.start("g1")
    table.take()
    return table


def stored(table: Table, sql: str) -> list[dict]:
    with table.store() as store:
        return store._rows(sql)


def anywhere_in_the_database(table: Table, secret: str) -> bool:
    """Whether ``secret`` is in any file of the database (its WAL checkpointed first)."""
    with table.store() as store:
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        store.db.execute("VACUUM")  # freed pages may still hold old rows
    database = table.service.database
    files = [database, *(database.with_name(database.name + end) for end in ("-wal", "-shm"))]
    return any(secret.encode() in path.read_bytes() for path in files if path.exists())


def test_the_welcome_is_sent_whole_and_kept_without_its_password(table):
    welcome = table.mails_to(NORTH)[0]
    assert "Your password: n-secret" in text_of(welcome)  # the player got it
    [row] = stored(table, "SELECT * FROM outbox WHERE kind = 'welcome' AND recipient = 'north@example.test'")
    assert row["status"] == "sent" and row["redacted"] is None
    assert b"n-secret" not in row["raw"] and b"Your password: [redacted]" in row["raw"]
    assert row["message_id"] == welcome["Message-ID"] and row["subject"] in str(welcome["Subject"])
    assert not anywhere_in_the_database(table, "n-secret")


def test_a_welcome_not_sent_yet_keeps_its_password_until_it_is(tmp_path):
    table = Table(tmp_path, [game("g1", "tally", PLAYERS, passwords=PASSWORDS)])
    from pbem.games import start_game
    from pbem.run import Run

    with table.store() as store:
        start_game(Run(table.service, store, table.now, table.templates), "g1", seed=1)
    [row] = stored(table, "SELECT raw, redacted, status FROM outbox WHERE recipient = 'north@example.test'")
    assert row["status"] == "queued" and b"n-secret" in row["raw"] and b"n-secret" not in row["redacted"]
    table.run(do_poll=False, do_act=False)  # a crash before this left it whole, to be sent again
    assert "n-secret" in text_of(table.mails_to(NORTH)[0])
    assert not anywhere_in_the_database(table, "n-secret")


# Mails as mail programs write them, each holding its sign-on's password in its own way.
def outlook(sender: str, text: str) -> bytes:
    """Outlook: quoted-printable text and HTML, Windows line ends, a signature."""
    html = "<html><body><p>" + "<br>\r\n".join(text.splitlines()) + "</p><p>Regards,<br>Jo</p></body></html>"
    return plain_mail(
        sender,
        text + "\r\n\r\nRegards,\r\nJo",
        html=html,
        headers={"X-Mailer": "Microsoft Outlook 16.0", "Thread-Topic": "orders"},
    )


def gmail(sender: str, text: str) -> bytes:
    """Gmail: base64 text and HTML in UTF-8, with a non-ASCII word."""
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = f"Jo <{sender}>", "judge@pbem.test", "orders"
    message["Message-ID"] = make_msgid(domain="mail.gmail.com")
    message.set_content(text + "\n\nÀ bientôt\n", cte="base64")
    lines = "<br>".join(text.splitlines())
    message.add_alternative(f'<div dir="ltr">{lines}<br><br>À bientôt</div>', subtype="html", cte="base64")
    raw = message.as_bytes()
    assert b"n-secret" not in raw  # the password is there, base64-encoded
    return raw


def apple_mail(sender: str, text: str) -> bytes:
    """Apple Mail: plain text only, format=flowed."""
    return plain_mail(sender, text + "\n\nSent from my iPhone", headers={"X-Mailer": "iPhone Mail (20A362)"})


@pytest.mark.parametrize("client", [outlook, gmail, apple_mail])
def test_a_sign_on_and_set_password_are_kept_without_their_passwords_once_acted_on(table, client):
    table.deliver(client(NORTH, "SIGNON North g1 n-secret\nSET PASSWORD fresh-horse-42\nADD 2"))
    table.run()
    [row] = stored(table, "SELECT raw, subject, status FROM messages")
    assert row["status"] == "done"
    for secret in (b"n-secret", b"fresh-horse-42"):
        assert secret not in row["raw"]
    assert b"[redacted]" in row["raw"] and b"ADD 2" in row["raw"]  # the rest is kept
    assert not anywhere_in_the_database(table, "n-secret")
    assert not anywhere_in_the_database(table, "fresh-horse-42")
    reply = next(mail for mail in table.take(NORTH) if str(mail["Subject"]).startswith("Re:"))
    assert "ok: ADD 2" in text_of(reply) and "fresh-horse-42" not in text_of(reply)


def test_a_wrong_password_from_a_stranger_is_kept_redacted_too(table):
    table.send("mallory@evil.test", "SIGNON North g1 n-secrex\nADD 9", subject="SIGNON North g1 n-secrex")
    table.run()
    [row] = stored(table, "SELECT raw, subject FROM messages")
    assert b"n-secrex" not in row["raw"] and row["subject"] == "SIGNON North g1 [redacted]"


def test_a_mail_that_failed_keeps_its_password_until_it_is_acted_on(table, monkeypatch):
    from pbem.intake import guesses

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(guesses, "limited", broken)
    table.send(NORTH, "SIGNON North g1 n-secret\nADD 2")
    table.run()
    [row] = stored(table, "SELECT raw, status FROM messages")
    assert row["status"] == "failed" and b"n-secret" in row["raw"]  # whole, to be read again
    monkeypatch.undo()
    table.run()
    [row] = stored(table, "SELECT raw, status FROM messages")
    assert row["status"] == "done" and b"n-secret" not in row["raw"]


def test_a_run_killed_before_the_mail_is_recorded_acted_on_leaves_it_whole_and_new(table, monkeypatch):
    from pbem import faults

    table.send(NORTH, "SIGNON North g1 n-secret\nADD 2")
    monkeypatch.setenv("PBEM_CRASH_AT", "queued-reply")
    monkeypatch.setattr(faults, "_counts", {})
    with pytest.raises(faults.InjectedCrash):
        table.run()
    [row] = stored(table, "SELECT raw, status FROM messages")
    assert row["status"] == "new" and b"n-secret" in row["raw"]  # rolled back with its answer
    monkeypatch.delenv("PBEM_CRASH_AT")
    table.run()
    [row] = stored(table, "SELECT raw, status FROM messages")
    assert row["status"] == "done" and b"n-secret" not in row["raw"]
    assert sum("ok: ADD 2" in text_of(mail) for mail in table.take(NORTH)) == 1


@pytest.mark.parametrize(
    ("password", "refusal"),
    [
        ("short1", "at least 8 characters"),
        ("aaaaaaaaaa", "one character repeated"),
        ("12345678", "a run of characters"),
        ("North2026!", "the game's name, a power's"),
        ("G1g1g1g1", None),
        ("Password1", "the game's name, a power's"),
    ],
)
def test_set_password_refuses_a_password_guessed_at_once_in_one_sentence(table, password, refusal):
    table.send(NORTH, f"SIGNON North g1 n-secret\nSET PASSWORD {password}")
    table.run()
    [reply] = table.take(NORTH)
    answer = text_of(reply).split("> SET PASSWORD ********\n")[1].split("\n\n")[0].strip()
    if refusal is None:
        assert answer.startswith("your password is changed")
        return
    assert answer.startswith("refused: ") and refusal in answer and answer.count(".") <= 1
    assert "Traceback" not in text_of(reply) and password not in text_of(reply)
    table.send(NORTH, "SIGNON North g1 n-secret\nADD 1")  # the old password still signs on
    table.run()
    assert "ok: ADD 1" in text_of(table.take(NORTH)[0])


def test_set_password_gives_a_new_reply_address_and_the_old_one_signs_no_one_on(table):
    old = table.reply_token_address("North")
    table.send(NORTH, "SIGNON North g1 n-secret\nSET PASSWORD correct-horse")
    table.run()
    new = table.reply_token_address("North")
    assert new != old
    [reply] = table.take(NORTH)
    assert new in text_of(reply) and reply["Reply-To"] == new and old not in text_of(reply)
    table.send(NORTH, "ADD 3", to=old)
    table.send(NORTH, "ADD 4", to=new)
    table.run()
    with table.store() as store:
        orders = store.order_set("g1", "R1", "North")
    assert orders is not None and orders.orders() == ["ADD 4"]


def modes(root: Path) -> dict[str, int]:
    """The permission bits of ``root`` and everything under it, by path."""
    found = {str(root): stat.S_IMODE(root.stat().st_mode)}
    for path in root.rglob("*"):
        found[str(path)] = stat.S_IMODE(path.stat().st_mode)
    return found


def test_every_file_pbem_writes_is_its_users_alone_under_umask_022(tmp_path):
    old = os.umask(0o022)
    try:
        table = Table(tmp_path, [game("g1", "tally", PLAYERS, passwords=PASSWORDS)])
        table.start("g1")
        table.send(NORTH, "SIGNON North g1 n-secret\nADD 2\nREADY")
        table.send(SOUTH, "SIGNON South g1 s-secret\nADD 1\nREADY")
        table.run()
        service = table.service
        assert any(service.archive_dir.rglob("*.txt")), "a turn was archived"
        with table.store() as store:  # the WAL and SHM files exist while a connection is open
            store.set_meta("looked", "yes")
            written = {**modes(service.data_dir), **modes(service.outbox.path), **modes(service.archive_dir)}
        database = service.database
        for needed in (database, database.with_name(database.name + "-wal"), service.data_dir / "pbem.lock"):
            assert str(needed) in written, needed
        wide = {
            path: oct(mode)
            for path, mode in written.items()
            if mode & 0o077 or (Path(path).is_dir() and mode != 0o700)
        }
        assert wide == {}
    finally:
        os.umask(old)


def test_a_database_from_before_redaction_is_redacted_run_by_run(tmp_path, monkeypatch):
    """A database an older pbem wrote keeps clear passwords in mail it acted on and in the
    welcomes it sent: the runs after the upgrade take them out, a batch of mails a run."""
    from pbem.intake import credentials

    table = Table(tmp_path, [game("g1", "tally", PLAYERS, passwords=PASSWORDS)])
    table.start("g1")
    for n in range(3):
        table.send(NORTH, f"SIGNON North g1 n-secret\nADD {n + 1}")
    table.run()
    welcome = table.mails_to(NORTH)[0]
    originals = [plain_mail(NORTH, f"SIGNON North g1 n-secret\nADD {n + 1}") for n in range(3)]
    with table.store() as store:  # as the older pbem left it: clear, and no redacted column
        ids = [row["id"] for row in store._rows("SELECT id FROM messages ORDER BY id")]
        for row_id, raw in zip(ids, originals, strict=True):
            store.db.execute("UPDATE messages SET raw = ? WHERE id = ?", [raw, row_id])
        store.db.execute(
            "UPDATE outbox SET raw = ? WHERE message_id = ?", [welcome.as_bytes(), welcome["Message-ID"]]
        )
        store.db.execute("ALTER TABLE outbox DROP COLUMN redacted")
        store.db.execute("DELETE FROM meta WHERE key = 'schema_version'")  # made before migrations
    upgraded = run_pbem("--config", str(table.config_path), "db", "upgrade")
    assert "from schema version 0 to" in upgraded.stdout, upgraded.stderr
    monkeypatch.setattr(credentials, "BACKLOG_BATCH", 2)
    table.run()  # the first two mails, and the welcomes
    [first, second, third] = stored(table, "SELECT raw FROM messages ORDER BY id")
    assert b"n-secret" not in first["raw"] + second["raw"] and b"n-secret" in third["raw"]
    assert b"ADD 1" in first["raw"]
    [kept] = stored(
        table,
        "SELECT raw, message_id FROM outbox WHERE kind = 'welcome' AND recipient = 'north@example.test'",
    )
    assert b"n-secret" not in kept["raw"] and kept["message_id"].encode() in kept["raw"]
    table.run()
    assert not anywhere_in_the_database(table, "n-secret")
    with table.store() as store:
        assert store.get_meta("redaction_backlog") == ""
