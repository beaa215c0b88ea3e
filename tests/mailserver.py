"""A real mail server on loopback for the tests: Dovecot for IMAP, aiosmtpd for SMTP.

The suite starts it itself (see /work/shared/mail-test-server.md for the facts it relies on):

- Dovecot with its own configuration in a temporary directory: IMAP (plain), IMAPS (implicit TLS,
  with a test CA that openssl makes here), and LMTP; users from passwd-files written here, one
  per user, so that a user added in the middle of a test can log in at once.
- Three aiosmtpd servers: ``smtp_port`` plain and open, as a player's mail client uses;
  ``submission_port`` with STARTTLS and AUTH required, like port 587; ``smtps_port`` with implicit
  TLS and AUTH required, like port 465. Each hands an accepted message to Dovecot over LMTP before
  it answers 250, so a message can be read over IMAP as soon as the send returns.

Fixtures: ``mail_server`` (one per session) and ``mailboxes`` (per test: fresh addresses, so tests
never see each other's mail). If Dovecot is missing the tests that need it fail and say to run
``scripts/install-test-deps``: a skipped test would let CI pass without proving anything.
"""

from __future__ import annotations

import contextlib
import email
import email.policy
import grp
import imaplib
import itertools
import logging
import os
import pwd
import re
import secrets
import shutil
import signal
import smtplib
import socket
import ssl
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from email.message import EmailMessage, Message
from email.parser import BytesHeaderParser
from email.utils import getaddresses
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP as SMTPServerProtocol
from aiosmtpd.smtp import AuthResult, Envelope, LoginPassword, Session

from pbem.frozen import Frozen

HOST = "127.0.0.1"
DOMAIN = "example.test"
INSTALL_HINT = (
    "Dovecot is not installed, so the real-mail-server tests cannot run. "
    "Install it with scripts/install-test-deps (as root or with sudo), then run the tests again."
)
PROCESSED_FOLDER = "Processed"


class MailUser(Frozen):
    """A mailbox on the test server: its address (also its IMAP and SMTP login) and password."""

    address: str
    password: str


def find_dovecot() -> str | None:
    """Dovecot's binary; /usr/sbin is not on a normal user's PATH."""
    return shutil.which("dovecot") or shutil.which("dovecot", path="/usr/sbin:/usr/local/sbin")


def free_port() -> int:
    return free_ports(1)[0]


def free_ports(count: int) -> list[int]:
    """``count`` distinct ports free now. The probes stay bound until all are chosen: the kernel
    draws a closed probe's port again about once in a thousand server starts."""
    with contextlib.ExitStack() as held:
        probes = [held.enter_context(socket.socket()) for _ in range(count)]
        for probe in probes:
            probe.bind((HOST, 0))
        return [int(probe.getsockname()[1]) for probe in probes]


def mailbox_of(address: str) -> str:
    """The user an address delivers to: ``referee+token@x`` is ``referee@x``, lower case."""
    local, _, domain = address.strip().lower().rpartition("@")
    return f"{local.partition('+')[0]}@{domain}"


def _openssl(*args: str | Path) -> None:
    subprocess.run(["openssl", *map(str, args)], check=True, capture_output=True)


def make_test_ca(directory: Path) -> tuple[Path, Path, Path]:
    """A CA and a server certificate for localhost and 127.0.0.1 signed by it.

    Returns (CA certificate, server certificate, server key). EC keys: fast to make.
    """
    ca_key, ca_cert = directory / "ca.key", directory / "ca.pem"
    key, csr, cert = directory / "key.pem", directory / "server.csr", directory / "cert.pem"
    extensions = directory / "server.ext"
    curve = ("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes")
    _openssl(
        "req",
        "-x509",
        *curve,
        "-keyout",
        ca_key,
        "-out",
        ca_cert,
        "-days",
        "3",
        "-subj",
        "/CN=pbem test CA",
        "-addext",
        "basicConstraints=critical,CA:TRUE",
        "-addext",
        "keyUsage=critical,keyCertSign,cRLSign",
    )
    _openssl("req", "-new", *curve, "-keyout", key, "-out", csr, "-subj", "/CN=localhost")
    extensions.write_text(
        "basicConstraints=critical,CA:FALSE\n"
        "keyUsage=critical,digitalSignature,keyEncipherment\n"
        "extendedKeyUsage=serverAuth\n"
        "subjectAltName=DNS:localhost,IP:127.0.0.1\n"
        "subjectKeyIdentifier=hash\n"
        "authorityKeyIdentifier=keyid\n"
    )
    _openssl(
        "x509",
        "-req",
        "-in",
        csr,
        "-CA",
        ca_cert,
        "-CAkey",
        ca_key,
        "-CAcreateserial",
        "-out",
        cert,
        "-days",
        "3",
        "-extfile",
        extensions,
    )
    return ca_cert, cert, key


