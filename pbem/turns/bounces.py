"""A player's mail bounced: who, why, and telling the referee (issue 31).

A bounce (``pbem.mail.bounces``) names the Message-ID of the mail that could not be delivered;
the outbox knows every Message-ID we sent, its recipient and its game, and so the player. The
bounce is stored (its message row gets the game, the power and the outcome ``bounce: ...``) and
the referee is told once per player and run of bounces ("mail to Italy's address bounced: 550
user unknown"), and again when ``BOUNCES_IN_A_ROW`` bounced since the player last wrote: a
player whose mail does not arrive does not know a deadline is coming, and the referee should
know before civil disorder takes their power. In a game with ``bounced_nmr: referee`` such a
power's silence is not counted towards civil disorder (``spared_nmr``): that is the referee's
decision. A bounce of mail that is not ours, or not a player's, is stored and left alone, never
answered.
"""

from __future__ import annotations

import logging

from pbem.mail.bounces import Bounce
from pbem.run import LiveGame, Run
from pbem.store import PlayerRow

log = logging.getLogger("pbem.turns.bounces")

#: after this many bounces in a row the referee is told again, that it is no passing failure
BOUNCES_IN_A_ROW = 3


def note_bounce(run: Run, row_id: int, bounce: Bounce) -> tuple[str, str, str | None, str | None]:
    """Match ``bounce`` (in stored message ``row_id``) to the player our bounced mail was to, and
    tell the referee; returns the message's status, outcome, game and power, as intake does."""
    sent = run.store.outbox_rows(message_id=bounce.original_message_id) if bounce.original_message_id else []
    recipient = (sent[0]["recipient"] if sent else bounce.recipient).lower()
    game_id = sent[0]["game_id"] if sent else None
    players = (
        [
            player
            for player in run.store.players_by_address(recipient)
            if game_id is None or player.game_id == game_id
        ]
        if recipient
        else []
    )
    reason = bounce.reason or bounce.status or "no reason given"
    if not sent or len(players) != 1:
        why = "not a mail of ours" if not sent else "not a player's mail"
        return "ignored", f"bounce ({why}): {reason}"[:300], game_id, None
    player = players[0]
    outcome = f"bounce: {reason}"[:300]
    run.store.finish_message(row_id, "ignored", outcome, player.game_id, player.power)
    in_a_row = run.store.bounces_in_a_row(player.game_id, player.power, row_id)
    live = run.live(player.game_id)
    subject = f"mail to {player.power}'s address bounced"
    text = (
        f"Mail to {player.power}'s address ({player.address}) in game {player.game_id} bounced: "
        f"{reason}\n\nThe bounced mail was {sent[0]['subject']!r}. {player.power}'s player may not know "
        "of the deadline. Ask them for another address, or decide what becomes of their power if "
        "they send no orders.\n"
    )
    if in_a_row == 1:  # the first of a run of bounces: a run begins anew once the player writes
        run.tell_referee(live, subject, text, dedup_key=f"bounce:{row_id}")
    elif in_a_row == BOUNCES_IN_A_ROW:
        run.tell_referee(
            live,
            f"{subject} {in_a_row} times in a row",
            f"{in_a_row} mails in a row to {player.power}'s address have bounced since "
            f"they last wrote; the last: {reason}\n\n" + text,
            dedup_key=f"bounce:{row_id}",
        )
    log.info(
        "bounce of mail to %s (%s, %s), %d in a row: %s",
        player.address,
        player.game_id,
        player.power,
        in_a_row,
        reason,
    )
    return "ignored", outcome, player.game_id, player.power


def spared_nmr(run: Run, live: LiveGame, player: PlayerRow, seq: int) -> bool:
    """Whether ``player``'s silence in turn ``seq`` is not counted as a missed phase: in a game
    with ``bounced_nmr: referee``, a power whose last mails bounced may never have seen the
    phase, and civil disorder is the referee's decision (the referee is told, once a turn)."""
    if live.config.bounced_nmr != "referee":
        return False
    bounced = run.store.bounces_in_a_row(live.id, player.power, _EVERY_ROW)
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


#: every stored message row, for a count of bounces up to now
_EVERY_ROW = 2**62
