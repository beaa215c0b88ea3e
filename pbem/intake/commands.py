"""The Judge's mail language: split a mail's text into commands and order lines.

Players who have used the Diplomacy Judge write ``SIGNON``, ``LIST``,
``PRESS TO ... ENDPRESS`` and so on; every other line is an order for the
game's ruleset to read. Pure: text in, a ``Mail`` out. Line numbers are the
numbers of the lines of the text given (after quotes were blanked), so the
reply can point at what the player wrote.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import timedelta

from pbem.deadlines import parse_duration, parse_wall_clock
from pbem.frozen import Frozen
from pbem.i18n import N_, Message, _
from pbem.intake.powers import unquote
from pbem.mail.message import ADDRESS

#: the commands a player may send, with how to write them (for HELP and hints)
PLAYER_COMMANDS = {
    "SIGNON": "SIGNON <power> <game> <password>",
    "LIST": "LIST",
    "HISTORY": "HISTORY [n]",
    "PRESS": "PRESS TO <powers|ALL> [GREY] ... ENDPRESS",
    "BROADCAST": "BROADCAST ... ENDPRESS",
    "READY": "READY",
    "NOT READY": "NOT READY",
    "DRAW": "DRAW GAME (or VOTE DRAW, or DRAW alone; NO DRAW withdraws it)",
    "CONCEDE": "CONCEDE <power> (or NO CONCEDE)",
    "SET ABSENCE": "SET ABSENCE <yyyy-mm-dd> TO <yyyy-mm-dd>",
    "WHOGAME": "WHOGAME",
    "SUMMARY": "SUMMARY",
    "GET MAP": "GET MAP",
    "SET PASSWORD": "SET PASSWORD <new password>",
    "SET ADDRESS": "SET ADDRESS <new address>",
    "SET MAP": "SET MAP INLINE|ATTACHED|OFF|LINK (the map in your reports: shown, attached, none, "
    "or a link to the game's site)",
    "SET FORMAT": "SET FORMAT TEXT|HTML (your mail as plain text only, or with HTML)",
    "CONFIRM ADDRESS": "CONFIRM ADDRESS <code>",
    "RESIGN": "RESIGN",
    "HELP": "HELP (or AIDE, HELP CARDS: with every card's text)",
    "SIGNOFF": "SIGNOFF [<game>] (ends your mail; SIGNOFF <game> also stops observing it)",
}
#: the front door: what anyone may send, signed on or not (pbem.intake.frontdoor)
FRONT_DOOR_COMMANDS = {
    "LIST": "LIST [<game>]",
    "CREATE": "CREATE ?<game> <password> [<template>]",
    "JOIN": "SIGNON ?<game> <password> (or JOIN <game> <password>; SIGNON ? <password> [<kind>]: the next)",
    "SET PREFERENCE": "SET PREFERENCE <powers, best first: E[FGR][TAI] or England, France...> (* for none)",
    "CONFIRM": "CONFIRM [<game>]",
    "OBSERVE": "OBSERVE <game> [<password>: a private game's]",
    "UNOBSERVE": "UNOBSERVE <game> (or SIGNOFF <game>)",
    "SIGNOFF": "SIGNOFF <game> (an observer's: as UNOBSERVE <game>)",
    "STANDBY": "STANDBY [<game>|ANY]",
    "NO STANDBY": "NO STANDBY [<game>|ANY]",
    "TAKEOVER": "TAKEOVER <power> <game> <password>",
}
REFEREE_COMMANDS = {
    "PROCESS": "PROCESS",
    "EXTEND": "EXTEND <duration> (36h, 2d, 1d 12h)",
    "PAUSE": "PAUSE",
    "RESUME": "RESUME",
    "REPLACE": "REPLACE <power> <address>",
    "ROLLBACK": "ROLLBACK <phase>",
    "OPTION": "OPTION <name> <value>",
    "APPROVE": "APPROVE <address>",
    "DENY": "DENY <address>",
    "FORCE BEGIN": "FORCE BEGIN",
}


def offered(cards: bool) -> dict[str, str]:
    """The player's commands as HELP and the welcome list them: HELP CARDS only in a card game."""
    return PLAYER_COMMANDS if cards else {**PLAYER_COMMANDS, "HELP": "HELP"}