#: what a plain IMAP4rev1 server without the MOVE (RFC 6851) and UIDPLUS (RFC 4315)
#: extensions announces, as older and smaller servers do
CAPABILITIES_WITHOUT_MOVE_OR_UIDPLUS = (
    "IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE LITERAL+ NAMESPACE CHILDREN UNSELECT"
)


def dovecot_config(
    base: Path, *, imap: int, imaps: int, lmtp: int, cert: Path, key: Path, imap_capability: str | None = None
) -> str:
    """Dovecot's whole configuration: nothing is read from /etc, everything lives in ``base``.

    ``imap_capability`` replaces what Dovecot announces after login (to test a client against a
    server without some extension)."""
    if os.geteuid() == 0:
        # Dovecot will not run mail processes as root: they run as the system's mail user.
        mail = pwd.getpwnam("mail")
        uid, gid = mail.pw_uid, mail.pw_gid
        users = f"mail_uid = {uid}\nmail_gid = {gid}\nfirst_valid_uid = {uid}\n"
    else:
        uid, gid = os.getuid(), os.getgid()
        me, my_group = pwd.getpwuid(uid).pw_name, grp.getgrgid(gid).gr_name
        users = (
            f"default_login_user = {me}\ndefault_internal_user = {me}\n"
            f"default_internal_group = {my_group}\nfirst_valid_uid = {uid}\n"
            f"first_valid_gid = {gid}\n"
            "service anvil {\n  chroot =\n}\n"
            "service imap-login {\n  chroot =\n}\n"
        )
    return f"""\
# Written by tests/mailserver.py for one test session.
instance_name = pbem-test-{base.name}
base_dir = {base}/run
state_dir = {base}/state
log_path = {base}/dovecot.log
protocols = imap lmtp
listen = {HOST}
{users}
ssl = yes
ssl_cert = <{cert}
ssl_key = <{key}
ssl_min_protocol = TLSv1.2
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
mail_location = maildir:~/Maildir
mail_fsync = never
recipient_delimiter = +
lmtp_save_to_detail_mailbox = no
postmaster_address = postmaster@{DOMAIN}

passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%Lu {base}/users/%Lu
}}
userdb {{
  driver = passwd-file
  args = username_format=%Lu {base}/users/%Lu
  default_fields = uid={uid} gid={gid} home={base}/mail/%Ld/%Ln
}}

namespace inbox {{
  inbox = yes
  separator = /
  mailbox {PROCESSED_FOLDER} {{
    auto = subscribe
  }}
}}

service imap-login {{
  inet_listener imap {{
    address = {HOST}
    port = {imap}
  }}
  inet_listener imaps {{
    address = {HOST}
    port = {imaps}
    ssl = yes
  }}
}}
service lmtp {{
  inet_listener lmtp {{
    address = {HOST}
    port = {lmtp}
  }}
}}
service anvil {{
  # Without this, one failed login makes every later login from 127.0.0.1 wait seconds.
  unix_listener anvil-auth-penalty {{
    mode = 0
  }}
}}
protocol imap {{
  mail_max_userip_connections = 1000
{f"  imap_capability = {imap_capability}" if imap_capability else ""}
}}
"""


class Accepted(Frozen):
    """One message an SMTP server of the fixture accepted: on which port, from which client
    connection (its port), who logged in (None if nobody), and the envelope."""

    server_port: int
    client_port: int
    login: str | None
    sender: str
    recipients: tuple[str, ...]


