"""The game so far, for a player who asks: SUMMARY (each phase and where the powers stood after
it) and GET MAP (the current map, as the asker may see it)."""

from __future__ import annotations

from html import escape

from pbem import maps
from pbem.i18n import _
from pbem.run import LiveGame, Run
from pbem.store import PlayerRow


def summary(run: Run, live: LiveGame) -> str:
    """Every adjudicated phase with the public standing after it (Ruleset.standing)."""
    turns = [turn for turn in run.store.turns(live.id) if not turn.phase_id.endswith("-end")]
    say = live.say
    lines = [
        say(
            _(
                "Game {game} ({name}), {ruleset} {variant}.",
                game=live.id,
                name=live.config.name,
                ruleset=live.row.ruleset,
                variant=live.row.variant,
            )
        )
    ]
    if not turns:
        lines.append(say(_("No phase has been adjudicated yet.")))
    for turn in turns:
        standing = live.ruleset.standing(live.ruleset.load_state(turn.state_after))
        lines.append(f"{turn.phase_label} ({turn.phase_id})")
        lines.extend(f"  {power}: {where}" for power, where in standing.items())
        if turn.nmr:
            lines.append("  " + say(_("sent no orders: {powers}", powers=", ".join(turn.nmr))))
    if live.row.status == "over":
        lines.append(say(_("The game is over: {result}.", result=live.row.result or _("ended"))))
    else:
        lines.append(
            say(
                _("Now: {phase}, deadline {deadline}.", phase=live.phase.label, deadline=live.deadline_text())
            )
        )
    return "\n".join(lines)


def send_map(run: Run, live: LiveGame, player: PlayerRow, row_id: int) -> str:
    """GET MAP: mail the map of the current position, drawn from the player's own view."""
    if not maps.has_picture(live.row.ruleset):
        return _(
            "refused: {ruleset} has no map; LIST and HISTORY show where the game stands",
            ruleset=live.row.ruleset,
        )
    view = live.ruleset.view(live.state, [], player.power)
    picture = maps.picture(live.row.ruleset, view)
    label = live.phase.label
    title = escape(f"{live.id}: {label}")
    run.tell(
        player,
        live.say(_("map: {phase}", phase=label)),
        live.say(
            _(
                "The map of game {game} at {phase} is the picture in this mail. "
                "Mail programs that show only text offer it as an attachment.",
                game=live.id,
                phase=label,
            )
        ),
        html=(
            f'<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>{title}</title></head>'
            f'<body><h1>{title}</h1><figure class="pbem-map">{picture}</figure></body></html>'
        ),
        kind="map",
        key=f"map:{row_id}:{player.power}",
    )
    return _("the map of {phase} is sent to you in a mail of its own", phase=label)
