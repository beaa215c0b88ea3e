"""Press: messages between players (PRESS, BROADCAST), sent at once or, with postal press,
held until the next results."""

from __future__ import annotations

from pbem.i18n import _, join
from pbem.intake.commands import Command
from pbem.intake.powers import match_powers as match_power_names
from pbem.judge.openings import tell_observers
from pbem.mail.compose import Outgoing
from pbem.run import LiveGame, Run
from pbem.store import PlayerRow
from pbem.turns.notices import tell_power


def match_powers(live: LiveGame, names: list[str]) -> tuple[list[str], list[str]]:
    """Powers named in a PRESS or CONCEDE line: names of one or more words, unique prefixes,
    or the other names the ruleset knows them by (an Invincible! khan's card); and the unknown."""
    powers = [player.power for player in live.players]
    aliases = {
        name: power for name, power in live.ruleset.power_aliases(live.state).items() if name not in powers
    }
    found, unknown = match_power_names(names, [*powers, *aliases])
    return list(dict.fromkeys(aliases.get(name, name) for name in found)), unknown


def send_press(run: Run, live: LiveGame, player: PlayerRow, command: Command, row_id: int) -> str:
    """Queue a PRESS or BROADCAST message to its recipients (or hold it, for postal press)."""
    rules = live.config.press
    if not rules.allowed:
        return _("refused: this game allows no press")
    if not command.body.strip():
        return _("refused: the press message is empty; write it between the PRESS line and ENDPRESS")
    words = [word.strip(",") for word in command.args[1:]] if command.name == "PRESS" else ["ALL"]
    grey = any(word.upper() in {"GREY", "GRAY"} for word in words)
    names = [word for word in words if word and word.upper() not in {"GREY", "GRAY"}]
    if grey and not rules.grey:
        return _("refused: this game does not allow grey (anonymous) press; drop GREY")
    if any(name.upper() == "ALL" for name in names):
        if not rules.broadcast:
            return _("refused: this game does not allow press to ALL")
        recipients = [p.power for p in live.players if p.power != player.power]
    else:
        recipients, unknown = match_powers(live, names)
        if unknown or not recipients:
            powers = ", ".join(p.power for p in live.players)
            return _(
                "refused: unknown recipient(s) {unknown}; the powers are {powers}",
                unknown=", ".join(unknown) or _("(none)"),
                powers=powers,
            )
        recipients = [power for power in recipients if power != player.power]
        if not recipients:
            return _("refused: you cannot send press only to yourself")
    forbidden = live.ruleset.press_problem(live.state, player.power, recipients)
    if forbidden:
        return _("refused: {reason}", reason=forbidden)
    postal = rules.postal and live.row.status == "running"
    press_id = run.store.add_press(
        live.id,
        live.phase.id,
        player.power,
        recipients,
        grey,
        command.body,
        run.now,
        released=not postal,
    )
    if postal:
        return _("held until the next results (postal press), then sent to {powers}", powers=join(recipients))
    broadcast = command.name == "BROADCAST" or any(name.upper() == "ALL" for name in names)
    deliver_press(run, live, press_id, player.power, recipients, grey, command.body, broadcast=broadcast)
    if grey:
        return _("sent to {powers} without your name (grey press)", powers=join(recipients))
    return _("sent to {powers}", powers=join(recipients))


def deliver_press(
    run: Run,
    live: LiveGame,
    press_id: int,
    sender: str,
    recipients: list[str],
    grey: bool,
    body: str,
    broadcast: bool = False,
) -> None:
    """Mail a press message to its recipients; a broadcast (press to ALL) also to the game's
    observers, as the public would hear it (grey press stays anonymous)."""
    shown_sender = _("an anonymous power") if grey else sender
    everyone = len(recipients) == len(live.players) - 1
    to_text = _("everyone") if everyone else ", ".join(recipients)
    if broadcast:
        text = run.templates.text(
            "mail/press.txt.j2",
            game=live.summary(),
            phase=live.phase.label,
            sender=shown_sender,
            to=to_text,
            body=body,
        )
        tell_observers(
            run,
            live,
            live.say(_("press from {sender}", sender=shown_sender)),
            text,
            None,
            key=f"press:{press_id}:observers",
        )
    for power in recipients:
        tell_power(
            run,
            live,
            power,
            live.say(_("press from {sender}", sender=shown_sender)),
            "mail/press.txt.j2",
            kind="press",
            key=f"press:{press_id}:{power}",
            sender=shown_sender,
            to=to_text,
            body=body,
        )
    referee = run.service.game_referee(live.config)
    if live.config.press.referee_copies and referee:
        run.queue(
            Outgoing(
                to=referee.address,
                subject=f"[{live.id}] press from {sender} to {to_text}",
                text=body,
            ),
            kind="press",
            dedup_key=f"press:{press_id}:REFEREE",
            game_id=live.id,
        )


def release_postal_press(run: Run, live: LiveGame) -> None:
    for press in run.store.press(live.id, released=False):
        deliver_press(
            run,
            live,
            press["id"],
            press["sender"],
            press["recipients"],
            press["grey"],
            press["body"],
            # a press row keeps its recipients, not how they were named: every other power of more
            # than two is a broadcast (of two, it may have been one player's private word)
            broadcast=len(live.players) > 2 and len(press["recipients"]) == len(live.players) - 1,
        )
        run.store.release_press(press["id"])
