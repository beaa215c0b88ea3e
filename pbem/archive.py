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

from pbem import private
from pbem.faults import checkpoint
from pbem.ruleset import PUBLIC, REFEREE
from pbem.run import Run
from pbem.store import Store, TurnRow


class ArchiveError(Exception):
    """What was asked of the archive does not exist or may not be shown."""


def turn_dir(root: Path, game_id: str, phase_id: str) -> Path:
    return root / game_id / phase_id


def rolled_back_dir(root: Path, game_id: str, phase_id: str, seq: int) -> Path:
    """Where turn ``seq`` of ``phase_id`` lies once rolled back: beside the phase's live folder."""
    return root / game_id / f"{phase_id}.rolled-back-{seq}"


def _folder(root: Path, turn: TurnRow) -> Path:
    if turn.rolled_back:
        return rolled_back_dir(root, turn.game_id, turn.phase_id, turn.seq)
    return turn_dir(root, turn.game_id, turn.phase_id)


def write_turn(run: Run, game_id: str, seq: int) -> Path | None:
    """Write turn ``seq`` of ``game_id`` as it now stands (live, or rolled back); its folder.

    Turns of the game rolled back since they were written are moved aside first, so that a
    replayed phase never takes the folder of the turn it replaces.
    """
    turn = run.store.turn_by_seq(game_id, seq)
    if turn is None:
        return None
    if not turn.rolled_back:
        for other_game, other in run.store.unarchived_turns():
            if other_game != game_id or other >= seq:
                continue
            earlier = run.store.turn_by_seq(game_id, other)
            if earlier is not None and earlier.rolled_back:
                _write(run.service.archive_dir, run.store, earlier)
                run.store.mark_archived(game_id, other)
    folder = _write(run.service.archive_dir, run.store, turn)
    run.store.mark_archived(game_id, seq)
    checkpoint("archived")
    return folder


def _written(folder: Path) -> dict[str, Any] | None:
    marker = folder / "turn.json"
    return json.loads(marker.read_text()) if marker.exists() else None


def _write(root: Path, store: Store, turn: TurnRow) -> Path:
    target = _folder(root, turn)
    written = _written(target)
    if not (written and written["seq"] == turn.seq and written.get("rolled_back", False) == turn.rolled_back):
        _write_folder(target, store, turn)
    live = turn_dir(root, turn.game_id, turn.phase_id)
    if turn.rolled_back and (_written(live) or {}).get("seq") == turn.seq:
        shutil.rmtree(live)  # its files are in the rolled-back folder now, marked
    return target


def _write_folder(target: Path, store: Store, turn: TurnRow) -> None:
    """The turn's folder, written under a temporary name and renamed into place."""
    staging = target.with_name(f".{target.name}.{turn.seq}.tmp")
    if staging.exists():
        shutil.rmtree(staging)
    private.folder(staging / "reports")  # 0700 before anything is in it: players' reports, states
    _dump(
        staging / "turn.json",
        {
            "game": turn.game_id,
            "seq": turn.seq,
            "phase": turn.phase_id,
            "label": turn.phase_label,
            "seed": turn.seed,
            "adjudicated_at": turn.adjudicated_at.isoformat(),
            "rolled_back": turn.rolled_back,
            "rolled_back_at": turn.rolled_back_at.isoformat() if turn.rolled_back_at else None,
            "nmr": turn.nmr,
            "orders": turn.orders,
        },
    )
    _dump(staging / "state_before.json", turn.state_before)
    _dump(staging / "state_after.json", turn.state_after)
    _dump(staging / "events.json", turn.events)
    for viewer, report in store.reports(turn.game_id, turn.seq).items():
        _write_file(staging / "reports" / f"{viewer}.txt", report["text"])
        if report["html"]:
            _write_file(staging / "reports" / f"{viewer}.html", report["html"])
    if target.exists():
        old = (_written(target) or {}).get("seq", "x")
        if target.name == turn.phase_id and old != turn.seq:
            # another turn of the phase, rolled back before this version of pbem moved it aside
            target.rename(target.with_name(f"{target.name}.rolled-back-{old}"))
        else:  # this turn's own folder, written before it was marked: replaced
            aside = target.with_name(f".{target.name}.{turn.seq}.old")
            if aside.exists():
                shutil.rmtree(aside)
            target.rename(aside)
            os.replace(staging, target)
            shutil.rmtree(aside)
            return
    os.replace(staging, target)


