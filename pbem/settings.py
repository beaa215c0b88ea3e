"""Every key of the service config, declared once: its type, default, and what it does.

pydantic checks a config against these models (pbem.config turns the result into the service's
frozen dataclasses), and ``key_reference`` writes the README's list of keys from the same
declarations, so the checks and the documentation cannot drift apart (a test compares them).
Each ``description`` is the documentation of its key.

Values whose form is ours (durations such as ``48h``, secrets such as ``{env: NAME}``, mail
addresses, time zones) are checked here too, by validators whose messages say what to write.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, get_args, get_origin
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationInfo, field_validator

from pbem.deadlines import parse_duration, parse_time_of_day
from pbem.mail.addresses import normal

GAME_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,30}$")
ADDRESS = re.compile(r"^[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+$|^[^@\s<>]+@localhost$")


def _text(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise ValueError("should be text")
    return str(value)


#: a character no header may carry: a CR or LF would start a header of its own (a Bcc) in
#: every mail the text goes into, and other control characters have no business there
_CONTROL = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]")


def _line(value: Any) -> str:
    """Text that goes into mail headers (a display name): one line, no control characters."""
    text = _text(value)
    found = _CONTROL.search(text)
    if found:
        raise ValueError(f"holds a control character ({found[0]!r}); write it on one line, without one")
    return text


def _address(value: Any) -> str:
    text = _line(value).strip().lower()
    if not ADDRESS.match(text):
        raise ValueError(f"{text!r} is not a mail address")
    return normal(text) or text  # an IDN domain in its ASCII form, as mail's From is read


def _return_path(value: Any) -> str:
    text = _line(value).strip().lower()
    if text in {"verp", "plain"}:
        return text
    return _address(text)


def _site_url(value: Any) -> str:
    text = _line(value).strip()
    if not re.match(r"^https?://[^\s/]+", text):
        raise ValueError(f"{text!r} is not a web address; write it as https://host/path")
    return text.rstrip("/")


def _database_url(value: Any) -> str:
    text = _line(value).strip()
    scheme = re.match(r"^(\w+)://", text)
    if scheme and scheme[1] not in ("sqlite", "postgresql", "postgres"):
        raise ValueError(
            f"{scheme[1]}:// is no database pbem knows; write sqlite:///PATH or postgresql://USER@HOST/DB"
        )
    if scheme and scheme[1] == "sqlite" and not text.startswith("sqlite:///"):
        raise ValueError("write a SQLite database as sqlite:///ABSOLUTE/PATH, or as a bare path")
    return text


def _duration(value: Any) -> str | int:
    if value in (0, "0", False):
        return 0
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise ValueError("write a duration such as 48h, 2d or 1d 12h")
    parse_duration(value)  # raises ValueError with what to write
    return value


def _secret(value: Any) -> Any:
    if isinstance(value, str | int) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, dict) and set(value) in ({"env"}, {"file"}):
        return {key: str(item) for key, item in value.items()}
    raise ValueError("write a secret as text, {env: NAME} or {file: path}")


Text = Annotated[str, BeforeValidator(_text)]
Line = Annotated[str, BeforeValidator(_line)]
Address = Annotated[str, BeforeValidator(_address)]
Duration = Annotated[str | int, BeforeValidator(_duration)]
SiteURL = Annotated[str, BeforeValidator(_site_url)]
ReturnPath = Annotated[str, BeforeValidator(_return_path)]
DatabaseURL = Annotated[str, BeforeValidator(_database_url)]
SecretValue = Annotated[Any, BeforeValidator(_secret)]


class Keys(BaseModel):
    """A mapping of the config: unknown keys are mistakes (a typo must not pass unnoticed)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class MailKeys(Keys):
    """Where mail comes from (``inbox``) or goes to (``outbox``)."""

    transport: Literal["maildir", "imap", "smtp"] = Field(
        "maildir", description="`maildir`, `imap` (inbox) or `smtp` (outbox)"
    )
    path: Text | None = Field(None, description="the Maildir folder (default: under `data_dir/mail`)")
    host: Text | None = Field(None, description="the server (required for IMAP and SMTP)")
    port: int | None = Field(
        None, description="default from `security`: IMAP 993 (tls) or 143, SMTP 465 (tls), 587 or 25"
    )
    security: Literal["tls", "starttls", "plain"] = Field(
        "tls", description="`tls`, `starttls`, or `plain` (loopback only)"
    )
    username: Text = Field("", description="the login")
    password: SecretValue | None = Field(
        None, description="the login's password: `{env: NAME}` or `{file: PATH}`"
    )
    ca_file: Text | None = Field(
        None,
        description="a PEM file of the certificate authority to trust, for a server with a "
        "self-signed or private certificate (default: the system's)",
    )
    folder: Text = Field("INBOX", description="the IMAP folder read")
    processed_folder: Text | None = Field(
        None, description="IMAP: move handled mail here instead of marking it `\\Seen`"
    )
    timeout: float = Field(
        20.0,
        gt=0,
        description="seconds each connection step may take: a `security` that does not "
        "match the `port` fails after it",
    )