def usage(name: str) -> Message:
    """How to write command ``name``, as a message (the catalogues translate the usages)."""
    return Message(PLAYER_COMMANDS.get(name) or FRONT_DOOR_COMMANDS.get(name) or REFEREE_COMMANDS[name])


def write_it_as(name: str) -> Message:
    return _("write it as: {usage}", usage=usage(name))


#: what a mail is read to, far beyond any player's (the longest order lines of the five games
#: have some 160 characters and 26 words; a Diplomacy player with 18 units writes 18 orders):
#: no mail may stall a run, and the reader of a line costs more the longer it is
MAX_ORDER_LINES = 500
MAX_COMMANDS = 100
MAX_LINE_CHARS = 1_000
MAX_LINE_WORDS = 100

#: HISTORY sends at most this many reports; EXTEND moves a deadline by at most this many hours
MAX_HISTORY = 20
MAX_EXTEND_HOURS = 24 * 90

# Arguments are checked here, where the command is read, so that the code acting on a
# command gets only values it can use: ASCII digits (str.isdigit() also accepts "²"),
# dates that exist, and counts and hours within bounds.
_COUNT = re.compile(r"[0-9]{1,6}")
_HOURS = re.compile(r"[0-9]{1,6}(\.[0-9]{1,3})?")

# Unicode a mail program may put where a player typed ASCII.
_ASCII = str.maketrans(
    {
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2212": "-",
        "\u2192": "->",
        "\u2018": "'",
        "\u2019": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u00a0": " ",
        "\u200b": "",
        "\ufeff": "",
        # line breaks other than "\n" (str.splitlines knows them): rulesets see "\n" only
        "\r": "",
        "\x0b": " ",
        "\x0c": " ",
        "\x1c": " ",
        "\x1d": " ",
        "\x1e": " ",
        "\x85": " ",
        "\u2028": " ",
        "\u2029": " ",
    }
)


class Command(Frozen):
    """One command line (or block, for press) of a mail."""

    name: str  # upper case, e.g. "LIST", "PRESS", "NOT READY"
    args: tuple[str, ...]
    line: int
    text: str
    body: str = ""  # the press message for PRESS/BROADCAST
    error: str = ""  # why the command is malformed, with how to write it (a pbem.i18n Message)


class SignOn(Frozen):
    power: str
    game: str
    password: str
    line: int


@dataclass
class Mail:
    """A mail's text, read: its sign-on, its commands, and its order text."""

    signon: SignOn | None = None
    commands: list[Command] = field(default_factory=list)
    #: the order lines, each at its own line number; everything else blanked
    order_text: str = ""
    signoff_line: int | None = None
    #: the last line a sign-on or command took (a press takes up to its ENDPRESS), or 0
    last_command_line: int = 0
    #: what was not read for its size, and why: one sentence each (pbem.i18n Messages)
    unread: list[str] = field(default_factory=list)

    def has_orders(self) -> bool:
        return bool(self.order_text.strip())

    def named(self, name: str) -> list[Command]:
        return [command for command in self.commands if command.name == name]


def normalise(text: str) -> str:
    """Dashes, arrows, quotes and odd spaces from mail programs made ASCII, and every
    line break made "\n", so that line numbers mean the same to everyone."""
    return text.translate(_ASCII)


# the power may have several words, quoted or not: "SIGNON Genghis Khan g1 secret"
_SIGNON = re.compile(r"^SIGN\s*ON\s+(\S.*?)\s+(\S+)\s+(\S+)\s*$", re.IGNORECASE)
_SIGNON_PAIRS = re.compile(
    r"\b(GAME|POWER|PASSWORD)\s*[:=]?\s+(.+?)(?=\s+(?:GAME|POWER|PASSWORD)\b|\s*$)", re.IGNORECASE
)


