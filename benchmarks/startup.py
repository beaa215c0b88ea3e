"""How long each ``pbem`` command takes to start, as whole processes, beside ``python -c pass``.

Issue 32's goal: ``pbem adjudicate`` on one position and a ``pbem run`` with nothing to do each
finish in under 0.15 s. Measured here, in one run of this script, taking turns:

* ``python -c pass``: the peer, Python's own start-up on this machine;
* ``pbem --version``: reading the command line alone;
* ``pbem adjudicate`` on one Diplomacy position (the opening, one move);
* ``pbem run`` on the shipped Maildir config (``config/pbem.yaml``, copied into a temporary
  folder) after ``new-game``: an empty inbox, nothing due, nothing queued.

Each command runs as a referee's cron job runs it: the ``pbem`` script beside this Python (or
``python -m pbem``), with its bytecode compiled, as pip compiles it at install (here into a
cache folder of the run's own, by a warm-up run of each, whatever PYTHONDONTWRITEBYTECODE
says). The commands take turns for ``--runs`` rounds, so a busier moment of the machine
slows them all; each row gives the median wall time, the median CPU time (user + system, which
other work on the machine inflates less), and the median of each round's ratio to the peer.
The goal is judged on both: on a quiet machine the wall time is the CPU time and a few
milliseconds; on a shared one it is also what the neighbours leave (the load average is printed).

    python benchmarks/startup.py [--runs 21]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent
GOAL = 0.15  # seconds, for adjudicate and an idle run
POSITION = {
    "phase": "S1901M",
    "units": {"France": ["F BRE", "A MAR", "A PAR"], "Germany": ["F KIE", "A BER", "A MUN"]},
    "orders": {"France": ["A PAR - BUR"], "Germany": ["A MUN - BUR"]},
}


def pbem_command() -> list[str]:
    """``pbem`` as installed beside this Python, else ``python -m pbem``."""
    script = Path(sys.executable).parent / "pbem"
    return [str(script)] if script.exists() else [sys.executable, "-m", "pbem"]


def timed(command: list[str], stdin: bytes, env: dict[str, str], cwd: Path) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one whole process; it must exit 0."""
    start = time.perf_counter()
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=cwd
    )
    assert process.stdin is not None and process.stderr is not None
    process.stdin.write(stdin)
    process.stdin.close()
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        sys.exit(f"{' '.join(command)} exited {process.returncode}: {errors.decode()[-500:]}")
    return wall, usage.ru_utime + usage.ru_stime


def idle_service(folder: Path, pbem: list[str], env: dict[str, str]) -> Path:
    """The shipped Maildir config in ``folder``, its game started: the next run has nothing to do."""
    config = folder / "etc" / "pbem.yaml"
    config.parent.mkdir(parents=True)
    shutil.copy(CHECKOUT / "config" / "pbem.yaml", config)
    subprocess.run(
        [*pbem, "--config", str(config), "-q", "new-game", "example"],
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return config


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=21, help="rounds of every command (default 21)")
    options = parser.parse_args()

    pbem = pbem_command()
    with tempfile.TemporaryDirectory(prefix="pbem-startup-") as name:
        folder = Path(name)
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PBEM_CONFIG")}
        env.update(PYTHONPYCACHEPREFIX=str(folder / "bytecode"), PBEM_REFEREE_PASSWORD="startup")
        config = idle_service(folder, pbem, env)
        commands: dict[str, tuple[list[str], bytes]] = {
            "python -c pass": ([sys.executable, "-c", "pass"], b""),
            "pbem --version": ([*pbem, "--version"], b""),
            "pbem adjudicate": ([*pbem, "adjudicate"], json.dumps(POSITION).encode()),
            "pbem run (idle)": ([*pbem, "--config", str(config), "run"], b""),
        }
        for command, stdin in commands.values():  # the warm-up: bytecode written, files cached
            timed(command, stdin, env, folder)
        walls: dict[str, list[float]] = {label: [] for label in commands}
        cpus: dict[str, list[float]] = {label: [] for label in commands}
        for _ in range(options.runs):
            for label, (command, stdin) in commands.items():
                wall, cpu = timed(command, stdin, env, folder)
                walls[label].append(wall)
                cpus[label].append(cpu)

    peer = "python -c pass"
    load = ", ".join(f"{figure:.1f}" for figure in os.getloadavg())
    print(f"start-up, median of {options.runs} whole processes each, taking turns ({' '.join(pbem)})")
    print(f"load average {load} on {os.cpu_count()} processors")
    print(f"{'command':<18} {'wall s':>8} {'cpu s':>8} {'x peer':>8}")
    for label in commands:
        ratio = statistics.median(w / p for w, p in zip(walls[label], walls[peer], strict=True))
        print(
            f"{label:<18} {statistics.median(walls[label]):>8.3f} {statistics.median(cpus[label]):>8.3f} "
            f"{ratio:>8.2f}"
        )
    for label in ("pbem adjudicate", "pbem run (idle)"):
        wall, cpu = statistics.median(walls[label]), statistics.median(cpus[label])
        by_cpu = "met" if cpu < GOAL else "NOT met"
        by_wall = "met" if wall < GOAL else "NOT met"
        print(
            f"goal {label} under {GOAL} s: {by_cpu} in CPU time ({cpu:.3f} s), "
            f"{by_wall} in wall time ({wall:.3f} s)"
        )


if __name__ == "__main__":
    main()
