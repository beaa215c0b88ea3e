"""Several ``pbem run`` workers on PostgreSQL beside one on SQLite, on the same order mails.

    .venv/bin/python benchmarks/pipeline.py --games 1430 --database postgresql://USER@HOST/DB --workers 1,2,4

(1,430 games of seven players: 10,010 order mails.) pipeline.py hands its ``--database`` and
``--workers`` here (``add_worker_options``). For each setting (SQLite with one worker, then the
PostgreSQL server of ``--database`` with each worker count) the judge is set up afresh: the games
started, one order mail per player delivered to the judge's IMAP inbox, then the workers started
together and timed until the last one ends. Each PostgreSQL setting gets a database of its own
on that server (``pbem_bench_N``, made and dropped here: the URL's user needs CREATEDB). It prints
each setting's wall time and its ratio to SQLite's.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import yaml

from pbem import config as configuration
from pbem.games import start_game
from pbem.run import Run
from pbem.store import Store


def add_worker_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--database", help="a PostgreSQL URL: measure workers there beside SQLite")
    parser.add_argument("--workers", default="1,2,4", help="worker counts to measure on --database")


def compare(args: argparse.Namespace, server: Any, base: Path, pipeline: Any) -> None:
    """Time SQLite with one worker, then ``args.database`` with each of ``args.workers``."""
    import psycopg

    counts = [int(text) for text in str(args.workers).split(",")]
    settings: list[tuple[str | None, int]] = [(None, 1), *((args.database, count) for count in counts)]
    baseline = None
    for number, (url, count) in enumerate(settings):
        judge = server.add_user(f"judge{number}@{server.domain}", "bench-judge")
        referee = server.add_user(f"referee{number}@{server.domain}", "bench-ref")
        folder = base / f"setting{number}"
        folder.mkdir()
        config = pipeline.write_config(folder, server, judge, referee, args.games, tag=f"s{number}")
        name = f"pbem_bench_{number}"
        if url:
            with psycopg.connect(url, autocommit=True) as admin:
                admin.execute(f"DROP DATABASE IF EXISTS {name}")  # type: ignore[arg-type]
                admin.execute(f"CREATE DATABASE {name}")  # type: ignore[arg-type]
            data = yaml.safe_load(config.read_text())
            data["service"]["database"] = _with_database(url, name)
            config.write_text(yaml.safe_dump(data, sort_keys=False))
        service = configuration.load(config)
        store = Store(service.store_target)
        run = Run(service, store, datetime.now(UTC))
        for game in service.games:
            start_game(run, game.id, seed=1)
        store.db.execute("UPDATE outbox SET status = 'sent'")  # welcome mails are not measured
        store.close()
        mails = pipeline.deliver_orders(server, service, pipeline.OPENING)
        seconds = _workers(config, count)
        store = Store(service.store_target)
        turns = sum(len(store.turns(game.id)) for game in service.games)
        left = len(store.outbox_rows(status="queued"))
        store.close()
        baseline = baseline or seconds
        kind = "PostgreSQL" if url else "SQLite"
        print(
            f"{kind:10} {count} worker(s): {seconds:8.1f} s for {mails} order mails"
            f" ({turns} turns, {left} mails left queued)   {seconds / baseline:5.2f}x SQLite's"
        )
        if url:
            with psycopg.connect(url, autocommit=True) as admin:
                admin.execute(f"DROP DATABASE IF EXISTS {name}")  # type: ignore[arg-type]


def _with_database(url: str, name: str) -> str:
    """``url`` naming database ``name`` on the same server."""
    head, _, tail = url.partition("?")
    return head.rsplit("/", 1)[0] + f"/{name}" + (f"?{tail}" if tail else "")


def _workers(config: Path, count: int) -> float:
    """Seconds from starting ``count`` ``pbem run`` processes together to the last one's end."""
    started = time.perf_counter()
    command = [sys.executable, "-m", "pbem.cli", "-q", "--config", str(config), "run"]
    running = [subprocess.Popen(command, env={**os.environ, "PYTHONPATH": "."}) for _ in range(count)]
    for worker in running:
        if worker.wait() != 0:
            raise SystemExit(f"a pbem run worker failed ({worker.returncode})")
    return time.perf_counter() - started
