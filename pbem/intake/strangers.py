"""The answer to a mail nobody signed on to: what was wrong, in the language of the game it
names and in English, echoing nothing an unknown sender wrote (the front door's rule too).

A mail from someone not signed on is answered in English, and in the game's language first
where the mail names a game played in another. A player whose address sent a wrong sign-on
hears of it at their own address, not the sender's.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from pbem import i18n
from pbem.i18n import _
from pbem.intake import guesses
from pbem.intake.bilingual import in_both
from pbem.intake.commands import Mail
from pbem.intake.identity import Identity
from pbem.mail.authresults import forged
from pbem.mail.compose import Outgoing
from pbem.mail.message import Incoming
from pbem.run import Run

log = logging.getLogger("pbem.intake")


def unauthenticated(
    run: Run, row: dict[str, Any], incoming: Incoming, identity: Identity, mail: Mail
) -> tuple[str, str, str | None, str | None]:
    if identity.quiet:  # told the same, whatever the password (guesses)
        guesses.send_receipt(run, row, incoming, identity)
    if identity.warn_player is not None:
        player = identity.warn_player
        language = language_of(run, player.game_id)
        not_accepted = i18n.render(_("mail not accepted"), language)
        run.queue(
            Outgoing(
                to=player.address,
                subject=f"[{player.game_id}] {not_accepted}",
                text=run.templates.text(
                    "mail/refused.txt.j2",
                    game={"id": player.game_id, "language": language},
                    problem=identity.problem,
                    subject=incoming.subject,
                    sender=incoming.sender,
                    game_id=player.game_id,
                    power=player.power,
                    reply_address=run.reply_address(player),
                ),
                in_reply_to=incoming.message_id or None,
                automatic="auto-replied",
                reply_to=run.reply_address(player),
            ),
            kind="refused",
            dedup_key=f"reply:{row['id']}",
            game_id=player.game_id,
        )
        return (
            "done",
            f"not accepted ({identity.problem[:60]}...); registered address told",
            player.game_id,
            None,
        )
    if not incoming.sender:
        return "ignored", "no sender to answer", identity.game_id, None
    if identity.quiet:
        return "done", "sign-on refused; sender given a receipt", identity.game_id, None
    failed = forged(row["raw"])
    if failed:
        return "ignored", f"not accepted; sender failed authentication ({failed}), not answered", None, None
    problem = identity.problem
    if not mail.commands and mail.signon is None and not run.store.players_by_address(incoming.sender):
        # a stranger's mail with no command: one fixed text a day, whatever they wrote
        if run.store.count_mail_to(incoming.sender, ["stranger"], run.now - timedelta(days=1)):
            return "ignored", "a stranger answered already today", None, None
        from pbem.judge import listing

        problem = _(
            "{problem}\n\nThe games open to newcomers:\n\n{games}",
            problem=problem,
            games=listing.open_games(run),
        )
    language = language_of(run, identity.game_id) if identity.game_id else i18n.DEFAULT
    answer_stranger(
        run, row, incoming.sender, incoming.subject, problem, incoming.message_id, language=language
    )
    return "done", "not accepted; sender told", identity.game_id, None


def language_of(run: Run, game_id: str) -> str:
    """The language of configured game ``game_id`` (English if it is not configured)."""
    config = run.game_config(game_id)
    return config.language if config else i18n.DEFAULT


def answer_stranger(
    run: Run,
    row: dict[str, Any],
    to: str,
    subject: str,
    problem: str,
    message_id: str = "",
    key: str = "reply",
    language: str = i18n.DEFAULT,
) -> None:
    """Answer a mail nobody signed on to: in English, and first in ``language`` (the language
    of the game the mail names) where that is another, since the sender may read either.

    To an address that plays no game here nothing the sender wrote is echoed, not even the subject
    or the Message-ID (a forged sender must not make the judge reflect someone's spam), and all
    such answers together are at most ``judge.stranger_answers_per_hour`` an hour."""
    known = bool(run.store.players_by_address(to))  # an address that plays here is answered in thread
    if not known and over_stranger_cap(run):
        log.warning("strangers had their answers this hour; %s gets none", to)
        return
    text, untitled = in_both(
        run, "mail/stranger.txt.j2", language, _("Your mail to the game master"), {}, problem=problem
    )
    run.queue(
        Outgoing(
            to=to,
            subject=f"Re: {subject}" if known and subject else untitled,
            text=text,
            in_reply_to=message_id or None if known else None,
            automatic="auto-replied",
        ),
        kind="stranger",
        dedup_key=f"{key}:{row['id']}",
        game_id=None,
    )


def over_stranger_cap(run: Run) -> bool:
    """Whether the strangers (who play no game and hold no seat) had ``stranger_answers_per_hour``
    answers in the last hour: all together, since a forger may sign with any number of addresses."""
    cap = run.service.judge.stranger_answers_per_hour
    return bool(cap) and run.store.count_mail_of("stranger", run.now - timedelta(hours=1)) >= cap