def read_mail(text: str) -> Mail:
    """Split ``text`` into a Mail. Never raises on player input.

    A line longer than ``MAX_LINE_CHARS`` or ``MAX_LINE_WORDS`` is not read, nor an order line
    after the first ``MAX_ORDER_LINES``, nor a command after the first ``MAX_COMMANDS`` (each
    may cost a report or the help); ``Mail.unread`` says so, and the rest is read."""
    lines = normalise(text).split("\n")
    mail = Mail()
    order_lines = [""] * len(lines)
    pairs: dict[str, tuple[str, int]] = {}
    too_long: list[int] = []
    beyond: list[int] = []  # order lines after the first MAX_ORDER_LINES
    orders = 0
    index = 0
    while index < len(lines):
        number, line = index + 1, lines[index].strip()
        index += 1
        if not line:
            continue
        if len(line) > MAX_LINE_CHARS or len(line.split(maxsplit=MAX_LINE_WORDS)) > MAX_LINE_WORDS:
            too_long.append(number)
            continue
        words = line.split()
        head = words[0].upper()
        upper = line.upper()
        leaving = _sign_off(words, number, line)
        if leaving is not None:
            mail.signoff_line = number
            if leaving.args:
                mail.commands.append(leaving)
                mail.last_command_line = number
            break
        joining = _joining(words, number, line)
        if joining is not None:
            mail.commands.append(joining)
            mail.last_command_line = number
            continue
        if head in {"SIGNON", "SIGN"}:
            mail.last_command_line = number
            match = _SIGNON.match(line)
            if match:
                mail.signon = SignOn(unquote(match[1]), match[2], match[3], number)
            else:
                mail.commands.append(
                    Command(
                        "SIGNON",
                        tuple(words[1:]),
                        number,
                        line,
                        error=write_it_as("SIGNON"),
                    )
                )
            continue
        found = _SIGNON_PAIRS.findall(line)
        if found and head.rstrip(":=") in {"GAME", "POWER", "PASSWORD"}:
            mail.last_command_line = number
            for key, value in found:
                pairs[key.upper()] = (unquote(value), number)
            continue
        if upper in {"END", "ENDORDERS"}:
            mail.signoff_line = number
            break
        if head in {"PRESS", "BROADCAST"}:
            body, index, closed = _press_body(lines, index)
            args = tuple(words[1:])
            error: str = ""
            if not closed:
                error = _("the press has no ENDPRESS line; everything after it was read as press")
            if head == "PRESS" and (len(args) < 2 or args[0].upper() != "TO"):
                error = write_it_as("PRESS")
            mail.commands.append(Command(head, args, number, line, body=body, error=error))
            mail.last_command_line = index
            continue
        command = _simple_command(words, number, line)
        if command is not None:
            mail.commands.append(command)
            mail.last_command_line = number
            continue
        orders += 1
        if orders > MAX_ORDER_LINES:
            beyond.append(number)
            continue
        order_lines[number - 1] = lines[number - 1]
    mail.unread = _unread(too_long, beyond)
    if len(mail.commands) > MAX_COMMANDS:
        first = mail.commands[MAX_COMMANDS].line
        del mail.commands[MAX_COMMANDS:]
        mail.unread.append(
            _(
                "Commands from line {line} on were not acted on: a mail is read to its first "
                "{most} commands.",
                line=first,
                most=MAX_COMMANDS,
            )
        )
    if pairs and mail.signon is None:
        if {"GAME", "POWER", "PASSWORD"} <= set(pairs):
            mail.signon = SignOn(pairs["POWER"][0], pairs["GAME"][0], pairs["PASSWORD"][0], pairs["GAME"][1])
        else:
            first = min(line for _, line in pairs.values())
            mail.commands.append(
                Command(
                    "SIGNON",
                    (),
                    first,
                    "",
                    error=_("the sign-on needs all three of GAME, POWER and PASSWORD"),
                )
            )
    mail.order_text = "\n".join(order_lines)
    return mail


def _unread(too_long: list[int], beyond: list[int]) -> list[str]:
    """The sentences that say which lines were not read for their size, and why."""
    unread: list[str] = []
    if too_long:
        unread.append(
            N_(
                "{n} line longer than {chars} characters or {words} words was not read, "
                "as no order is so long (it is line {line}).",
                "{n} lines longer than {chars} characters or {words} words were not read, "
                "as no order is so long (the first is line {line}).",
                n=len(too_long),
                chars=MAX_LINE_CHARS,
                words=MAX_LINE_WORDS,
                line=too_long[0],
            )
        )
    if beyond:
        unread.append(
            _(
                "Lines {first} to {last} were not read as orders: a mail is read to its first "
                "{most} lines of orders.",
                first=beyond[0],
                last=beyond[-1],
                most=MAX_ORDER_LINES,
            )
        )
    return unread


