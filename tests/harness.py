"""A game table for tests: a real pbem service on Maildir in a temp folder, with a fake clock.

Players "send" mail by dropping messages into the inbox Maildir; ``run()`` is a
real ``pbem run`` (poll, intake, turns, send) at the table's clock; what pbem
sent is read back from the outbox Maildir, per recipient. Nothing is faked but
the clock and, where a test fixes them, the adjudication seeds.

    table = Table(tmp_path, [game(...)])
    table.start("g1")
    table.send("alice@example.test", "SIGNON England g1 pw\\nA LVP - YOR")
    table.run()
    [reply] = table.take("alice@example.test")
"""

from __future__ import annotations

import mailbox
import subprocess
import sys
import zlib
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path
from typing import Any

import yaml

from pbem import config as configuration
from pbem.demo import folder_service
from pbem.games import start_game
from pbem.mail.message import as_email_message
from pbem.quiet import nothing_to_do
from pbem.reports import DEFAULT_ROOT, Templates
from pbem.run import Run
from pbem.service import Tally, open_store, run_sync
from pbem.store import Store
from pbem.store.games import GameRow
from tests.pgserver import database_for_table

SERVICE_ADDRESS = "judge@pbem.test"
REFEREE_ADDRESS = "referee@pbem.test"
REFEREE_PASSWORD = "referee-secret"
TEST_TEMPLATES = Path(__file__).parent / "service" / "templates"


