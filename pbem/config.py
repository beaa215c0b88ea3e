"""The service's YAML configuration: loaded, checked, with secrets kept out of logs.

One file describes a service: where its mail comes from and goes to, where it
keeps its data, and its games. Relative paths are relative to the config
file's folder, so a cron job works whatever its current directory. Secrets
(passwords, mail credentials) are written inline, or as ``{env: NAME}`` or
``{file: path}``; they are held in ``Secret`` objects that print as ``***``.
Every problem is reported at once, each with the file and the key
(``config/pbem.yaml: games[0].players[2].address: ...``).
"""

from __future__ import annotations

import hmac
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import time, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import yaml

from pbem import passwords
from pbem.deadlines import parse_duration, parse_time_of_day

_GAME_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,30}$")
_ADDRESS = re.compile(r"^[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+$|^[^@\s<>]+@localhost$")


class ConfigError(Exception):
    """The configuration is wrong; ``problems`` lists every finding."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


class Secret:
    """A password or credential: usable as ``.value``, printed as ``***``."""

    __slots__ = ("value",)

    def __init__(self, value: str):
        self.value = value

    def __repr__(self) -> str:
        return "Secret('***')"

    __str__ = __repr__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and other.value == self.value

    def __hash__(self) -> int:
        return hash(self.value)


def check_secret(given: str, secret: Secret | None, stored_hash: str) -> bool:
    """Compare ``given`` with a configured secret or hash, in constant time."""
    if stored_hash:
        return passwords.check_password(given, stored_hash)
    if secret is None:
        return False
    return hmac.compare_digest(given.encode(), secret.value.encode())


@dataclass(frozen=True)
class Transport:
    """Where mail comes from (inbox) or goes to (outbox)."""

    kind: str  # maildir | imap | smtp
    path: Path | None = None
    host: str = "localhost"
    port: int = 0
    security: str = "tls"  # tls | starttls | plain
    username: str = ""
    password: Secret | None = None
    ca_file: Path | None = None
    folder: str = "INBOX"
    processed_folder: str | None = None
    timeout: float = 60.0


@dataclass(frozen=True)
class Referee:
    address: str
    password: Secret | None = None
    password_hash: str = ""

    def check(self, password: str) -> bool:
        """Whether ``password`` is the referee's (constant time)."""
        return check_secret(password, self.password, self.password_hash)


@dataclass(frozen=True)
class Player:
    power: str
    address: str
    name: str = ""
    password: Secret | None = None  # from the config; hashed when the game starts
    password_hash: str = ""


@dataclass(frozen=True)
class DeadlineRule:
    """How long a phase of one kind lasts, optionally ending at a time of day."""

    duration: timedelta
    at: time | None = None


@dataclass(frozen=True)
class PressRules:
    allowed: bool = True
    grey: bool = False  # a sender may hide their name
    postal: bool = False  # press is held until the next results
    broadcast: bool = True  # press to ALL allowed
    referee_copies: bool = False


@dataclass(frozen=True)
class Game:
    """One game as the referee configured it; its play state lives in the database."""

    id: str
    ruleset: str
    variant: str
    name: str
    timezone: ZoneInfo
    players: tuple[Player, ...]
    deadlines: Mapping[str, DeadlineRule]
    options: Mapping[str, Any] = field(default_factory=dict)
    referee: Referee | None = None
    grace: timedelta = timedelta(hours=24)
    reminder: timedelta | None = timedelta(hours=12)
    early: str = "ready"  # ready | orders | never: when a phase may end before its deadline
    late_notice_to_others: bool = False
    nmr_limit: int = 3  # consecutive missed phases before civil disorder
    mass_nmr_share: float = 0.5  # more than this share missing: mail is broken, extend
    show_waiting: bool = True  # LIST names who has not ordered yet
    press: PressRules = PressRules()
    votes_public: bool = False
    absence_max_days: int = 14
    absence_max_count: int = 3
    absence_max_ahead_days: int = 90  # an absence must begin within this many days

    def player(self, power: str) -> Player | None:
        for player in self.players:
            if player.power.lower() == power.lower():
                return player
        return None

    def deadline_rule(self, kind: str) -> DeadlineRule:
        return self.deadlines.get(kind) or self.deadlines.get("default") or DeadlineRule(timedelta(hours=48))


