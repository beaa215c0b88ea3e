"""How fast pbem adjudicates movement phases, against the ``diplomacy`` package from PyPI.

Needs the bench extra: ``pip install -e '.[bench]'``. Not part of the test run.

1. Records movement phases of seeded random play (pbem's ``randomplay``: most
   orders sensible, some supports and convoys, a few blunders), games of
   twelve years from the standard 1901 start until there are enough.
2. Adjudicates the same positions and orders with pbem
   (``adjudicate_movement``) and with the ``diplomacy`` package
   (``Game.set_orders()`` and ``Game.process()`` on a game set up with the same
   units, which is not timed), two ways: from the orders' text to the outcome
   (pbem's cache of read orders emptied first; the package's ``set_orders`` and
   ``process`` together), and with the orders read before (pbem's cache warm;
   the package's ``process`` alone). In one run, the engines take
   turns ``--repeat`` times and the best time of each counts, in CPU time of the
   process, with the garbage collector off while timing, as ``timeit`` does. Seven
   turns by default: on a shared virtual machine one turn in three or four runs
   slow for either engine (neighbours' work shows even in CPU time), so the best
   of three swung the ratio by a fifth from run to run; the best of seven holds it.
   Third, end to end as ``pbem adjudicate --jsonl --raw`` runs: each position a line of
   JSON with the orders as text, read by the mail order reader, decided, and written
   back as a line of JSON (in this process, its caches emptied first as in a fresh one),
   against the package's ``process`` alone with the orders already set.
3. Prints phases per second and the ratios, then compares the outcomes
   (where every unit ends, which are dislodged) and sorts each difference under
   the rule that explains it: a DATC 3.0 preference the older package does not
   follow, or a known error of the package. A difference nothing explains is
   listed as "unexplained", with its orders, and the exit status is 1.
4. Whole processes, as a referee's script would run them: ``pbem adjudicate --jsonl`` fed the
   movement phases of real games (``../shared/corpora/diplomacy-games``, Droidippy's games as
   the corpus keeps them: read where they lie, never copied here), against a process that does
   the same with the ``diplomacy`` package (reads each line, sets up a ``Game`` with its units,
   sets the orders, ``process()``, writes the units after as a line of JSON: the package has no
   command of its own for it). Each is timed from start to exit, start-up included, in turns,
   ``--repeat`` times; the median rate of each counts, in CPU time and in wall time.

With ``--fixture PATH`` it also writes the positions both engines resolve alike to PATH as a
regression fixture for the tests (tests/diplomacy/data/crosschecked.json): outcomes checked by
an engine written by other people, not by pbem's own say-so.

    python benchmarks/adjudicate.py [--phases 300] [--seed 1] [--repeat 7] [--fixture PATH]
        [--corpus FILE.jsonl.xz] [--corpus-phases 2000]
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import json
import lzma
import random
import resource
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from importlib.metadata import version
from pathlib import Path

from pbem.commands import adjudicate as adjudicate_command
from pbem.rulesets.diplomacy.core import Board, PhaseKind, Unit, unit_at
from pbem.rulesets.diplomacy.movement import adjudicate_movement, read_movement_orders
from pbem.rulesets.diplomacy.orders import Convoy, Move, Notation, SupportHold, SupportMove
from pbem.rulesets.diplomacy.randomplay import play
from pbem.rulesets.diplomacy.reading import words_of
from pbem.rulesets.diplomacy.resolver import PARADOX
from pbem.rulesets.diplomacy.variant import Variant, load_variant

try:
    from diplomacy import Game
except ImportError:  # pragma: no cover - a hint for whoever runs it without the extra
    sys.exit("the diplomacy package is missing: pip install -e '.[bench]'")

CORPUS = (
    Path(__file__).resolve().parent.parent.parent
    / "shared"
    / "corpora"
    / "diplomacy-games"
    / "droidippy.positions.jsonl.xz"
)
#: the package's side of the whole-process comparison: one position a line in, its units out
PACKAGE_PROCESS = """\
import json, sys
from diplomacy import Game
for line in sys.stdin:
    position = json.loads(line)
    game = Game()
    game.clear_units()
    game.clear_centers()
    for power, units in position["units"].items():
        game.set_units(power.upper(), units)
    for power, orders in position["orders"].items():
        game.set_orders(power.upper(), orders)
    game.process()
    sys.stdout.write(json.dumps(game.get_state()["units"]) + "\\n")
