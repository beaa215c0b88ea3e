"""The load benchmark: many games, one order mail per player, one ``pbem run`` for them all.

    .venv/bin/python benchmarks/pipeline.py --games 1000

Starts the test suite's own mail servers (Dovecot and aiosmtpd on loopback; install Dovecot with
scripts/install-test-deps), configures GAMES standard Diplomacy games, each of seven players of
its own (a mailbox each, their welcome mails sent first as when a game begins), delivers one
order mail per player to the judge's IMAP inbox, and times a real ``pbem run`` process that
acknowledges every mail and adjudicates every game (their orders are all in, and the games end a
phase early when they are). It prints the run's wall time and peak memory (the child's maximum
resident set), and, on the same servers in the same run, the bare cost of the mail alone: fetching
those messages over IMAP (marking each done) and sending the very mails the run sent over SMTP.

Each player picks one of four common openings by a seed of the game (``--positions distinct``,
the default), so games stand as real ones do, each with its own map to draw; ``--positions same``
gives every game the same orders, whose one map the run then draws once and reuses.

Beside the bare figures it prints the stages inside the run (pbem.stopwatch, from the run's log
line): fetch (the poll: IMAP fetch and storing each mail), read (acting on the order mails),
render (drawing maps, SVG and PNG), store (database commits), held (SQLite's write lock held,
most of it by acting), record (each mail recorded as sent) and send (SMTP, with the records);
then the run against the bare mail, and whether the goal of issue 32 (at most 1.15x) is met.
The stages overlap (acting and sending run at once, the sending in a process of its own, and
a map is drawn inside an adjudication), so they do not add up to the run.

``--rounds N`` measures N times from the same start (the judge's folders restored, the same
order mails delivered anew) and judges the median: on a shared host the bare mail alone moves by
a fifth between runs minutes apart.

``--archive-turns N`` first plays N earlier phases in every game, so that a run over a big archive
can be compared with a run over a small one (a run's cost must not grow with the archive).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.workers import add_worker_options, compare  # noqa: E402
from pbem import config as configuration  # noqa: E402
from pbem.games import start_game  # noqa: E402
from pbem.mail.imap import ImapInbox  # noqa: E402
from pbem.mail.smtp import SmtpOutbox  # noqa: E402
from pbem.passwords import hash_password  # noqa: E402
from pbem.run import Run  # noqa: E402
from pbem.store import Store  # noqa: E402
from tests.mailserver import MailServer  # noqa: E402

OPENING = {
    "Austria": "A Vie - Gal\nA Bud - Ser\nF Tri - Alb",
    "England": "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor",
    "France": "F Bre - Mao\nA Par - Bur\nA Mar - Spa",
    "Germany": "F Kie - Den\nA Ber - Kie\nA Mun - Ruh",
    "Italy": "F Nap - Ion\nA Rom - Apu\nA Ven H",
    "Russia": "F Stp/sc - Bot\nA Mos - Ukr\nA War - Gal\nF Sev - Bla",
    "Turkey": "F Ank - Bla\nA Con - Bul\nA Smy - Arm",
}
POWERS = list(OPENING)
#: common openings, one of which each player of a game picks (``--positions distinct``)
OPENINGS = {
    "Austria": [
        OPENING["Austria"],
        "A Vie - Tri\nA Bud - Ser\nF Tri - Alb",
        "A Vie - Gal\nA Bud - Rum\nF Tri - Ven",
        "A Vie H\nA Bud - Ser\nF Tri - Adr",
    ],
    "England": [
        OPENING["England"],
        "F Lon - Eng\nF Edi - Nth\nA Lvp - Yor",
        "F Lon - Nth\nF Edi - Nwg\nA Lvp - Edi",
        "F Lon - Eng\nF Edi - Nwg\nA Lvp - Wal",
    ],
    "France": [
        OPENING["France"],
        "F Bre - Eng\nA Par - Bur\nA Mar S A Par - Bur",
        "F Bre - Mao\nA Par - Pic\nA Mar - Bur",
        "F Bre - Mao\nA Par - Gas\nA Mar - Spa",
    ],
    "Germany": [
        OPENING["Germany"],
        "F Kie - Hol\nA Ber - Kie\nA Mun - Ruh",
        "F Kie - Den\nA Ber - Kie\nA Mun - Bur",
        "F Kie - Hol\nA Ber - Mun\nA Mun - Sil",
    ],
    "Italy": [
        OPENING["Italy"],
        "F Nap - Ion\nA Rom - Ven\nA Ven - Tyr",
        "F Nap - Tyn\nA Rom - Tus\nA Ven - Pie",
        "F Nap - Ion\nA Rom - Apu\nA Ven - Tri",
    ],
    "Russia": [
        OPENING["Russia"],
        "F Stp/sc - Bot\nA Mos - Stp\nA War - Ukr\nF Sev - Rum",
        "F Stp/sc - Fin\nA Mos - Sev\nA War - Gal\nF Sev - Bla",
        "F Stp/sc - Bot\nA Mos - Ukr\nA War - Gal\nF Sev - Rum",
    ],
    "Turkey": [
        OPENING["Turkey"],
        "F Ank - Con\nA Con - Bul\nA Smy - Con",
        "F Ank - Bla\nA Con - Bul\nA Smy - Con",
        "F Ank - Con\nA Con - Bul\nA Smy - Arm",
    ],
}
#: the goal of issue 32: the run at most this many times the bare cost of its mail
GOAL = 1.15
HOLD = {power: "" for power in POWERS}


def game_players(server: MailServer, number: int, tag: str = "") -> dict[str, Any]:
    """Game ``number``'s own seven players, each a mailbox on the test server. Not seven players
    in every game: nobody plays 150 games at once, and seven who did would be past the answer
    rate (``answers_per_hour``, 20) within minutes, their order mails read but left unanswered
    as a flood's are, so that the run would not be the run of a normal day."""
    return {
        power: server.add_user(f"{power.lower()}.{number}{tag}@{server.domain}", "bench-pw")
        for power in POWERS
    }


