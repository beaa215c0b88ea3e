"""``pbem status --check-mail`` against the suite's real Dovecot and SMTP servers: it says what
works, sends nothing unless asked, and a wrong security/port pair fails within the timeout."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.harness import run_pbem
from tests.mailserver import Mailboxes, MailServer, MailUser

pytestmark = pytest.mark.mailserver


def write_config(tmp_path: Path, server: MailServer, gm: MailUser, **outbox: Any) -> Path:
    config = tmp_path / "pbem.yaml"
    config.write_text(
        yaml.safe_dump(
            {
                "service": {
                    "address": gm.address,
                    "data_dir": "var",
                    "inbox": {"transport": "imap", **server.imap_settings(gm, "tls")},
                    "outbox": {"transport": "smtp", **server.smtp_settings(gm, "starttls"), **outbox},
                },
                "games": [],
            }
        )
    )
    return config


@pytest.fixture
def gm(mailboxes: Mailboxes) -> MailUser:
    return mailboxes.user("gm")


def test_check_mail_logs_in_to_both_sides_and_sends_nothing(
    tmp_path: Path, mail_server: MailServer, gm: MailUser
) -> None:
    config = write_config(tmp_path, mail_server, gm)
    accepted = len(mail_server.accepted)
    result = run_pbem("--config", str(config), "status", "--check-mail")
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith(
        f"inbox: IMAP {gm.address}@127.0.0.1:{mail_server.imaps_port} (tls): works: "
        "connected and logged in, folder INBOX opened"
    )
    assert lines[1].startswith(
        f"outbox: SMTP {gm.address}@127.0.0.1:{mail_server.submission_port} "
        "(starttls): works: connected and logged in"
    )
    assert len(mail_server.accepted) == accepted  # nothing sent


def test_check_mail_sends_a_test_mail_only_when_asked(
    tmp_path: Path, mail_server: MailServer, gm: MailUser, mailboxes: Mailboxes
) -> None:
    referee = mailboxes.user("referee")
    config = write_config(tmp_path, mail_server, gm)
    result = run_pbem("--config", str(config), "status", "--check-mail", "--test-mail", referee.address)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"test mail sent to {referee.address}" in result.stdout
    assert [str(m["Subject"]) for m in mail_server.mailbox(referee.address)] == ["pbem test mail"]


def test_a_wrong_password_says_the_login_was_refused(
    tmp_path: Path, mail_server: MailServer, gm: MailUser
) -> None:
    config = write_config(tmp_path, mail_server, gm, password="not-the-password")
    result = run_pbem("--config", str(config), "status", "--check-mail")
    assert result.returncode == 1
    inbox, outbox = result.stdout.splitlines()
    assert ": works: " in inbox
    assert ": FAILS: " in outbox and "log in as" in outbox and "535" in outbox


def test_a_wrong_security_for_the_port_fails_within_the_timeout_and_says_what_to_check(
    tmp_path: Path, mail_server: MailServer, gm: MailUser
) -> None:
    # STARTTLS on the implicit-TLS port: the client waits for a greeting the server never sends
    config = write_config(tmp_path, mail_server, gm, port=mail_server.smtps_port, timeout=2)
    started = time.monotonic()
    result = run_pbem("--config", str(config), "status", "--check-mail")
    assert time.monotonic() - started < 20
    assert result.returncode == 1
    outbox = result.stdout.splitlines()[1]
    assert ": FAILS: " in outbox
    assert f"check that security 'starttls' matches port {mail_server.smtps_port}" in outbox
    assert "SMTP usually: tls on 465, starttls on 587" in outbox
