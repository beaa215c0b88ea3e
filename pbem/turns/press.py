"""Press: messages between players (PRESS, BROADCAST), sent at once or, with postal press,
held until the next results."""

from __future__ import annotations

from pbem.intake.commands import Command
from pbem.intake.powers import match_powers as match_power_names
from pbem.mail.compose import Outgoing
from pbem.run import LiveGame, Run
from pbem.store import PlayerRow
from pbem.turns.notices import tell_power


def match_powers(live: LiveGame, names: list[str]) -> tuple[list[str], list[str]]:
    """Powers named in a PRESS or CONCEDE line: names of one or more words, unique prefixes,
    or the other names the ruleset knows them by (an Invincible! khan's card); and the unknown."""
    powers = [player.power for player in live.players]
    aliases = {name: power for name, power in live.ruleset.power_aliases(live.state).items()
               if name not in powers}
    found, unknown = match_power_names(names, [*powers, *aliases])
    return list(dict.fromkeys(aliases.get(name, name) for name in found)), unknown


def send_press(run: Run, live: LiveGame, player: PlayerRow, command: Command, row_id: int) -> str:
    """Queue a PRESS or BROADCAST message to its recipients (or hold it, for postal press)."""
    rules = live.config.press
    if not rules.allowed:
        return "refused: this game allows no press"
    if not command.body.strip():
        return "refused: the press message is empty; write it between the PRESS line and ENDPRESS"
    words = [word.strip(",") for word in command.args[1:]] if command.name == "PRESS" else ["ALL"]
    grey = any(word.upper() in {"GREY", "GRAY"} for word in words)
    names = [word for word in words if word and word.upper() not in {"GREY", "GRAY"}]
    if grey and not rules.grey:
        return "refused: this game does not allow grey (anonymous) press; drop GREY"
    if any(name.upper() == "ALL" for name in names):
        if not rules.broadcast:
            return "refused: this game does not allow press to ALL"
        recipients = [p.power for p in live.players if p.power != player.power]
    else:
        recipients, unknown = match_powers(live, names)
        if unknown or not recipients:
            powers = ", ".join(p.power for p in live.players)
            return f"refused: unknown recipient(s) {', '.join(unknown) or '(none)'}; the powers are {powers}"
        recipients = [power for power in recipients if power != player.power]
        if not recipients:
            return "refused: you cannot send press only to yourself"
    forbidden = live.ruleset.press_problem(live.state, player.power, recipients)
    if forbidden:
        return f"refused: {forbidden}"
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
        return f"held until the next results (postal press), then sent to {', '.join(recipients)}"
    deliver_press(run, live, press_id, player.power, recipients, grey, command.body)
    return f"sent to {', '.join(recipients)}" + (" without your name (grey press)" if grey else "")


def deliver_press(
    run: Run,
    live: LiveGame,
    press_id: int,
    sender: str,
    recipients: list[str],
    grey: bool,
    body: str,
) -> None:
    shown_sender = "an anonymous power" if grey else sender
    everyone = len(recipients) == len(live.players) - 1
    to_text = "everyone" if everyone else ", ".join(recipients)
    for power in recipients:
        tell_power(
            run,
            live,
            power,
            f"press from {shown_sender}",
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
        )
        run.store.release_press(press["id"])
