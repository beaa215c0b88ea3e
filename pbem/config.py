"""The service's YAML configuration: loaded, checked, with secrets kept out of logs.

One file describes a service: where its mail comes from and goes to, where it
keeps its data, and its games. Relative paths are relative to the config
file's folder, so a cron job works whatever its current directory. Secrets
(passwords, mail credentials) are written inline, or as ``{env: NAME}`` or
``{file: path}``; they are held in ``Secret`` objects that print as ``***``.
Every key is declared once, in ``pbem.settings`` (pydantic models that also write the README's
key list). Every problem is reported at once, each with the file, the key and its line
(``config/pbem.yaml: games[0].players[2].address: ... (line 31)``). A problem inside one game's
entry sets that game aside (``Service.broken``) and the others run; any other problem stops the
service.
"""

from __future__ import annotations

import hmac
import os
from collections.abc import Callable, Mapping
from dataclasses import field, replace
from datetime import time, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pydantic
import yaml

from pbem import passwords, settings
from pbem.config_problems import LOADER, Location, Problems
from pbem.databases import database_target, sqlite_file
from pbem.deadlines import parse_duration, parse_time_of_day
from pbem.frozen import Frozen
from pbem.i18n import DEFAULT as DEFAULT_LANGUAGE
from pbem.mail.transport import ca_file_problem


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


class Transport(Frozen):
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
    timeout: float = 20.0


class Referee(Frozen):
    address: str
    password: Secret | None = None
    password_hash: str = ""

    def check(self, password: str) -> bool:
        """Whether ``password`` is the referee's (constant time)."""
        return check_secret(password, self.password, self.password_hash)


class Player(Frozen):
    power: str
    address: str
    name: str = ""
    password: Secret | None = None  # from the config; hashed when the game starts
    password_hash: str = ""
    site_dir: Path | None = None  # this power's own site, rebuilt after each phase
    site_url: str | None = None  # where the player reaches it


class DeadlineRule(Frozen):
    """How long a phase of one kind lasts, optionally ending at a time of day."""

    duration: timedelta
    at: time | None = None


class PressRules(Frozen):
    allowed: bool = True
    grey: bool = False  # a sender may hide their name
    postal: bool = False  # press is held until the next results
    broadcast: bool = True  # press to ALL allowed
    referee_copies: bool = False


class Game(Frozen):
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
    players_public: bool = True  # WHOGAME shows each power's player's address
    observe_password: Secret | None = None  # a private game: OBSERVE needs it
    mail_format: str = "html"  # html | text: players' mail, unless a player SET FORMAT
    map: str = "inline"  # inline | attached | off | link: a report's map, unless a player SET MAP
    bounced_nmr: str = "count"  # count | referee: whether a power whose mail bounces misses a phase
    press: PressRules = PressRules()
    votes_public: bool = False
    absence_max_days: int = 14
    absence_max_count: int = 3
    absence_max_ahead_days: int = 90  # an absence must begin within this many days
    approval: bool = False  # joins and takeovers by mail wait for the referee's APPROVE
    seats: int | None = None  # players of a game opened by mail, where the ruleset allows several
    muster: timedelta | None = None  # time to CONFIRM a seat; None: the service's judge.muster

    @property
    def language(self) -> str:
        """The language of the game's mail (``options: {language: fr}``; pbem.i18n)."""
        return str(self.options.get("language") or DEFAULT_LANGUAGE)

    def player(self, power: str) -> Player | None:
        for player in self.players:
            if player.power.lower() == power.lower():
                return player
        return None

    def deadline_rule(self, kind: str) -> DeadlineRule:
        return self.deadlines.get(kind) or self.deadlines.get("default") or DeadlineRule(timedelta(hours=48))


class Judge(Frozen):
    """The front door's policy: who opens games by mail, and the limits on joining."""

    create: str = "referee"  # referee | registered | anyone
    muster: timedelta = timedelta(hours=48)  # 0: seats need no CONFIRM
    games_per_address: int = 5
    joins_per_day: int = 5
    banned: tuple[str, ...] = ()
    stranger_answers_per_hour: int = 60

    def bans(self, address: str) -> bool:
        """Whether ``address`` (or its domain, listed as ``@domain``) is on the banned list."""
        address = address.lower()
        domain = "@" + address.rpartition("@")[2]
        return any(entry.lower() in (address, domain) for entry in self.banned)