def run_pbem(
    *args: str,
    stdin: str = "",
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    timeout: int = 120,
) -> subprocess.CompletedProcess[str]:
    """``pbem ARGS`` as a user runs it: a real process, its output as text, never raising."""
    return subprocess.run(
        [sys.executable, "-m", "pbem.cli", *args],
        input=stdin,
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def game(
    game_id: str,
    ruleset: str,
    players: Mapping[str, str],
    *,
    variant: str = "standard",
    password: str = "pw",
    **settings: Any,
) -> dict[str, Any]:
    """A game entry for the config: ``players`` maps power -> address; all share ``password``
    unless ``settings['passwords']`` maps powers to their own."""
    own = settings.pop("passwords", {})
    return {
        "id": game_id,
        "ruleset": ruleset,
        "variant": variant,
        "timezone": "Europe/Paris",
        "deadlines": {"default": "48h"},
        "players": [
            {"power": power, "address": address, "password": own.get(power, password)}
            for power, address in players.items()
        ],
        **settings,
    }


def plain_mail(
    sender: str,
    text: str,
    *,
    subject: str = "orders",
    to: str = SERVICE_ADDRESS,
    headers: Mapping[str, str] | None = None,
    html: str | None = None,
    message_id: str | None = None,
) -> bytes:
    """A player's mail as their mail program would write it."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = format_datetime(datetime.now(UTC))
    message["Message-ID"] = message_id or make_msgid(domain="player.test")
    for name, value in (headers or {}).items():
        message[name] = value
    if html is not None and not text:
        message.set_content(html, subtype="html")
    else:
        message.set_content(text)
        if html is not None:
            message.add_alternative(html, subtype="html")
    return message.as_bytes()


def same_seed_every_run(game_id: str, phase_id: str) -> int:
    """A phase's adjudication seed in a test that gives none: pbem draws a random one, and a
    test's dice must not differ from run to run."""
    return zlib.crc32(f"{game_id}:{phase_id}".encode())


class Table:
    """One pbem service with its Maildirs, config and clock (and seeds), for a test."""

    def __init__(
        self,
        folder: Path,
        games: Iterable[dict[str, Any]],
        *,
        now: datetime = datetime(2026, 3, 2, 9, 0, tzinfo=UTC),
        service_settings: Mapping[str, Any] | None = None,
        seed_source: Callable[[str, str], int] | None = None,
        address: str = SERVICE_ADDRESS,
        referee: str = REFEREE_ADDRESS,
        game_templates: Iterable[dict[str, Any]] = (),
    ):
        self.folder = folder
        self.now = now
        self.seed_source = seed_source or same_seed_every_run
        self.address = address
        elsewhere = None if "database" in (service_settings or {}) else database_for_table()
        if elsewhere:  # PBEM_TEST_DATABASE=postgresql (tests/pgserver.py)
            service_settings = {**(service_settings or {}), "database": elsewhere}
        data = {
            # tests jump the clock by days; the stale-cron guard has its own tests
            "service": {
                **folder_service(address, "pbem test judge", referee, REFEREE_PASSWORD),
                **(service_settings or {}),
            },
            "games": list(games),
            "game_templates": list(game_templates),
        }
        folder.mkdir(parents=True, exist_ok=True)
        self.config_path = folder / "pbem.yaml"
        self.config_path.write_text(yaml.safe_dump(data, sort_keys=False))
        self.service = configuration.load(self.config_path)
        self.templates = Templates(DEFAULT_ROOT, TEST_TEMPLATES)
        (folder / "mail").mkdir(exist_ok=True)
        self.inbox = mailbox.Maildir(folder / "mail" / "inbox", create=True)
        self._taken: set[str] = set()

    # -- the clock and the cron job ----------------------------------------

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)

    def run(self, **kwargs: Any) -> Tally:
        return run_sync(
            self.service, self.now, templates=self.templates, seed_source=self.seed_source, **kwargs
        )

    def cron(self, **kwargs: Any) -> Tally | None:
        """What cron's ``pbem run`` does at the table's clock: the quiet run first (pbem.quiet),
        the full run if it cannot prove there is nothing to do; None when the quiet run did."""
        if nothing_to_do(self.config_path, self.now):
            return None
        return self.run(**kwargs)

    def start(self, game_id: str, seed: int = 1) -> None:
        """``pbem new-game``: start the game and send the welcomes."""
        with self.store() as store:
            start_game(Run(self.service, store, self.now, self.templates), game_id, seed=seed)
        self.run(do_poll=False, do_act=False)

    def reply_token_address(self, power: str, game_id: str = "g1") -> str:
        """The secret reply address pbem gave ``power``."""
        with self.store() as store:
            player = store.player(game_id, power)
            assert player is not None, power
        local, _, domain = self.address.partition("@")
        return f"{local}+{player.token}@{domain}"

    def store(self) -> _StoreContext:
        return _StoreContext(self.service)

    def game_row(self, game_id: str = "g1") -> GameRow:
        """The stored row of a game (its phase, deadline, status and result) as it is now."""
        with self.store() as store:
            row = store.game(game_id)
        assert row is not None, game_id
        return row

    # -- players' mail ------------------------------------------------------

    def send(self, sender: str, text: str = "", **kwargs: Any) -> bytes:
        kwargs.setdefault("to", self.address)
        raw = plain_mail(sender, text, **kwargs)
        self.deliver(raw)
        return raw

    def deliver(self, raw: bytes) -> None:
        self.inbox.add(raw)

    def outbox(self) -> list[tuple[str, EmailMessage]]:
        """Every mail pbem sent so far, as (key, message), oldest first."""
        folder = self.folder / "mail" / "outbox"
        mailbox.Maildir(folder, create=True)
        files = [path for sub in ("new", "cur") for path in (folder / sub).iterdir()]
        files.sort(key=lambda path: (path.stat().st_mtime_ns, path.name))  # delivery order
        return [(path.name.split(":")[0], as_email_message(path.read_bytes())) for path in files]

    def mails_to(self, address: str) -> list[EmailMessage]:
        return [message for _, message in self.outbox() if message["Delivered-To"] == address]

    def take(self, address: str | None = None) -> list[EmailMessage]:
        """Mail sent since the last take (to ``address``, if given)."""
        fresh = []
        for key, message in self.outbox():
            if key in self._taken or (address and message["Delivered-To"] != address):
                continue
            self._taken.add(key)
            fresh.append(message)
        return fresh


def text_of(message: EmailMessage) -> str:
    """The text part of a mail pbem sent."""
    part = message.get_body(preferencelist=("plain",))
    assert part is not None, "no text part"
    return str(part.get_content())


