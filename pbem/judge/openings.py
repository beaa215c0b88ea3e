"""Who hears of a game without playing it: its observers (each phase's public report) and the
standbys told when a power waits for someone to take it over. The bottom of the front door: the
turn code calls it; the commands that add watchers and give powers are in pbem.judge.watchers."""

from __future__ import annotations

from pbem.mail.compose import Outgoing
from pbem.run import LiveGame, Run


def tell_standbys(run: Run, game_id: str, subject: str, text: str, key: str) -> None:
    """Mail every standby of ``game_id`` (and of any game) once per ``key``."""
    for address in run.store.watchers(game_id, "standby", any_game=True):
        run.queue(Outgoing(to=address, subject=f"[{game_id}] {subject}",
                           text=text + f"\n(NO STANDBY {game_id} or NO STANDBY ANY takes you off the "
                                       "list.)\n"),
                  kind="notice", dedup_key=f"{key}:{address}", game_id=game_id)


def announce_opening(run: Run, live: LiveGame, power: str, why: str, referee: bool = True) -> None:
    """``power`` has no player: mail the standbys (and the referee) that it waits for a taker."""
    standing = live.ruleset.standing(live.state).get(power, "")
    text = (f"Game {live.id} ({live.row.ruleset} {live.row.variant}) is waiting for someone to take over "
            f"{power} ({why}){': ' + standing if standing else ''}. It is in {live.phase.label}.\n\n"
            f"To play it, send\n\n  TAKEOVER {power} {live.id} <a password of your choice>\n\n"
            f"OBSERVE {live.id} first if you want to watch before you decide.\n")
    tell_standbys(run, live.id, f"waiting for someone to take over {power}", text,
                  key=f"opening:{live.id}:{power}:{live.row.seq}")
    if not referee:
        return
    run.tell_referee(live, f"{power} waits for someone to take over",
                     f"{power} in game {live.id} has no player ({why}). The standby list was mailed; "
                     f"a TAKEOVER gives it to the first who asks"
                     + (" once you APPROVE them" if live.config.approval else "")
                     + f", or REPLACE {power} <address> gives it to whom you choose.\n",
                     dedup_key=f"opening-referee:{live.id}:{power}:{live.row.seq}")


def openings(live: LiveGame) -> list[str]:
    """The powers of ``live`` waiting for a player (in civil disorder, the game not over)."""
    if live.row.status == "over":
        return []
    return [player.power for player in live.players if player.civil_disorder]


def tell_observers(run: Run, live: LiveGame, subject: str, text: str, html: str | None, key: str) -> None:
    """Queue the public ``text`` (a PUBLIC report, or broadcast press) to every observer."""
    for address in run.store.watchers(live.id, "observer"):
        run.queue(Outgoing(to=address, subject=f"[{live.id}] {subject}", text=text, html=html),
                  kind="observer", dedup_key=f"{key}:{address}", game_id=live.id)