"""

Position = tuple[Board, dict[str, list[str]]]
Outcome = tuple[frozenset[str], frozenset[str]]  # units standing after, units dislodged


def record(variant: Variant, phases: int, seed: int) -> list[Position]:
    """Movement phases of random games, seeds ``seed``, ``seed + 1``, ... until ``phases``."""
    positions: list[Position] = []
    game_seed = seed
    while len(positions) < phases:
        for state, orders in play(variant, random.Random(game_seed), years=12):
            if state.turn.kind is PhaseKind.MOVEMENT and orders:
                positions.append((state.board, orders))
        game_seed += 1
    return positions[:phases]


def _tagged(units: Iterable[Unit]) -> frozenset[str]:
    return frozenset(f"{unit.power} {unit}" for unit in units)


@contextlib.contextmanager
def _timing() -> Iterator[Callable[[], float]]:
    """Time the block in CPU seconds of this process (so other work on the machine does not
    count), with the garbage collector off as ``timeit`` does: for both engines alike."""
    gc.collect()
    gc.disable()
    start = time.process_time()
    end: list[float] = []
    try:
        yield lambda: end[0] - start
    finally:
        end.append(time.process_time())
        gc.enable()


def run_pbem(variant: Variant, positions: list[Position], read: bool) -> tuple[float, list[Outcome]]:
    """CPU seconds for all positions, and outcomes. With ``read`` false, pbem's cache of read
    orders is emptied first, so it reads every order's text again, as the other engine does
    in ``set_orders``; with ``read`` true the orders have been read before (a cache hit each),
    as the other engine's ``process`` finds them."""
    if not read:
        variant.notation = Notation(variant.map.provinces)
        variant.derived.pop("movement lines", None)
    with _timing() as clock:
        decided = [adjudicate_movement(variant, board, orders) for board, orders in positions]
    elapsed = clock()
    return elapsed, [
        (_tagged(moved.units.values()), _tagged(d.unit for d in moved.dislodged)) for moved in decided
    ]


def jsonl_lines(positions: list[Position]) -> str:
    """The positions as ``pbem adjudicate --jsonl --raw`` reads them, one JSON object a line."""
    lines = []
    for board, orders in positions:
        units: dict[str, list[str]] = {}
        for unit in board.units.values():
            units.setdefault(unit.power, []).append(str(unit))
        lines.append(json.dumps({"phase": "S1901M", "units": units, "raw_orders": orders}))
    return "\n".join(lines) + "\n"


def run_command(variant: Variant, text: str) -> tuple[float, list[dict[str, object]]]:
    """CPU seconds for ``pbem adjudicate --jsonl --raw`` over ``text``, and its results. The
    reader's and the notation's caches are emptied first, as in a fresh process."""
    words_of(variant).read.clear()
    words_of(variant).canonical.clear()
    variant.derived.pop("units read", None)
    variant.derived.pop("phases read", None)
    variant.derived.pop("movement lines", None)
    variant.derived.pop("movement lines as written", None)
    unit_at.cache_clear()
    variant.notation = Notation(variant.map.provinces)
    args = argparse.Namespace(jsonl=True, raw=True, variant="standard")
    stdin, stdout = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = io.StringIO(text), io.StringIO()
    try:
        with _timing() as clock:
            status = adjudicate_command.run(args)
        output = sys.stdout.getvalue()
    finally:
        sys.stdin, sys.stdout = stdin, stdout
    if status != 0:
        sys.exit(f"pbem adjudicate --jsonl failed: {output[:300]}")
    return clock(), [json.loads(line) for line in output.splitlines()]


def corpus_movements(path: Path, count: int) -> bytes:
    """The first ``count`` movement phases of the corpus, as lines of ``pbem adjudicate --jsonl``."""
    lines = []
    with lzma.open(path, "rt", encoding="utf-8") as corpus:
        for line in corpus:
            if json.loads(line)["phase"].endswith("M"):
                lines.append(line if line.endswith("\n") else line + "\n")
                if len(lines) == count:
                    break
    return "".join(lines).encode()