def write_config(folder: Path, server: MailServer, judge, referee, games: int, tag: str = "") -> Path:
    """The judge's config: ``games`` games, each of its own players (``game_players``)."""
    shared_hash = hash_password("bench-pw")  # one hash for everyone: scrypt is not what is measured
    data = {
        "service": {
            "address": judge.address,
            "name": "bench judge",
            "data_dir": "var",
            "archive_dir": "turns",
            "stale_after": "3650d",
            "inbox": {"transport": "imap", **server.imap_settings(judge, "tls")},
            "outbox": {"transport": "smtp", **server.smtp_settings(judge, "starttls")},
            "referee": {"address": referee.address, "password": "bench-ref"},
        },
        "games": [
            {
                "id": f"g{number:04d}",
                "ruleset": "diplomacy",
                "early": "orders",
                "reminder": 0,
                "deadlines": {"default": "48h"},
                "players": [
                    {"power": power, "address": player.address, "password_hash": shared_hash}
                    for power, player in game_players(server, number, tag).items()
                ],
            }
            for number in range(games)
        ],
    }
    path = folder / "pbem.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def order_mail(sender: str, to: str, power: str, game_id: str, text: str) -> bytes:
    message = EmailMessage()
    message["From"], message["To"] = sender, to
    message["Subject"] = f"[{game_id}] orders"
    message.set_content(text or "READY")
    return message.as_bytes()


def openings(game_id: str, distinct: bool) -> dict[str, str]:
    """Each power's orders in game ``game_id``: the same in every game, or one of OPENINGS each,
    picked by a seed of the game (the same at every run)."""
    if not distinct:
        return OPENING
    rng = random.Random(game_id)
    return {power: rng.choice(choices) for power, choices in OPENINGS.items()}