def _press_body(lines: list[str], index: int) -> tuple[str, int, bool]:
    """The press text from ``index`` up to ENDPRESS; the index after it; closed?"""
    body: list[str] = []
    while index < len(lines):
        line = lines[index]
        index += 1
        if line.strip().upper() in {"ENDPRESS", "END PRESS"}:
            return "\n".join(body).strip("\n"), index, True
        body.append(line.rstrip())
    return "\n".join(body).strip("\n"), index, False


def _sign_off(words: list[str], number: int, line: str) -> Command | None:
    """``SIGNOFF`` or ``SIGN OFF``: the mail ends here, as the Judge's did. With one word after it
    (``SIGNOFF club``, ``SIGNOFF ?club``) it is also a command for that game: an observer's
    observation ends (pbem.judge.watchers.sign_off). Other words after it ('SIGNOFF, see you
    all') are the writer's own."""
    upper = [word.upper().rstrip(".,;:!") for word in words]  # 'Signoff.', 'Sign off,'
    if upper[0] == "SIGNOFF":
        said = 1
    elif upper[:2] == ["SIGN", "OFF"]:
        said = 2
    else:
        return None
    rest, stop = words[said:], words[said - 1][-1] in ".,;:!"
    game = rest[0].lstrip("?").rstrip(".,;:!") if len(rest) == 1 and not stop else ""
    return Command("SIGNOFF", (game,) if game else (), number, line)


def _joining(words: list[str], number: int, line: str) -> Command | None:
    """``SIGNON ?game password`` (the Judge's), ``SIGN ON ?game password``, ``SIGNON ? password``
    and ``JOIN game password``: a seat in a forming game. The password is never echoed."""
    upper = [word.upper() for word in words]
    if upper[:2] == ["SIGN", "ON"]:
        words, upper = ["SIGNON", *words[2:]], ["SIGNON", *upper[2:]]
    if upper[0] == "SIGNON" and len(words) >= 2 and words[1].startswith("?"):
        rest = [words[1][1:] or "?", *words[2:]] if words[1] != "?" else ["?", *words[2:]]
    elif upper[0] == "JOIN":
        rest = words[1:]
    else:
        return None
    game = rest[0].lstrip("?") or "?"
    if len(rest) == 3 and game == "?":  # SIGNON ? password kind: the next forming game of a kind
        said = line.split()
        return Command("JOIN", (game, rest[1], rest[2]), number, " ".join([*said[:-2], "********", said[-1]]))
    if len(rest) != 2:
        return Command("JOIN", tuple(rest[:1]), number, "JOIN", error=write_it_as("JOIN"))
    shown = " ".join([*line.split()[: len(line.split()) - 1], "********"])
    return Command("JOIN", (game, rest[1]), number, shown)