class Service(Frozen):
    """The whole service: its mail, its folders, its referee and games."""

    path: Path
    address: str  # the game master's own address (replies come from it)
    name: str
    data_dir: Path
    store_target: Path | str  # what pbem.store.Store opens: the SQLite file, or PostgreSQL's URL
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
    return_path: str = "verp"  # verp | plain | an address tagged per recipient: pbem.mail.verp
    templates: Path | None = None  # the referee's own templates, found before the shipped ones
    site_dir: Path | None = None  # each game's public site, rebuilt after every phase
    site_url: str | None = None  # where readers reach site_dir; results mails link to it
    judge: Judge = Judge()
    #: the games a mailed CREATE may open: template id -> its keys (a game's, without players)
    game_templates: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: games whose entry has problems, set aside (not run): game id (or games[N]) -> the problems
    broken: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def database(self) -> Path:  # the SQLite file (on PostgreSQL: the one it would be)
        return sqlite_file(self.store_target, self.data_dir)

    def game(self, game_id: str) -> Game | None:
        return next((game for game in self.games if game.id == game_id.lower()), None)

    def game_referee(self, game: Game) -> Referee | None:
        return game.referee or self.referee


def load(path: str | os.PathLike[str]) -> Service:
    """Read and check the service config at ``path``.

    ConfigError lists every problem outside the games; a game with problems is left out of
    ``games`` and its problems are in ``broken``, so the other games still run.
    """
    path = Path(path).resolve()
    try:
        text = path.read_text(encoding="utf-8")
        data = yaml.load(text, Loader=LOADER)
    except OSError as error:
        raise ConfigError([f"{path}: cannot read: {error.strerror}"]) from None
    except yaml.YAMLError as error:
        raise ConfigError([f"{path}: not valid YAML: {error}"]) from None
    problems = Problems(path, text)
    service: Service | None = None
    try:
        root = settings.RootKeys.model_validate(data if data is not None else {})
    except pydantic.ValidationError as error:
        problems.from_pydantic(error, settings.RootKeys, ())
    else:
        service = _service(problems, root.service, path)
    entries = data.get("games") if isinstance(data, dict) else None
    entries = entries if isinstance(entries, list) else []
    service_data = data.get("service") if isinstance(data, dict) else None
    has_referee = (
        service.referee is not None
        if service
        else isinstance(service_data, dict) and bool(service_data.get("referee"))
    )
    has_site = service is None or bool(service.site_dir and service.site_url)  # for map: link
    games: list[Game] = []
    broken: dict[str, tuple[str, ...]] = {}
    for index, entry in enumerate(entries):
        alone = Problems(path, problems.text)
        game = _game(alone, entry, ("games", index), path, has_referee, {g.id for g in games}, has_site)
        if game is not None and not alone.found:
            games.append(game)
        else:
            name = entry.get("id") if isinstance(entry, dict) else None
            broken[str(name).lower() if name else f"games[{index}]"] = tuple(alone.found)
    templates = data.get("game_templates") if isinstance(data, dict) else None
    game_templates: dict[str, Mapping[str, Any]] = {}
    for index, entry in enumerate(templates if isinstance(templates, list) else []):
        template = _game(
            problems, entry, ("game_templates", index), path, True, set(game_templates), template=True
        )
        if template is not None and isinstance(entry, dict):
            game_templates[template.id] = entry
    if problems.found or service is None:  # the service itself is wrong: say everything, run nothing
        raise ConfigError(problems.found + [found for listed in broken.values() for found in listed])
    return replace(service, games=tuple(games), broken=broken, game_templates=game_templates)


def stored_game(entry: Mapping[str, Any], path: Path) -> Game:
    """A game opened by mail, from the keys kept with it (pbem.store.lobby): checked as a config
    entry is, so that one way loads a game whichever made it. ConfigError if it no longer passes."""
    problems = Problems(path, "")  # kept in the database: no lines to name
    game = _game(problems, dict(entry), ("open game", str(entry.get("id"))), path, True, set(), template=True)
    if game is None or problems.found:
        raise ConfigError(problems.found or [f"game {entry.get('id')!r} cannot be read"])
    return game


def _resolver(path: Path) -> Callable[[str], Path]:
    def resolve(value: str) -> Path:
        where = Path(os.path.expanduser(value))
        return where if where.is_absolute() else (path.parent / where).resolve()

    return resolve