def deliver_orders(
    server: MailServer, service: configuration.Service, orders: dict[str, str] | None, distinct: bool = False
) -> int:
    """One mail per player per game, to the player's secret reply address (as a reply would):
    ``orders`` for every game, or (None) each game's ``openings``."""
    store = Store(service.store_target)
    raws = []
    for game in service.games:
        given = orders if orders is not None else openings(game.id, distinct)
        for player in store.players(game.id):
            local, _, domain = service.address.partition("@")
            to = f"{local}+{player.token}@{domain}"
            text = given[player.power] or "READY"
            raws.append(order_mail(player.address, to, player.power, game.id, text))
    store.close()
    for start in range(0, len(raws), 500):
        server.deliver_many(raws[start : start + 500])
    return len(raws)


#: ``pbem run`` in a process that reports its own peak resident set size when it ends. VmHWM,
#: not getrusage's ru_maxrss: on Linux that keeps the RSS of the parent at fork, across exec.
RUN_AND_MEASURE = """
import sys
from pbem.cli import main
code = main(["--config", sys.argv[1], "run"])
status = open("/proc/self/status").read()
print("peak-rss-kib", status.split("VmHWM:")[1].split()[0], file=sys.stderr)
sys.exit(code)
"""


def cpu_seconds(server: MailServer) -> dict[str, float]:
    """CPU seconds used so far: by the ``pbem run`` processes ended (with their sending process), by
    this process (the aiosmtpd server's thread, and the bare client), and by Dovecot (its
    master, what it reaped and its living processes). On two cores the run and the mail
    servers share, whether a run can keep to its bare mail's time is a matter of these."""
    import resource

    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    own = resource.getrusage(resource.RUSAGE_SELF)
    return {
        "pbem": children.ru_utime + children.ru_stime,
        "aiosmtpd": own.ru_utime + own.ru_stime,
        "dovecot": _dovecot_seconds(server),
    }


def _dovecot_seconds(server: MailServer) -> float:
    tick = os.sysconf("SC_CLK_TCK")
    master = server._dovecot.pid if server._dovecot else None
    parents, times = {}, {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        pid = int(stat.parent.name)
        parents[pid] = int(fields[1])
        own, reaped = int(fields[11]) + int(fields[12]), int(fields[13]) + int(fields[14])
        times[pid] = (own + reaped) if pid == master else own
    total = 0
    for pid, seconds in times.items():
        here = pid
        while here not in (master, 0, 1) and here in parents:
            here = parents[here]
        total += seconds if here == master else 0
    return total / tick


def pbem_run(config: Path) -> tuple[float, int, str]:
    """(seconds, peak RSS in KiB, the run's summary line) of one ``pbem run`` process."""
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-c", RUN_AND_MEASURE, str(config)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": "."},
    )
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"pbem run failed ({result.returncode}):\n{result.stderr[-3000:]}")
    *log, peak = result.stderr.strip().splitlines()
    return seconds, int(peak.split()[-1]), log[-1]


async def bare_fetch(server: MailServer, user) -> tuple[int, float]:
    start = time.perf_counter()
    count = 0
    async with ImapInbox(**server.imap_settings(user, "tls")) as inbox:
        async for fetched in inbox.fetch():
            count += 1
            await inbox.done(fetched.ref)
    return count, time.perf_counter() - start


async def bare_resend(server: MailServer, sender, mails: list[tuple[bytes, str]]) -> float:
    """Send these exact messages again over one SMTP connection: the mail alone, same bytes."""
    start = time.perf_counter()
    async with SmtpOutbox(**server.smtp_settings(sender, "starttls")) as outbox:
        for raw, to in mails:
            await outbox.send(raw, sender.address, [to])
    return time.perf_counter() - start


def stages_of(line: str) -> dict[str, float]:
    """The seconds of each step and stage the run's log line names ("poll 1.2 s, act 3.4 s, send
    5.6 s; of which read 1.0 s, render 0.8 s, store 0.5 s")."""
    timing = line.rpartition("(")[2]
    return {name: float(value) for name, value in re.findall(r"(\w+) ([\d.]+) s\b", timing)}