class _DeliverOverLmtp:
    """The aiosmtpd handler: known recipients only, each message handed to Dovecot before 250."""

    def __init__(self, server: MailServer) -> None:
        self.server = server

    async def handle_RCPT(
        self, server: Any, session: Session, envelope: Envelope, address: str, options: list[str]
    ) -> str:
        answer = self.server._recipient_answer(address)
        if answer is None:
            envelope.rcpt_tos.append(address)
            return "250 2.1.5 OK"
        return answer

    async def handle_DATA(self, server: Any, session: Session, envelope: Envelope) -> str:
        content = envelope.original_content or b""
        try:
            with smtplib.LMTP(HOST, self.server.lmtp_port, local_hostname="localhost") as lmtp:
                refused = lmtp.sendmail(envelope.mail_from or "", envelope.rcpt_tos, content)
        except (smtplib.SMTPException, OSError) as error:
            return f"451 4.3.0 delivery to Dovecot failed: {error}"
        if refused:
            return f"451 4.3.0 Dovecot refused {sorted(refused)}"
        login = getattr(session.auth_data, "login", None)
        peer: Any = session.peer  # (address, port) for a TCP client
        self.server.accepted.append(
            Accepted(
                server_port=server.transport.get_extra_info("sockname")[1],
                client_port=int(peer[1]),
                login=login.decode() if isinstance(login, bytes) else login,
                sender=envelope.mail_from or "",
                recipients=tuple(envelope.rcpt_tos),
            )
        )
        return "250 2.0.0 OK delivered"