def _front_door(words: list[str], upper: list[str], number: int, line: str) -> Command | None:
    """CREATE, SET PREFERENCE, CONFIRM, OBSERVE, UNOBSERVE, STANDBY, NO STANDBY, TAKEOVER, and the
    referee's APPROVE, DENY and FORCE BEGIN. (A seat in a forming game is left with RESIGN: a word
    like WITHDRAW is a game's order, Invincible!'s among them.)"""
    head = upper[0]
    if head == "CREATE":
        if len(words) in (3, 4) and words[1].startswith("?") and len(words[1]) > 1:
            shown = " ".join([words[0], words[1], "********", *words[3:]])
            return Command(head, (words[1][1:], words[2], *words[3:]), number, shown)
        return Command(head, (), number, "CREATE", error=write_it_as(head))
    if upper[:2] == ["SET", "PREFERENCE"] or upper[:2] == ["SET", "PREFERENCES"]:
        if len(words) > 2:
            return Command("SET PREFERENCE", (" ".join(words[2:]),), number, line)
        return _written_wrong("SET PREFERENCE", words, number, line)
    if upper[:2] == ["FORCE", "BEGIN"] or upper[:2] == ["FORCE", "START"]:
        return Command("FORCE BEGIN", tuple(words[2:3]), number, line)
    if upper[:2] == ["NO", "STANDBY"]:
        return Command("NO STANDBY", tuple(words[2:3]) or ("ANY",), number, line)
    if head in {"CONFIRM", "STANDBY"} and len(words) <= 2:
        return Command(head, tuple(words[1:2]) or (("ANY",) if head == "STANDBY" else ()), number, line)
    if head in {"OBSERVE", "WATCH", "UNOBSERVE", "UNWATCH"}:
        name = "UNOBSERVE" if head.startswith("UN") else "OBSERVE"
        if len(words) == 2 or (name == "OBSERVE" and len(words) == 3):  # a private game's password
            return Command(name, tuple(words[1:]), number, " ".join([*words[:2], "********"][: len(words)]))
        return _written_wrong(name, words, number, line)
    if head in {"APPROVE", "DENY"}:
        if len(words) == 2 and ADDRESS.fullmatch(words[1]):
            return Command(head, (words[1].lower(),), number, line)
        return _written_wrong(head, words, number, line)
    if head == "TAKEOVER":
        if len(words) >= 4:
            shown = " ".join([*words[:-1], "********"])
            return Command(head, (unquote(" ".join(words[1:-2])), words[-2], words[-1]), number, shown)
        return Command(head, (), number, "TAKEOVER", error=write_it_as(head))
    return None


#: READY in French ("Prêt", "Prête", accents optional, as the Invictus orders read)
_PRET = ("PRÊT", "PRET", "PRÊTE", "PRETE")
#: commands that take nothing after them
_BARE = {"READY", "HELP", "DRAW", "PROCESS", "PAUSE", "RESUME", "WHOGAME", "SUMMARY", "RESIGN"}


def _written_wrong(head: str, words: list[str], number: int, line: str) -> Command:
    """The command as sent, refused with the form it takes."""
    return Command(head, tuple(words[1:]), number, line, error=write_it_as(head))


