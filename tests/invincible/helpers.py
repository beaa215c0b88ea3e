"""Building Invincible! positions for tests, and rolling named dice."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from pbem.ruleset import Adjudication
from pbem.rulesets.invincible import ruleset
from pbem.rulesets.invincible.mail import parse_orders, sort_orders
from pbem.rulesets.invincible.plan import Plan
from pbem.rulesets.invincible.state import Enemy, Game, Modes
from pbem.rulesets.invincible.table import Table
from pbem.rulesets.invincible.turn import adjudicate
from tests import scripted
from tests.invincible import script

FOUR = ("Temujin", "Kublai", "Ogadai", "Jamukha")


class Dice(random.Random):
    """Dice that roll the numbers given, in order, and fail loudly when they run out."""

    def __init__(self, rolls: Iterable[int]) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 6), "Invincible! only rolls d6"
        assert self.rolls, "the test ran out of dice"
        return self.rolls.pop(0)


def new_game(
    powers: Iterable[str] = FOUR,
    genghis: str | None = None,
    declarations: bool = False,
    **options: Any,
) -> Game:
    """A game whose powers are named after their cards, in seat order."""
    powers = list(powers)
    game = ruleset.start("standard", powers, {"declarations": declarations, **options}, seed=1)
    return replace(game, genghis=genghis or powers[0])


def set_khan(game: Game, power: str, **changes: Any) -> Game:
    """``game`` with one khan changed; Mode names set the current points."""
    khan = game.khan(power)
    modes = {m: changes.pop(m) for m in ("companion", "accuser", "informer", "leader") if m in changes}
    if modes:
        changes["modes"] = replace(khan.modes, **modes)
    if "full" in changes and not isinstance(changes["full"], Modes):
        changes["full"] = Modes(*changes["full"])
    khans = tuple(replace(k, **changes) if k.power == power else k for k in game.khans)
    return replace(game, khans=khans)


def orders_of(game: Game, mails: Mapping[str, str]) -> dict[str, list[str]]:
    """The canonical orders of each mail, kept by key as the service keeps them."""
    result: dict[str, list[str]] = {}
    for power, text in mails.items():
        kept: dict[str, list[str]] = {}
        for line in parse_orders(game, power, text):
            assert line.error is None, f"{power}: {line.text!r}: {line.error}"
            assert line.order is not None and line.key is not None
            kept.setdefault(line.key, []).append(line.order)
        result[power] = [order for group in kept.values() for order in group]
    return result


def play(game: Game, mails: Mapping[str, str], rolls: Iterable[int] = ()) -> Adjudication:
    """Adjudicate one phase with these mails and exactly these dice."""
    return play_stored(game, orders_of(game, mails), rolls)


def play_stored(game: Game, orders: Mapping[str, Sequence[str]], rolls: Iterable[int] = ()) -> Adjudication:
    """Adjudicate canonical orders as the service stores them, with exactly these dice.

    For the checks made again at adjudication: orders accepted when their mail came,
    under the state as it was then.
    """
    dice = Dice(rolls)
    result = adjudicate(game, orders, seed=0, dice=dice)
    assert not dice.rolls, f"dice left over: {dice.rolls}"
    return result


def table(game: Game, rolls: Iterable[int] = (), plans: Mapping[str, str] | None = None) -> Table:
    """A table to resolve on directly, with these dice and battle plans."""
    board = Table(game, Dice(rolls))
    for power, text in (plans or {}).items():
        sent = sort_orders(game, orders_of(game, {power: text})[power])
        board.plans[power] = Plan.of([*sent.plan, *sent.answers])
    return board


def events(result: Adjudication | Table, kind: str) -> list[dict[str, Any]]:
    return [e for e in result.events if e["type"] == kind]


def texts(result: Adjudication | Table) -> list[str]:
    return [e["text"] for e in result.events]


#: Temujin is the Genghis Khan; Ogadai has submitted to Kublai; a small town stands: a game every
#: kind of order can be read against (tests/test_wordings.py and the readers' own tests)
VASSAL_AND_TOWN = replace(
    set_khan(new_game(), "Ogadai", ruler="Kublai"), enemies=(Enemy(3, "small town", 10, 1),)
)


def play_script() -> scripted.Played:
    """The scripted game through the pure interface, checked to read every accepted line to a key."""
    played = scripted.play(ruleset, script)
    assert len(played.events) == len(script.TURNS)
    accepted = [line for lines in played.lines.values() for line in lines if line.order is not None]
    assert all(line.key is not None for line in accepted)
    return played
