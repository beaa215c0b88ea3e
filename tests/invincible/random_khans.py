"""Khans who mail at random: whole games for the property and leak tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from pbem.frozen import Frozen
from pbem.ruleset import Adjudication, Phase
from pbem.rulesets.invincible import ruleset
from pbem.rulesets.invincible.data import MODES
from pbem.rulesets.invincible.state import Game


def random_mail(rng: random.Random, game: Game, power: str) -> str:
    """A mail of up to six lines, most of them orders, some of them mistakes."""
    others = [k.card for k in game.khans if not k.out and k.power != power] or ["Nobody"]

    def khan() -> str:
        return rng.choice(others)

    def mode() -> str:
        return rng.choice(MODES)

    def n(top: int) -> int:
        return rng.randint(1, top)

    lines: list[Callable[[], str]] = [
        lambda: f"attack khan {khan()}",
        lambda: "attack mongol enemy",
        lambda: f"cooperate with {rng.choice([k.card for k in game.khans])}",
        lambda: f"assign {n(5)} leader to {rng.choice(['accuser', 'companion', 'informer'])}",
        lambda: f"assign {n(5)} companion to informer",
        lambda: f"assist {khan()} {n(5)} {rng.choice([*MODES, 'wine'])}",
        lambda: f"assist {khan()} {n(3)} {rng.choice(MODES)} in battle if companion below {n(5)}",
        lambda: "feast",
        lambda: f"feast with {khan()}",
        lambda: "horde feast",
        lambda: f"spend honor on {mode()}",
        lambda: f"submit to {khan()}",
        lambda: "request transfer",
        lambda: f"buy {khan()}",
        lambda: f"restore {n(3)} honor to {khan()}",
        lambda: f"defend {rng.randint(0, 6)}",
        lambda: f"ambush {rng.randint(0, 6)} if opponent accuser below {n(9)}",
        lambda: f"retreat if companion below {n(5)}",
        lambda: f"withdraw if honor below {n(5)}",
        lambda: "pursue",
        lambda: f"sue for peace if companion below {n(4)}",
        lambda: f"{rng.choice(['accept', 'refuse'])} assistance",
        lambda: f"{rng.choice(['accept', 'refuse'])} peace with {khan()}",
        lambda: f"{rng.choice(['attend', 'decline'])} horde feast",
        lambda: f"{rng.choice(['sell', 'keep'])} {khan()}",
        lambda: f"{rng.choice(['honor', 'dishonor'])} peace with {khan()}",
        lambda: f"transfer loss {mode()} to {khan()}",
        lambda: f"assign 2 leader to companion if companion below {n(4)}",
        lambda: "spend honor on companion if companion below 2",
        lambda: "pass",
        lambda: "Greetings, brother khans!",
        lambda: f"atack khan {khan()}",
    ]
    if rng.random() < 0.05:
        return "Greetings, brother khans! May your herds grow fat."  # no order: no hand signal either
    mail = [rng.choice(lines)() for _ in range(rng.randint(0, 6))]
    if rng.random() < 0.5:
        mail += plan(rng, khan(), n)
    return "\n".join(mail)


def plan(rng: random.Random, other: str, n: Callable[[int], int]) -> list[str]:
    """A khan's plan for battles and answers to offers, as a careful khan sends with his actions:
    how to defend, when to leave a battle, and yes or no to each kind of offer."""
    leave = rng.choice(["sue for peace", "sue for peace", "retreat", "withdraw", "pursue"])
    return [
        f"{rng.choice(['defend', 'ambush'])} {n(4)}",
        f"{leave} if {rng.choice(['companion', 'honor', 'leader'])} below {n(5)}",
        f"{rng.choice(['accept', 'refuse'])} peace with {other}",
        f"{rng.choice(['honor', 'dishonor'])} peace with {other}",
        f"{rng.choice(['sell', 'keep'])} {other}",
        f"{rng.choice(['accept', 'refuse'])} assistance",
    ]


def keep_by_key(game: Game, power: str, text: str) -> list[str]:
    """The canonical orders of one mail, grouped by key as the service stores them."""
    kept: dict[str, list[str]] = {}
    for line in ruleset.parse_orders(game, power, text):
        if line.order is not None and line.key is not None:
            kept.setdefault(line.key, []).append(line.order)
    return [order for group in kept.values() for order in group]


class Step(Frozen):
    """One adjudicated phase of a random game."""

    before: Game
    phase: Phase
    orders: dict[str, list[str]]
    result: Adjudication

    @property
    def state(self) -> Game:
        state: Game = self.result.state
        return state


def random_game(seed: int, players: int = 4, **options: Any) -> Iterator[Step]:
    """Play a whole game with random mails, phase by phase, from ``seed``."""
    rng = random.Random(seed)
    powers = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Gina", "Hal"][:players]
    game = ruleset.start("standard", powers, options, seed)
    while not ruleset.phase(game).over:
        phase = ruleset.phase(game)
        orders = {p: keep_by_key(game, p, random_mail(rng, game, p)) for p in phase.may_order}
        result = ruleset.adjudicate(game, orders, rng.randrange(2**32))
        yield Step(game, phase, orders, result)
        game = result.state


def scripted_game(
    khans: dict[str, str], seed: int, mails: list[dict[str, str]], **options: Any
) -> Iterator[Step]:
    """Play the phases of ``mails`` (each power's mail of each phase, in turn; a power not in
    a phase's mails sends none) from the opening of a game whose players chose ``khans``, the
    dice of the phase numbered n rolled from seed n."""
    game = ruleset.start("standard", list(khans), {"khans": khans, **options}, seed)
    for number, sent in enumerate(mails):
        phase = ruleset.phase(game)
        orders = {p: keep_by_key(game, p, sent[p]) for p in phase.may_order if p in sent}
        result = ruleset.adjudicate(game, orders, number)
        yield Step(game, phase, orders, result)
        game = result.state