def _secret(problems: Problems, value: Any, loc: Location, resolve: Callable[[str], Path]) -> Secret | None:
    if value is None:
        return None
    if isinstance(value, str):
        return Secret(value)
    if "env" in value:
        if value["env"] not in os.environ:
            problems.add(loc, f"environment variable {value['env']} is not set")
            return None
        return Secret(os.environ[value["env"]])
    file = resolve(value["file"])
    try:
        return Secret(file.read_text(encoding="utf-8").strip())
    except OSError as error:
        problems.add(loc, f"cannot read the secret file {file}: {error.strerror}")
        return None


def _service(problems: Problems, keys: settings.ServiceKeys, path: Path) -> Service:
    resolve = _resolver(path)
    data_dir = resolve(keys.data_dir)
    templates = resolve(keys.templates) if keys.templates is not None else None
    if templates is not None and not templates.is_dir():
        problems.add(("service", "templates"), f"{templates} is not a folder")
    inbox = _transport(
        problems, keys.inbox, ("service", "inbox"), {"maildir", "imap"}, data_dir / "mail/inbox", resolve
    )
    outbox = _transport(
        problems, keys.outbox, ("service", "outbox"), {"maildir", "smtp"}, data_dir / "mail/outbox", resolve
    )
    password = _secret(problems, keys.database_password, ("service", "database_password"), resolve)
    return Service(
        path=path,
        store_target=database_target(keys.database, data_dir, password.value if password else None),
        address=keys.address,
        name=keys.name,
        data_dir=data_dir,
        archive_dir=resolve(keys.archive_dir) if keys.archive_dir else data_dir / "turns",
        inbox=inbox,
        outbox=outbox,
        referee=_referee(problems, keys.referee, ("service", "referee"), resolve),
        games=(),
        stale_after=parse_duration(keys.stale_after) or timedelta(hours=6),
        max_message_bytes=keys.max_message_bytes,
        send_attempts=keys.send_attempts,
        mail_attempts=keys.mail_attempts,
        answers_per_hour=keys.answers_per_hour,
        return_path=keys.return_path,
        templates=templates,
        site_dir=resolve(keys.site_dir) if keys.site_dir else None,
        site_url=keys.site_url,
        judge=Judge(
            create=keys.judge.create,
            muster=parse_duration(keys.judge.muster) or timedelta(0),
            games_per_address=keys.judge.games_per_address,
            joins_per_day=keys.judge.joins_per_day,
            banned=tuple(keys.judge.banned),
            stranger_answers_per_hour=keys.judge.stranger_answers_per_hour,
        ),
    )


#: the port of each mail protocol and security when the config names none
DEFAULT_PORTS = {
    ("imap", "tls"): 993,
    ("imap", "starttls"): 143,
    ("imap", "plain"): 143,
    ("smtp", "tls"): 465,
    ("smtp", "starttls"): 587,
    ("smtp", "plain"): 25,
}


def _transport(
    problems: Problems,
    keys: settings.MailKeys | None,
    loc: Location,
    kinds: set[str],
    default_path: Path,
    resolve: Callable[[str], Path],
) -> Transport:
    keys = keys or settings.MailKeys.model_validate({})
    if keys.transport not in kinds:
        problems.add((*loc, "transport"), f"{keys.transport!r} is not one of {', '.join(sorted(kinds))}")
    if keys.transport != "maildir" and keys.host is None:
        problems.add((*loc, "host"), f"is required for {keys.transport}")
    ca_file = resolve(keys.ca_file) if keys.ca_file else None
    unusable = ca_file_problem(ca_file) if ca_file else ""
    if unusable:
        problems.add(
            (*loc, "ca_file"),
            f"{unusable}; ca_file names the PEM file of the server's "
            "certificate, or of the CA that signed it",
        )
    return Transport(
        kind=keys.transport,
        path=resolve(keys.path) if keys.path else default_path,
        host=keys.host or "localhost",
        port=keys.port if keys.port is not None else DEFAULT_PORTS.get((keys.transport, keys.security), 0),
        security=keys.security,
        username=keys.username,
        password=_secret(problems, keys.password, (*loc, "password"), resolve),
        ca_file=ca_file,
        folder=keys.folder,
        processed_folder=keys.processed_folder,
        timeout=keys.timeout,
    )


def _referee(
    problems: Problems, keys: settings.RefereeKeys | None, loc: Location, resolve: Callable[[str], Path]
) -> Referee | None:
    if keys is None:
        return None
    if keys.password_hash and not passwords.is_hash(keys.password_hash):
        problems.add((*loc, "password_hash"), "should be a hash made by `pbem hash-password`")
    if keys.password is None and not keys.password_hash:
        problems.add((*loc, "password"), "is required (or password_hash)")
    secret = _secret(problems, keys.password, (*loc, "password"), resolve)
    return Referee(address=keys.address, password=secret, password_hash=keys.password_hash)


