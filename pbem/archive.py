"""The turn archive: every adjudicated phase as files under ``turns/<game>/<phase>/``.

The database is the record; the files are written from it after each
adjudication commits, and every run writes whatever is missing (after a crash
between the commit and the files), so the two never disagree for long. A turn
folder is written under a temporary name and renamed into place, so a folder
that exists is complete. Reading the archive respects visibility: while a game
runs, a player sees only their own reports; the whole record opens when it ends.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

from pbem.ruleset import PUBLIC, REFEREE
from pbem.run import Run
from pbem.store import Store, TurnRow


class ArchiveError(Exception):
    """What was asked of the archive does not exist or may not be shown."""


def turn_dir(root: Path, game_id: str, phase_id: str) -> Path:
    return root / game_id / phase_id


def write_turn(run: Run, game_id: str, seq: int) -> Path | None:
    """Write turn ``seq`` of ``game_id`` (if live and not written yet); its folder."""
    turns = [turn for turn in run.store.turns(game_id) if turn.seq == seq]
    if not turns:
        return None
    return _write(run.service.archive_dir, run.store, turns[0])


def _write(root: Path, store: Store, turn: TurnRow) -> Path:
    target = turn_dir(root, turn.game_id, turn.phase_id)
    marker = target / "turn.json"
    if marker.exists() and json.loads(marker.read_text())["seq"] == turn.seq:
        return target
    staging = target.with_name(f".{target.name}.{turn.seq}.tmp")
    if staging.exists():
        shutil.rmtree(staging)
    (staging / "reports").mkdir(parents=True)
    _dump(
        staging / "turn.json",
        {
            "game": turn.game_id,
            "seq": turn.seq,
            "phase": turn.phase_id,
            "label": turn.phase_label,
            "seed": turn.seed,
            "adjudicated_at": turn.adjudicated_at.isoformat(),
            "nmr": turn.nmr,
            "orders": turn.orders,
        },
    )
    _dump(staging / "state_before.json", turn.state_before)
    _dump(staging / "state_after.json", turn.state_after)
    _dump(staging / "events.json", turn.events)
    for viewer, report in store.reports(turn.game_id, turn.seq).items():
        (staging / "reports" / f"{viewer}.txt").write_text(report["text"], encoding="utf-8")
        if report["html"]:
            (staging / "reports" / f"{viewer}.html").write_text(report["html"], encoding="utf-8")
    if target.exists():  # an earlier, rolled-back adjudication of the same phase
        old = json.loads(marker.read_text())["seq"] if marker.exists() else "x"
        target.rename(target.with_name(f"{target.name}.rolled-back-{old}"))
    os.replace(staging, target)
    return target


def _dump(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")


def write_missing(run: Run) -> int:
    """Write every live turn whose folder is missing; how many were written."""
    written = 0
    for game_id in run.store.game_ids():
        for turn in run.store.turns(game_id):
            marker = turn_dir(run.service.archive_dir, game_id, turn.phase_id) / "turn.json"
            if not marker.exists() or json.loads(marker.read_text())["seq"] != turn.seq:
                _write(run.service.archive_dir, run.store, turn)
                written += 1
    return written


def listing(store: Store, game_id: str | None = None) -> list[dict[str, Any]]:
    """Games and their adjudicated phases, for ``pbem archive list``."""
    games = [game_id] if game_id else store.game_ids()
    out = []
    for gid in games:
        game = store.game(gid)
        if game is None:
            raise ArchiveError(f"no game {gid!r} in the archive")
        out.append(
            {
                "game": gid,
                "ruleset": game.ruleset,
                "variant": game.variant,
                "status": game.status,
                "phase": game.phase_id,
                "turns": [
                    {
                        "seq": t.seq,
                        "phase": t.phase_id,
                        "label": t.phase_label,
                        "adjudicated_at": t.adjudicated_at.isoformat(),
                    }
                    for t in store.turns(gid)
                ],
            }
        )
    return out


def show(store: Store, game_id: str, phase_id: str, viewer: str | None) -> str:
    """The report of ``phase_id`` as ``viewer`` received it (the public one by default).

    While the game runs, each viewer sees only their own report; REFEREE sees everything.
    """
    game = store.game(game_id)
    if game is None:
        raise ArchiveError(f"no game {game_id!r} in the archive")
    turn = store.turn(game_id, phase_id)
    if turn is None:
        phases = ", ".join(t.phase_id for t in store.turns(game_id)) or "none yet"
        raise ArchiveError(f"game {game_id} has no adjudicated phase {phase_id!r}; phases: {phases}")
    reports = store.reports(game_id, turn.seq)
    who = viewer or PUBLIC
    match = next((name for name in reports if name.lower() == who.lower()), None)
    if match is None:
        raise ArchiveError(f"no report for {who!r}; viewers: {', '.join(sorted(reports))}")
    text: str = reports[match]["text"]
    if match == REFEREE or game.status == "over":
        orders = "\n".join(
            f"  {power}: {'; '.join(orders) or '(none)'}" for power, orders in sorted(turn.orders.items())
        )
        text += f"\n--- record of the turn ---\nseed {turn.seed}\norders:\n{orders}\n"
        press = [p for p in store.press(game_id) if p["phase_id"] == turn.phase_id]
        if press:
            text += (
                "press in this phase:\n"
                + "\n".join(
                    f"  {p['sender']}{' (grey)' if p['grey'] else ''} to {', '.join(p['recipients'])}: "
                    + p["body"].replace("\n", " / ")
                    for p in press
                )
                + "\n"
            )
    return text


def export(store: Store, game_id: str) -> dict[str, Any]:
    """Every live turn of ``game_id`` as JSON data (the referee's full record)."""
    game = store.game(game_id)
    if game is None:
        raise ArchiveError(f"no game {game_id!r} in the archive")
    return {
        "game": game_id,
        "ruleset": game.ruleset,
        "variant": game.variant,
        "status": game.status,
        "start_seed": game.start_seed,
        "result": game.result,
        "press": store.press(game_id),
        "turns": [
            {
                "seq": t.seq,
                "phase": t.phase_id,
                "label": t.phase_label,
                "seed": t.seed,
                "orders": t.orders,
                "nmr": t.nmr,
                "events": t.events,
                "state_before": t.state_before,
                "state_after": t.state_after,
                "adjudicated_at": t.adjudicated_at.isoformat(),
            }
            for t in store.turns(game_id)
        ],
    }