class RefereeKeys(Keys):
    """The referee: gets notices and may command the game by mail."""

    address: Address = Field(description="the referee's mail address")
    password: SecretValue | None = Field(None, description="the referee's password")
    password_hash: Text = Field("", description="or a hash made by `pbem hash-password`")


class PlayerKeys(Keys):
    power: Line = Field(description="the power played")
    address: Address = Field(description="the player's mail address")
    name: Line = Field("", description="the player's name")
    password: SecretValue | None = Field(
        None, description="the password mailed in the welcome; fixed when the game starts"
    )
    password_hash: Text = Field("", description="or a hash made by `pbem hash-password`")
    site_dir: Text | None = Field(
        None, description="a folder where this power's own site (its view) is rebuilt after each phase"
    )
    site_url: SiteURL | None = Field(
        None, description="where players reach `site_dir`; its page is linked from this power's results"
    )


class DeadlineKeys(Keys):
    after: Duration = Field("48h", description="how long the phase lasts")
    at: Text | None = Field(None, description="then up to this time of day (`20:00`), in the game's zone")

    @field_validator("at")
    @classmethod
    def _time_of_day(cls, value: str | None) -> str | None:
        if value is not None:
            parse_time_of_day(value)
        return value


def _deadline(value: Any) -> Any:
    return value if isinstance(value, dict) else {"after": value}


class PressKeys(Keys):
    allowed: bool = Field(True, description="players may send press")
    grey: bool = Field(False, description="a sender may hide their name")
    postal: bool = Field(False, description="press is held until the next results")
    broadcast: bool = Field(True, description="press to ALL is allowed")
    referee_copies: bool = Field(False, description="the referee gets a copy of all press")


class AbsenceKeys(Keys):
    max_days: int = Field(14, ge=0, description="the longest absence a player may set")
    max_count: int = Field(3, ge=0, description="how many absences a player may set")
    max_ahead_days: int = Field(90, ge=0, description="an absence must begin within this many days")


