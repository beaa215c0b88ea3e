"""``ca_file``: a wrong one is a config problem named by its key, never a traceback in every cron
run; a server whose certificate is not trusted is told apart from a security/port mismatch."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from pbem import cli
from pbem.config import Transport
from pbem.mail.check import hint
from pbem.mail.transport import ca_file_problem
from tests.harness import run_pbem
from tests.mailserver import Mailboxes, MailServer, make_test_ca


@pytest.fixture(scope="module")
def certificates(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    return make_test_ca(tmp_path_factory.mktemp("tls"))


def test_a_pem_certificate_is_a_usable_ca_file(certificates):
    ca, server, _key = certificates
    assert ca_file_problem(ca) == ""
    assert ca_file_problem(server) == ""  # a self-signed server's own certificate serves too


def test_a_ca_file_that_is_missing_a_folder_or_no_certificate_says_which(tmp_path, certificates):
    _ca, _server, key = certificates
    assert ca_file_problem(tmp_path / "nope.pem") == f"{tmp_path / 'nope.pem'} does not exist"
    assert ca_file_problem(tmp_path) == f"{tmp_path} is a folder, not a file"
    text = tmp_path / "notes.txt"
    text.write_text("my CA is the one from the hosting company\n")
    no_certificate = "holds no certificate in PEM form (-----BEGIN CERTIFICATE-----)"
    assert ca_file_problem(text) == f"{text} {no_certificate}"
    assert ca_file_problem(key) == f"{key} {no_certificate}"  # the key, not the certificate
    empty = tmp_path / "empty.pem"
    empty.write_bytes(b"")
    assert ca_file_problem(empty) == f"{empty} {no_certificate}"


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every file")
def test_an_unreadable_ca_file_says_it_cannot_be_read(tmp_path, certificates):
    locked = tmp_path / "ca.pem"
    locked.write_bytes(certificates[0].read_bytes())
    locked.chmod(0)
    assert ca_file_problem(locked) == f"{locked} cannot be read: Permission denied"


def imap_config(tmp_path: Path, ca_file: str) -> Path:
    path = tmp_path / "pbem.yaml"
    path.write_text(
        yaml.safe_dump(
            {
                "service": {
                    "address": "judge@example.org",
                    "data_dir": "var",
                    "inbox": {
                        "transport": "imap",
                        "host": "127.0.0.1",
                        "port": 993,
                        "username": "judge",
                        "password": "pw",
                        "ca_file": ca_file,
                    },
                },
                "games": [],
            }
        )
    )
    return path


def test_a_wrong_ca_file_stops_run_and_check_mail_with_a_sentence_naming_ca_file(tmp_path, capsys):
    path = imap_config(tmp_path, "certs/our-ca.pem")
    missing = tmp_path / "certs" / "our-ca.pem"
    said = (
        f"{path}: service.inbox.ca_file: {missing} does not exist; ca_file names the PEM file "
        "of the server's certificate, or of the CA that signed it (line "
    )
    run = run_pbem("--config", str(path), "run")
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert said in run.stderr
    assert cli.main(["--config", str(path), "status", "--check-mail"]) == 2
    assert said in capsys.readouterr().err


UNTRUSTED = (
    "IMAP mail.example.org:993: connect: [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify "
    "failed: self-signed certificate (_ssl.c:1006)"
)


def test_an_untrusted_certificate_asks_for_ca_file_and_blames_no_port():
    imap = Transport(kind="imap", host="mail.example.org", port=993, security="tls")
    assert hint(imap, UNTRUSTED) == (
        "; the server's certificate is not trusted: set ca_file to the PEM "
        "file of its certificate (or of the CA that signed it)"
    )
    with_ca = Transport(kind="imap", host="mail.example.org", port=993, ca_file=Path("/etc/pbem/ca.pem"))
    assert hint(with_ca, UNTRUSTED) == (
        "; the server's certificate is not trusted by ca_file "
        "/etc/pbem/ca.pem: is that the server's certificate, or its CA's?"
    )
    mismatch = UNTRUSTED.replace(
        "self-signed certificate", "Hostname mismatch, certificate is not valid for 'mail.example.org'"
    )
    assert hint(with_ca, mismatch) == (
        "; the server's certificate is not made out to mail.example.org: set "
        "host to the name in its certificate"
    )
    # a handshake that never happened still points at the security/port pair
    assert "check that security 'tls' matches port 993" in hint(imap, "[SSL: WRONG_VERSION_NUMBER]")


@pytest.mark.mailserver
def test_a_self_signed_server_without_ca_file_is_said_to_be_untrusted_not_on_the_wrong_port(
    tmp_path: Path, mail_server: MailServer, mailboxes: Mailboxes
) -> None:
    gm = mailboxes.user("gm")
    inbox = {"transport": "imap", **mail_server.imap_settings(gm, "tls")}
    del inbox["ca_file"]
    path = tmp_path / "pbem.yaml"
    path.write_text(
        yaml.safe_dump(
            {
                "service": {
                    "address": gm.address,
                    "data_dir": "var",
                    "inbox": inbox,
                    "outbox": {"transport": "maildir", "path": "outbox"},
                },
                "games": [],
            }
        )
    )
    result = run_pbem("--config", str(path), "status", "--check-mail")
    assert result.returncode == 1
    inbox_line = result.stdout.splitlines()[0]
    assert ": FAILS: " in inbox_line and "certificate verify failed" in inbox_line
    assert inbox_line.endswith(
        "; the server's certificate is not trusted: set ca_file to the PEM file "
        "of its certificate (or of the CA that signed it)"
    )
    assert "check that security" not in inbox_line
    run = run_pbem("--config", str(path), "run")
    assert "the server's certificate is not trusted: set ca_file" in run.stderr
    assert "Traceback" not in run.stderr