class _ImplicitTlsSMTP(SMTPServerProtocol):
    """aiosmtpd only counts TLS it negotiated itself (STARTTLS) as encryption and would refuse AUTH
    on an implicit-TLS port, where the whole session is encrypted from the first byte."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._auth_require_tls = False


class _ImplicitTlsController(Controller):
    def factory(self) -> SMTPServerProtocol:
        return _ImplicitTlsSMTP(self.handler, **self.SMTP_kwargs)


class MailServer:
    """Dovecot and the SMTP servers of one test session, and the helpers tests read mail with.

    Ports: ``imap_port`` (plain IMAP), ``imaps_port`` (implicit TLS), ``lmtp_port``,
    ``smtp_port`` (plain, open, for players), ``submission_port`` (STARTTLS + AUTH),
    ``smtps_port`` (implicit TLS + AUTH). ``ca_file`` is the CA that signed the servers'
    certificate (for ``localhost`` and ``127.0.0.1``).
    """

    host = HOST
    domain = DOMAIN
    processed_folder = PROCESSED_FOLDER

    def __init__(self, base: Path, imap_capability: str | None = None) -> None:
        self.base = base
        self.imap_capability = imap_capability
        (
            self.imap_port,
            self.imaps_port,
            self.lmtp_port,
            self.smtp_port,
            self.submission_port,
            self.smtps_port,
        ) = free_ports(6)
        self.ca_file = base / "tls" / "ca.pem"
        self._users: dict[str, str] = {}
        self._deferred: dict[str, int] = {}
        self._refused: set[str] = set()
        self._lock = threading.Lock()
        self._dovecot: subprocess.Popen[bytes] | None = None
        self._controllers: list[Controller] = []
        self.accepted: list[Accepted] = []
        """Every message the SMTP servers accepted, in order."""

    # Starting and stopping.

    def start(self) -> None:
        dovecot = find_dovecot()
        if dovecot is None:
            pytest.fail(INSTALL_HINT, pytrace=False)
        self.base.chmod(0o755)  # the mail user must reach its mail directories
        for sub in ("run", "state", "mail", "tls", "users"):
            (self.base / sub).mkdir()
        if os.geteuid() == 0:
            mail = pwd.getpwnam("mail")
            os.chown(self.base / "mail", mail.pw_uid, mail.pw_gid)
        _, cert, key = make_test_ca(self.base / "tls")
        config = self.base / "dovecot.conf"
        config.write_text(
            dovecot_config(
                self.base,
                imap=self.imap_port,
                imaps=self.imaps_port,
                lmtp=self.lmtp_port,
                cert=cert,
                key=key,
                imap_capability=self.imap_capability,
            )
        )
        with (self.base / "dovecot.out").open("wb") as out:
            self._dovecot = subprocess.Popen(
                [dovecot, "-F", "-c", str(config)], stdout=out, stderr=subprocess.STDOUT
            )
        self._wait_for_greeting(self.imap_port, b"* OK")
        self._wait_for_greeting(self.lmtp_port, b"220 ")
        self._start_smtp(cert, key)

    def _wait_for_greeting(self, port: int, greeting: bytes, within: float = 15.0) -> None:
        deadline = time.monotonic() + within
        while True:
            if self._dovecot is not None and self._dovecot.poll() is not None:
                pytest.fail(f"Dovecot exited at start-up:\n{self.log()}", pytrace=False)
            with contextlib.suppress(OSError), socket.create_connection((HOST, port), 1) as conn:
                if conn.recv(64).startswith(greeting):
                    return
            if time.monotonic() > deadline:
                pytest.fail(f"Dovecot did not answer on port {port}:\n{self.log()}", pytrace=False)
            time.sleep(0.02)

    def _start_smtp(self, cert: Path, key: Path) -> None:
        # aiosmtpd warns on every successful AUTH that Session.login_data, which it sets itself,
        # is deprecated; keep its errors only.
        logging.getLogger("mail.log").setLevel(logging.ERROR)
        tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        tls.load_cert_chain(cert, key)
        handler = _DeliverOverLmtp(self)
        common: dict[str, Any] = {
            "hostname": HOST,
            "server_hostname": "localhost",
            "enable_SMTPUTF8": True,
        }
        self._controllers = [
            Controller(handler, port=self.smtp_port, **common),
            Controller(
                handler,
                port=self.submission_port,
                tls_context=tls,
                require_starttls=True,
                authenticator=self._authenticate,
                auth_required=True,
                **common,
            ),
            _ImplicitTlsController(
                handler,
                port=self.smtps_port,
                ssl_context=tls,
                authenticator=self._authenticate,
                auth_required=True,
                **common,
            ),
        ]
        for controller in self._controllers:
            controller.start()

    @contextlib.contextmanager
    def extra_smtp_server(self, **aiosmtpd_options: Any) -> Iterator[int]:
        """Another open SMTP server that delivers the same way, with aiosmtpd options of the
        test's choosing (e.g. ``timeout=0.3`` to close idle connections); yields its port."""
        port = free_port()
        controller = Controller(
            _DeliverOverLmtp(self), hostname=HOST, port=port, server_hostname="localhost", **aiosmtpd_options
        )
        controller.start()
        try:
            yield port
        finally:
            controller.stop()

    def stop(self) -> None:
        for controller in self._controllers:
            with contextlib.suppress(Exception):
                controller.stop()
        self._controllers = []
        if self._dovecot is not None:
            self._dovecot.send_signal(signal.SIGTERM)
            try:
                self._dovecot.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._dovecot.kill()
                self._dovecot.wait()
            self._dovecot = None

    def log(self) -> str:
        """Dovecot's log and console output so far, for failure messages."""
        parts = []
        for name in ("dovecot.out", "dovecot.log"):
            path = self.base / name
            if path.exists():
                parts.append(path.read_text(errors="replace"))
        return "\n".join(parts)

    # Users.

    def add_user(self, address: str, password: str) -> MailUser:
        """Create a mailbox, usable at once for IMAP, SMTP AUTH and delivery."""
        if any(bad in address + password for bad in ":/\n"):
            raise ValueError("no colons, slashes or line breaks in a test address or password")
        user = mailbox_of(address)
        with self._lock:
            if user in self._users and self._users[user] != password:
                raise ValueError(f"{user} exists with another password; take a new address")
            self._users[user] = password
            self._write_user(user, password)
        return MailUser(user, password)

    def _write_user(self, address: str, password: str) -> None:
        # One passwd-file per user: Dovecot checks a passwd-file for changes at most once a
        # second, but opens a file it has not seen yet at once.
        staging = self.base / "users" / f".{address}.new"
        staging.write_text(f"{address}:{{PLAIN}}{password}::::::\n")
        staging.chmod(0o644)
        staging.replace(self.base / "users" / address)

    def password(self, address: str) -> str:
        return self._users[mailbox_of(address)]

    def defer(self, address: str, times: int = 1) -> None:
        """Answer 451 (try again later) to the next ``times`` RCPT commands for ``address``."""
        with self._lock:
            self._deferred[mailbox_of(address)] = times

    def refuse(self, address: str) -> None:
        """Answer 550 (no such user) to every RCPT command for ``address`` from now on."""
        with self._lock:
            self._refused.add(mailbox_of(address))

    def _recipient_answer(self, address: str) -> str | None:
        """None to accept the recipient, else the SMTP answer that refuses it."""
        user = mailbox_of(address)
        with self._lock:
            if user not in self._users or user in self._refused:
                return f"550 5.1.1 <{address}>: no such user here"
            if self._deferred.get(user, 0) > 0:
                self._deferred[user] -= 1
                return f"451 4.2.1 <{address}>: mailbox busy, try again later"
        return None

    def _authenticate(
        self,
        server: SMTPServerProtocol,
        session: Session,
        envelope: Envelope,
        mechanism: str,
        auth_data: Any,
    ) -> AuthResult:
        if isinstance(auth_data, LoginPassword):
            login = auth_data.login.decode(errors="replace")
            known = self._users.get(mailbox_of(login))
            if known is not None and secrets.compare_digest(known.encode(), auth_data.password):
                return AuthResult(success=True, auth_data=auth_data)
        return AuthResult(success=False, handled=False)

    # What a player's mail client does.

    def deliver(
        self,
        message: bytes | EmailMessage,
        to: str | Sequence[str] | None = None,
        sender: str | None = None,
    ) -> None:
        """Send one message through the plain SMTP port, as a player's mail client would.

        ``to`` defaults to the To and Cc addresses, ``sender`` (the envelope sender, "" for a
        bounce) to the From address. Raises smtplib's errors if the server refuses.
        """
        self.deliver_many([message], to=to, sender=sender)

    def deliver_many(
        self,
        messages: Iterable[bytes | EmailMessage],
        to: str | Sequence[str] | None = None,
        sender: str | None = None,
    ) -> None:
        """Send many messages over one SMTP connection (for the bigger tests and benchmarks)."""
        with smtplib.SMTP(HOST, self.smtp_port, local_hostname="localhost") as smtp:
            for message in messages:
                if isinstance(message, EmailMessage):
                    raw = message.as_bytes(policy=email.policy.SMTP)
                    headers: Message = message
                else:
                    raw = re.sub(rb"\r?\n", b"\r\n", message)  # SMTP speaks CRLF
                    headers = BytesHeaderParser().parsebytes(raw)
                recipients = [to] if isinstance(to, str) else to
                if recipients is None:
                    recipients = [
                        address
                        for _, address in getaddresses(
                            [str(h) for h in headers.get_all("To", []) + headers.get_all("Cc", [])]
                        )
                    ]
                envelope_sender = sender
                if envelope_sender is None:
                    envelope_sender = getaddresses([str(headers.get("From", ""))])[0][1]
                smtp.sendmail(envelope_sender, list(recipients), raw)

    # What a test reads.

    @contextlib.contextmanager
    def imap(self, address: str) -> Iterator[imaplib.IMAP4]:
        """A logged-in stdlib IMAP client for ``address``: an independent view of the mailbox."""
        client = imaplib.IMAP4(HOST, self.imap_port, timeout=10)
        try:
            client.login(mailbox_of(address), self.password(address))
            yield client
        finally:
            with contextlib.suppress(Exception):
                client.logout()

    def mailbox(self, address: str, folder: str = "INBOX") -> list[EmailMessage]:
        """Every message in a user's folder, oldest first, read without marking anything seen
        (with LF line endings, so ``get_content()`` gives text as it was written)."""
        return [message for message, _ in self._read(address, folder, "BODY.PEEK[]")]

    def flags(self, address: str, folder: str = "INBOX") -> list[frozenset[str]]:
        """The IMAP flags of every message in a user's folder, oldest first."""
        return [flags for _, flags in self._read(address, folder, "BODY.PEEK[HEADER]")]

    def _read(self, address: str, folder: str, part: str) -> list[tuple[EmailMessage, frozenset[str]]]:
        with self.imap(address) as client:
            status, _ = client.select(f'"{folder}"', readonly=True)
            if status != "OK":
                raise AssertionError(f"{address} has no folder {folder!r}")
            status, data = client.uid("FETCH", "1:*", f"(UID FLAGS {part})")
            read = []
            for item in data:
                if not isinstance(item, tuple):
                    continue
                head, body = item
                flags = imaplib.ParseFlags(head)
                # IMAP sends CRLF; the email package would keep the CRs in the decoded text.
                message = email.message_from_bytes(body.replace(b"\r\n", b"\n"), policy=email.policy.default)
                assert isinstance(message, EmailMessage)
                read.append((message, frozenset(flag.decode() for flag in flags)))
            return read

    # What the code under test is configured with.

    def imap_settings(self, user: MailUser, security: str = "tls") -> dict[str, Any]:
        """Keyword arguments for ``ImapInbox`` (and the keys of a pbem config) for ``user``."""
        port = {"tls": self.imaps_port, "starttls": self.imap_port, "plain": self.imap_port}
        return self._login(user, port[security], security)

    def smtp_settings(self, user: MailUser | None = None, security: str = "starttls") -> dict[str, Any]:
        """Keyword arguments for ``SmtpOutbox``: "starttls" and "tls" log in as ``user``;
        "plain" is the open player port, with no login."""
        if security == "plain":
            return {"host": HOST, "port": self.smtp_port, "security": "plain"}
        if user is None:
            raise ValueError(f"SMTP with {security} needs a user to log in as")
        port = {"tls": self.smtps_port, "starttls": self.submission_port}
        return self._login(user, port[security], security)

    def _login(self, user: MailUser, port: int, security: str) -> dict[str, Any]:
        """The settings that log in as ``user`` on ``port``, trusting the test CA."""
        return {
            "host": HOST,
            "port": port,
            "username": user.address,
            "password": user.password,
            "security": security,
            "ca_file": str(self.ca_file),
        }