class GameKeys(Keys):
    """One game (an entry of `games:`)."""

    id: Text = Field(description="the game's name in mail subjects and commands")
    name: Line | None = Field(None, description="a longer title (default: the id)")
    ruleset: Text = Field(description="`diplomacy`, `generals`, `invincible`, `invictus` or `invoke`")
    variant: Text = Field("standard", description="the ruleset's variant")
    options: dict[str, Any] = Field(default_factory=dict, description="the ruleset's own options")
    timezone: Text = Field("UTC", description="the zone of deadlines' times of day")
    players: list[PlayerKeys] = Field(
        default_factory=list, description="one entry per power (required in `games:`; none in a template)"
    )
    deadlines: dict[str, Annotated[DeadlineKeys, BeforeValidator(_deadline)]] = Field(
        default_factory=dict,
        description='per phase kind (or `default`): `48h` or `{after: 48h, at: "20:00"}`',
    )
    referee: RefereeKeys | None = Field(None, description="this game's own referee (default: the service's)")
    grace: Duration = Field("24h", description="late orders are still taken this long, with a notice")
    reminder: Duration = Field("12h", description="a reminder this long before the deadline; `0` for none")
    early: Literal["ready", "orders", "never"] = Field(
        "ready", description="a phase ends early when all said READY, when all ordered, or never"
    )
    late_notice_to_others: bool = Field(
        False, description="the players who ordered in time are told who is late"
    )
    nmr_limit: int = Field(3, ge=0, description="missed phases in a row before civil disorder")
    mass_nmr_share: float = Field(
        0.5,
        ge=0,
        le=1,
        description="more than this share silent: mail is assumed broken, the deadline extended",
    )
    show_waiting: bool = Field(True, description="LIST names who has not ordered yet")
    players_public: bool = Field(True, description="WHOGAME shows each power's player's address")
    observe_password: SecretValue | None = Field(
        None, description="a private game: `OBSERVE <game> <password>` needs it (default: anyone may observe)"
    )
    mail_format: Literal["html", "text"] = Field(
        "html", description="players' mail as text and HTML, or text only (each may SET FORMAT)"
    )
    map: Literal["inline", "attached", "off", "link"] = Field(
        "inline",
        description="the map in a report: shown in the mail, attached, none, or a link to its phase's "
        "page where the game has a site (`site_dir` and `site_url`); each may SET MAP",
    )

    @field_validator("map")
    @classmethod
    def _a_link_needs_a_site(cls, value: str, info: ValidationInfo) -> str:
        """``link`` needs a page to link to: the service's site (the context says whether the
        config gives one), or each player's own."""
        players = info.data.get("players") or []
        own = bool(players) and all(player.site_dir and player.site_url for player in players)
        if value == "link" and not (info.context or {}).get("has_site", True) and not own:
            raise ValueError(
                "is link, but the game has no site to link to: set service.site_dir and site_url"
            )
        return value

    bounced_nmr: Literal["count", "referee"] = Field(
        "count",
        description="a power whose mail bounces misses a phase as any (`count`), or only by "
        "the referee's decision (`referee`)",
    )
    press: PressKeys = Field(
        default=PressKeys.model_validate({}), description="what press is allowed (below)"
    )
    votes_public: bool = Field(False, description="each draw or concession vote is announced to every player")
    absence: AbsenceKeys = Field(
        default=AbsenceKeys.model_validate({}), description="limits of `SET ABSENCE` (below)"
    )

    approval: bool = Field(
        False, description="joins and takeovers by mail wait for the referee's `APPROVE` (or `DENY`)"
    )
    seats: int | None = Field(
        None, ge=1, description="players of a game opened by mail, where the ruleset allows several counts"
    )
    muster: Duration | None = Field(
        None,
        description="a game formed by mail: its players confirm their seats within this time "
        "(default: `service.judge.muster`; `0`: no confirmation)",
    )

    @field_validator("id", mode="after")
    @classmethod
    def _game_id(cls, value: str) -> str:
        if not GAME_ID.match(value.lower()):
            raise ValueError("use 1-31 letters, digits, '-' or '_', starting with a letter or digit")
        return value.lower()

    @field_validator("ruleset", mode="after")
    @classmethod
    def _ruleset(cls, value: str) -> str:
        from pbem.ruleset import REGISTRY  # the rulesets register themselves; imported when used

        if value not in REGISTRY:
            raise ValueError(f"unknown ruleset {value!r}; known: {', '.join(sorted(REGISTRY))}")
        return value

    @field_validator("timezone", mode="after")
    @classmethod
    def _zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(f"unknown time zone {value!r}; write e.g. Europe/Paris") from None
        return value


class JudgeKeys(Keys):
    """The front door (`service.judge`): games opened, joined, watched and refilled by mail."""

    create: Literal["referee", "registered", "anyone"] = Field(
        "referee",
        description="who may open a game by mail with `CREATE`: the service's referee, an address "
        "that plays or played here, or anyone",
    )
    muster: Duration = Field(
        "48h",
        description="a full game's players confirm their seats (`CONFIRM`) within this time; `0`: no "
        "confirmation",
    )
    games_per_address: int = Field(
        5, ge=0, description="games an address may play or be joining at once; `0`: no limit"
    )
    joins_per_day: int = Field(
        5, ge=0, description="joins, takeovers and games opened by one address in a day; `0`: no limit"
    )
    banned: list[Text] = Field(
        default_factory=list, description="addresses (or `@domain`) that may not join, open or watch games"
    )
    stranger_answers_per_hour: int = Field(
        60, ge=0, description="answers to addresses that play no game, all together, an hour; `0`: no limit"
    )


