"""One run of the game master: the config, the database, the clock and the templates.

Everything a cron run does (intake, turns, sending) happens at one ``now``,
read once at the start, so that a run is reproducible in tests with a fake
clock. ``Run`` is the imperative shell's context; ``LiveGame`` joins a game's
config, its stored row and its ruleset for the code that tends it.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from pbem import config as configuration
from pbem import entries
from pbem.deadlines import format_deadline, utc_text
from pbem.i18n import _, render
from pbem.mail.compose import Outgoing, compose, new_message_id
from pbem.mail.redact import redacted_text
from pbem.reports import Templates
from pbem.ruleset import Phase, Ruleset, get_ruleset
from pbem.site import published
from pbem.store import GameRow, PlayerRow, Store

log = logging.getLogger("pbem")

#: what answers a mail: counted against ``answers_per_hour`` per address
ANSWER_KINDS = ("reply", "stranger", "refused", "frontdoor")


def format_utc(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


@dataclass
class LiveGame:
    """A started game: how it is configured, where it stands, and its rules."""

    config: configuration.Game
    row: GameRow
    ruleset: Ruleset
    state: Any
    phase: Phase
    players: list[PlayerRow]

    @property
    def id(self) -> str:
        return self.row.id

    def player(self, power: str) -> PlayerRow | None:
        for player in self.players:
            if player.power.lower() == power.lower():
                return player
        return None

    @property
    def language(self) -> str:
        """The language of the game's mail (``options: {language: fr}``; pbem.i18n)."""
        return self.config.language

    def say(self, message: str) -> str:
        """``message`` (a pbem.i18n Message) in the game's language."""
        return render(message, self.language)

    def deadline_text(self) -> str:
        if self.row.status == "paused":
            return self.say(_("none while the game is paused"))
        if self.row.deadline is None:
            return self.say(_("none"))
        return self.when(self.row.deadline)

    def when(self, moment: datetime) -> str:
        """A time as the game's mail writes it: in its zone and UTC, in its language."""
        return format_deadline(moment, self.config.timezone, self.language)

    def summary(self) -> dict[str, Any]:
        """The game as templates name it."""
        return {
            "id": self.id,
            "name": self.config.name,
            "ruleset": self.row.ruleset,
            "variant": self.row.variant,
            "language": self.language,  # pbem.i18n
        }