class _StoreContext:
    def __init__(self, service: configuration.Service):
        self.service = service

    def __enter__(self) -> Store:
        self.store = open_store(self.service)
        return self.store

    def __exit__(self, *exc: object) -> None:
        self.store.close()


class MailServerTable(Table):
    """The same table on the real mail server: IMAP in, SMTP out, players' IMAP mailboxes.

    ``server`` is the test suite's MailServer (tests/mailserver.py); every address in the
    games must be a mailbox made with ``mailboxes.user``.
    """

    def __init__(
        self,
        folder: Path,
        games: Iterable[dict[str, Any]],
        server: Any,
        judge: Any,
        referee: Any,
        *,
        inbox_security: str = "tls",
        outbox_security: str = "starttls",
        **kwargs: Any,
    ):
        self.server = server
        imap = server.imap_settings(judge, inbox_security)
        smtp = server.smtp_settings(judge, outbox_security)
        settings = dict(kwargs.pop("service_settings", {}) or {})
        settings["inbox"] = {"transport": "imap", **imap}
        settings["outbox"] = {"transport": "smtp", **smtp}
        super().__init__(
            folder,
            games,
            service_settings=settings,
            address=judge.address,
            referee=referee.address,
            **kwargs,
        )
        self._taken_ids: set[str] = set()
        self.renamed: dict[str, str] = {}  # an address a test uses -> its mailbox on the server

    @classmethod
    def for_games(
        cls, folder: Path, games: list[dict[str, Any]], server: Any, mailboxes: Any, **kwargs: Any
    ) -> MailServerTable:
        """A table for games written with any addresses: each player gets a fresh mailbox on the
        server, and the table translates the test's addresses to them and back."""
        renamed: dict[str, str] = {}
        for entry in games:
            for player in entry["players"]:
                local = player["address"].partition("@")[0]
                renamed[player["address"]] = renamed.get(player["address"]) or mailboxes.user(local).address
        games = [
            {**entry, "players": [{**p, "address": renamed[p["address"]]} for p in entry["players"]]}
            for entry in games
        ]
        table = cls(folder, games, server, mailboxes.user("judge"), mailboxes.user("referee"), **kwargs)
        table.renamed = renamed
        return table

    def _box(self, address: str) -> str:
        return self.renamed.get(address, address)

    def outbox(self) -> list[tuple[str, EmailMessage]]:
        """Every mail in the players' and the referee's mailboxes, each marked Delivered-To the
        address the test knows its owner by."""
        owners = [*self.renamed.values(), *(r.address for r in (self.service.referee,) if r)]
        return [
            (f"{box}:{number}", message)
            for box in dict.fromkeys(owners)
            for number, message in enumerate(self._read(box))
        ]

    def _read(self, box: str) -> list[EmailMessage]:
        """A mailbox's mail, each marked Delivered-To the address the test uses for its owner."""
        original = {renamed: address for address, renamed in self.renamed.items()}
        messages = self.server.mailbox(box)
        for message in messages:
            del message["Delivered-To"]
            message["Delivered-To"] = original.get(box, box)
        return messages

    def send(self, sender: str, text: str = "", **kwargs: Any) -> bytes:
        return super().send(self._box(sender), text, **kwargs)

    def deliver(self, raw: bytes) -> None:
        self.server.deliver(raw)

    def mails_to(self, address: str) -> list[EmailMessage]:
        return self._read(self._box(address))

    def take(self, address: str | None = None) -> list[EmailMessage]:
        if address is None:  # everyone the table knows of
            known = [*self.renamed.values(), *(p.address for g in self.service.games for p in g.players)]
            referees = [r.address for r in (self.service.referee,) if r]
            return [m for a in dict.fromkeys([*known, *referees]) for m in self.take(a)]
        address = self._box(address)
        fresh = []
        for message in self._read(address):
            key = f"{address}:{message['Message-ID']}"
            if key not in self._taken_ids:
                self._taken_ids.add(key)
                fresh.append(message)
        return fresh