@dataclass(frozen=True)
class Service:
    """The whole service: its mail, its folders, its referee and games."""

    path: Path
    address: str  # the game master's own address (replies come from it)
    name: str
    data_dir: Path
    archive_dir: Path
    inbox: Transport
    outbox: Transport
    referee: Referee | None
    games: tuple[Game, ...]
    stale_after: timedelta = timedelta(hours=6)
    max_message_bytes: int = 2_000_000
    send_attempts: int = 8
    mail_attempts: int = 3  # runs that try a mail whose handling failed, before it is left alone
    answers_per_hour: int = 20  # answers to one address in an hour; 0: no limit
    templates: Path | None = None  # the referee's own templates, found before the shipped ones

    @property
    def database(self) -> Path:
        return self.data_dir / "pbem.sqlite3"

    def game(self, game_id: str) -> Game | None:
        for game in self.games:
            if game.id == game_id.lower():
                return game
        return None

    def game_referee(self, game: Game) -> Referee | None:
        return game.referee or self.referee


class _Reader:
    """Walks the YAML tree, collecting problems with their key paths."""

    def __init__(self, path: Path):
        self.path = path
        self.problems: list[str] = []

    def problem(self, key: str, message: str) -> None:
        self.problems.append(f"{self.path}: {key}: {message}")

    def mapping(self, data: Any, key: str) -> dict[str, Any]:
        if data is None:
            return {}
        if not isinstance(data, dict):
            self.problem(key, "should be a mapping of names to values")
            return {}
        return data

    def unknown(self, data: Mapping[str, Any], key: str, allowed: set[str]) -> None:
        for name in data:
            if name not in allowed:
                self.problem(f"{key}.{name}", f"unknown setting; known: {', '.join(sorted(allowed))}")

    def text(self, data: Mapping[str, Any], name: str, key: str, default: str | None = None) -> str:
        value = data.get(name, default)
        if value is None:
            self.problem(f"{key}.{name}", "is required")
            return ""
        if not isinstance(value, str | int | float) or isinstance(value, bool):
            self.problem(f"{key}.{name}", "should be text")
            return ""
        return str(value)

    def secret(self, value: Any, key: str) -> Secret | None:
        if value is None:
            return None
        if isinstance(value, str | int):
            return Secret(str(value))
        if isinstance(value, dict) and set(value) == {"env"}:
            name = str(value["env"])
            if name not in os.environ:
                self.problem(key, f"environment variable {name} is not set")
                return None
            return Secret(os.environ[name])
        if isinstance(value, dict) and set(value) == {"file"}:
            file = self.resolve(str(value["file"]))
            try:
                return Secret(file.read_text(encoding="utf-8").strip())
            except OSError as error:
                self.problem(key, f"cannot read the secret file {file}: {error.strerror}")
                return None
        self.problem(key, "write a secret as text, {env: NAME} or {file: path}")
        return None

    def resolve(self, value: str) -> Path:
        path = Path(os.path.expanduser(value))
        return path if path.is_absolute() else (self.path.parent / path).resolve()

    def duration(self, value: Any, key: str, default: timedelta | None) -> timedelta | None:
        if value is None:
            return default
        try:
            return parse_duration(value)
        except ValueError as error:
            self.problem(key, str(error))
            return default

    def integer(self, data: Mapping[str, Any], name: str, key: str, default: int) -> int:
        value = data.get(name, default)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            self.problem(f"{key}.{name}", "should be a whole number, 0 or more")
            return default
        return value

    def flag(self, data: Mapping[str, Any], name: str, key: str, default: bool) -> bool:
        value = data.get(name, default)
        if not isinstance(value, bool):
            self.problem(f"{key}.{name}", "should be true or false")
            return default
        return value

    def address(self, data: Mapping[str, Any], name: str, key: str) -> str:
        value = self.text(data, name, key).strip().lower()
        if value and not _ADDRESS.match(value):
            self.problem(f"{key}.{name}", f"{value!r} is not a mail address")
        return value


