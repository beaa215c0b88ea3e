"""Helpers for the front-door tests: a judge with no game in its config, and its players' mail."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import getaddresses
from typing import Any

from tests.harness import Table, text_of

OPEN_JUDGE = {"judge": {"create": "anyone", "muster": "48h", "joins_per_day": 20, "games_per_address": 9}}


def reply_address(message: EmailMessage) -> str:
    """Where a reply to ``message`` goes: its Reply-To (a seat's or player's token address)."""
    [(_, address)] = getaddresses([str(message["Reply-To"])])
    return address


def latest(table: Table, address: str, containing: str = "") -> EmailMessage:
    """The newest mail to ``address`` (whose text holds ``containing``), taken from the outbox."""
    mails = [m for m in table.mails_to(address) if containing in text_of(m) + str(m["Subject"])]
    assert mails, f"no mail to {address} with {containing!r}"
    return mails[-1]


def say(table: Table, sender: str, text: str, **kwargs: Any) -> str:
    """``sender`` mails the judge ``text``; a run; the text of the judge's answer to it."""
    before = len(table.mails_to(sender))
    table.send(sender, text, **kwargs)
    table.run()
    fresh = table.mails_to(sender)[before:]
    answers = [m for m in fresh if str(m["Subject"]).startswith(("Your mail to", "Re:"))]
    assert answers, f"{sender} got no answer to {text!r}"
    return text_of(answers[0])


def reply(table: Table, sender: str, message: EmailMessage, text: str) -> str:
    """``sender`` answers ``message`` as a mail program writes a reply: to its Reply-To, its
    subject after 'Re:', ``text`` above the whole message quoted; a run; the judge's answer."""
    quoted = "\n".join(f"> {line}".rstrip() for line in text_of(message).splitlines())
    return say(
        table,
        sender,
        f"{text}\n\nOn {message['Date']}, {message['From']} wrote:\n{quoted}\n",
        to=reply_address(message),
        subject=f"Re: {message['Subject']}",
        headers={"In-Reply-To": str(message["Message-ID"])},
    )


@dataclass(frozen=True)
class CardGame:
    """A template of the config and what each seat mails in the game's first two phases."""

    template: dict[str, Any]
    seats: list[str]
    phases: list[str]  # the first two phases' labels, as the welcome and the results name them
    orders: list[dict[str, str]]  # per phase: seat -> the lines of its mail
    position: str  # a pattern of what a welcome shows a seat of its own position ({power}: its power)


INVICTUS = CardGame(
    template={"id": "duel", "ruleset": "invictus", "seats": 2, "deadlines": {"default": "48h"}},
    seats=["North", "South"],
    phases=["Army building", "Opening hands: keep or mulligan"],
    orders=[
        {
            "North": "ARMY Shogun: 8 Samurai, 4 Musha, 4 Druide, 4 Anubis",
            "South": "Armée Roi : 6 Guerrier, 6 Arbalétrier, 4 Garde, 4 Sorcier",
        },
        {"North": "Keep", "South": "mulligan please"},
    ],
    position=r"Your hand: \w+, \w+, \w+, \w+",  # the newcomer holds the cards the leaver drew
)
INVINCIBLE = CardGame(
    template={"id": "horde", "ruleset": "invincible", "seats": 3, "deadlines": {"default": "48h"}},
    seats=["North", "South", "East"],
    phases=["Turn 1 declarations", "Turn 1 actions"],
    orders=[
        # declarations: what each khan means to do, for all to read
        {"North": "Feast", "South": "Defend 3", "East": "pass"},
        # actions: what each does, whichever khan the seat drew (all have Wine to feast)
        {"North": "Feast", "South": "Defend 3\nRetreat if Companion below 2", "East": "Pass."},
    ],
    position=r"You are \w+ \({power}\)",  # the khan the seat drew
)