def print_stages(
    stages: dict[str, float], run_seconds: float, fetch_seconds: float, send_seconds: float
) -> None:
    """The run's stages beside the bare mail's: fetch and send have a bare peer, the rest none."""
    rows = [
        ("fetch", stages.get("poll"), fetch_seconds, "poll: IMAP fetch, each mail stored"),
        ("read", stages.get("read"), None, "acting on the order mails"),
        ("render", stages.get("render"), None, "maps drawn: SVG and PNG"),
        ("store", stages.get("store"), None, "database commits (acting, and polling's)"),
        ("held", stages.get("held"), None, "SQLite's write lock held by transactions (acting's most)"),
        ("record", stages.get("record"), None, "each mail recorded as sent, inside send"),
        ("act", stages.get("act"), None, "reading, adjudicating, reports queued (beside send)"),
        ("send", stages.get("send"), send_seconds, "SMTP, and each mail recorded as sent"),
        ("whole", run_seconds, fetch_seconds + send_seconds, "the pbem run process / fetch + send"),
    ]
    print(f"{'stage':<8} {'run':>8} {'bare':>8} {'ratio':>6}")
    for name, ran, bare, what in rows:
        ran_text = f"{ran:7.1f}s" if ran is not None else f"{'-':>8}"
        bare_text = f"{bare:7.1f}s" if bare is not None else f"{'-':>8}"
        ratio = f"{ran / bare:5.2f}x" if ran is not None and bare else f"{'':>6}"
        print(f"{name:<8} {ran_text} {bare_text} {ratio}  {what}")


def verdict(ratio: float) -> str:
    """Whether the run / bare ratio meets issue 32's goal, as the benchmark prints it."""
    return f"goal <= {GOAL:.2f}x: {'met' if ratio <= GOAL else 'NOT met'}"