def whole_process(command: list[str], stdin: bytes) -> tuple[float, float, int]:
    """Wall and CPU seconds (user + system, from the kernel's count of reaped children) of one
    process from start to exit, and the lines it printed; it must exit 0."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, input=stdin, stdout=subprocess.PIPE, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        sys.exit(f"{' '.join(command[:3])} exited {done.returncode}")
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu, done.stdout.count(b"\n")


def compare_processes(path: Path, count: int, repeat: int) -> None:
    """Print the rate of whole ``pbem adjudicate --jsonl`` processes over the corpus's movement
    phases against the same job done by the ``diplomacy`` package in a process of its own."""
    if not path.is_file():
        print(f"\nno corpus at {path} (give --corpus PATH): whole processes not compared")
        return
    stdin = corpus_movements(path, count)
    positions = stdin.count(b"\n")
    script = Path(sys.executable).parent / "pbem"
    pbem = [str(script)] if script.exists() else [sys.executable, "-m", "pbem"]
    commands = {
        "pbem adjudicate --jsonl": [*pbem, "adjudicate", "--jsonl"],
        "diplomacy package": [sys.executable, "-c", PACKAGE_PROCESS],
    }
    timings: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(repeat):  # in turns, so a busy moment of the machine slows both
        for name, command in commands.items():
            wall, cpu, printed = whole_process(command, stdin)
            if printed != positions:
                sys.exit(f"{name} printed {printed} lines for {positions} positions")
            timings[name].append((wall, cpu))
    print(
        f"\nwhole processes, start-up included, {positions} movement phases of {path.name} "
        f"(median of {repeat}):"
    )
    rates = {}
    for name, runs in timings.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        rates[name] = positions / cpu
        print(f"  {positions / cpu:7.0f}/s CPU {positions / wall:7.0f}/s wall  {name}")
    ours, theirs = rates["pbem adjudicate --jsonl"], rates["diplomacy package"]
    print(f"ratio of the rates (CPU): {ours / theirs:5.1f}x")


def _names_impassable(variant: Variant, orders: dict[str, list[str]]) -> bool:
    provinces = variant.map.provinces
    return any(
        word in provinces and provinces[word].type == "impassable"
        for texts in orders.values()
        for text in texts
        for word in text.split()
    )


def _game(board: Board) -> Game:
    """A game of the package with the units of ``board`` and nothing else."""
    game = Game()
    game.clear_units()
    game.clear_centers()
    by_power: dict[str, list[str]] = {}
    for unit in board.units.values():
        by_power.setdefault(unit.power.upper(), []).append(str(unit))
    for power, units in by_power.items():
        game.set_units(power, units)
    return game


def run_package(positions: list[Position]) -> tuple[float, float, list[Outcome]]:
    """CPU seconds for reading the orders (``set_orders``) and for ``process``, and outcomes."""
    games = [_game(board) for board, _ in positions]
    reading = processing = 0.0
    with _timing():
        for game, (_, orders) in zip(games, positions, strict=True):
            start = time.process_time()
            for power, texts in orders.items():
                game.set_orders(power.upper(), texts)
            middle = time.process_time()
            game.process()
            reading += middle - start
            processing += time.process_time() - middle
    outcomes = []
    for game, (board, _) in zip(games, positions, strict=True):
        standing = frozenset(
            f"{power.title()} {unit}"
            for power, units in game.get_state()["units"].items()
            for unit in units
            if not unit.startswith("*")
        )
        results = game.result_history.last_value()
        # Results name units as they stood before the moves.
        before = {str(unit): unit.power for unit in board.units.values()}
        dislodged = frozenset(
            f"{before[str(unit)]} {unit}"
            for unit, result in results.items()
            if any(str(r) == "dislodged" for r in result)
        )
        outcomes.append((standing, dislodged))
    return reading, processing, outcomes


def explain(variant: Variant, board: Board, orders: dict[str, list[str]], theirs: Outcome) -> str:
    """The rule behind a difference, found by looking at pbem's reading of the orders and, where
    that is not enough, by asking pbem what it would decide under the older rule."""
    movement, lines = read_movement_orders(variant, board, orders)
    for province in movement.orders:
        movement.resolve(province)
    if PARADOX in movement.backup_decisions.values():
        return "convoy paradox settled by the Szykman rule (DATC 4.A.2)"
    for origin in movement.by_convoy:
        dest = movement.dest[origin]
        defender = board.units.get(dest)
        if defender is not None and any(
            board.units[s].power == defender.power for s in movement.supports.get(origin, ())
        ):
            return (
                "the package lets a power's support help dislodge its own unit when the attack "
                "comes by convoy (never allowed: DATC 6.D.12)"
            )
    for origin, order in movement.orders.items():
        if not isinstance(order, Move) or board.units[origin].type.value != "A":
            continue
        if order.dest_province not in variant.map.army_borders.get(origin, frozenset()):
            continue
        # Next door by land: would the other choice of route give the package's outcome?
        if origin in movement.by_convoy:
            other = _reorder(
                orders, board, origin, f"{board.units[origin]} - {order.dest}", drop_convoys=True
            )
        else:
            other = _reorder(orders, board, origin, f"{board.units[origin]} - {order.dest} VIA")
        if _outcome(variant, board, other) == theirs:
            return "army next door by land with convoy orders: 2023 intent and VIA rules (DATC 4.A.3)"
    kinds = {type(line.order) for line in lines if line.refused == "illegal"}
    if Convoy in kinds:
        return "convoy order no route needs is illegal and shows no intent (DATC 4.E.1, 6.G.19)"
    if Move in kinds:
        return "impossible move is illegal, so the unit holds and can be supported (DATC 4.E.1)"
    if kinds & {SupportHold, SupportMove}:
        return "impossible support is illegal (DATC 4.E.1)"
    return "unexplained"


def _reorder(
    orders: dict[str, list[str]], board: Board, origin: str, new: str, drop_convoys: bool = False
) -> dict[str, list[str]]:
    """``orders`` with the order of the army in ``origin`` replaced (and its convoys dropped)."""
    army = str(board.units[origin])
    changed = {}
    for power, texts in orders.items():
        kept = []
        for text in texts:
            if text.startswith(f"{army} "):
                kept.append(new)
            elif drop_convoys and f" C {army} " in text:
                continue
            else:
                kept.append(text)
        changed[power] = kept
    return changed


def _outcome(variant: Variant, board: Board, orders: dict[str, list[str]]) -> Outcome:
    moved = adjudicate_movement(variant, board, orders)
    return _tagged(moved.units.values()), _tagged(d.unit for d in moved.dislodged)


def write_fixture(path: Path, positions: list[Position], outcomes: list[Outcome], seed: int) -> int:
    """Write the positions as the tests read them, one per line; how many were written."""
    lines = []
    for (board, orders), (standing, dislodged) in zip(positions, outcomes, strict=True):
        units: dict[str, list[str]] = {}
        for unit in board.units.values():
            units.setdefault(unit.power, []).append(str(unit))
        position = {
            "units": units,
            "orders": orders,
            "units_after": sorted(standing),
            "dislodged": sorted(dislodged),
        }
        lines.append(json.dumps(position, sort_keys=True))
    header = {
        "about": "movement phases of seeded random play (pbem randomplay), each resolved alike by "
        "pbem and by the diplomacy package; written by benchmarks/adjudicate.py --fixture",
        "diplomacy_package": version("diplomacy"),
        "seed": seed,
    }
    body = ",\n".join(lines)  # a position a line, so a regenerated fixture diffs line by line
    path.write_text(f'{{"header": {json.dumps(header)},\n"positions": [\n{body}\n]}}\n')
    return len(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phases", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--show", type=int, default=3, help="example positions shown per reason")
    parser.add_argument("--fixture", type=Path, help="write the positions resolved alike here")
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="real games' positions (.jsonl.xz)")
    parser.add_argument("--corpus-phases", type=int, default=2000, help="movement phases of it to run")
    args = parser.parse_args()

    variant = load_variant("standard")
    positions = record(variant, args.phases, args.seed)
    orders_given = sum(len(texts) for _, orders in positions for texts in orders.values())
    print(f"{len(positions)} movement phases of random play, {orders_given} orders")

    # The command refuses a position with an order naming no province of the map (random play's
    # blunders into Switzerland), so it reads the others.
    readable = [(board, orders) for board, orders in positions if not _names_impassable(variant, orders)]
    stream = jsonl_lines(readable)
    ours, ours_read, theirs, command = [], [], [], []
    for _ in range(args.repeat):  # interleaved, so a busy machine slows both alike
        ours.append(run_pbem(variant, positions, read=False))
        ours_read.append(run_pbem(variant, positions, read=True))
        theirs.append(run_package(positions))
        command.append(run_command(variant, stream))
    command_time = min(t for t, _ in command)
    our_time = min(t for t, _ in ours)
    our_read_time = min(t for t, _ in ours_read)
    their_process = min(processing for _, processing, _ in theirs)
    their_total = min(reading + processing for reading, processing, _ in theirs)
    print("phases per second (CPU time, best of the runs):")
    for name, elapsed in (
        ("pbem, from the orders' text", our_time),
        ("diplomacy set_orders + process, from the orders' text", their_total),
        ("pbem, orders read before", our_read_time),
        ("diplomacy process, orders read before", their_process),
        ("pbem adjudicate --jsonl --raw, JSON and order text to JSON", command_time),
    ):
        print(f"  {len(positions) / elapsed:7.0f}/s {1e6 * elapsed / len(positions):6.0f} us each  {name}")
    print(f"ratio from the orders' text: {their_total / our_time:5.1f}x")
    print(f"ratio with orders read:      {their_process / our_read_time:5.1f}x")
    command_rate, their_rate = len(readable) / command_time, len(positions) / their_process
    print(  # rates, not times: the command reads only the positions it can (fewer than the peer's)
        f"pbem adjudicate --jsonl --raw ({len(readable)} positions): {command_rate:.0f}/s "
        f"against diplomacy process(): {their_rate:.0f}/s, ratio {command_rate / their_rate:5.1f}x"
    )
    for (board, orders), result in zip(readable, command[0][1], strict=True):
        moved = adjudicate_movement(variant, board, orders)
        ours_sorted = sorted(map(json.dumps, (r.as_dict() for r in moved.results)))
        if sorted(map(json.dumps, result.get("order_results", []))) != ours_sorted:
            sys.exit(f"pbem adjudicate --jsonl --raw read these orders differently: {orders}")

    reasons: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    alike: list[tuple[Position, Outcome]] = []
    for (board, orders), ours_out, theirs_out in zip(positions, ours[0][1], theirs[0][2], strict=True):
        if ours_out == theirs_out:
            alike.append(((board, orders), ours_out))
            continue
        reason = explain(variant, board, orders, theirs_out)
        reasons[reason] += 1
        if len(examples.setdefault(reason, [])) < args.show:
            only_ours = sorted((ours_out[0] - theirs_out[0]) | (ours_out[1] - theirs_out[1]))
            only_theirs = sorted((theirs_out[0] - ours_out[0]) | (theirs_out[1] - ours_out[1]))
            examples[reason].append(
                f"    pbem only: {', '.join(only_ours)}\n"
                f"    diplomacy only: {', '.join(only_theirs)}\n"
                + "\n".join(f"      {p}: {'; '.join(o)}" for p, o in sorted(orders.items()))
            )
    print(f"\n{sum(reasons.values())} of {len(positions)} positions resolved differently")
    for reason, count in reasons.most_common():
        print(f"  {count:4d}  {reason}")
        for example in examples[reason]:
            print(example)
    compare_processes(args.corpus, args.corpus_phases, args.repeat)
    if args.fixture:
        written = write_fixture(args.fixture, [p for p, _ in alike], [o for _, o in alike], args.seed)
        print(f"\nwrote {written} positions resolved alike to {args.fixture}")
    return 1 if reasons["unexplained"] else 0


if __name__ == "__main__":
    sys.exit(main())
