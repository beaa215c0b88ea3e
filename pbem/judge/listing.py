"""LIST at the front door: the games a newcomer can join, take over in, or watch.

As the Judge's LIST does: every game forming ("3 more players needed") and every running game
with an opening (its open powers, with what they hold), each with its rules, deadlines and
language and the line that joins it. Only what the public archive shows.
"""

from __future__ import annotations

from datetime import timedelta

from pbem.config import Game
from pbem.english import more_players
from pbem.entries import all_game_ids
from pbem.judge.forming import free_seats, seat_powers
from pbem.judge.openings import openings
from pbem.run import Run


def _duration(length: timedelta) -> str:
    hours = int(length.total_seconds() // 3600)
    return f"{hours // 24}d" if hours and hours % 24 == 0 else f"{hours}h"


def _about(config: Game) -> str:
    variant = "" if config.variant == "standard" else f" {config.variant}"
    rules = (
        ", ".join(
            f"{kind} {_duration(rule.duration)}" + (f" at {rule.at:%H:%M}" if rule.at else "")
            for kind, rule in config.deadlines.items()
        )
        or "48h a phase"
    )
    return f"{config.ruleset}{variant}; deadlines: {rules}; language: {config.language}"


def open_games(run: Run) -> str:
    """Every game forming or with an opening, and how to join each."""
    lines: list[str] = []
    for opened in run.store.open_games("forming", "mustering"):
        config = run.game_config(opened.id)
        if config is None:
            continue
        left = free_seats(run, opened, config)
        state = (
            f"Forming: {more_players(left)} needed"
            if opened.status == "forming"
            else "Full: the players are confirming their seats"
        )
        lines.append(
            f"{opened.id} ({_about(config)})\n  {state}."
            + (f" To join: SIGNON ?{opened.id} <password>" if left > 0 else "")
            + (" (the master approves each player)" if config.approval else "")
        )
    for game_id in all_game_ids(run.service, run.store):
        live = run.live(game_id)
        if live is None:
            continue
        open_powers = openings(live)
        if not open_powers:
            continue
        held = {power: live.ruleset.holdings(live.state, power) for power in open_powers}
        shown = "; ".join(f"{power}" + (f" ({held[power]})" if held[power] else "") for power in open_powers)
        lines.append(
            f"{live.id} ({_about(live.config)})\n  Running, {live.phase.label}. Openings: {shown}. "
            f"To take one over: TAKEOVER <power> {live.id} <password>"
        )
    if not lines:
        return (
            "No game is forming and none has an opening just now. STANDBY ANY puts you on the "
            "standby list: you will be mailed when a seat is free."
        )
    return "\n\n".join(lines)


def one_game(run: Run, game_id: str) -> str:
    """LIST game: what the public may know of one game."""
    game_id = game_id.lower()
    config = run.game_config(game_id)
    if config is None:
        return "there is no game by that name; LIST alone shows the games open to join"
    live = run.live(game_id)
    if live is None:
        opened = run.store.open_game(game_id)
        seats = len(seat_powers(config))
        seated = seats - free_seats(run, opened, config) if opened else 0
        return (
            f"{game_id} ({_about(config)}): {opened.status if opened else 'not started'}, "
            f"{seated} of {seats} seats taken"
        )
    standing = live.ruleset.standing(live.state)
    rows = "\n".join(
        f"  {p.power:<12} {standing.get(p.power, '')}"
        + ("  (open: TAKEOVER)" if p.power in openings(live) else "")
        for p in live.players
    )
    return (
        f"{game_id} ({_about(config)}): {live.row.status}, {live.phase.label}, "
        f"deadline {live.deadline_text()}\n{rows}\nOBSERVE {game_id} mails you its results as they happen."
    )