def measure(
    server: MailServer, service: configuration.Service, config: Path, judge, args, distinct: bool
) -> float:
    """One round: the order mails delivered, the run timed, then the same mail bare; the ratio."""
    messages = deliver_orders(server, service, None, distinct)
    print(f"{messages} order mails delivered to the judge's IMAP inbox ({args.positions} positions)\n")
    store = Store(service.database)
    sent_before = len(store.outbox_rows(status="sent"))
    store.close()

    before = cpu_seconds(server)
    seconds, peak_kib, line = pbem_run(config)
    run_cpu = {name: value - before[name] for name, value in cpu_seconds(server).items()}
    store = Store(service.database)
    sent_rows = store.outbox_rows(status="sent")[sent_before:]
    sent = len(sent_rows)
    run_mails = [(row["raw"], row["recipient"]) for row in sent_rows]
    turns = sum(len(store.turns(game.id)) for game in service.games)
    store.close()
    print(f"pbem run: {seconds:8.1f} s   peak RSS {peak_kib / 1024:6.1f} MiB   ({line.split(': ', 1)[-1]})")
    print(f"          {turns} turns now archived\n")

    # the same mail, bare: the same messages back in the inbox, fetched; the run's mails resent
    deliver_orders(server, service, None, distinct)
    before = cpu_seconds(server)
    fetched, fetch_seconds = asyncio.run(bare_fetch(server, judge))
    send_all = asyncio.run(bare_resend(server, judge, run_mails))
    bare_cpu = {name: value - before[name] for name, value in cpu_seconds(server).items()}
    size = sum(len(raw) for raw, _ in run_mails)
    bare_all = fetch_seconds + send_all
    print_stages(stages_of(line), seconds, fetch_seconds, send_all)
    print(f"\nbare: the IMAP fetch of {fetched} messages (marking each done) and the SMTP send")
    print(f"of the run's own {sent} mails ({size / 2**20:.0f} MiB, one connection), same servers")
    ratio = seconds / bare_all
    print(
        f"\nrun / bare mail: {ratio:5.2f}x   {verdict(ratio)}"
        f"   ({args.games} games, {args.positions} positions)"
    )
    print(f"peak memory of the run: {peak_kib / 1024:.1f} MiB (target < 200 MiB)")
    cores = os.cpu_count() or 1
    servers = run_cpu["aiosmtpd"] + run_cpu["dovecot"]
    print(
        f"\nCPU seconds in the run: pbem {run_cpu['pbem']:.1f} (its sending process included), the mail"
        f" servers {servers:.1f} (aiosmtpd {run_cpu['aiosmtpd']:.1f}, Dovecot {run_cpu['dovecot']:.1f});"
        f" {(run_cpu['pbem'] + servers) / seconds:.2f} of {cores} cores busy"
    )
    bare_busy = sum(bare_cpu.values()) / bare_all
    print(
        f"CPU seconds of the bare mail: {sum(bare_cpu.values()):.1f} (client and aiosmtpd"
        f" {bare_cpu['aiosmtpd']:.1f}, Dovecot {bare_cpu['dovecot']:.1f});"
        f" {bare_busy:.2f} of {cores} cores busy"
    )
    return ratio


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument(
        "--archive-turns", type=int, default=0, help="phases to play in every game before the measured run"
    )
    parser.add_argument(
        "--positions",
        choices=("distinct", "same"),
        default="distinct",
        help="each game's own openings, each with its own map (default), or the same orders in every game",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="measure so many times from the same start (the host's noise), and judge the median",
    )
    add_worker_options(parser)
    args = parser.parse_args()
    distinct = args.positions == "distinct"
    base = Path(tempfile.mkdtemp(prefix="pbem-bench-", dir="/tmp"))
    base.chmod(0o755)  # Dovecot's own users must reach the mail folders inside
    (base / "mail").mkdir()
    server = MailServer(base / "mail")
    server.start()
    try:
        judge = server.add_user(f"judge@{server.domain}", "bench-judge")
        referee = server.add_user(f"referee@{server.domain}", "bench-ref")
        if args.database:  # several workers on PostgreSQL beside SQLite: benchmarks/workers.py
            compare(args, server, base, sys.modules[__name__])
            return
        config = write_config(base, server, judge, referee, args.games)
        service = configuration.load(config)
        store = Store(service.database)
        started = time.perf_counter()
        run = Run(service, store, datetime.now(UTC))
        for game in service.games:
            start_game(run, game.id, seed=1)
        store.close()
        print(f"{args.games} games of 7 players started in {time.perf_counter() - started:.1f} s")
        seconds, _, _ = pbem_run(config)  # as when the games began: each player's mailbox made
        print(f"  their welcome mails sent in {seconds:.1f} s")
        for turn in range(args.archive_turns):
            deliver_orders(server, service, HOLD)
            seconds, peak_kib, _ = pbem_run(config)
            print(f"  archive turn {turn + 1}: {seconds:.1f} s, peak RSS {peak_kib / 1024:.0f} MiB")
        state = base / "before"  # the judge's folders as the measured run finds them, for each round
        if args.rounds > 1:
            for folder in (service.data_dir, service.archive_dir):
                if folder.exists():
                    shutil.copytree(folder, state / folder.name)
        ratios = []
        spent = base / "spent"
        spent.mkdir()
        for number in range(args.rounds):
            if number:
                for folder in (service.data_dir, service.archive_dir):
                    # moved aside, deleted at the end: on ext4 without a journal (this benchmark's
                    # host) every file made for 30 s after thousands were deleted costs a search
                    # past their inodes, and the run measured next would pay for this one's files
                    if folder.exists():
                        folder.rename(spent / f"{number}-{folder.name}")
                    if (state / folder.name).exists():
                        shutil.copytree(state / folder.name, folder)
                print(f"\n--- round {number + 1} of {args.rounds}, from the same start ---")
            ratios.append(measure(server, service, config, judge, args, distinct))
        if args.rounds > 1:
            middle = statistics.median(ratios)
            print(
                f"\nrounds: {', '.join(f'{r:.2f}x' for r in ratios)}; median {middle:.2f}x"
                f"   {verdict(middle)}"
            )
    finally:
        server.stop()
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
