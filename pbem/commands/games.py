"""``pbem new-game``, ``pbem status``, ``pbem replay`` and ``pbem hash-password``."""

from __future__ import annotations

import argparse
import asyncio
import getpass
import json
import sys
from datetime import UTC, datetime
from typing import Any

from pbem import passwords
from pbem.commands.common import load_config, open_store, read_store
from pbem.commands.mail import failed_lines, unsent_lines
from pbem.config_check import changed_passwords
from pbem.databases import is_postgresql, shown_target
from pbem.english import counted
from pbem.entries import all_game_ids
from pbem.games import GameError, start_game
from pbem.mail.check import check_mail
from pbem.replay import replay
from pbem.run import Run
from pbem.service import require_database, run_lock, run_sync
from pbem.turns.orders import waiting_for


def new_game(args: argparse.Namespace) -> int:
    service = load_config(args)
    if service is None:
        return 2
    try:
        with run_lock(service.data_dir), open_store(service, create=True) as store:
            live = start_game(Run(service, store, datetime.now(UTC)), args.game, seed=args.seed)
    except GameError as error:
        print(f"pbem: {error}", file=sys.stderr)
        return 2
    print(f"game {live.id} started: {live.phase.label}, deadline {live.deadline_text()}")
    run_sync(service, do_poll=False, do_act=False)
    with open_store(service) as store:
        waiting = [row for row in store.outbox_rows(game_id=live.id) if row["status"] != "sent"]
    if not waiting:
        return 0
    print(
        f"pbem: {len(waiting)} welcome mails of {live.id} could not be sent and wait in the queue:",
        file=sys.stderr,
    )
    for row in waiting:
        why = f": {row['last_error']}" if row.get("last_error") else ""
        print(f"  {row['recipient']} ({row['status']}){why}", file=sys.stderr)
    print(
        "pbem: fix the outbox settings (pbem status --check-mail), then `pbem send` sends them",
        file=sys.stderr,
    )
    return 1


def create(args: argparse.Namespace) -> int:
    from pbem.judge.forming import open_game

    service = load_config(args)
    if service is None:
        return 2
    with run_lock(service.data_dir), open_store(service, create=True) as store:
        run = Run(service, store, datetime.now(UTC))
        with store.atomic():
            answer = open_game(run, None, args.game, "", args.template)
    if answer.startswith("refused: "):
        print(f"pbem: {answer.removeprefix('refused: ')}", file=sys.stderr)
        return 2
    print(answer)
    return 0


def init(args: argparse.Namespace) -> int:
    service = load_config(args)
    if service is None:
        return 2
    on_file = not is_postgresql(service.store_target)
    if on_file and service.database.exists() and service.database.stat().st_size:  # 0 bytes: nothing to keep
        print(f"pbem: {service.database} exists already; nothing done", file=sys.stderr)
        return 1
    with open_store(service, create=True):
        pass
    print(
        f"created {shown_target(service.store_target)}"
        if on_file
        else f"{shown_target(service.store_target)} is ready"
    )
    return 0


def status(args: argparse.Namespace) -> int:
    service = load_config(args)
    if service is None:
        return 2
    if args.check_mail or args.test_mail:
        return _check_mail(service, args.test_mail)
    require_database(service)
    if not is_postgresql(service.store_target) and not service.database.exists():
        print(f"no database yet at {service.database}: no game started (pbem new-game GAME)")
        return 0
    with open_store(service) as store:
        run = Run(service, store, datetime.now(UTC))
        ids = [args.game] if args.game else all_game_ids(service, store)
        for game_id in ids:
            live = run.live(game_id)
            if live is None:
                opened = store.open_game(game_id)
                if opened is not None:
                    seats = len(store.seats(game_id))
                    print(f"{game_id} ({opened.template}): {opened.status}, {counted(seats, 'seat')} taken")
                elif service.game(game_id) is not None:
                    print(f"{game_id}: not started (pbem new-game {game_id})")
                else:
                    print(f"{game_id}: no such game")
                continue
            sets = store.order_sets(live.id, live.phase.id)
            waiting = waiting_for(live, sets)
            print(
                f"{live.id} ({live.row.ruleset}/{live.row.variant}): {live.row.status}, "
                f"{live.phase.label} ({live.phase.id}), deadline {live.deadline_text()}"
            )
            if live.row.status == "running":
                print(f"  waiting for: {', '.join(waiting) or 'nobody'}")
            if live.row.result:
                print(f"  result: {live.row.result}")
        for note in changed_passwords(service, store):
            print(note)
        failed_mail = failed_lines(store)
        if failed_mail:
            print("failed mail (pbem mail show|retry|drop ID):")
            print("\n".join(f"  {line}" for line in failed_mail))
        unsent = unsent_lines(store)
        if unsent:
            print("mail that could not be sent (pbem mail show|retry|drop --outgoing ID):")
            print("\n".join(f"  {line}" for line in unsent))
        queued = len(store.outbox_rows(status="queued"))
        print(
            f"mail: {queued} queued, {len(unsent)} failed; messages: {store.message_count()} stored, "
            f"{store.message_count('new')} not yet acted on, {len(failed_mail)} failed, "
            f"{store.message_count('held')} held for a game set aside (mend its entry)"
        )
    return 0


def _check_mail(service: Any, test_to: str | None) -> int:
    """Exit 0 when both sides work, 1 when one does not (each line says why)."""
    results = asyncio.run(check_mail(service, test_to))
    for result in results:
        print(f"{result.side}: {result.where}: {'works' if result.works else 'FAILS'}: {result.said}")
    return 0 if all(result.works for result in results) else 1


def replay_phase(args: argparse.Namespace) -> int:
    outcome = read_store(args, lambda _, store: replay(store, args.game, args.phase), (LookupError,))
    if outcome is None:
        return 2
    print(json.dumps(outcome, indent=1))
    return 0 if outcome["matches"] else 1


def hash_password(args: argparse.Namespace) -> int:
    password = getpass.getpass("password: ") if sys.stdin.isatty() else sys.stdin.readline().rstrip("\n")
    if not password:
        print("pbem: empty password", file=sys.stderr)
        return 2
    print(passwords.hash_password(password))
    return 0