def load(path: str | os.PathLike[str]) -> Service:
    """Read and check the service config at ``path``; ConfigError lists all problems."""
    path = Path(path).resolve()
    reader = _Reader(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ConfigError([f"{path}: cannot read: {error.strerror}"]) from None
    except yaml.YAMLError as error:
        raise ConfigError([f"{path}: not valid YAML: {error}"]) from None
    root = reader.mapping(data, "(top level)")
    reader.unknown(root, "(top level)", {"service", "games"})
    service = _service(reader, reader.mapping(root.get("service"), "service"), root)
    if reader.problems:
        raise ConfigError(reader.problems)
    return service


def _service(reader: _Reader, data: dict[str, Any], root: dict[str, Any]) -> Service:
    reader.unknown(
        data,
        "service",
        {
            "address",
            "name",
            "data_dir",
            "archive_dir",
            "inbox",
            "outbox",
            "referee",
            "stale_after",
            "max_message_bytes",
            "send_attempts",
            "mail_attempts",
            "answers_per_hour",
            "templates",
        },
    )
    data_dir = reader.resolve(reader.text(data, "data_dir", "service", "../var"))
    archive_dir = reader.resolve(reader.text(data, "archive_dir", "service", str(data_dir / "turns")))
    templates = None
    if data.get("templates") is not None:
        templates = reader.resolve(reader.text(data, "templates", "service", ""))
        if not templates.is_dir():
            reader.problem("service.templates", f"{templates} is not a folder")
    inbox = _transport(
        reader, data.get("inbox"), "service.inbox", {"maildir", "imap"}, data_dir / "mail/inbox"
    )
    outbox = _transport(
        reader, data.get("outbox"), "service.outbox", {"maildir", "smtp"}, data_dir / "mail/outbox"
    )
    referee = _referee(reader, data.get("referee"), "service.referee")
    games_data = root.get("games") or []
    if not isinstance(games_data, list):
        reader.problem("games", "should be a list of games")
        games_data = []
    games = tuple(_game(reader, game, f"games[{index}]") for index, game in enumerate(games_data))
    for index, game in enumerate(games):
        _check_setup(reader, game, f"games[{index}]")
    seen: set[str] = set()
    for index, game in enumerate(games):
        if game.id in seen:
            reader.problem(f"games[{index}].id", f"game id {game.id!r} is used twice")
        seen.add(game.id)
        if game.referee is None and referee is None:
            reader.problem(f"games[{index}]", "no referee: set service.referee or the game's referee")
    return Service(
        path=reader.path,
        address=reader.address(data, "address", "service"),
        name=reader.text(data, "name", "service", "pbem game master"),
        data_dir=data_dir,
        archive_dir=archive_dir,
        inbox=inbox,
        outbox=outbox,
        referee=referee,
        games=games,
        stale_after=reader.duration(data.get("stale_after"), "service.stale_after", timedelta(hours=6))
        or timedelta(hours=6),
        max_message_bytes=reader.integer(data, "max_message_bytes", "service", 2_000_000),
        send_attempts=reader.integer(data, "send_attempts", "service", 8),
        mail_attempts=reader.integer(data, "mail_attempts", "service", 3),
        answers_per_hour=reader.integer(data, "answers_per_hour", "service", 20),
        templates=templates,
    )


def _check_setup(reader: _Reader, game: Game, key: str) -> None:
    """Ask the game's ruleset whether it can start with these variant, powers and options."""
    from pbem.ruleset import REGISTRY, SetupError, get_ruleset

    if game.ruleset not in REGISTRY or not game.players:
        return
    try:
        ruleset = get_ruleset(game.ruleset)
    except ImportError as error:
        reader.problem(f"{key}.ruleset", f"ruleset {game.ruleset!r} is not available: {error}")
        return
    if game.variant not in ruleset.variants():
        reader.problem(
            f"{key}.variant",
            f"unknown variant {game.variant!r} of {game.ruleset}; known: {', '.join(ruleset.variants())}",
        )
        return
    try:
        ruleset.start(game.variant, [player.power for player in game.players], game.options, 0)
    except SetupError as error:
        reader.problem(f"{key}.players", str(error))


def _transport(reader: _Reader, value: Any, key: str, kinds: set[str], default_path: Path) -> Transport:
    data = reader.mapping(value if value is not None else {"transport": "maildir"}, key)
    reader.unknown(
        data,
        key,
        {
            "transport",
            "path",
            "host",
            "port",
            "security",
            "username",
            "password",
            "ca_file",
            "folder",
            "processed_folder",
            "timeout",
        },
    )
    kind = reader.text(data, "transport", key, "maildir")
    if kind not in kinds:
        reader.problem(f"{key}.transport", f"{kind!r} is not one of {', '.join(sorted(kinds))}")
    security = reader.text(data, "security", key, "tls")
    if security not in {"tls", "starttls", "plain"}:
        reader.problem(f"{key}.security", "should be tls, starttls or plain")
    default_port = {
        ("imap", "tls"): 993,
        ("imap", "starttls"): 143,
        ("imap", "plain"): 143,
        ("smtp", "tls"): 465,
        ("smtp", "starttls"): 587,
        ("smtp", "plain"): 25,
    }
    port = data.get("port", default_port.get((kind, security), 0))
    if not isinstance(port, int):
        reader.problem(f"{key}.port", "should be a port number")
        port = 0
    if kind in kinds and kind != "maildir" and "host" not in data:
        reader.problem(f"{key}.host", f"is required for {kind}")
    ca_file = data.get("ca_file")
    return Transport(
        kind=kind,
        path=reader.resolve(str(data["path"])) if data.get("path") else default_path,
        host=str(data.get("host", "localhost")),
        port=port,
        security=security,
        username=str(data.get("username", "")),
        password=reader.secret(data.get("password"), f"{key}.password"),
        ca_file=reader.resolve(str(ca_file)) if ca_file else None,
        folder=str(data.get("folder", "INBOX")),
        processed_folder=data.get("processed_folder"),
        timeout=float(data.get("timeout", 60)),
    )


def _referee(reader: _Reader, value: Any, key: str) -> Referee | None:
    if value is None:
        return None
    data = reader.mapping(value, key)
    reader.unknown(data, key, {"address", "password", "password_hash"})
    secret = reader.secret(data.get("password"), f"{key}.password")
    stored_hash = str(data.get("password_hash", ""))
    if stored_hash and not passwords.is_hash(stored_hash):
        reader.problem(f"{key}.password_hash", "should be a hash made by `pbem hash-password`")
    if secret is None and not stored_hash and "password" not in data:
        reader.problem(f"{key}.password", "is required (or password_hash)")
    return Referee(address=reader.address(data, "address", key), password=secret, password_hash=stored_hash)


def _game(reader: _Reader, value: Any, key: str) -> Game:
    from pbem.ruleset import REGISTRY

    data = reader.mapping(value, key)
    reader.unknown(
        data,
        key,
        {
            "id",
            "name",
            "ruleset",
            "variant",
            "options",
            "timezone",
            "players",
            "deadlines",
            "referee",
            "grace",
            "reminder",
            "early",
            "late_notice_to_others",
            "nmr_limit",
            "mass_nmr_share",
            "show_waiting",
            "press",
            "votes_public",
            "absence",
        },
    )
    game_id = reader.text(data, "id", key).lower()
    if game_id and not _GAME_ID.match(game_id):
        reader.problem(f"{key}.id", "use 1-31 letters, digits, '-' or '_', starting with a letter or digit")
    ruleset = reader.text(data, "ruleset", key)
    if ruleset and ruleset not in REGISTRY:
        reader.problem(f"{key}.ruleset", f"unknown ruleset {ruleset!r}; known: {', '.join(sorted(REGISTRY))}")
    zone_name = reader.text(data, "timezone", key, "UTC")
    try:
        zone = ZoneInfo(zone_name)
    except (ZoneInfoNotFoundError, ValueError):
        reader.problem(f"{key}.timezone", f"unknown time zone {zone_name!r}; write e.g. Europe/Paris")
        zone = ZoneInfo("UTC")
    deadlines: dict[str, DeadlineRule] = {}
    for kind, rule in reader.mapping(data.get("deadlines"), f"{key}.deadlines").items():
        rule_key = f"{key}.deadlines.{kind}"
        rule_data = rule if isinstance(rule, dict) else {"after": rule}
        reader.unknown(rule_data, rule_key, {"after", "at"})
        duration = reader.duration(rule_data.get("after"), rule_key, timedelta(hours=48))
        at = None
        if rule_data.get("at") is not None:
            try:
                at = parse_time_of_day(str(rule_data["at"]))
            except ValueError as error:
                reader.problem(f"{rule_key}.at", str(error))
        deadlines[str(kind)] = DeadlineRule(duration or timedelta(hours=48), at)
    players = []
    players_data = data.get("players") or []
    if not isinstance(players_data, list) or not players_data:
        reader.problem(f"{key}.players", "should list the players")
        players_data = []
    for index, player_value in enumerate(players_data):
        player_key = f"{key}.players[{index}]"
        player_data = reader.mapping(player_value, player_key)
        reader.unknown(player_data, player_key, {"power", "address", "name", "password", "password_hash"})
        players.append(
            Player(
                power=reader.text(player_data, "power", player_key),
                address=reader.address(player_data, "address", player_key),
                name=str(player_data.get("name", "")),
                password=reader.secret(player_data.get("password"), f"{player_key}.password"),
                password_hash=str(player_data.get("password_hash", "")),
            )
        )
        if player_data.get("password_hash") and not passwords.is_hash(str(player_data["password_hash"])):
            reader.problem(f"{player_key}.password_hash", "should be a hash made by `pbem hash-password`")
    powers = [player.power.lower() for player in players]
    for index, power in enumerate(powers):
        if power and powers.index(power) != index:
            reader.problem(f"{key}.players[{index}].power", f"power {power!r} is listed twice")
    early = reader.text(data, "early", key, "ready")
    if early not in {"ready", "orders", "never"}:
        reader.problem(f"{key}.early", "should be ready, orders or never")
    share = data.get("mass_nmr_share", 0.5)
    if not isinstance(share, int | float) or not 0 <= share <= 1:
        reader.problem(f"{key}.mass_nmr_share", "should be a share between 0 and 1, e.g. 0.5")
        share = 0.5
    press_data = reader.mapping(data.get("press"), f"{key}.press")
    reader.unknown(press_data, f"{key}.press", {"allowed", "grey", "postal", "broadcast", "referee_copies"})
    press = PressRules(
        **{
            name: reader.flag(press_data, name, f"{key}.press", getattr(PressRules(), name))
            for name in ("allowed", "grey", "postal", "broadcast", "referee_copies")
        }
    )
    absence = reader.mapping(data.get("absence"), f"{key}.absence")
    reader.unknown(absence, f"{key}.absence", {"max_days", "max_count", "max_ahead_days"})
    options = reader.mapping(data.get("options"), f"{key}.options")
    reminder = reader.duration(data.get("reminder"), f"{key}.reminder", timedelta(hours=12))
    if data.get("reminder") in (0, "0", False):
        reminder = None
    return Game(
        id=game_id,
        ruleset=ruleset,
        variant=reader.text(data, "variant", key, "standard"),
        name=reader.text(data, "name", key, game_id),
        timezone=zone,
        players=tuple(players),
        deadlines=deadlines,
        options=options,
        referee=_referee(reader, data.get("referee"), f"{key}.referee"),
        grace=reader.duration(data.get("grace"), f"{key}.grace", timedelta(hours=24)) or timedelta(0),
        reminder=reminder,
        early=early,
        late_notice_to_others=reader.flag(data, "late_notice_to_others", key, False),
        nmr_limit=reader.integer(data, "nmr_limit", key, 3),
        mass_nmr_share=float(share),
        show_waiting=reader.flag(data, "show_waiting", key, True),
        press=press,
        votes_public=reader.flag(data, "votes_public", key, False),
        absence_max_days=reader.integer(absence, "max_days", f"{key}.absence", 14),
        absence_max_count=reader.integer(absence, "max_count", f"{key}.absence", 3),
        absence_max_ahead_days=reader.integer(absence, "max_ahead_days", f"{key}.absence", 90),
    )