def _dump(path: Path, data: Any) -> None:
    _write_file(path, json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n")


def _write_file(path: Path, text: str) -> None:
    """A file of the turn, 0600 (pbem.private), written once into its staging folder."""
    private.write_new(path, text.encode("utf-8"))


def write_missing(run: Run) -> int:
    """Write every turn whose files are not written as it now stands (after a crash, or a
    rollback since); how many."""
    missing = run.store.unarchived_turns()
    for game_id, seq in missing:
        write_turn(run, game_id, seq)
    return len(missing)


def _name(turn: TurnRow) -> str:
    """The name ``show`` knows a turn by: its phase, or for a rolled-back turn its folder's name."""
    if turn.rolled_back:
        return rolled_back_dir(Path(), turn.game_id, turn.phase_id, turn.seq).name
    return turn.phase_id


def _turn(store: Store, game_id: str, name: str) -> TurnRow | None:
    """The live turn of phase ``name``, or the rolled-back turn named as its folder is."""
    phase, marked, seq = name.rpartition(".rolled-back-")
    if marked and seq.isdigit():
        turn = store.turn_by_seq(game_id, int(seq))
        return turn if turn and turn.rolled_back and turn.phase_id.lower() == phase.lower() else None
    return store.turn(game_id, name)


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
                        "phase": _name(t),
                        "label": t.phase_label,
                        "adjudicated_at": t.adjudicated_at.isoformat(),
                        "rolled_back": t.rolled_back,
                    }
                    for t in store.turns(gid, include_rolled_back=True)
                ],
            }
        )
    return out


def show(store: Store, game_id: str, phase_id: str, viewer: str | None) -> str:
    """The report of ``phase_id`` as ``viewer`` received it (the public one by default).

    While the game runs, each viewer sees only their own report; REFEREE sees everything.
    A rolled-back turn is named as its folder is ("S1901M.rolled-back-2") and shown marked.
    """
    game = store.game(game_id)
    if game is None:
        raise ArchiveError(f"no game {game_id!r} in the archive")
    turn = _turn(store, game_id, phase_id)
    if turn is None:
        phases = ", ".join(_name(t) for t in store.turns(game_id, include_rolled_back=True)) or "none yet"
        raise ArchiveError(f"game {game_id} has no adjudicated phase {phase_id!r}; phases: {phases}")
    reports = store.reports(game_id, turn.seq)
    who = viewer or PUBLIC
    match = next((name for name in reports if name.lower() == who.lower()), None)
    if match is None:
        raise ArchiveError(f"no report for {who!r}; viewers: {', '.join(sorted(reports))}")
    text: str = reports[match]["text"]
    if turn.rolled_back:
        when = f" on {turn.rolled_back_at:%Y-%m-%d %H:%M} UTC" if turn.rolled_back_at else ""
        text = (
            f"*** ROLLED BACK: the referee rolled the game back past this turn{when}; "
            f"it is kept for the record. ***\n\n{text}"
        )
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
    """Every live turn of ``game_id`` as JSON data (the referee's full record), and apart from
    them the turns the referee rolled back."""
    game = store.game(game_id)
    if game is None:
        raise ArchiveError(f"no game {game_id!r} in the archive")
    turns = store.turns(game_id, include_rolled_back=True)
    return {
        "game": game_id,
        "ruleset": game.ruleset,
        "variant": game.variant,
        "status": game.status,
        "start_seed": game.start_seed,
        "result": game.result,
        "press": store.press(game_id),
        "turns": [_exported(t) for t in turns if not t.rolled_back],
        "rolled_back_turns": [
            {**_exported(t), "rolled_back_at": t.rolled_back_at.isoformat() if t.rolled_back_at else None}
            for t in turns
            if t.rolled_back
        ],
    }


def _exported(turn: TurnRow) -> dict[str, Any]:
    return {
        "seq": turn.seq,
        "phase": turn.phase_id,
        "label": turn.phase_label,
        "seed": turn.seed,
        "orders": turn.orders,
        "nmr": turn.nmr,
        "events": turn.events,
        "state_before": turn.state_before,
        "state_after": turn.state_after,
        "adjudicated_at": turn.adjudicated_at.isoformat(),
    }
