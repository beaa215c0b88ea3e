"""``pbem demo``: a standard Diplomacy game played by seven demo players, to watch.

Everything runs on the embedded defaults (Maildir in and out, SQLite) in a
fresh folder. The demo writes the players' mails (demo.yaml, beside this module)
into the inbox Maildir, runs the real cron job (``pbem run``) with a simulated
clock that jumps to each deadline, and prints what happened. The mails include
the things a referee meets every week: a misspelt province, an HTML-only mail,
a press message, a late player, a retreat, builds and a player who sends nothing.
"""

from __future__ import annotations

import mailbox
import os
import shutil
import sys
from collections.abc import Callable
from dataclasses import field
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from importlib import resources
from pathlib import Path

import yaml

from pbem import config as configuration
from pbem.frozen import Frozen
from pbem.games import start_game
from pbem.run import Run
from pbem.service import run_sync
from pbem.store import GameRow, Store

POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
JUDGE = "judge@demo.invalid"
REFEREE = "referee@demo.invalid"


def address(power: str) -> str:
    return f"{power.lower()}@demo.invalid"


class Letter(Frozen):
    """One mail a demo player sends."""

    power: str
    text: str
    html: bool = False
    subject: str = "orders"


class Step(Frozen):
    """Some mails and a run of the cron job; then, if asked, runs after the deadline and grace."""

    title: str
    letters: list[Letter] = field(default_factory=list)
    at_deadline: bool = False  # run just after the deadline (else: now, before it)
    after_grace: bool = False  # run after the grace period too


def signon(power: str, orders: str) -> str:
    return f"SIGNON {power} demo {power.lower()}-pw\n{orders}"


def script() -> list[Step]:
    """The demo's steps, from demo.yaml beside this module."""
    steps = yaml.safe_load((resources.files(__package__) / "demo.yaml").read_text(encoding="utf-8"))
    return [
        Step(
            step["title"],
            [
                Letter(mail["power"], signon(mail["power"], mail["orders"]), html=mail.get("html", False))
                for mail in step.get("mails", ())
            ],
            at_deadline=step.get("at_deadline", False),
            after_grace=step.get("after_grace", False),
        )
        for step in steps
    ]


def folder_service(address: str, name: str, referee: str, password: str) -> dict[str, object]:
    """The ``service`` section of a judge kept in one folder (its Maildirs, data and archive side
    by side) whose clock jumps from deadline to deadline: the demo's, and the test harness's."""
    return {
        "address": address,
        "name": name,
        "data_dir": "var",
        "archive_dir": "turns",
        "inbox": {"transport": "maildir", "path": "mail/inbox"},
        "outbox": {"transport": "maildir", "path": "mail/outbox"},
        "referee": {"address": referee, "password": password},
        # the clock jumps by days, so the guard against a stale cron job would stop every run
        "stale_after": "3650d",
    }


def demo_config(folder: Path) -> dict[str, object]:
    return {
        "service": folder_service(JUDGE, "pbem demo judge", REFEREE, "referee-pw"),
        "games": [
            {
                "id": "demo",
                "name": "Demo game",
                "ruleset": "diplomacy",
                "variant": "standard",
                "timezone": "Europe/London",
                "grace": "12h",
                "deadlines": {
                    "movement": {"after": "48h", "at": "20:00"},
                    "retreats": "24h",
                    "adjustments": "24h",
                },
                "players": [
                    {"power": power, "address": address(power), "password": f"{power.lower()}-pw"}
                    for power in POWERS
                ],
            }
        ],
    }


def _mail(letter: Letter, now: datetime) -> bytes:
    message = EmailMessage()
    message["From"] = f"{letter.power} player <{address(letter.power)}>"
    message["To"] = JUDGE
    message["Subject"] = letter.subject
    message["Date"] = format_datetime(now)
    message["Message-ID"] = make_msgid(domain="demo.invalid")
    if letter.html:
        lines = "".join(f"<div>{line}</div>" for line in letter.text.split("\n"))
        message.set_content(f"<html><body>{lines}</body></html>", subtype="html")
    else:
        message.set_content(letter.text)
    return message.as_bytes()


def play(folder: Path, say: Callable[[str], None] = print) -> Path:
    """Play the demo in ``folder`` (made afresh); the config file's path."""
    if folder.exists():
        if not (folder / "pbem.yaml").exists() and any(folder.iterdir()):
            raise FileExistsError(f"{folder} exists and is not a pbem demo folder; choose another")
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    config_path = folder / "pbem.yaml"
    config_path.write_text(yaml.safe_dump(demo_config(folder), sort_keys=False))
    service = configuration.load(config_path)
    now = datetime.now(UTC).replace(second=0, microsecond=0)
    store = Store(service.database)
    try:
        live = start_game(Run(service, store, now), "demo", seed=1901)
    finally:
        store.close()
    run_sync(service, now)
    say(
        f"Started game 'demo' (standard Diplomacy) for seven players; welcome mails sent.\n"
        f"  {live.phase.label}, deadline {live.deadline_text()}"
    )
    (folder / "mail").mkdir(exist_ok=True)
    assert service.inbox.path and service.outbox.path  # Maildir, as demo_config says
    inbox = mailbox.Maildir(service.inbox.path, create=True)
    outbox = mailbox.Maildir(service.outbox.path, create=True)
    seen = set(outbox.keys())
    for step in script():
        say(f"\n== {step.title}")
        for letter in step.letters:
            inbox.add(_mail(letter, now))
            say(
                f"  {letter.power} mails {'HTML ' if letter.html else ''}"
                f"{len(letter.text.splitlines())} lines"
            )
        game = _game(service)
        run_sync(service, now)
        if step.at_deadline and game.deadline:
            now = max(now, game.deadline + timedelta(minutes=1))
            run_sync(service, now)
        if step.after_grace:
            game = _game(service)
            if game.grace_until:
                now = max(now, game.grace_until + timedelta(minutes=1))
                run_sync(service, now)
        for key in sorted(set(outbox.keys()) - seen):
            message = outbox.get_message(key)
            say(f"  -> {message['Delivered-To']}: {message['Subject']}")
            seen.add(key)
    say(f"\nThe game now stands at {_game(service).phase_id}.")
    pbem = _command_name()
    say(f"""
Where to look:
  mail pbem sent (Maildir):   {service.outbox.path}   (e.g. mutt -f {service.outbox.path})
  the turn archive:           {service.archive_dir}
  the database (SQLite):      {service.database}
  the config:                 {config_path}
Try:
  {pbem} --config {config_path} status
  {pbem} --config {config_path} archive list
  {pbem} --config {config_path} archive show demo S1901M --as England
  {pbem} --config {config_path} replay demo F1901M""")
    return config_path


def _game(service: configuration.Service) -> GameRow:
    """The demo game as it stands in the database now."""
    store = Store(service.database)
    try:
        game = store.game("demo")
    finally:
        store.close()
    assert game is not None
    return game


def _command_name() -> str:
    """How the newcomer runs this pbem again: ``pbem`` if that is on the PATH, else the script's
    path (``scripts/demo`` installs into .venv without activating it)."""
    script = Path(sys.argv[0])
    on_path = shutil.which("pbem")
    if script.name != "pbem" or (on_path and Path(on_path).resolve() == script.resolve()):
        return "pbem"
    try:
        return os.path.relpath(script)
    except ValueError:  # another drive
        return str(script)
