"""A player's mail bounced: whose, why, and telling the referee and the player (issue 31).

A bounce (``pbem.mail.bounces``) is matched to the mail of ours it reports undelivered: by that
mail's Message-ID where the bounce quotes it, else by the return address it came back to (each
recipient's mail goes out from one of its own, ``pbem.mail.verp``: the latest mail sent there).
That mail's recipient and game name the player. The bounce is stored (its message row gets the
game, the power and the outcome ``bounce: ...``; the mail, ``bounced_by``) and the referee is
told at the first bounce of a run of them ("mail to Italy's address bounced: 550 user unknown")
and again at the ``BOUNCES_IN_A_ROW``th: a player whose mail does not arrive does not know a
deadline is coming, and the referee should know before civil disorder takes their power. The
player is told too, at the first, at the addresses they moved from with SET ADDRESS (the only
others the game knows to be theirs), never at the one that bounced.

A run of bounces ends when the player writes, or when a mail to them got through: one sent
``DELIVERED_AFTER`` ago or more with no bounce. In a game with ``bounced_nmr: referee`` a power
whose mail bounces is not counted towards civil disorder (``spared_nmr``): that is the
referee's decision. A bounce of mail that is not ours, or not a player's, is stored and left
alone, never answered: an answer to a bounce could start a mail loop.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from pbem.deadlines import from_utc_text
from pbem.i18n import _
from pbem.mail import verp
from pbem.mail.bounces import Bounce
from pbem.run import LiveGame, Run
from pbem.store import PlayerRow
from pbem.turns.notices import tell_address

log = logging.getLogger("pbem.turns.bounces")

#: at this many bounces in a row the referee is told again, that it is no passing failure
BOUNCES_IN_A_ROW = 3
#: a mail sent this long ago without a bounce got through (servers bounce within minutes)
DELIVERED_AFTER = timedelta(hours=1)


def note_bounce(run: Run, row_id: int, bounce: Bounce) -> tuple[str, str, str | None, str | None]:
    """Match ``bounce`` (in stored message ``row_id``) to the player our bounced mail was to, and
    tell the referee and the player; returns the message's status, outcome, game and power, as
    intake does."""
    reason = bounce.reason or bounce.status or "no reason given"
    mail = bounced_mail(run, bounce)
    if mail is None:
        return "ignored", f"bounce (not a mail of ours): {reason}"[:300], None, None
    game_id: str | None = mail["game_id"] or None
    players = [
        player for player in run.store.players_by_address(mail["recipient"]) if player.game_id == game_id
    ]
    if len(players) != 1:
        return "ignored", f"bounce (not a player's mail): {reason}"[:300], game_id, None
    player = players[0]
    before = in_a_row(run, player)
    if not run.store.mark_bounced(mail["id"], row_id):
        return "ignored", f"bounce (reported before): {reason}"[:300], player.game_id, player.power
    outcome = f"bounce: {reason}"[:300]
    run.store.finish_message(row_id, "ignored", outcome, player.game_id, player.power)
    after = in_a_row(run, player)
    live = run.live(player.game_id)
    if live is not None and before == 0:
        _tell_referee(run, live, player, mail, reason, after, row_id)
        _tell_player_elsewhere(run, live, player, reason, row_id)
    elif live is not None and before < BOUNCES_IN_A_ROW <= after:
        _tell_referee(run, live, player, mail, reason, after, row_id)
    log.info(
        "bounce of mail to %s (%s, %s), %d in a row: %s",
        player.address,
        player.game_id,
        player.power,
        after,
        reason,
    )
    return "ignored", outcome, player.game_id, player.power


def bounced_mail(run: Run, bounce: Bounce) -> dict[str, Any] | None:
    """The mail of ours ``bounce`` reports undelivered (its id, game, recipient and subject): the
    one with its Message-ID, else the latest not yet bounced to the player whose return address
    it came back to; None for a bounce of no mail of ours (or of no player's, by its address)."""
    if bounce.original_message_id:
        for row in run.store.outbox_rows(message_id=bounce.original_message_id):
            return {key: row[key] for key in ("id", "game_id", "recipient", "subject")}
    base = verp.base_address(run.service.return_path, run.service.address)
    tag = verp.token_in(bounce.returned_to, base) if base else None
    if tag is None:
        return None
    key = run.store.return_path_key()
    for game_id in run.store.game_ids():  # only a player's bounce matters: their tags are the ones tried
        for player in run.store.players(game_id):
            if verp.matches(key, tag, game_id, player.address):
                sent = run.store.sent_mail_to(game_id, player.address)
                if not sent:
                    return None
                row = next((row for row in sent if row["bounced_by"] is None), sent[0])
                return {
                    "id": row["id"],
                    "game_id": game_id,
                    "recipient": player.address,
                    "subject": row["subject"],
                }
    return None  # a tag of nobody's: a former address, another's mail, a forgery, or a key since lost


def in_a_row(run: Run, player: PlayerRow) -> int:
    """How many mails in a row to ``player``'s address bounced: counted back from the latest
    bounced, up to a mail that got through (``DELIVERED_AFTER``) or the player's last own mail.
    A mail too recent to tell is passed over."""
    since = run.store.last_own_mail_at(player.game_id, player.power)
    count = 0
    for row in run.store.sent_mail_to(player.game_id, player.address):
        queued = from_utc_text(row["created_at"])
        if since is not None and queued < since:
            break
        if row["bounced_by"] is not None:
            count += 1
        elif queued <= run.now - DELIVERED_AFTER:
            break
    return count


def _ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 22nd: the referee's mail is English."""
    end = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{end}"


def _tell_referee(
    run: Run, live: LiveGame, player: PlayerRow, mail: dict[str, Any], reason: str, count: int, row_id: int
) -> None:
    subject = f"mail to {player.power}'s address bounced"
    if count > 1:
        subject += f", the {_ordinal(count)} bounce in a row"
    text = (
        f"Mail to {player.power}'s address ({player.address}) in game {player.game_id} bounced: "
        f"{reason}\n\nThe bounced mail was {mail['subject']!r}"
        + (
            f", the {_ordinal(count)} bounce in a row since they last wrote or got a mail"
            if count > 1
            else ""
        )
        + f". {player.power}'s player may not know of the deadline. Ask them for another address, or "
        "decide what becomes of their power if they send no orders.\n"
    )
    run.tell_referee(live, subject, text, dedup_key=f"bounce:{row_id}")


def _tell_player_elsewhere(run: Run, live: LiveGame, player: PlayerRow, reason: str, row_id: int) -> None:
    """Tell the player at the addresses they moved from (SET ADDRESS), never at the one that
    bounced: the one place they may read that their mail no longer arrives."""
    for address in dict.fromkeys(reversed(player.former_addresses)):
        if address == player.address:
            continue
        tell_address(
            run,
            live,
            address,
            live.say(_("your mail for {power} bounces", power=player.power)),
            live.say(
                _(
                    "Mail to {address}, the address of {power} in game {game}, bounced: {reason}\n\n"
                    "You may not be getting the game's reports and deadlines. To have them sent to "
                    "another address, send SET ADDRESS <address> with your sign-on.",
                    address=player.address,
                    power=player.power,
                    game=live.id,
                    reason=reason,
                )
            ),
            key=f"bounce-elsewhere:{row_id}:{address}",
        )


def spared_nmr(run: Run, live: LiveGame, player: PlayerRow, seq: int) -> bool:
    """Whether ``player``'s silence in turn ``seq`` is not counted as a missed phase: in a game
    with ``bounced_nmr: referee``, a power whose last mails bounced may never have seen the
    phase, and civil disorder is the referee's decision (the referee is told, once a turn)."""
    if live.config.bounced_nmr != "referee":
        return False
    bounced = in_a_row(run, player)
    if not bounced:
        return False
    run.tell_referee(
        live,
        f"{player.power} sent no orders, and their mail bounces",
        f"{player.power} ({player.address}) sent no orders this phase, and the last {bounced} mail(s) to "
        "their address bounced: they may not know of the deadline. As the game's bounced_nmr is "
        "'referee', the phase is not counted against them; their units followed the rules' default "
        f"orders. To give {player.power} a new player, send REPLACE {player.power} <address> with your "
        "referee sign-on.\n",
        dedup_key=f"bounced-nmr:{live.id}:{player.power}:{seq}",
    )
    return True