def _simple_command(words: list[str], number: int, line: str) -> Command | None:
    upper = [word.upper() for word in words]
    head = upper[0]
    if len(upper) == 1 and head.rstrip(".!") in _PRET:  # a French game's players write "Prêt"
        return Command("READY", (), number, line)
    if (
        upper[:2] == ["NOT", "READY"]
        or head in {"NOTREADY", "UNREADY"}
        or (len(upper) == 2 and head == "PAS" and upper[1] in _PRET)
    ):
        return Command("NOT READY", (), number, line)
    if upper[:2] == ["NO", "DRAW"] or head == "NODRAW":
        return Command("NO DRAW", (), number, line)
    if upper in (["DRAW", "GAME"], ["VOTE", "DRAW"]):
        return Command("DRAW", (), number, line)
    if head == "DRAW" and len(words) > 1:
        return None  # "DRAW 3 Focus, 2 Manifest": a card game's draw, for its ruleset to read
    if upper[:2] == ["NO", "CONCEDE"]:
        return Command("NO CONCEDE", (), number, line)
    if upper[:2] == ["SET", "ABSENCE"]:
        rest = words[2:]
        upper_rest = [word.upper() for word in rest]
        if "TO" in upper_rest:
            split = upper_rest.index("TO")
            start, end = " ".join(rest[:split]), " ".join(rest[split + 1 :])
            if start and end:
                try:
                    parse_wall_clock(start), parse_wall_clock(end)
                except ValueError as error:  # pbem.deadlines says why in a message
                    return Command("SET ABSENCE", (start, end), number, line, error=error.args[0])
                return Command("SET ABSENCE", (start, end), number, line)
        return Command(
            "SET ABSENCE",
            tuple(rest),
            number,
            line,
            error=write_it_as("SET ABSENCE"),
        )
    if head in {"HELP", "AIDE"} and upper[1:] in ([], ["CARDS"], ["CARTES"]):
        return Command("HELP", tuple(words[1:]), number, line)  # the help carries the card catalogue
    seat = _seat_command(words, number, line)
    if seat is not None:
        return seat
    front_door = _front_door(words, upper, number, line)
    if front_door is not None:
        return front_door
    if head == "LIST":
        if len(words) <= 2:
            return Command(head, tuple(words[1:]), number, line)
        return _written_wrong(head, words, number, line)
    if head in _BARE:
        if len(words) > 1:
            extra = _("{command} takes nothing after it", command=head)
            return Command(head, tuple(words[1:]), number, line, error=extra)
        return Command(head, (), number, line)
    if head == "HISTORY":
        if len(words) == 1:
            return Command(head, (), number, line)
        if len(words) == 2 and _COUNT.fullmatch(words[1]):
            if not 1 <= int(words[1]) <= MAX_HISTORY:
                return Command(
                    head,
                    (words[1],),
                    number,
                    line,
                    error=_("HISTORY sends from 1 to {most} reports", most=MAX_HISTORY),
                )
            return Command(head, (words[1],), number, line)
        return _written_wrong(head, words, number, line)
    if head == "CONCEDE":
        if len(words) >= 2:
            return Command(head, (unquote(" ".join(words[1:])),), number, line)
        return _written_wrong(head, words, number, line)
    if head == "EXTEND":
        given = " ".join(words[1:])
        added = extension(given) if given else None
        if added is not None:
            if not timedelta(0) < added <= timedelta(hours=MAX_EXTEND_HOURS):
                too_long = _(
                    "EXTEND takes at most {hours} hours; PAUSE stops the clock", hours=MAX_EXTEND_HOURS
                )
                return Command(head, (given,), number, line, error=too_long)
            return Command(head, (given,), number, line)
        return _written_wrong(head, words, number, line)
    if head == "REPLACE":
        if len(words) >= 3 and ADDRESS.fullmatch(words[-1]):
            return Command(head, (unquote(" ".join(words[1:-1])), words[-1]), number, line)
        return _written_wrong(head, words, number, line)
    if head == "OPTION":
        if len(words) == 3:
            return Command(head, (words[1], words[2]), number, line)
        return _written_wrong(head, words, number, line)
    if head == "ROLLBACK":
        if len(words) == 2:
            return Command(head, (words[1],), number, line)
        return _written_wrong(head, words, number, line)
    return None


#: a player's own mail settings and the values each takes (pbem.turns.players)
MAIL_SETTINGS = {"SET MAP": ("INLINE", "ATTACHED", "OFF", "LINK"), "SET FORMAT": ("TEXT", "HTML")}


def _seat_command(words: list[str], number: int, line: str) -> Command | None:
    """GET MAP, SET PASSWORD, SET ADDRESS, CONFIRM ADDRESS, SET MAP, SET FORMAT: two words and
    what follows."""
    name = " ".join(word.upper() for word in words[:2])
    if name not in {"GET MAP", "SET PASSWORD", "SET ADDRESS", "CONFIRM ADDRESS", "SET MAP", "SET FORMAT"}:
        return None
    args = tuple(words[2:])
    shown = "SET PASSWORD ********" if name == "SET PASSWORD" else line  # never echo a password
    wanted = 0 if name == "GET MAP" else 1
    if name in MAIL_SETTINGS and len(args) == 1:
        args = (args[0].upper(),)
    if (
        len(args) != wanted
        or (name == "SET ADDRESS" and not ADDRESS.fullmatch(args[0]))
        or (name in MAIL_SETTINGS and args[0] not in MAIL_SETTINGS[name])
    ):
        error = _("{command} takes nothing after it", command=name) if wanted == 0 else write_it_as(name)
        return Command(name, args, number, shown, error=error)
    return Command(name, args, number, shown)


def extension(text: str) -> timedelta | None:
    """The time an EXTEND adds: a number of hours, or a duration as deadlines are written
    (36h, 2d, 1d 12h, 90m); None if ``text`` is neither (or beyond any calendar)."""
    try:
        if _HOURS.fullmatch(text):
            return timedelta(hours=float(text))
        return parse_duration(text)
    except (ValueError, OverflowError):
        return None