class Mailboxes:
    """One test's view of the server: every address it makes is new, unique to this test."""

    _tests = itertools.count(1)

    def __init__(self, server: MailServer) -> None:
        self.server = server
        self.tag = f"t{next(self._tests)}{secrets.token_hex(2)}"

    def address(self, name: str) -> str:
        """The address ``name`` has in this test, e.g. ``france-t7a1b2@example.test``."""
        return f"{name}-{self.tag}@{DOMAIN}".lower()

    def user(self, name: str, password: str | None = None) -> MailUser:
        """Create the mailbox ``name`` for this test (a random password unless given)."""
        return self.server.add_user(self.address(name), password or secrets.token_urlsafe(12))


@pytest.fixture(scope="session")
def mail_server() -> Iterator[MailServer]:
    """Dovecot and the SMTP servers, started once for the whole session."""
    with _started() as server:
        yield server


@contextlib.contextmanager
def _started(imap_capability: str | None = None) -> Iterator[MailServer]:
    if find_dovecot() is None:
        pytest.fail(INSTALL_HINT, pytrace=False)
    # A short, world-traversable directory: Unix socket paths are limited to 108 bytes, and the
    # mail user must reach its mail directories (pytest's own temporary directories are 0700).
    base = Path(tempfile.mkdtemp(prefix="pbem-mail-", dir="/tmp"))
    server = MailServer(base, imap_capability)
    try:
        server.start()
        yield server
    finally:
        server.stop()
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="session")
def mail_server_without_move() -> Iterator[MailServer]:
    """A second Dovecot, started for the tests that ask for it, that announces neither MOVE nor
    UIDPLUS: moving a message is COPY, STORE \\Deleted and a plain EXPUNGE there."""
    with _started(CAPABILITIES_WITHOUT_MOVE_OR_UIDPLUS) as server:
        yield server


@pytest.fixture
def mailboxes(mail_server: MailServer) -> Mailboxes:
    """Fresh mailboxes for one test: ``mailboxes.user("france")`` makes one."""
    return Mailboxes(mail_server)