class Run:
    """The context of one run: config, store, templates and the fixed ``now``."""

    def __init__(
        self,
        service: configuration.Service,
        store: Store,
        now: datetime,
        templates: Templates | None = None,
        seed_source: Callable[[str, str], int] | None = None,
    ):
        self.service = service
        self.store = store
        self.now = now
        self.templates = templates or Templates.with_own(service.templates)
        self.seed_source = seed_source
        #: an adjudication's archive files are left for the end of acting (pbem.service: while
        #: the run sends beside acting, the next games' mail is not held up by them)
        self.archive_later = False
        #: addresses found over this hour's answers (lower case): their count only grows while
        #: the run's clock stands, so each is counted, logged and told of once a run
        self._over_rate: set[str] = set()

    def new_seed(self, game_id: str, phase_id: str) -> int:
        """A fresh seed for adjudicating ``phase_id``: random, unless a test fixes it."""
        if self.seed_source is not None:
            return self.seed_source(game_id, phase_id)
        return secrets.randbits(62)

    def live(self, game_id: str) -> LiveGame | None:
        """The started game ``game_id``, or None if it is not configured or not started."""
        config = self.game_config(game_id)
        row = self.store.game(game_id)
        if config is None or row is None:
            return None
        ruleset = get_ruleset(row.ruleset)
        state = ruleset.load_state(row.state)
        return LiveGame(config, row, ruleset, state, ruleset.phase(state), self.store.players(game_id))

    def game_config(self, game_id: str) -> configuration.Game | None:
        """Game ``game_id``'s entry: in the config, or kept with a game opened by mail."""
        return entries.game_config(self.service, self.store, game_id)

    def reply_address(self, player: PlayerRow) -> str:
        """The player's secret address: mail to it needs no password."""
        return self.token_address(player.token)

    def token_address(self, token: str) -> str:
        """``judge+TOKEN@domain``: the secret reply address of a player's (or a seat's) token."""
        local, _, domain = self.service.address.partition("@")
        return f"{local}+{token}@{domain}"

    def queue(
        self, outgoing: Outgoing, *, kind: str, dedup_key: str, game_id: str | None, secret: str = ""
    ) -> bool:
        """Put a mail in the send queue, once per ``dedup_key``; True if it was new.

        An answer to a mail is not queued if its address had ``answers_per_hour`` answers in
        the last hour already (a mail loop, or someone flooding us). A mail that tells a
        ``secret`` (a password) is kept without it once sent (pbem.store.outbox).
        """
        if kind in ANSWER_KINDS and self._over_answer_rate(outgoing.to):
            return False
        message_id = new_message_id(self.service.address.partition("@")[2])

        def written(mail: Outgoing) -> bytes:
            return compose(
                mail,
                sender=self.service.address,
                sender_name=self.service.name,
                message_id=message_id,
                date=self.now,
            )

        raw = written(outgoing)
        without = None
        if secret:  # the same mail, its Message-ID too, without the password
            html = redacted_text(outgoing.html, [secret]) if outgoing.html else None
            without = written(replace(outgoing, text=redacted_text(outgoing.text, [secret]), html=html))
        queued = self.store.queue_mail(
            redacted=without,
            dedup_key=dedup_key,
            message_id=message_id,
            game_id=game_id,
            kind=kind,
            recipient=outgoing.to,
            subject=outgoing.subject,
            raw=raw,
            now=self.now,
        )
        if queued:
            log.debug("queued %s mail to %s: %s", kind, outgoing.to, outgoing.subject)
        return queued

    def _over_answer_rate(self, address: str) -> bool:
        """Whether ``address`` had this clock hour's answers; the referee is told once that hour."""
        limit = self.service.answers_per_hour
        if not limit:
            return False
        if address.lower() in self._over_rate:
            return True
        hour = self.now.astimezone(UTC).replace(minute=0, second=0, microsecond=0)
        if self.store.count_mail_to(address, ANSWER_KINDS, hour) < limit:
            return False
        self._over_rate.add(address.lower())
        log.warning(
            "%s had %d answers this hour; no more until %s",
            address,
            limit,
            format_utc(hour + timedelta(hours=1)),
        )
        self.tell_referee(
            None,
            f"{address} gets no more answers this hour",
            f"{address} was sent {limit} answers since {format_utc(hour)}, as many as "
            f"answers_per_hour allows: their mail is still read and acted on, but not answered "
            f"until {format_utc(hour + timedelta(hours=1))}. A mail loop with an auto-responder, "
            "or someone flooding the game master, looks like this.",
            dedup_key=f"answer-rate:{address.lower()}:{utc_text(hour)}",
        )
        return True

    def tell(
        self,
        player: PlayerRow,
        subject: str,
        text: str,
        *,
        kind: str,
        key: str,
        html: str | None = None,
        secret: str = "",
    ) -> bool:
        """Queue a mail to a player of their game, once per ``key``: the subject names the
        game, and replying to it reaches the game master signed on as that player."""
        config = self.game_config(player.game_id)  # the player's SET MAP and SET FORMAT, or the game's
        mail_format = player.mail_format or (config.mail_format if config else "html")
        maps = player.map or (config.map if config else "inline")
        if maps == "link":  # no picture: the results link their phase's page (turns.adjudication)
            linked = config is not None and published.links_pages(self.service, config, player.power)
            maps = "off" if linked else "inline"  # a game opened by mail may name no site
        return self.queue(
            Outgoing(
                to=player.address,
                subject=f"[{player.game_id}] {subject}",
                text=text,
                html=html,
                reply_to=self.reply_address(player),
                maps=maps,
                text_only=mail_format == "text",
            ),
            kind=kind,
            dedup_key=key,
            game_id=player.game_id,
            secret=secret,
        )

    def tell_referee(self, live: LiveGame | None, subject: str, text: str, dedup_key: str) -> None:
        """Mail the referee of ``live`` (or the service's referee) a notice."""
        referee = self.service.game_referee(live.config) if live else self.service.referee
        log.warning("%s%s", f"[{live.id}] " if live else "", subject)
        if referee is None:
            return
        prefix = f"[{live.id}] " if live else ""
        self.queue(
            Outgoing(to=referee.address, subject=f"{prefix}{subject}", text=text),
            kind="referee",
            dedup_key=dedup_key,
            game_id=live.id if live else None,
        )