def play_card_game(table: Table, kind: CardGame, address: Callable[[str], str]) -> dict[str, Any]:
    """One card game formed by mail and refilled mid-game: opened from ``kind``'s template,
    watched, joined, confirmed, its first phase played, a player resigning and the standby taking
    the seat over, the second phase played with the newcomer. ``address(name)`` is a mailbox of
    the table's mail server. What each step answered, for the tests to read."""
    name = str(kind.template["id"])
    players = [address(f"{seat.lower()}-player") for seat in kind.seats]
    sub, watcher = address("sub"), address("watcher")
    story: dict[str, Any] = {"game": name, "addresses": players, "sub": sub, "watcher": watcher}
    story["create"] = say(table, address("master"), f"CREATE ?{name} master-pw {name}")
    story["standby"] = say(table, sub, f"STANDBY {name}")
    story["observe"] = say(table, watcher, f"OBSERVE {name}")
    story["joins"] = [say(table, player, f"SIGNON ?{name} secret-{n}") for n, player in enumerate(players)]
    musters = {player: latest(table, player, "is full. You play") for player in players}
    story["confirms"] = [
        say(table, player, "CONFIRM", to=reply_address(musters[player])) for player in players
    ]
    story["welcomes"] = {
        player: text_of(latest(table, player, f"Welcome to game {name}")) for player in players
    }
    with table.store() as store:
        story["players"] = {p.address: p.power for p in store.players(name)}
    passwords = {player: f"secret-{n}" for n, player in enumerate(players)}
    story["phase_ids"] = [table.game_row(name).phase_id]
    story["answers"] = [_orders(table, name, story["players"], passwords, kind.orders[0])]
    table.now = table.game_row(name).deadline or table.now
    table.run()
    story["phase_ids"].append(table.game_row(name).phase_id)
    leaver = players[0]
    power = story["leaver_power"] = story["players"][leaver]
    story["leaver"] = leaver
    story["resign"] = say(table, leaver, f"SIGNON {power} {name} {passwords[leaver]}\nRESIGN")
    story["opening"] = [text_of(m) for m in table.mails_to(sub) if f"take over {power}" in str(m["Subject"])]
    story["list"] = say(table, address("curious"), "LIST")
    story["takeover"] = say(table, sub, f"TAKEOVER {power} {name} standby-pw")
    sub_welcome = latest(table, sub, f"Welcome to game {name}")
    story["sub_welcome"] = text_of(sub_welcome)
    story["leaver_told"] = text_of(latest(table, leaver, "new player"))
    with table.store() as store:
        story["seat"] = store.player(name, power)
    seated = {**{a: p for a, p in story["players"].items() if a != leaver}, sub: power}
    # the newcomer answers its welcome, a player who stayed the first phase's results: each a
    # reply by its reply address, the mail it answers quoted below; the others sign on
    replies = {sub: sub_welcome, players[1]: latest(table, players[1], f"{kind.phases[0]} results")}
    story["answers"].append(
        _orders(table, name, seated, {**passwords, sub: "standby-pw"}, kind.orders[1], replies)
    )
    table.now = table.game_row(name).deadline or table.now
    table.run()
    story["phase_ids"].append(table.game_row(name).phase_id)
    story["results"] = {
        reader: [s for s in map(str, (m["Subject"] for m in table.mails_to(reader))) if _is_results(s, name)]
        for reader in [*players, sub, watcher]
    }
    story["observed"] = [text_of(m) for m in table.mails_to(watcher) if _is_results(str(m["Subject"]), name)]
    with table.store() as store:
        story["public_reports"] = [store.reports(name, seq)["PUBLIC"]["text"] for seq in (1, 2)]
    return story


def _is_results(subject: str, game: str) -> bool:
    """Whether ``subject`` is a phase's results (not the answer to a reply to them)."""
    return subject.startswith(f"[{game}] ") and subject.endswith(" results")


def _orders(
    table: Table,
    game: str,
    seated: dict[str, str],
    passwords: dict[str, str],
    orders: dict[str, str],
    replies: dict[str, EmailMessage] | None = None,
) -> dict[str, str]:
    """Each seated address mails its power's orders, under its sign-on or in reply to the mail
    ``replies`` gives it; the answer to each."""
    replies = replies or {}
    return {
        player: reply(table, player, replies[player], orders[power])
        if player in replies
        else say(table, player, f"SIGNON {power} {game} {passwords[player]}\n{orders[power]}")
        for player, power in seated.items()
    }