class ServiceKeys(Keys):
    """The service (`service:`)."""

    address: Address = Field(description="the game master's mail address; `local+TOKEN@domain` must reach it")
    name: Line = Field("pbem game master", description="the display name on pbem's mail")
    data_dir: Text = Field(
        "../var", description="the database, the lock and the default Maildirs (relative: to the config)"
    )
    archive_dir: Text | None = Field(None, description="the turn archive (default: `data_dir/turns`)")
    database: DatabaseURL | None = Field(
        None,
        description="`sqlite:///PATH` or a path (relative: to `data_dir`; default `data_dir/pbem.sqlite3`),"
        " or `postgresql://USER@HOST/DB` (README: PostgreSQL)",
    )
    database_password: SecretValue | None = Field(
        None, description="PostgreSQL's password: `{env: NAME}` or `{file: PATH}`"
    )
    site_dir: Text | None = Field(
        None, description="a folder where each game's public site is rebuilt after every phase"
    )
    site_url: SiteURL | None = Field(
        None, description="where readers reach `site_dir` (`https://...`): results mails link to it"
    )
    templates: Text | None = Field(
        None, description="a folder of your own templates, searched before the shipped ones"
    )
    stale_after: Duration = Field(
        "6h", description="if cron did not run for longer, open deadlines move on by the gap"
    )
    max_message_bytes: int = Field(
        2_000_000,
        ge=0,
        description="a bigger incoming mail is stored by its headers only, and its sender told",
    )
    send_attempts: int = Field(8, ge=0, description="a mail refused for now this many times is given up")
    mail_attempts: int = Field(
        3, ge=0, description="runs that try a mail whose handling failed, before it is left alone"
    )
    answers_per_hour: int = Field(20, ge=0, description="answers to one address in an hour; `0`: no limit")
    return_path: ReturnPath = Field(
        "verp",
        description="the envelope sender of each mail: `verp`, the address tagged per recipient "
        "(`local+bounce-TAG@domain`) so a bounce names whose mail it was; another address tagged so "
        "(its mail must reach the inbox); `plain`, the address itself, for a server that refuses others",
    )
    inbox: MailKeys | None = Field(None, description="where mail comes from (below; default: a Maildir)")
    outbox: MailKeys | None = Field(None, description="where mail goes (below; default: a Maildir)")
    referee: RefereeKeys | None = Field(None, description="the referee of every game without its own")
    judge: JudgeKeys = Field(default=JudgeKeys.model_validate({}), description="games formed by mail (below)")


class RootKeys(Keys):
    service: ServiceKeys = Field(description="the service")
    games: list[Any] = Field(default_factory=list, description="the games (each checked alone)")
    game_templates: list[Any] = Field(
        default_factory=list,
        description="games a mailed `CREATE` (or `pbem create --template`) may open: a game's keys "
        "without `players` (each checked alone)",
    )


#: the sections of the README's key list, in order
SECTIONS: list[tuple[str, type[Keys]]] = [
    ("service", ServiceKeys),
    ("service.inbox, service.outbox", MailKeys),
    ("service.judge", JudgeKeys),
    ("referee (service.referee, games[].referee)", RefereeKeys),
    ("games[]", GameKeys),
    ("games[].players[]", PlayerKeys),
    ("games[].deadlines.KIND", DeadlineKeys),
    ("games[].press", PressKeys),
    ("games[].absence", AbsenceKeys),
]


def default_text(model: type[Keys], name: str) -> str:
    field = model.model_fields[name]
    if field.is_required():
        return "required"
    value = field.get_default(call_default_factory=True)
    if isinstance(value, Keys):
        return "below"
    if value is None or value in ({}, []):
        return "none"
    if value == "":
        return "empty"
    if isinstance(value, bool):
        return "true" if value else "false"
    return f"`{value}`"


def key_reference() -> str:
    """The README's list of every config key, from the models above."""
    out: list[str] = []
    for title, model in SECTIONS:
        out += [f"`{title}`:", "", "| key | default | what |", "|---|---|---|"]
        for name, field in model.model_fields.items():
            out.append(f"| `{name}` | {default_text(model, name)} | {field.description} |")
        out.append("")
    return "\n".join(out)


def known_keys(model: type[Keys]) -> list[str]:
    return list(model.model_fields)


def model_at(model: type[Keys], loc: tuple[str | int, ...]) -> type[Keys] | None:
    """The model a location inside ``model`` names (for 'unknown key' messages)."""
    current: Any = model
    for step in loc:
        if isinstance(step, int):
            continue
        if not (isinstance(current, type) and issubclass(current, Keys)) or step not in current.model_fields:
            return None
        current = _inner(current.model_fields[step].annotation)
    return current if isinstance(current, type) and issubclass(current, Keys) else None


def _inner(annotation: Any) -> Any:
    """The model inside ``X | None``, ``list[X]``, ``dict[str, X]`` and ``Annotated[X, ...]``."""
    for _ in range(4):
        origin = get_origin(annotation)
        if origin is None:
            return annotation
        args = [a for a in get_args(annotation) if a is not type(None)]
        annotation = args[-1] if args else annotation
    return annotation