def _game(
    problems: Problems,
    entry: Any,
    loc: Location,
    path: Path,
    has_referee: bool,
    taken: set[str],
    has_site: bool = True,
    template: bool = False,
) -> Game | None:
    """One game's entry, checked alone: its problems stop only this game. A ``template`` (or a
    game opened by mail, before its players join) may name no players."""
    try:
        keys = settings.GameKeys.model_validate(entry, context={"has_site": has_site})
    except pydantic.ValidationError as error:
        problems.from_pydantic(error, settings.GameKeys, loc)
        return None
    resolve = _resolver(path)
    if keys.id in taken:
        problems.add((*loc, "id"), f"game id {keys.id!r} is used twice")
    if not keys.players and not template:
        problems.add((*loc, "players"), "is required: one entry per power")
    players = []
    for index, player in enumerate(keys.players):
        at = (*loc, "players", index)
        if player.password_hash and not passwords.is_hash(player.password_hash):
            problems.add((*at, "password_hash"), "should be a hash made by `pbem hash-password`")
        players.append(
            Player(
                power=player.power,
                address=player.address,
                name=player.name,
                password=_secret(problems, player.password, (*at, "password"), resolve),
                password_hash=player.password_hash,
                site_dir=resolve(player.site_dir) if player.site_dir else None,
                site_url=player.site_url,
            )
        )
    powers = [player.power.lower() for player in players]
    for index, power in enumerate(powers):
        if powers.index(power) != index:
            problems.add((*loc, "players", index, "power"), f"power {power!r} is listed twice")
    referee = _referee(problems, keys.referee, (*loc, "referee"), resolve)
    if referee is None and not has_referee:
        problems.add(loc, "no referee: set service.referee or the game's referee")
    game = Game(
        id=keys.id,
        ruleset=keys.ruleset,
        variant=keys.variant,
        name=keys.name or keys.id,
        timezone=ZoneInfo(keys.timezone),
        players=tuple(players),
        deadlines={
            kind: DeadlineRule(
                parse_duration(rule.after) or timedelta(hours=48),
                parse_time_of_day(rule.at) if rule.at is not None else None,
            )
            for kind, rule in keys.deadlines.items()
        },
        options=keys.options,
        referee=referee,
        grace=parse_duration(keys.grace) or timedelta(0),
        reminder=parse_duration(keys.reminder) or None,
        early=keys.early,
        late_notice_to_others=keys.late_notice_to_others,
        nmr_limit=keys.nmr_limit,
        mass_nmr_share=keys.mass_nmr_share,
        show_waiting=keys.show_waiting,
        players_public=keys.players_public,
        observe_password=_secret(problems, keys.observe_password, (*loc, "observe_password"), resolve),
        mail_format=keys.mail_format,
        map=keys.map,
        bounced_nmr=keys.bounced_nmr,
        press=PressRules(**keys.press.model_dump()),
        votes_public=keys.votes_public,
        absence_max_days=keys.absence.max_days,
        absence_max_count=keys.absence.max_count,
        absence_max_ahead_days=keys.absence.max_ahead_days,
        approval=keys.approval,
        seats=keys.seats,
        muster=parse_duration(keys.muster) if keys.muster is not None else None,
    )
    _check_setup(problems, game, loc)
    return game


def _check_setup(problems: Problems, game: Game, loc: Location) -> None:
    """Ask the game's ruleset whether it can start with these variant, powers and options."""
    from pbem.ruleset import REGISTRY, SetupError, get_ruleset

    if game.ruleset not in REGISTRY:
        return
    try:
        ruleset = get_ruleset(game.ruleset)
    except ImportError as error:
        problems.add((*loc, "ruleset"), f"ruleset {game.ruleset!r} is not available: {error}")
        return
    if game.variant not in ruleset.variants():
        problems.add(
            (*loc, "variant"),
            f"unknown variant {game.variant!r} of {game.ruleset}; known: {', '.join(ruleset.variants())}",
        )
        return
    try:
        if game.players:
            ruleset.start(game.variant, [player.power for player in game.players], game.options, 0)
        else:  # a template, or a game opened by mail that no one has joined: its seats must exist
            ruleset.seat_names(game.variant, game.options, game.seats)
    except SetupError as error:
        problems.add((*loc, "players" if game.players else "seats"), str(error))
